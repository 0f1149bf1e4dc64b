"""The floor tool: settle a dispute at a table with the rules engine.

The floor person sets up the situation (a table of the running tournament, whose seats, players, button
and blinds fill in, or a blank table), walks the hand through the per-hand engine (forced bets, hole
cards known or unknown, actions in turn, the board, the showdown), asks for rulings on dealing
irregularities under the rulebook and the house options chosen in the settings, records each ruling in
the tournament's log with the table, the time and the situation, and exports or imports the hand as PHH.

Every query returns plain frozen values (``HandView``, ``RulingView`` ...) for the UI. Every refused
action raises ``DomainError`` with its rule and leaves the hand as it was.

Seats are table seat numbers (1 to 10). The engine numbers players as PHH does (0 = first seat left of the
button, the last player is the button); the tool translates. An absent player is dealt in and posts
his forced bets; his hand is killed (TDA 30): the tool folds it when his turn comes and never counts
him as a contender. A stack left unknown is played as a very deep stack and shown as unknown.

service.py holds ``FloorToolService``; situation.py the situation at the table; reading.py reads a hand for the
screen; views.py the values it hands out; house.py the house options; phh_files.py writes and reads a hand as
PHH. The names the UI uses are exported here.
"""

from __future__ import annotations

from tournament_director.services.floor_tool.service import FloorToolService
from tournament_director.services.floor_tool.situation import UNKNOWN_STACK, SeatSetup, Situation, chips
from tournament_director.services.floor_tool.views import (
    FactField,
    HandView,
    HouseOptionForm,
    IrregularityForm,
    OptionsView,
    PotView,
    RecordedRuling,
    RulingView,
    SeatLine,
    ShownHand,
)

__all__ = [
    "FactField", "FloorToolService", "HandView", "HouseOptionForm", "IrregularityForm", "OptionsView", "PotView",
    "RecordedRuling", "RulingView", "SeatLine", "SeatSetup", "ShownHand", "Situation", "UNKNOWN_STACK", "chips",
]
