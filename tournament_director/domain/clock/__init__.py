"""The clock room: blind structures, chips and colour-ups, the level clock, its saved schedule and the structure
suggester.

structure.py (levels, breaks, a structure's checks and its TOML file), chips.py (chip sets, colour-ups, the
chip race: TDA 24; RRoP *Tournaments*), machine.py (the clock as a pure state machine: warnings, breaks, level
changes; TDA 23 and RP-8 hand-for-hand time), schedule.py (the aggregate of the "structure.*" and "clock.*"
events), suggest.py (a structure from the target length, stack and field). Import from the modules: the
package re-exports nothing.
"""
