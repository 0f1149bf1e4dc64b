"""What a station tells the director when other stations recorded first (several stations on one PostgreSQL
event): the others' events in a sentence with where they were recorded, the refusal of a command given up in a
very busy room, and the refusal while another station holds the tournament. DirectorSession._with_retry uses them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any


def said_elsewhere(events: list[Any], describe: Callable[[str, dict[str, Any]], str], refusal: str = "",
                   player_names: Iterable[str] = ()) -> str:
    """The other stations' events in a sentence; with more than three, those naming a player the ``refusal``
    names come first (under a flood, the bust that took the player out, not the last three rebuys)."""
    described = []
    for event in events:
        try:
            what = describe(event.event_type, event.payload)
        except Exception:  # a refusal must still be told when the description fails
            what = event.event_type
        described.append((what, event.operator))
    names = _names_in(refusal, player_names) if refusal and len(events) > 3 else None
    concerned = [(what, operator) for what, operator in described if names is not None and names.search(what)]
    told = (concerned or described)[-3:]
    more = len(described) - len(told)
    sentence = "; ".join(f"“{what}” was recorded at {operator}" for what, operator in told)
    if more and concerned:
        return f"{sentence} a moment ago (among {len(described)} changes from other stations)"
    return sentence + (f" (and {more} more)" if more else "") + " a moment ago"


def gave_up(seen: list[Any], seconds: float, latest: str) -> str:
    stations = sorted({event.operator for event in seen})
    return (f"the room is very busy: {', '.join(stations)} recorded {len(seen)} changes to this tournament while "
            f"this was tried again for {seconds:g} seconds, so it was not recorded, though it still applied at the "
            f"last try: try it again (the latest: {latest})")


def held_elsewhere(not_done: str = "this was not recorded") -> str:
    return (f"another station has held this tournament for several seconds (a long command, or a station that "
            f"stopped answering), so {not_done}: try it again in a moment")


def _whole(name: str) -> str:
    return rf"(?<!\w){re.escape(name)}(?!\w)"


def _names_in(text: str, player_names: Iterable[str]) -> re.Pattern[str] | None:
    """The players ``text`` names, as a pattern of whole names ("Player 1" is not in "Player 16 rebought")."""
    named = [name for name in set(player_names) if name and name in text and re.search(_whole(name), text)]
    return re.compile("|".join(_whole(name) for name in named)) if named else None
