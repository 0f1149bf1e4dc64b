"""Finishing places as TD3 reckons them."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from tournament_director.imports.tdt.model import TdtTournament


def places_from_last_busts(last_busts: Mapping[str, datetime | None]) -> dict[str, int]:
    """Places from each player's last bust (None: never busted, or his last entry is still in).

    TD3's rules (as issue 17 states them; in the four played sample saves every prize TD3 awarded went to the
    player this reckoning puts at the prize's rank, and hkhard/tdwpimport also ranks by each player's latest
    elimination): a player who busted later finishes higher, whatever he busted from earlier entries, so a
    re-entry moves him up; players busted at the same moment (the same bust time; TD3 writes bust times in whole
    seconds) share the best place of their block, and the places the block covers are used up (two players out
    together in 4th and 5th are both 4th, the next one out before them is 6th); the players never busted are
    placed above every busted player, sharing place 1 when there are several (a game stopped by a deal).
    """
    alive = [uuid for uuid, bust in last_busts.items() if bust is None]
    busted = sorted(((bust, uuid) for uuid, bust in last_busts.items() if bust is not None), reverse=True)
    places = {uuid: 1 for uuid in alive}
    place = len(alive) + 1
    index = 0
    while index < len(busted):
        moment = busted[index][0]
        block = [uuid for bust, uuid in busted[index:] if bust == moment]
        for uuid in block:
            places[uuid] = place
        place += len(block)
        index += len(block)
    return places


def finishing_places(tournament: TdtTournament) -> dict[str, int | None]:
    """Each player who bought in, by TD3 UUID, with his place. In a game stopped before its end (TD3's rule for an
    unfinished save) the k players still in have no place yet (None) and the busted ones are placed below them:
    the last one busted is k+1, and so on."""
    last = {player.uuid: (player.last_bust.time if player.last_bust else None) for player in tournament.entrants}
    places: dict[str, int | None] = dict(places_from_last_busts(last))
    if not tournament.finished:
        for uuid, bust in last.items():
            if bust is None:
                places[uuid] = None
    return places
