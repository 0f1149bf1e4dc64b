"""Satellites: a tournament whose prizes are seats to another tournament of the database (its target).

The target is kept in the satellite's own settings (``satellite_target``, with ``satellite_seat_value``, the
target's whole price when it was chosen: domain/money/satellite.py says why the fee and the bounty are in it).
Choosing it refuses the satellite itself, a tournament not in the database and one already over.

The award is one director's action over two logs: in the target, each winner's entry paid by the seat
("entry.registered" with ``seat_from``: no cash at the desk, the target's prize pool takes the buy-in as from any
entry); in the satellite, "satellite.seats_awarded" naming the winners, those who keep an unused ticket (already
in the target), and the seq of the target's action. Undoing the award undoes both (``undo_award``), on a file
and on a server alike.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.events import EntryRegistered, SatelliteSeatsAwarded
from tournament_director.domain.floor.records import FloorRecords
from tournament_director.domain.floor.satellites import satellite_of, seat_winners, seats_awarded, seats_due
from tournament_director.domain.money.satellite import seat_price
from tournament_director.domain.money.settings import TournamentSettings
from tournament_director.domain.state import TournamentState
from tournament_director.services.commands import ChangedElsewhere, CommandRunner
from tournament_director.services.event_text import describe_event
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store

__all__ = ["SatelliteView", "SeatAward", "award_seats", "award_seats_text", "award_text", "check_not_seat_entries",
           "check_target",
           "offered_targets",
           "place_prize_text", "satellite_view", "undo_award", "AWARD_EVENT"]

AWARD_EVENT = SatelliteSeatsAwarded.type_name
ENTERED_EVENT = EntryRegistered.type_name


@dataclass(frozen=True)
class SatelliteView:
    """A satellite as the Payouts tab and the results show it."""

    target: int
    target_name: str
    seat_value: int
    pool: int
    seats: int
    remainder: int
    players_left: int
    due: bool  # every player left holds a seat: the satellite can end
    awarded: tuple[tuple[str, bool], ...] = ()  # (winner, seat used in the target) once awarded
    seat_winners: tuple[int, ...] = ()  # their entries, once awarded
    unused: tuple[int, ...] = ()  # the entries keeping an unused ticket (already in the target)
    remainder_to: str = "next_place"  # or "seat_winners", who share it

    @property
    def cash_place(self) -> int | None:
        """The place the cash left over is paid to (None: seats only, or the seat winners share it)."""
        return self.seats + 1 if self.remainder and self.remainder_to == "next_place" else None

    def rule(self) -> str:
        """The rule of the payouts, written out for the director and the players."""
        one = self.seats == 1
        seats = f"{self.seats} {'seat' if one else 'seats'}"
        if not self.remainder:
            cash = ""
        elif self.remainder_to == "seat_winners" and self.seats:
            cash = (f" The {self.remainder:,} left over goes in cash to the seat winner, beside the seat." if one else
                    f" The {self.remainder:,} left over is shared in cash by the seat winners, beside their seats.")
        else:
            cash = (f" The {self.remainder:,} left over is paid in cash to place {self.seats + 1}, the first place "
                    "without a seat.")
        return (f"Satellite to {self.target_name}: a seat is worth {self.seat_value:,}, the whole price of an "
                "entry there (its buy-in and entry fee, and its bounty if it has one), so the winner pays nothing "
                f"at its desk. The prize "
                f"pool of {self.pool:,} buys {seats}.{cash} "
                + ("The seat goes to the winner." if one else
                   f"The seats go to the top {self.seats} finishers: once no more players are left than seats, each "
                   "of them wins one and the satellite can end. A tie or a deal among the seat winners shares no "
                   "seat."))


@dataclass(frozen=True)
class SeatAward:
    """What an award did: the winners entered in the target, those keeping an unused ticket and why."""

    target_name: str
    entered: tuple[str, ...]
    kept: tuple[tuple[str, str], ...]  # (winner, why the ticket is unused)


def place_prize_text(view: SatelliteView | None, place: int, prize: int) -> str:
    """How a place's prize reads: "Seat to Main Event", "150 (cash remainder)" or the amount."""
    if view is not None and 1 <= place <= view.seats:
        cash = prize - view.seat_value
        return f"Seat to {view.target_name}" + (f" + {cash:,} in cash" if cash > 0 else "")
    if view is not None and place == view.cash_place:
        return f"{prize:,} (cash remainder)"
    return f"{prize:,}"


def award_text(view: SatelliteView | None, entry_id: int, place: int, place_to: int, prize: int = 0) -> str:
    """What a finisher of a satellite won, as the results and their exports say it: "Seat to Main Event" (with
    "unused ticket" for a winner the target did not take: already in it), "Cash remainder", or "" (no prize, or no
    satellite)."""
    if view is None:
        return ""
    if entry_id in view.seat_winners or (not view.seat_winners and place_to <= view.seats):
        unused = " (unused ticket)" if entry_id in view.unused else ""
        cash = prize - view.seat_value
        return f"Seat to {view.target_name}" + (f" + {cash:,} in cash" if cash > 0 else "") + unused
    if view.cash_place is not None and place <= view.cash_place <= place_to:
        return "Cash remainder"
    return ""


