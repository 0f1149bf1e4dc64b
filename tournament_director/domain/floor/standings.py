"""Finishing places and prizes, derived from the bust record (so undo and rebuild give the same numbers).

- A bust's place is the number of players left plus one (counting, at the end, every entry that
  busted later or is still in).
- Players busted on the same hand finish in the order of their chips at the start of the hand; equal
  stacks tie and share the prizes of the places they cover (seed 004 T 11; rules-reference 2.5 [impl]).
- Hand-for-hand (TDA RP-8A; WSOP 126b): busts at different tables on the same hand tie.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.records import DEAL_AWARDED, BustGroup, FloorRecords
from tournament_director.domain.money.payouts import PayoutTable, load_payout_table, prizes_from_percentages, split_evenly
from tournament_director.domain.money.satellite import satellite_prizes
from tournament_director.resources import resource_path


@dataclass(frozen=True)
class StandingsRow:
    entry_id: int
    name: str
    place: int | None  # None while still playing
    place_to: int | None  # the last place a tie covers (= place without a tie)
    prize: int
    bounty_won: int
    eliminated_by: tuple[str, ...]
    bust_level: int | None
    bust_time: str | None
    chips: int
    buy_in_option: str = ""  # "" = the standard buy-in

    @property
    def tied(self) -> bool:
        return self.place is not None and self.place_to != self.place


@lru_cache(maxsize=16)
def payout_table(name: str) -> PayoutTable:
    """A shipped payout table (data/payouts/NAME.toml); DomainError when there is none of that name."""
    try:
        path = resource_path("payouts", f"{name}.toml")
    except FileNotFoundError:
        raise DomainError(f"there is no payout table {name!r}") from None
    return load_payout_table(path)


def payout_table_in_force(t: FloorRecords) -> PayoutTable:
    """The table chosen or edited for this tournament, else the shipped table the settings name."""
    return t.payout_table if t.payout_table is not None else payout_table(t.settings.payout_table)


def payout_percentages(t: FloorRecords) -> tuple[Decimal, ...]:
    if t.pool_carried_forward:
        return ()  # a flight pays nothing: its pool is paid on the last day
    if t.payout_percentages is not None:
        return t.payout_percentages
    return payout_table_in_force(t).percentages_for(max(t.payout_field, 1))


def _seat_places(t: FloorRecords) -> int:
    """How many of the first places are seats (0 outside a satellite)."""
    s = t.settings
    if s.satellite_target is None or s.satellite_seat_value <= 0:
        return 0
    return satellite_prizes(t.prize_pool, s.satellite_seat_value).seats


def prizes_by_place(t: FloorRecords) -> list[int]:
    """Prize of place 1, 2, ...; they add up to the prize pool. A satellite's are its seats' worth, then the cash
    left over (domain/money/satellite.py)."""
    s = t.settings
    if s.satellite_target is not None and s.satellite_seat_value > 0:
        return satellite_prizes(t.prize_pool, s.satellite_seat_value, s.satellite_remainder).prizes()
    return prizes_from_percentages(t.prize_pool, payout_percentages(t), t.settings.payout_unit)


def group_tiers(group: BustGroup) -> list[list[int]]:
    """The entries of one bust group from the best finish to the worst; each tier ties."""
    tables = {n for n in group.tables.values()}
    if group.hand_for_hand_hand is not None and len(tables) > 1:
        return [sorted(group.entries)]  # WSOP 126b: different tables on the same hand tie
    by_chips: dict[int, list[int]] = {}
    for entry_id in group.entries:
        by_chips.setdefault(group.start_chips[entry_id], []).append(entry_id)
    return [sorted(by_chips[c]) for c in sorted(by_chips, reverse=True)]


def tiers_from_latest(t: FloorRecords) -> Iterator[tuple[int, list[int], int, int]]:
    """(bust group index, tier, place, last place covered) from the latest bust group back to the first: the
    latest busts finish best, just behind the players still in."""
    running = t.alive
    for index in range(len(t.bust_groups) - 1, -1, -1):
        for tier in group_tiers(t.bust_groups[index]):
            yield index, tier, running + 1, running + len(tier)
            running += len(tier)


def places(t: FloorRecords) -> dict[int, tuple[int, int]]:
    """entry id -> (place, last place covered) for every finished entry (and the winner when over)."""
    result: dict[int, tuple[int, int]] = {}
    for _, tier, first, last in tiers_from_latest(t):
        for entry_id in tier:
            result[entry_id] = (first, last)
    if t.finished:
        if t.satellite_award is not None:  # a satellite ended with several players left: each won a seat
            left = [e.id for e in t.entries.values() if not e.busted]
            for entry_id in left:
                result[entry_id] = (1, len(left))
        else:
            winner = next(e.id for e in t.entries.values() if not e.busted)
            result[winner] = (1, 1)
    return result


def places_of(t: FloorRecords, wanted: set[int], with_ties: bool = False) -> dict[int, tuple[int, int]]:
    """The places of the ``wanted`` busted entries, read from the latest bust groups back only as far as they
    are found (a bust just recorded is in the latest group); ``with_ties``: and of the entries tied with them,
    whose prizes they share."""
    result: dict[int, tuple[int, int]] = {}
    missing = set(wanted)
    for _, tier, first, last in tiers_from_latest(t):
        if not missing:
            break
        found = missing.intersection(tier)
        if found:
            for entry_id in tier if with_ties else found:
                result[entry_id] = (first, last)
            missing -= found
    return result


def latest_places(t: FloorRecords, count: int) -> dict[int, tuple[int, int]]:
    """The places of the latest ``count`` players out (fewer when fewer are out), read from the latest bust
    groups back, with every player tied with them (a tie is whole, so its prizes are shared as standings()
    shares them)."""
    result: dict[int, tuple[int, int]] = {}
    for _, tier, first, last in tiers_from_latest(t):
        if len(result) >= count:
            break
        for entry_id in tier:
            result[entry_id] = (first, last)
    return result


def last_group_places(t: FloorRecords) -> dict[int, tuple[int, int]]:
    """Places of the latest bust group only (cheap: used after each bust)."""
    result: dict[int, tuple[int, int]] = {}
    latest = len(t.bust_groups) - 1
    for index, tier, first, last in tiers_from_latest(t):
        if index != latest:
            break
        for entry_id in tier:
            result[entry_id] = (first, last)
    return result


def prizes_of_places(t: FloorRecords, placed: Mapping[int, tuple[int, int]]) -> dict[int, int]:
    """entry id -> prize for the entries ``placed`` (entry id -> (place, last place covered)): players tied share
    the prizes of the places they cover, in payout units; a deal's prizes stand as the deal made them.
    ``placed`` holds every player of each tie it names (places() or latest_places() give whole ties). With a
    deal, every entry the deal names is in the answer, placed or not."""
    prizes = prizes_by_place(t)
    seats = _seat_places(t)
    prize_of: dict[int, int] = {}
    covered: dict[tuple[int, int], list[int]] = {}
    for entry_id, span in placed.items():
        covered.setdefault(span, []).append(entry_id)
    for (first, last), members in covered.items():
        if last <= seats:  # a seat is never shared: players tied among the seat places each hold one (and share
            # the cash beside the seats, unit by unit: the payout unit would give one of them a bigger seat)
            prize_of.update(zip(sorted(members), split_evenly(sum(prizes[first - 1:last]), len(members))))
            continue
        total = sum(prizes[first - 1 : last])
        shares = split_evenly(total, len(members), t.settings.payout_unit)  # tied places share, in payout units
        for entry_id, share in zip(sorted(members), shares):
            prize_of[entry_id] = share
    if t.deal is not None and t.deal_method == DEAL_AWARDED:
        prize_of = dict(t.deal)  # prizes awarded elsewhere stand as they were, the payout table aside
    elif t.deal is not None:
        prize_of.update(t.deal)
    return prize_of


def standings(t: FloorRecords) -> list[StandingsRow]:
    """Every entry: the players still in first (by chips), then by finishing place."""
    placed = places(t)
    prize_of = prizes_of_places(t, placed)
    rows = []
    for entry in t.entries.values():
        place = placed.get(entry.id)
        rows.append(
            StandingsRow(
                entry_id=entry.id, name=entry.name, place=place[0] if place else None,
                place_to=place[1] if place else None,
                prize=prize_of.get(entry.id, 0) if (place or t.deal) else 0,
                bounty_won=entry.bounty_won,
                eliminated_by=tuple(t.entries[e].name for e in entry.eliminated_by),
                bust_level=entry.bust_level, bust_time=entry.bust_time, chips=entry.chips,
                buy_in_option=entry.buy_in_option,
            )
        )
    rows.sort(key=lambda r: (r.place is not None, r.place or 0, -r.chips, r.entry_id))
    return rows
