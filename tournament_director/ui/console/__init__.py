"""The director's console: the main window (window.py) with the mini clock above a tab per job, one module per
tab (players, tables, clock, structure, payouts, results, log), the Tab base and helpers they share, the table card
of the Tables tab, and the small dialogs the tabs open (bust, move, deal, new tournament). Every tab shows what the
services return and runs their commands through the window; none computes a rule."""