def _target_runner(store: Store, target: int, operator: str) -> CommandRunner:
    """The target's log, its refusals naming its commands in the director's words."""
    runner = CommandRunner(store, target, TournamentState, operator=operator)

    def described(event_type: str, payload: Mapping[str, Any]) -> str:
        entries = runner.state.floor.entries
        return describe_event(event_type, payload, {i: e.name for i, e in entries.items()},
                              numbers={i: e.number for i, e in entries.items()})

    runner.describe = described
    return runner


def _names(store: Store) -> dict[int, str]:
    return {info.id: info.name for info in store.list_tournaments()}


def offered_targets(store: Store, own_id: int | None) -> list[tuple[int, str]]:
    """The tournaments a satellite may award seats to: every other one of the database, by number and name."""
    return [(number, name) for number, name in sorted(_names(store).items()) if number != own_id]


def check_target(store: Store, own_id: int | None, target: Any, operator: str = "director") -> int:
    """The seat value of ``target`` (its whole price); refused naming the problem: the satellite itself, a
    tournament the database does not hold, or one already over."""
    number = limits.check_count(target, "number of the satellite's target tournament", 1, limits.MAX_RECORD_ID)
    if number == own_id:
        raise DomainError("a satellite cannot award seats to itself: choose another tournament as its target")
    names = _names(store)
    if number not in names:
        raise DomainError(f"there is no tournament number {number} in this database to award seats to")
    floor = _target_runner(store, number, operator).state.floor
    if floor.finished:
        raise DomainError(f"{names[number]} is already over: a seat to it could never be used")
    return _price_of(floor.settings)


def _price_of(settings: TournamentSettings) -> int:
    bounty = settings.bounty if settings.bounty_mode != "none" else 0
    return seat_price(settings.buy_in, settings.fee, bounty)


def with_seat_value(store: Store, own_id: int | None, current: TournamentSettings | None,
                    values: dict[str, Any], operator: str = "director") -> dict[str, Any]:
    """The settings ``values`` with the seat value of the target they name (a new target checked; the same target's
    price read again, so saving the settings takes a changed price); no target: no seat value."""
    if "satellite_target" not in values:
        return values
    target = values["satellite_target"]
    if target is None:
        return {**values, "satellite_seat_value": 0}
    if current is not None and target == current.satellite_target and current.satellite_seat_value > 0:
        try:
            value = check_target(store, own_id, target, operator)
        except DomainError:  # the target since over (or gone): the seats keep the value they had
            value = current.satellite_seat_value
        return {**values, "satellite_seat_value": value}
    return {**values, "satellite_seat_value": check_target(store, own_id, target, operator)}


def satellite_view(store: Store, floor: FloorRecords) -> SatelliteView | None:
    """The satellite's seats and cash now (None when the tournament is no satellite)."""
    prizes = satellite_of(floor)
    if prizes is None:
        return None
    target = floor.settings.satellite_target
    assert target is not None
    award = floor.satellite_award
    name = award["target_name"] if award is not None else _names(store).get(target, f"tournament {target}")
    seats = seats_awarded(floor)
    awarded = tuple((floor.entries[entry_id].name, used) for entry_id, used in seats.items())
    return SatelliteView(target, name, prizes.seat_value, prizes.pool, prizes.seats, prizes.remainder,
                         floor.alive, seats_due(floor), awarded, tuple(seats),
                         tuple(entry_id for entry_id, used in seats.items() if not used), prizes.remainder_to)


