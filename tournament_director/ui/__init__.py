"""The PySide6 windows, one room each: console/ (the director's main window and its tabs), projector/ (the clock
the room reads) and floor_tool/ (rulings at a table). Beside them, the pieces any window may use and that know no
room: table models (models.py), printing seat cards and move slips (printing.py), exporting results (export.py),
clock sounds and spoken announcements (sounds.py) and the themes (themes.py). The windows talk to services, never
to the store."""
