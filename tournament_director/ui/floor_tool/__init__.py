"""The floor tool: the window a floor person uses to settle a dispute at a table with the rules engine, keyboard
alone, in large type. window.py holds what the keys and buttons do, layout.py builds its widgets, facts_form.py the
facts of one irregularity, ruling_panel.py the ruling, pages.py the hand and ruling pages, widgets.py the large-type
fonts, labels and key buttons."""
