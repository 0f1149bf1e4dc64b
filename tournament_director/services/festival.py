"""Events of several days: Day 1 flights (each a tournament of the database, linked to its event and day) whose
survivors meet on Day 2 (and Day 3, ... the same way). The flights' policy is chosen with the event: first stack
forward (a player who qualified may not enter another flight) or best stack forward (he may; his biggest bag goes
on, the others are forfeited). The next day is made from the bags in one transaction: the flights' combined prize
pool, paid from the last day only, its places read for the flights' entries, and a random draw of the survivors
(TDA 7) each with his bag as his stack, the clock where the flights stopped.

The rules are domain/floor/days.py's; the link of each tournament to its event and day is the database's
(store/festivals.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import days
from tournament_director.domain.floor.days import Bag, SetPoint
from tournament_director.domain.floor.events import DayCarriedIn, DayPlanned
from tournament_director.domain.money.settings import TournamentSettings
from tournament_director.domain.state import TournamentState
from tournament_director.services.clock import ClockService
from tournament_director.services.commands import CommandRunner
from tournament_director.services.days import put_clock_back
from tournament_director.services.tournament import TournamentService

if TYPE_CHECKING:
    from tournament_director.store.festivals import FestivalDay, FestivalInfo

MAX_FLIGHTS = 26


@dataclass(frozen=True)
class FestivalPlan:
    """What New multi-day event asks: the event's name, its flights' labels ("1A", "1B", ...), each flight set up as
    ``flight`` says (structure, buy-in, tables), where each flight stops and the flights' policy."""

    name: str
    flights: Sequence[str]
    flight: Any  # the session's NewTournamentPlan, each flight named "<event> Day <flight>"
    set_point: SetPoint
    policy: str = days.FIRST_STACK_FORWARD


@dataclass(frozen=True)
class FlightView:
    tournament_id: int
    label: str
    day: int
    entries: int
    players_left: int
    prize_pool: int
    bags: int  # survivors bagged
    ended: bool
    set_point: str | None
    carries_pool: bool  # a flight: its survivors play on in another tournament, the next day of the event


@dataclass(frozen=True)
class NextDayPlan:
    """What the next day would be made of (nothing recorded)."""

    festival: FestivalInfo
    day: int
    flights: tuple[FlightView, ...]
    going: tuple[Bag, ...]  # the bags that go on, biggest first
    forfeited: tuple[Bag, ...]
    pool: int
    flight_entries: int
    period: int
    remaining_ms: int
    waiting: tuple[str, ...]  # the flights that have not ended their day yet

    @property
    def plays_on_in_place(self) -> bool:
        """The latest day is one tournament paying its places (Day 2 on): its next day is its own next day's start."""
        return not any(flight.carries_pool for flight in self.flights)


