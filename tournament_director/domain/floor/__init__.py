"""The floor room: tables and seats, the button, balancing and breaking, entries and their money, busts,
places and prizes, folded from the floor's events.

seating.py (tables and the random draws), buttons.py (dead and moving button, heads-up: TDA 32, 34-B),
balancing.py (proposals to balance, break and form the final table: TDA 10-B, 11, RP-9), standings.py
(finishing places and prizes: seed 004 T 11, TDA RP-8A, WSOP 126b), tournament.py (the floor aggregate).
Import from the modules: the package re-exports nothing.
"""