def award_seats(store: Store, runner: CommandRunner, *, operator: str, rng: random.Random | None = None,
                now: Callable[[], datetime] | None = None,
                players: Callable[[int], Any] | None = None) -> SeatAward:
    """End the satellite of ``runner`` with its seats: each winner entered in the target paid by his seat (one
    action there), then the award recorded in the satellite (inside the caller's action). A winner already in the
    target, or whom it can no longer take, keeps his ticket unused. Anything refused takes the target's entries
    back: nothing is left half done."""
    floor = runner.state.floor
    settings = floor.settings
    if settings.satellite_target is None:
        raise DomainError("this tournament is no satellite: choose its target event in Tournament > Settings")
    target = settings.satellite_target
    names = _names(store)
    if target not in names:
        raise DomainError(f"the satellite's target, tournament number {target}, is not in this database")
    target_runner = _target_runner(store, target, operator)
    target_floor = target_runner.state.floor
    target_name = target_floor.settings.name if target_floor.configured else names[target]
    winners = seat_winners(floor, target_name)
    if target_floor.finished:
        raise DomainError(f"{target_name} is already over: its seats cannot be awarded")
    price = _price_of(target_floor.settings)
    if price != settings.satellite_seat_value:
        raise DomainError(f"an entry to {target_name} now costs {price:,}, but this satellite's seats are worth "
                          f"{settings.satellite_seat_value:,}: save this satellite's Tournament > Settings to take "
                          "the new price (before anyone finishes in the money), or set the target's price back")
    clock_now = now or (lambda: datetime.now().astimezone())
    service = TournamentService(target_runner, rng=rng, now=clock_now, players=players)
    kept: list[tuple[int, str]] = []
    entered: list[int] = []
    first_seq: int | None = None
    satellite_name = settings.name
    try:
        with target_runner.one_action():
            for entry_id in winners:
                entry = floor.entries[entry_id]
                if _live_in(target_runner.state.floor, entry):
                    kept.append((entry_id, f"already in {target_name}"))
                    continue
                try:
                    service.register(entry.name, entry.player_id, seat_from=satellite_name)
                except ChangedElsewhere:  # another station recorded in the target: the whole award is tried again
                    raise
                except DomainError as refusal:
                    kept.append((entry_id, refusal.message))
                    continue
                entered.append(entry_id)
                if first_seq is None:
                    first_seq = target_runner.last_seq
        runner.record(SatelliteSeatsAwarded(
            seats=winners, kept=[entry_id for entry_id, _ in kept], target=target, target_name=target_name,
            seat_value=settings.satellite_seat_value, target_action=first_seq,
            time=clock_now().astimezone(UTC).isoformat(timespec="seconds")))
    except BaseException:
        if first_seq is not None:
            target_runner.undo(first_seq)  # the entries go back out of the target: nothing half done
        raise
    return SeatAward(target_name, tuple(floor.entries[e].name for e in entered),
                     tuple((floor.entries[e].name, why) for e, why in kept))


def _live_in(target: FloorRecords, entry: Any) -> bool:
    """Whether the satellite's ``entry`` is a player still in the target: the same player of the registry, or the
    same name where one of them was bought in by name alone."""
    keys = {entry.player_key, f"name:{entry.name.strip().casefold()}"}
    return any(not target.entries[e].busted for key in keys for e in target.player_entries.get(key, []))


def award_seats_text(award: SeatAward) -> str:
    """What the console tells the director after the award."""
    text = (f"Seats to {award.target_name} awarded: {', '.join(award.entered) or 'nobody'} "
            f"{'is' if len(award.entered) == 1 else 'are'} now in {award.target_name}, paid by the seat")
    if award.kept:
        text += "; unused seats kept by " + ", ".join(f"{name} ({why})" for name, why in award.kept)
    return text


def check_not_seat_entries(step: Any, verb: str) -> None:
    """Refuse to undo or redo in the target the entries an award made there (``step``: the first command of the
    action): the award takes them back and brings them again with it, so both tournaments keep saying the same."""
    if step is None or step.event_type != ENTERED_EVENT or not isinstance(step.payload.get("seat_from"), str):
        return
    satellite = step.payload["seat_from"]
    raise DomainError(f"{step.payload.get('name', 'this player')} was entered with a seat won in {satellite}: "
                      f"{verb} the award of its seats in {satellite} instead (Edit menu there), which takes every "
                      "entry it made with it")


def undo_award(store: Store, runner: CommandRunner, award_seq: int, *, operator: str) -> Any:
    """Undo the award ``award_seq`` of the satellite and the target's entries it made, as one director's action;
    refused, with nothing undone, when the target has moved on in a way that needs those entries."""
    row = next((e for e in runner.history() if e.seq == award_seq), None)
    if row is None or row.event_type != AWARD_EVENT:
        raise DomainError(f"event {award_seq} of this tournament is no award of satellite seats")
    target_action = row.payload.get("target_action")
    target_runner = _target_runner(store, row.payload["target"], operator) if target_action else None
    if target_runner is not None:
        try:
            target_runner.undo(target_action)
        except DomainError as refusal:
            raise DomainError(f"the award of the seats cannot be undone, {row.payload['target_name']} has moved on: "
                              f"{refusal.message}", refusal.rule) from None
    try:
        return runner.undo(award_seq)
    except BaseException:
        if target_runner is not None:
            target_runner.redo()  # the target's entries come back: the award stands whole
        raise


def redo_award(store: Store, runner: CommandRunner, *, operator: str) -> Any:
    """Redo an undone award: the target's entries first (still next on its redo list), then the award."""
    step = runner.next_redo()
    assert step is not None and step.event_type == AWARD_EVENT
    target_action = step.payload.get("target_action")
    target_runner = _target_runner(store, step.payload["target"], operator) if target_action else None
    if target_runner is not None:
        upcoming = target_runner.next_redo()
        if upcoming is None or upcoming.seq != target_action:
            raise DomainError(f"the award of seats to {step.payload['target_name']} cannot be redone: "
                              f"{step.payload['target_name']} has recorded other commands since it was undone; "
                              "award the seats again instead")
        target_runner.redo()
    try:
        return runner.redo()
    except BaseException:
        if target_runner is not None:
            target_runner.undo(target_action)
        raise