class FestivalService:
    """The events of several days of one database (``session``: the director's session, which creates, selects and
    tells; ``store``: its database)."""

    def __init__(self, session: Any, store: Any, *, rng: random.Random | None = None,
                 clock_sources: Mapping[str, Any] | None = None, now: Callable[[], datetime] | None = None) -> None:
        self.session = session
        self.store = store
        self.rng = rng
        self.clock_sources = dict(clock_sources or {})
        self._now = now or (lambda: datetime.now(UTC))
        self._days: dict[int, FestivalDay | None] = {}  # tournament -> its day, once found

    @property
    def _festivals(self) -> Any:
        return self.store.festivals

    # ----- reading ----------------------------------------------------------------------------------------------------
    def all(self) -> list[FestivalInfo]:
        festivals: list[FestivalInfo] = self._festivals.all()
        return festivals

    def day_of(self, tournament_id: int | None) -> FestivalDay | None:
        """The event, day and flight of a tournament, or None for a tournament of one day."""
        if tournament_id is None:
            return None
        found = self._days.get(tournament_id)
        if found is None:  # a link another station writes after its tournament appears is found when it is there
            found = self._days[tournament_id] = self._festivals.day_of(tournament_id)
        return found

    def _link(self, festival_id: int, tournament_id: int, day: int, flight: str) -> None:
        self._festivals.add_day(festival_id, tournament_id, day, flight)
        self._days.pop(tournament_id, None)

    def _state(self, tournament_id: int) -> TournamentState:
        """A tournament's state: the one in front as the console has it, another read from its log."""
        if tournament_id == self.session.tournament_id and self.session.state is not None:
            state: TournamentState = self.session.state
            return state
        runner = CommandRunner(self.store, tournament_id, TournamentState, operator=self.session.operator)
        read: TournamentState = runner.state
        return read

    def flights(self, festival_id: int, day: int | None = None) -> list[FlightView]:
        """The festival's tournaments of ``day`` (None: the latest day) by flight."""
        rows = self._festivals.days(festival_id)
        if not rows:
            raise DomainError(f"there is no multi-day event number {limits.shown(festival_id)}")
        wanted = max(r.day for r in rows) if day is None else day
        views = []
        for row in rows:
            if row.day != wanted:
                continue
            t = self._state(row.tournament_id).floor
            point = days.set_point_of(t)
            views.append(FlightView(row.tournament_id, row.flight, row.day, len(t.entries), t.players_left,
                                    t.prize_pool, len(days.bags(t)), days.day_ended(t),
                                    None if point is None else point.text(), t.pool_carried_forward))
        return views

    def entry_refusal(self, tournament_id: int | None, name: str, player_id: int | None,
                      state: TournamentState | None = None) -> str | None:
        """Why ``name`` may not enter this flight (first stack forward: he bagged in another flight), or None.
        ``state``: the flight's own, as its runner has it (its log says whether it is a first-stack flight)."""
        if tournament_id is None:
            return None
        own = days.day_record((state or self._state(tournament_id)).floor)
        if own["policy"] != days.FIRST_STACK_FORWARD or not own["carries_pool"]:
            return None  # not a flight of a first-stack event: no question asked of the database
        where = self.day_of(tournament_id)
        if where is None:
            return None
        key = f"id:{player_id}" if player_id is not None else f"name:{name.strip().casefold()}"
        for row in self._festivals.days(where.festival.id):
            if row.day != where.day or row.tournament_id == tournament_id:
                continue
            t = self._state(row.tournament_id).floor
            refusal = days.entry_refusal(where.festival.policy, key, name.strip(), days.flight_bags(t, row.flight),
                                         where.flight)
            if refusal:
                return refusal
        return None

    def check_entry(self, tournament_id: int | None, name: str, player_id: int | None,
                    state: TournamentState | None = None) -> None:
        refusal = self.entry_refusal(tournament_id, name, player_id, state)
        if refusal:
            raise DomainError(refusal)

    def next_day_plan(self, festival_id: int) -> NextDayPlan:
        """The next day as the bags would make it: the bags going on and forfeited, the combined pool."""
        rows = self._festivals.days(festival_id)
        if not rows:
            raise DomainError(f"there is no multi-day event number {limits.shown(festival_id)}")
        festival = rows[0].festival
        day = max(r.day for r in rows)
        flights = tuple(self.flights(festival_id, day))
        all_bags: list[Bag] = []
        positions = []
        for flight in flights:
            t = self._state(flight.tournament_id).floor
            if flight.ended:
                all_bags.extend(days.flight_bags(t, flight.label))
                ended = days.day_record(t)["ended"]
                positions.append((ended["period"], -ended["remaining_ms"]))
        going, forfeited = days.bags_forward(festival.policy, all_bags)
        going.sort(key=lambda b: (-b.chips, b.name.casefold()))
        period, remaining = max(positions) if positions else (0, 0)
        return NextDayPlan(festival, day + 1, flights, tuple(going), tuple(forfeited),
                           sum(f.prize_pool for f in flights), sum(f.entries for f in flights), period, -remaining,
                           tuple(f.label for f in flights if not f.ended))

    # ----- the director's commands ------------------------------------------------------------------------------------
    def create(self, plan: FestivalPlan) -> list[int]:
        """Create the event and its flights (each a tournament set up as the plan's ``flight`` says, its set point
        and the event's policy recorded in its log); the first flight comes in front. Returns the flights' ids."""
        if not isinstance(plan, FestivalPlan) or not hasattr(plan.flight, "structure_template"):
            raise DomainError(f"a multi-day event is planned with a FestivalPlan, not {limits.shown(plan)}")
        name = limits.check_name(plan.name, "event name").strip()
        if not name:
            raise DomainError("a multi-day event needs a name")
        labels = [limits.check_name(label, "flight").strip() for label in plan.flights]
        if not labels or len(labels) > MAX_FLIGHTS:
            raise DomainError(f"a multi-day event has 1 to {MAX_FLIGHTS} Day 1 flights, not {len(labels)}")
        if any(not label for label in labels) or len({label.casefold() for label in labels}) != len(labels):
            raise DomainError("each flight needs a label of its own (1A, 1B, ...)")
        if plan.policy not in days.POLICIES:
            raise DomainError(f"the flights' policy is first or best stack forward, not {limits.shown(plan.policy)}")
        if not isinstance(plan.set_point, SetPoint):
            raise DomainError("each flight needs its set point: the end of a level, or a share or number of players")
        festival = self._festivals.create(name, plan.policy)
        ids = []
        for label in labels:
            planned = DayPlanned(festival=name, day=1, flight=label, set_point_kind=plan.set_point.kind,
                                 set_point_value=plan.set_point.value, policy=plan.policy, carries_pool=True)
            tournament_id = self.session.create_from_plan(replace(plan.flight, name=f"{name} Day {label}"),
                                                          first_events=(planned,))
            self._link(festival.id, tournament_id, 1, label)
            ids.append(tournament_id)
        self.session.select_tournament(ids[0])
        return ids

    def create_next_day(self, festival_id: int, seats_per_table: int = 9,
                        set_point: SetPoint | None = None) -> int:
        """Make the next day from the bags of the day before (every one of its flights ended): one transaction with
        the combined pool, the survivors each with his bag, a random draw of the seats (TDA 7) and the clock where the
        flights stopped; the new day comes in front. Returns its tournament id."""
        limits.check_seat_count(seats_per_table)
        plan = self.next_day_plan(festival_id)
        if plan.plays_on_in_place:
            raise DomainError(f"Day {plan.day - 1} pays its own places: it plays on as Day {plan.day} in the same "
                              "tournament (Tournament > Start the next day once its day has ended)")
        if plan.waiting:
            waiting = " and ".join(f"Day {label}" for label in plan.waiting)
            raise DomainError(f"{waiting} {'has' if len(plan.waiting) == 1 else 'have'} not ended: bag the chips and "
                              "end the day first")
        if not plan.going:
            raise DomainError("no bag goes on: nobody survived the flights")
        first = self._state(plan.flights[0].tournament_id)
        settings = first.floor.settings
        structure, chip_set = first.schedule.structure, first.schedule.chip_set
        if structure is None:
            raise DomainError("the flights have no blind structure to carry on")
        name = f"{plan.festival.name} Day {plan.day}"
        session = self.session
        draft = self.store.draft_tournament(name, operator=session.operator)
        runner = CommandRunner(draft, draft.tournament_id, TournamentState, operator=session.operator)
        floor = TournamentService(runner, rng=self.rng, now=lambda: self._now().astimezone())
        floor.configure(TournamentSettings.from_dict({**settings.to_dict(), "name": name}))
        floor.add_tables(math.ceil(len(plan.going) / seats_per_table), seats_per_table)
        runner.record(DayCarriedIn(
            day=plan.day, entries=[[i, b.name, b.player_id, b.chips, b.flight] for i, b in enumerate(plan.going, 1)],
            pool=plan.pool, flight_entries=plan.flight_entries, flights=[f.label for f in plan.flights],
            forfeited=[[b.name, b.flight, b.chips] for b in plan.forfeited],
            time=self._now().astimezone(UTC).isoformat(timespec="seconds")))
        runner.record(DayPlanned(festival=plan.festival.name, day=plan.day, flight=str(plan.day),
                                 set_point_kind=None if set_point is None else set_point.kind,
                                 set_point_value=None if set_point is None else set_point.value,
                                 policy=plan.festival.policy, carries_pool=False))
        clock = ClockService(runner, **self.clock_sources)
        clock.load_structure(structure, chip_set)
        put_clock_back(clock, plan.period, plan.remaining_ms)
        floor.draw_seats()  # last: the new day's first undo takes the draw back, to draw again
        tournament_id: int = draft.commit()
        self._link(plan.festival.id, tournament_id, plan.day, str(plan.day))
        session.notify("tournaments")
        session.select_tournament(tournament_id)
        session.notify("state")
        return tournament_id


__all__ = ["FestivalPlan", "FestivalService", "FlightView", "MAX_FLIGHTS", "NextDayPlan"]
