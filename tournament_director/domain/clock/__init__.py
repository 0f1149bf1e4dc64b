"""The clock room: blind structures, chips and colour-ups, the level clock, its saved schedule and the structure
suggester.

structure.py (levels, breaks, a structure's checks, its colour-ups against a chip set (TDA 24) and its TOML
file), chip_set.py (the chips in the case and the starting stack), chips.py (the chips a field needs, the chip
race: TDA 24; RRoP *Tournaments*), machine.py (the clock as a pure state machine: warnings, breaks, level
changes; TDA 23, RP-8 hand-for-hand time), schedule.py (the aggregate of the "structure.*" and "clock.*"
events), suggest.py (a structure from the target length, stack and field). Import from the modules: the
package re-exports nothing.
"""
