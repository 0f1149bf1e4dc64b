"""Settings after the set-up, and what each entry may buy now.

``SettingsService`` records a change of the settings as one "settings.changed" event (the domain checks it against
what already happened: domain/floor/settings_changes.py), tells the console which settings history has fixed and
why, and answers for the Players tab whether an entry can rebuy, take the add-on or re-enter now, and if not why,
in the words a refusal would use (domain/floor/entries.py). Every payload carries the moment: the level in force,
or on a break the level before it, and the time of day.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.clock.structure import Level
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import entries as entry_rules
from tournament_director.domain.floor.events import SettingsChanged
from tournament_director.domain.floor.tournament import Tournament
from tournament_director.domain.money.settings import STANDARD_OPTION, TournamentSettings, price_split

__all__ = ["ActionState", "BuyInOptionView", "EntryActions", "SettingsService", "break_fields", "default_settings",
           "price_text"]


def default_settings() -> dict[str, Any]:
    """Every setting at its default, as plain data (what a new tournament starts from)."""
    return TournamentSettings().to_dict()


def price_text(values: Mapping[str, Any]) -> str:
    """The standard buy-in's price and where it goes, from the settings' values (buy_in, fee, bounty_mode, bounty,
    rake_percent): "110 = 50 prize pool + 50 bounty + 10 fee"."""
    def whole(name: str) -> int:
        value = values.get(name)
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0

    bounty = whole("bounty") if values.get("bounty_mode", "none") != "none" else 0
    split = price_split(whole("buy_in"), whole("fee"), bounty, min(whole("rake_percent"), 100))
    parts = [f"{split.prize_pool:,} prize pool"] + [f"{amount:,} {what}" for amount, what in (
        (split.bounty, "bounty"), (split.fee, "fee"), (split.rake, "rake")) if amount]
    return f"{split.price:,} = {' + '.join(parts)}"


@dataclass(frozen=True)
class ActionState:
    """One of an entry's buttons: ``offered`` False hides it (the format has no such thing); ``allowed`` False
    disables it, and ``why`` says why."""

    offered: bool
    allowed: bool
    why: str = ""


@dataclass(frozen=True)
class EntryActions:
    rebuy: ActionState
    add_on: ActionState
    re_entry: ActionState


@dataclass(frozen=True)
class BuyInOptionView:
    name: str
    buy_in: int
    fee: int
    chips: int
    price: int  # what a player hands over: buy-in, fee and bounty
    bought: int  # entries that bought it


def break_fields(state: Any) -> dict[str, Any]:
    """On a break: ``on_break`` and ``after_level`` (the last level played before it); else nothing."""
    schedule: Any = getattr(state, "schedule", None)  # a Schedule, or None for a state without a clock
    structure = getattr(schedule, "structure", None)
    if structure is None or not schedule.on_break:
        return {}
    before = [p for p in structure.periods[: schedule.current_period_index] if isinstance(p, Level)]
    return {"on_break": True, "after_level": before[-1].number if before else None}


class SettingsService:
    def __init__(self, runner: Any, now: Callable[[], datetime] | None = None, *,
                 seat_value: Callable[[TournamentSettings, dict[str, Any]], dict[str, Any]] | None = None) -> None:
        self.runner = runner
        self._now = now or (lambda: datetime.now().astimezone())
        # the satellite's target checked and its seat value added (services/satellites.py), on a session's store
        self._seat_value = seat_value

    @property
    def _t(self) -> Tournament:
        floor: Tournament = self.runner.state.floor
        return floor

    @property
    def settings(self) -> TournamentSettings:
        return self._t.settings

    def moment(self) -> dict[str, Any]:
        """Where the tournament stands: the level in force (None on a break), the break fields, the time of day."""
        level = self.runner.state.schedule.current_level()
        return {"level": level.number if level is not None else None, **break_fields(self.runner.state),
                "time_of_day": self._now().strftime("%H:%M")}

    def fixed(self) -> dict[str, str]:
        """Setting name -> why what already happened fixes it (the console greys these out)."""
        return self._t.fixed_settings()

    def changes(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The settings among ``values`` whose value differs from the settings in force (as plain data)."""
        if not isinstance(values, Mapping):
            raise DomainError(f"the settings to change are given as setting -> value, not {limits.shown(values)}")
        current = self.settings.to_dict()
        unknown = set(values) - set(current)
        if unknown:
            raise DomainError(f"unknown tournament setting(s): {limits.listed(unknown)}")
        if self._seat_value is not None:
            values = self._seat_value(self.settings, dict(values))
        proposed = TournamentSettings.from_dict({**current, **values}).to_dict()
        return {name: proposed[name] for name in values if proposed[name] != current[name]}

    def change(self, values: Mapping[str, Any]) -> Any:
        """Record the settings that differ among ``values`` as one event; None when nothing differs."""
        changes = self.changes(values)
        if not changes:
            return None
        return self.runner.record(SettingsChanged(changes=changes, **self.moment()))

    # --- what an entry may buy now -------------------------------------------------------------------------
    def entry_actions(self, entry_id: int | None) -> EntryActions:
        """Rebuy, add-on and re-entry for ``entry_id`` (None: no player selected) as the Players tab shows them."""
        t = self._t
        s = t.settings
        offered = (s.rebuy_limit > 0, s.addon_enabled, s.reentry_limit > 0)
        if entry_id is not None and (isinstance(entry_id, bool) or not isinstance(entry_id, int)):
            raise DomainError(f"an entry is given by its number, not {limits.shown(entry_id)}")
        if entry_id is None or entry_id not in t.entries:
            why = "select a player first"
            return EntryActions(*(ActionState(o, False, why) for o in offered))
        entry = t.entries[entry_id]
        moment = self.moment()
        level = entry_rules.level_of(moment)
        checks = (
            lambda: entry_rules.check_rebuy(t, entry, level),
            lambda: entry_rules.check_addon(t, entry, level, moment.get("on_break")),
            lambda: entry_rules.check_reentry(t, entry, level, moment["time_of_day"]),
        )
        return EntryActions(*(self._state(is_offered, check) for is_offered, check in zip(offered, checks)))

    @staticmethod
    def _state(offered: bool, check: Callable[[], None]) -> ActionState:
        try:
            check()
        except DomainError as refusal:
            return ActionState(offered, False, str(refusal))
        return ActionState(offered, True)

    def buy_in_options(self) -> list[BuyInOptionView]:
        """The standard buy-in first, then the other options, with what each costs and how many bought it."""
        s = self.settings
        bounty = s.bounty if s.bounty_mode != "none" else 0
        counts: dict[str, int] = {}
        for option, bought in self._t.options_bought.items():  # counted by the floor as entries come in
            counts[option or STANDARD_OPTION] = counts.get(option or STANDARD_OPTION, 0) + bought
        options = [s.buy_in_option(None), *s.buy_in_options]
        return [BuyInOptionView(o.name, o.buy_in, o.fee, o.chips, o.buy_in + o.fee + bounty, counts.get(o.name, 0))
                for o in options]
