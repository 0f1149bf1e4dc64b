"""The floor room: tables and seats, the button, balancing and breaking, entries and their money, busts, places
and prizes, folded from the floor's events.

seating.py (tables and the random draws), buttons.py (dead and moving button, heads-up: TDA 32, 34-B),
balancing.py (proposals to balance, break and form the final table: TDA 10-B, 11, RP-9; seed 004 T 5-6),
standings.py (finishing places and prizes: seed 004 T 11, TDA RP-8A, WSOP 126b).

The floor aggregate ``Tournament`` (tournament.py) keeps the settings and routes every other event to the one
part that handles it: entries.py (registration, re-entries, rebuys, add-ons, chip counts: TDA 8-A, 27;
WSOP 13), tables.py (tables, seats, the draw, the button, moves, hands, hand-for-hand: TDA 30, 34-A, RP-8,
RP-11), busts.py (eliminations, bounties, the finish) and prizes.py (hand-set payouts and deals). They change
the records of records.py; seats.py seats and unseats players (TDA 8-A, 10-A), snapshot.py writes and reads
the floor's snapshot, invariants.py checks the floor. Import from the modules: the package re-exports nothing.
"""
