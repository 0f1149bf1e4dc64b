"""A new tournament from the new-tournament wizard's plan: everything the plan names checked first, then the
tournament written with its settings, tables and blind structure in one transaction."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.events import Event
from tournament_director.domain.money.payouts import places_paid_table
from tournament_director.domain.money.settings import TournamentSettings
from tournament_director.domain.state import TournamentState
from tournament_director.services.clock import ClockService, load_template
from tournament_director.services.commands import CommandRunner
from tournament_director.services.payouts import PayoutService
from tournament_director.services.satellites import with_seat_value
from tournament_director.services.settings import SettingsService
from tournament_director.services.templates import TemplateLibrary
from tournament_director.services.tournament import TournamentService
from tournament_director.store import Store


@dataclass(frozen=True)
class NewTournamentPlan:
    """What the new-tournament wizard asks: enough to run a nightly tournament, and any other setting."""

    name: str
    structure_template: str  # a template key: a shipped structure (data/structures/NAME.toml) or "room:..."
    payout_table: str = "standard"  # a template key: a shipped payout table (data/payouts/NAME.toml) or "room:..."
    buy_in: int = 100
    fee: int = 0
    starting_stack: int = 20_000
    tables: int = 3
    seats_per_table: int = 9
    late_registration_until_level: int | None = None  # None: the director closes registration
    settings: Mapping[str, Any] | None = None  # every other setting (TournamentSettings field -> value)
    places_paid_percent: int | None = None  # pay this share of the field instead of the payout table (1 to 100)
    level_minutes: int | None = None  # every level this long instead of the structure's own lengths
    break_minutes: int | None = None  # every break this long



def write_planned_tournament(store: Store, plan: NewTournamentPlan, library: TemplateLibrary, *, operator: str,
                             rng: random.Random | None = None, clock_sources: Mapping[str, Any] | None = None,
                             first_events: Sequence[Event] = ()) -> int:
    """The tournament ``plan`` makes, written to ``store`` with its settings, tables and blind structure (one event
    each, and the payout table when it is the room's own, after ``first_events``) in one transaction; its number.

    Everything the plan names is checked before the tournament is created, so a bad plan leaves the database
    as it was.
    """
    clock_sources = clock_sources or {}
    if not isinstance(plan, NewTournamentPlan):
        raise DomainError(f"a new tournament is planned with a NewTournamentPlan, not {limits.shown(plan)}")
    if not isinstance(plan.name, str) or not plan.name.strip():
        raise DomainError("a tournament needs a name")
    name = limits.check_name(plan.name, "tournament name")
    limits.check_count(plan.tables, "number of tables", limits.MIN_TABLES, limits.MAX_TABLES)
    limits.check_seat_count(plan.seats_per_table)
    limits.check_name(plan.payout_table, "payout table")
    limits.check_name(plan.structure_template, "blind structure template")
    if plan.settings is not None and not isinstance(plan.settings, Mapping):
        raise DomainError(f"the plan's other settings are setting -> value, not {limits.shown(plan.settings)}")
    shipped_table = library.is_shipped_payout_table(plan.payout_table)
    room_table = None if shipped_table else library.load_payout_table(plan.payout_table)
    if plan.places_paid_percent is not None:
        room_table = places_paid_table(plan.places_paid_percent)
    settings = TournamentSettings.from_dict({
        **with_seat_value(store, None, None, dict(plan.settings or {}), operator),
        "name": name, "buy_in": plan.buy_in, "fee": plan.fee, "starting_stack": plan.starting_stack,
        "payout_table": plan.payout_table if shipped_table else "standard",
        "late_registration_until_level": plan.late_registration_until_level,
    })
    if plan.structure_template.startswith("room:"):
        structure, chip_set = library.load_structure(plan.structure_template)
    else:
        structure, chip_set = load_template(plan.structure_template)
    lengths = [None if minutes is None else limits.check_count(minutes, f"length of {what} (minutes)", 1,
                                                                limits.MAX_DURATION_SECONDS // 60) * 60
               for minutes, what in ((plan.level_minutes, "a level"), (plan.break_minutes, "a break"))]
    structure = structure.with_lengths(*lengths)
    structure.validate(chip_set)
    # Set up in memory, then written in one transaction: a crash never leaves a tournament half made.
    draft = store.draft_tournament(name, operator=operator)
    runner = CommandRunner(draft, draft.tournament_id, TournamentState, operator=operator)
    TournamentService(runner, rng=rng).configure(settings)
    for event in first_events:  # the day of a multi-day event it plays (services/festival.py)
        runner.record(event)
    if room_table is not None:
        PayoutService(runner, library, SettingsService(runner)).set_table(room_table)
    TournamentService(runner, rng=rng).add_tables(plan.tables, plan.seats_per_table)
    ClockService(runner, **clock_sources).load_structure(structure, chip_set)
    tournament_id = draft.commit()
    return tournament_id
