"""A satellite's seats: when they are due, who wins them, and the award that ends the satellite.

A satellite (settings ``satellite_target`` and ``satellite_seat_value``) pays its prize pool as seats to its
target event, the remainder in cash (domain/money/satellite.py). The seats are due once no more players are left
than there are seats: every player left wins one, and the director may end the satellite there, as card rooms do
(nobody plays on for a seat he already has). The seats go to the top finishers: the players left, and any player
out in a place the seats cover (the director played on past the bubble). A tie or a deal among the seat winners
shares money, never a seat.

The award is recorded in the satellite ("satellite.seats_awarded"); each winner's entry in the target is the
target's own "entry.registered" with ``seat_from`` (entries.py), recorded in the same director's action.
"""

from __future__ import annotations

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.events import SatelliteSeatsAwarded
from tournament_director.domain.floor.records import FloorRecords, whole_number
from tournament_director.domain.floor.standings import places
from tournament_director.domain.money.satellite import SatellitePrizes, check_pool_buys_a_seat, satellite_prizes


def satellite_of(t: FloorRecords) -> SatellitePrizes | None:
    """The seats and the cash this satellite's prize pool pays now; None when the tournament is no satellite."""
    s = t.settings
    if s.satellite_target is None or s.satellite_seat_value <= 0:
        return None
    return satellite_prizes(t.prize_pool, s.satellite_seat_value, s.satellite_remainder)


def seats_due(t: FloorRecords) -> bool:
    """Every player left holds a seat: the satellite can end with its seats awarded."""
    prizes = satellite_of(t)
    return (prizes is not None and t.satellite_award is None and prizes.seats > 0 and len(t.entries) >= 2
            and 1 <= t.alive <= prizes.seats)


def seat_winners(t: FloorRecords, target_name: str) -> list[int]:
    """The entries that win a seat now, the best first; refused, saying why, while the seats are not due."""
    prizes = satellite_of(t)
    if prizes is None:
        raise DomainError("this tournament is no satellite: choose its target event in Tournament > Settings")
    if t.satellite_award is not None:
        raise DomainError(f"the seats to {t.satellite_award['target_name']} are already awarded")
    if t.deal is not None and not t.finished and t.alive > prizes.seats:
        raise DomainError("a deal was made before the seats were due: award them once no more players are left "
                          "than seats")
    check_pool_buys_a_seat(prizes, target_name)
    if t.alive > prizes.seats:
        raise DomainError(f"{t.alive} players are left for {prizes.seats} "
                          f"{'seat' if prizes.seats == 1 else 'seats'} to {target_name}: the seats are awarded "
                          "once no more players are left than seats")
    if t.alive == 0 or len(t.entries) < 2:
        raise DomainError("a satellite awards its seats to the players left once the others are out")
    placed = places(t)
    winners = sorted((e for e in t.entries.values() if not e.busted), key=lambda e: (-e.chips, e.id))
    out = sorted(((span, entry_id) for entry_id, span in placed.items() if t.entries[entry_id].busted
                  and span[0] <= prizes.seats))
    for (first, last), entry_id in out:
        if last > prizes.seats:
            tied = [t.entries[e].name for e, span in placed.items() if span == (first, last)]
            raise DomainError(f"{limits.listed(tied)} tie for places {first} to {last} across the last seat: "
                              "a seat is not shared, so the director breaks the tie (undo the bust and record "
                              "it again in the order the players went out)")
    return [e.id for e in winners] + [entry_id for _, entry_id in out]


def _seats_awarded(t: FloorRecords, event: SatelliteSeatsAwarded) -> None:
    name = limits.check_name(event.target_name, "target's name")
    winners = seat_winners(t, name)
    seats = [whole_number(e, "entry in the seats awarded", 1) for e in event.seats]
    if sorted(seats) != sorted(winners):
        raise DomainError("the seats awarded are not those the places give: "
                          f"{limits.listed(t.entries[e].name for e in winners)} win the seats")
    kept = [whole_number(e, "entry keeping an unused seat", 1) for e in event.kept]
    if not set(kept) <= set(seats):
        raise DomainError("only a seat winner can keep an unused seat")
    if event.seat_value != t.settings.satellite_seat_value:
        raise DomainError(f"a seat is worth {t.settings.satellite_seat_value:,} in this satellite, not "
                          f"{limits.shown(event.seat_value)}")
    whole_number(event.target, "target tournament", 1)
    if event.target != t.settings.satellite_target:
        raise DomainError(f"this satellite's target is tournament {t.settings.satellite_target}, not "
                          f"{limits.shown(event.target)}")
    if event.target_action is not None:
        whole_number(event.target_action, "target's action", 1)
    t.satellite_award = {"seats": seats, "kept": kept, "target": event.target, "target_name": name,
                         "seat_value": event.seat_value, "target_action": event.target_action}
    if not t.finished:
        t.finished = True
        t.finished_at = event.time


def seats_awarded(t: FloorRecords) -> dict[int, bool]:
    """Entry -> whether the seat was used (entered in the target) for each seat winner of the award."""
    award = t.satellite_award
    if award is None:
        return {}
    return {entry_id: entry_id not in award["kept"] for entry_id in award["seats"]}


HANDLERS = (
    (SatelliteSeatsAwarded, _seats_awarded),
)
