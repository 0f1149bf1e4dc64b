"""The money room: the tournament's settings, payout tables and prizes, and deals for the players left.

settings.py (``TournamentSettings``: buy-in, fee and rake, rebuys, add-ons, re-entries (WSOP 13), bounties,
late registration (TDA 8-A) and the floor's options), payouts.py (payout tables by field size, prizes
rounded to the payout unit that add up to the prize pool), icm.py (chip-chop and ICM deals). Import from the
modules: the package re-exports nothing.
"""
