"""A tournament's history brought over from another program (The Tournament Director 3, say): the purchases as
they were paid there, the pot's house money, and the prizes as that program awarded them.

The settings of this program price a rebuy or an add-on once for the whole tournament; a save of another program
records what each purchase actually cost (several fee profiles, a rake per profile), so these events carry the
money and chips of each purchase and are not held to the settings' limits: the history happened as it was
recorded. They still keep the floor whole: a buy-in needs the player's earlier entry out, a rebuy or an add-on
a live entry, amounts within domain/limits.py. Busts use the ordinary ``entry.busted``.

Event types (payload fields):
    history.bought      kind: "entry" | "rebuy" | "addon", entry_id, chips, paid_prize, paid_house, paid_bounty?,
                        option?,
                        (for an entry) name, player_id?; level?, time?
    history.pot_set     fixed_rake, house_contribution (taken from / added to the prize pool once)
    history.awarded     awards: [[entry_id, amount], ...], time?  (the prizes as awarded; the tournament is over)
"""

from __future__ import annotations

from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.events import ABSENT
from tournament_director.domain.floor.records import DEAL_AWARDED, Entry, FloorRecords, count_entry, whole_number
from tournament_director.domain.floor.events import HistoryAwarded, HistoryBought, HistoryPotSet

KINDS = ("entry", "rebuy", "addon")


def _bought(t: FloorRecords, event: HistoryBought) -> None:
    if not t.configured:
        raise DomainError("configure the tournament before bringing its history over")
    if t.finished:
        raise DomainError("the tournament is over: no more purchases")
    kind = event.kind
    if kind not in KINDS:
        raise DomainError(f"a purchase is an entry, a rebuy or an add-on, not {limits.shown(kind)}")
    chips = limits.check_amount(event.chips, "chips bought")
    prize = limits.check_amount(event.paid_prize, "money to the prize pool")
    house = limits.check_amount(event.paid_house, "money to the house")
    bounty = limits.check_amount(event.paid_bounty or 0, "bounty paid")
    option = event.option or ""
    if not isinstance(option, str):
        raise DomainError(f"a buy-in option is named by text, not {limits.shown(option)}")
    level = event.level
    if kind == "entry":
        entry = _new_entry(t, event, chips, option, level)
    else:
        entry = t.live_entry(event.entry_id)
        if kind == "rebuy":
            entry.rebuys += 1
            t.rebuys += 1
        else:
            entry.addons += 1
            t.addons += 1
        entry.chips += chips
    entry.paid_prize += prize
    entry.paid_house += house
    entry.paid_bounty += bounty
    t.chips_issued += chips
    t.prize_contributions += prize
    t.house_total += house
    t.bounty_pool += bounty
    t.bounty_unclaimed += bounty  # who won the bounties is not in the history brought over


def _new_entry(t: FloorRecords, event: Any, chips: int, option: str, level: Any) -> Entry:
    entry_id = event.entry_id
    if entry_id != t.next_entry_id:
        raise DomainError(f"entry number {limits.shown(entry_id)} is out of turn; the next is {t.next_entry_id}")
    if len(t.entries) >= limits.MAX_ENTRIES:
        raise DomainError(f"a tournament holds at most {limits.MAX_ENTRIES:,} entries")
    name = event.name
    if not isinstance(name, str) or not name.strip():
        raise DomainError("a player needs a name")
    limits.check_name(name, "entry name")
    player_id = None if event.player_id is ABSENT else event.player_id
    if player_id is not None:
        whole_number(player_id, "player id", 1)
    key = f"id:{player_id}" if player_id is not None else f"name:{name.strip().casefold()}"
    earlier = t.player_entries.get(key, [])
    if any(not t.entries[e].busted for e in earlier):
        raise DomainError(f"{name} buys in again while his earlier entry is still in")
    entry = Entry(id=entry_id, name=name.strip(), player_id=player_id, player_key=key, number=len(earlier) + 1,
                  chips=chips, registered_level=level if isinstance(level, int) else None, buy_in_option=option)
    t.entries[entry.id] = entry
    t.player_entries.setdefault(key, []).append(entry.id)
    t.alive += 1
    count_entry(t, entry)
    return entry


def _pot_set(t: FloorRecords, event: HistoryPotSet) -> None:
    fixed = limits.check_amount(event.fixed_rake, "fixed rake")
    house = limits.check_amount(event.house_contribution, "house contribution")
    if fixed > t.prize_contributions + t.pot_adjustment + house:
        raise DomainError(f"a fixed rake of {fixed:,} is more than the pot of "
                          f"{t.prize_contributions + t.pot_adjustment + house:,}")
    t.pot_adjustment += house - fixed
    t.house_total += fixed


def _awarded(t: FloorRecords, event: HistoryAwarded) -> None:
    if t.deal is not None:
        raise DomainError("the prizes have already been awarded")
    awards: dict[int, int] = {}
    for entry_id, amount in event.awards:
        entry = t.entry(entry_id)
        awards[entry.id] = awards.get(entry.id, 0) + limits.check_amount(amount, "prize")
    if not any(not e.busted for e in t.entries.values()) and t.entries:
        raise DomainError("a finished tournament has at least one player not out")
    t.deal = awards
    t.deal_method = DEAL_AWARDED
    t.registration_closed = True
    t.finished = True
    time = event.time
    t.finished_at = time if isinstance(time, str) else None


HANDLERS = (
    (HistoryBought, _bought),
    (HistoryPotSet, _pot_set),
    (HistoryAwarded, _awarded),
)
