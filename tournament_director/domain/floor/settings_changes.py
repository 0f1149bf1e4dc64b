"""Settings changed after the set-up: one "settings.changed" event, checked against what already happened.

A change may not rewrite the past. What the entries have paid fixes the buy-in, the fee, the rake, the starting
stack and the bounty once anyone has bought in (the price of a rebuy or an add-on once one is taken, a buy-in
option once someone bought it); a decided paid place, a deal or the finish fixes the guarantee, the payout table
and the rounding unit; a hand dealt fixes the button rule (TDA 32); a bounty paid fixes its cash share. A limit
may not go below what a player has already used, and a period may not close at a level already passed or before
an entry already made in it. Every refusal says who or what is in the way; undo takes an accepted change back
like any other event.

Event (payload fields):
    settings.changed   changes: {setting: new value}, level?, on_break?, after_level?, time_of_day?
                       (the moment: the level in force, or on a break the level before it; the time of day)
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.entries import past_time_of_day, level_of
from tournament_director.domain.floor.prizes import prizes_fixed_by
from tournament_director.domain.floor.records import Entry, FloorRecords
from tournament_director.domain.floor.standings import payout_table
from tournament_director.domain.money.settings import TournamentSettings
from tournament_director.domain.floor.events import SettingsChanged

LABELS = {
    "buy_in": "the buy-in", "fee": "the entry fee", "rake_percent": "the rake", "starting_stack": "the starting stack",
    "bounty_mode": "the bounty format", "bounty": "the bounty", "pko_cash_percent": "the bounty's cash share",
    "rebuy_price": "the rebuy price", "rebuy_fee": "the rebuy fee", "rebuy_chips": "the rebuy chips",
    "addon_price": "the add-on price", "addon_fee": "the add-on fee", "addon_chips": "the add-on chips",
    "guarantee": "the guarantee", "payout_table": "the payout table", "payout_unit": "the rounding unit",
    "button_mode": "the button rule", "rebuy_limit": "the rebuy limit", "reentry_limit": "the re-entry limit",
    "rebuy_until_level": "the rebuy period", "addon_until_level": "the add-on period",
    "reentry_until_level": "the re-entry period", "late_registration_until_level": "late registration",
    "late_registration_until_time": "late registration", "screen_layout": "the screen layout",
    "satellite_target": "the satellite's target", "satellite_seat_value": "the value of a seat",
    "satellite_remainder": "who takes the cash left over",
}
_PAID_AT_ENTRY = ("buy_in", "fee", "rake_percent", "starting_stack", "bounty_mode", "bounty")
_REBUY_PRICE = ("rebuy_price", "rebuy_fee", "rebuy_chips")
_ADDON_PRICE = ("addon_price", "addon_fee", "addon_chips")
_PRIZES = ("guarantee", "payout_table", "payout_unit", "satellite_target", "satellite_seat_value",
           "satellite_remainder")
_SETTING_NAMES = tuple(f.name for f in fields(TournamentSettings))


def fixed_settings(t: FloorRecords) -> dict[str, str]:
    """The settings that what already happened fixes, each with the reason (the console greys them out)."""
    fixed: dict[str, str] = {}
    entries = list(t.entries.values())
    if entries:
        paid = f"{_count(len(entries), 'entry has', 'entries have')} already paid"
        fixed.update({name: paid for name in _PAID_AT_ENTRY})
    rebought = [e for e in entries if e.rebuys]
    if rebought:
        fixed.update({name: f"{_names(rebought)} {_has(rebought)} already rebought" for name in _REBUY_PRICE})
    added = [e for e in entries if e.addons]
    if added:
        fixed.update({name: f"{_names(added)} {_has(added)} already taken the add-on" for name in _ADDON_PRICE})
    if t.bounty_pool and any(e.bounty_won for e in entries):
        winners = [e for e in entries if e.bounty_won]
        fixed["pko_cash_percent"] = f"{_names(winners)} {_has(winners)} already been paid bounties"
    prizes = prizes_fixed_by(t)
    if prizes:
        fixed.update({name: prizes for name in _PRIZES})
    if any(table.hand_number for table in t.tables.values()):
        fixed["button_mode"] = "hands have been dealt with this button rule (TDA 32)"
    return fixed


def check_change(t: FloorRecords, old: TournamentSettings, new: TournamentSettings, event: Any) -> None:
    """Refuse, naming who or what is in the way, a change that what already happened does not allow."""
    changed = [name for name in _SETTING_NAMES if getattr(old, name) != getattr(new, name)]
    fixed = fixed_settings(t)
    for name in changed:
        if name in fixed:
            raise DomainError(f"{LABELS.get(name, name)} cannot change: {fixed[name]}")
    entries = list(t.entries.values())
    _check_options(entries, old, new)
    used = [e for e in entries if e.rebuys > new.rebuy_limit]
    if used:
        most = max(e.rebuys for e in used)
        raise DomainError(f"the rebuy limit cannot go below {most}: {_names(used)} {_has(used)} rebought {most} "
                          f"time{'s' if most != 1 else ''}")
    if not new.addon_enabled and any(e.addons for e in entries):
        added = [e for e in entries if e.addons]
        raise DomainError(f"the add-on cannot be taken away: {_names(added)} {_has(added)} already taken it")
    _check_reentries(t, new)
    level = level_of(event)
    for name in ("rebuy_until_level", "addon_until_level", "reentry_until_level", "late_registration_until_level"):
        until = getattr(new, name)
        if name in changed and until is not None and level is not None and until < level:
            raise DomainError(f"{LABELS[name]} cannot close after level {until}: level {level} is already being "
                              f"played (level {level} is the earliest)")
    _check_entries_made_in_time(t, new, changed, event)
    if "break_order" in changed and t.tables:
        unknown = [n for n in new.break_order if n not in t.tables]
        if unknown:
            raise DomainError(f"the break order names table {unknown[0]}, which this tournament does not have")


def _check_options(entries: list[Entry], old: TournamentSettings, new: TournamentSettings) -> None:
    """An option someone bought stays as it was (its name, price, fee and chips)."""
    bought = {e.buy_in_option for e in entries if e.buy_in_option}
    for option in old.buy_in_options:
        if option.name not in bought:
            continue
        kept = [o for o in new.buy_in_options if o.name == option.name]
        if not kept or kept[0] != option:
            buyers = [e for e in entries if e.buy_in_option == option.name]
            raise DomainError(f"the buy-in option {option.name!r} cannot change or go: {_names(buyers)} "
                              f"{'has' if len(buyers) == 1 else 'have'} bought it")


def _check_reentries(t: FloorRecords, new: TournamentSettings) -> None:
    over = []
    for ids in t.player_entries.values():
        if len(ids) - 1 > new.reentry_limit:
            over.append((len(ids) - 1, t.entries[ids[-1]]))
    if over:
        most = max(n for n, _ in over)
        players = [e for _, e in over]
        raise DomainError(f"the re-entry limit cannot go below {most}: {_names(players)} "
                          f"{_has(players)} re-entered {most} time{'s' if most != 1 else ''}", rule="WSOP 13")


def _check_entries_made_in_time(t: FloorRecords, new: TournamentSettings, changed: list[str],
                                event: Any) -> None:
    """A period may not close before an entry already made in it."""
    entries = list(t.entries.values())
    until = new.reentry_until_level
    if "reentry_until_level" in changed and until is not None:
        late = [e for e in entries if e.number > 1 and (e.registered_level or 0) > until]
        if late:
            raise DomainError(f"re-entry cannot close after level {until}: {_names(late)} re-entered at level "
                              f"{max(e.registered_level or 0 for e in late)}", rule="WSOP 13")
    until = new.late_registration_until_level
    if "late_registration_until_level" in changed and until is not None:
        late = [e for e in entries if (e.registered_level or 0) > until]
        if late:
            raise DomainError(f"late registration cannot close after level {until}: {_names(late)} bought in at "
                              f"level {max(e.registered_level or 0 for e in late)}", rule="TDA 8-A")
    cutoff = new.late_registration_until_time
    if "late_registration_until_time" in changed and cutoff is not None:
        now = event.time_of_day
        if isinstance(now, str) and past_time_of_day(now, cutoff, new.scheduled_start):
            raise DomainError(f"late registration cannot close at {cutoff}: it is already {now} (close registration "
                              "now instead)", rule="TDA 8-A")
        late = [e for e in entries if e.registered_time
                and past_time_of_day(e.registered_time, cutoff, new.scheduled_start)]
        if late:
            raise DomainError(f"late registration cannot close at {cutoff}: {_names(late)} bought in at "
                              f"{late[-1].registered_time}", rule="TDA 8-A")


def _changed(t: FloorRecords, event: SettingsChanged) -> None:
    if not t.configured:
        raise DomainError("configure the tournament before changing its settings")
    changes = event.changes
    if not isinstance(changes, dict) or not changes:
        raise DomainError("a settings change names at least one setting and its new value")
    unknown = set(changes) - set(_SETTING_NAMES)
    if unknown:
        raise DomainError(f"unknown tournament setting(s): {limits.listed(unknown)}")
    new = TournamentSettings.from_dict({**t.settings.to_dict(), **changes})
    if new.payout_table != t.settings.payout_table:
        payout_table(new.payout_table)  # a shipped table, or DomainError naming it
    check_change(t, t.settings, new, event)
    t.settings = new


def _names(entries: list[Entry]) -> str:
    """'Ana Souza', 'Ana Souza and Bernard Okafor', 'Ana Souza, Bernard Okafor and 3 others'."""
    names = list(dict.fromkeys(e.name for e in entries))
    if len(names) == 1:
        return names[0]
    if len(names) <= 3:
        return ", ".join(names[:-1]) + " and " + names[-1]
    return f"{names[0]}, {names[1]} and {len(names) - 2} others"


def _has(entries: list[Entry]) -> str:
    return "has" if len({e.name for e in entries}) == 1 else "have"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


HANDLERS = (
    (SettingsChanged, _changed),
)

__all__ = ["HANDLERS", "LABELS", "check_change", "fixed_settings"]
