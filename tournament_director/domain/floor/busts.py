"""Busts and the finish: eliminations (each hand's busts form one group, the base of the places), the bust
chips and bounties going to the eliminators, and the end when one player is left.

The players busted on one hand are one bust group, so standings.py can place them by their chips at the
start of the hand (seed 004 T 11) or tie them across tables hand-for-hand (TDA RP-8A; WSOP 126b). A bust
with several eliminators splits the chips and the bounty evenly; in a progressive knockout part of the
bounty is paid in cash and the rest goes onto the eliminators' heads.
"""

from __future__ import annotations

from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor import seats
from tournament_director.domain.floor.records import BustGroup, Entry, FloorRecords
from tournament_director.domain.money.payouts import split_evenly
from tournament_director.domain.money.settings import TournamentSettings
from tournament_director.domain.floor.events import EntryBusted


def _busted(t: FloorRecords, event: EntryBusted) -> None:
    plan = plan_busts(t, event.busts)
    h4h = event.hand_for_hand_hand if t.hand_for_hand else None
    eliminate(t, plan, h4h, event.level, event.time)


def plan_busts(t: FloorRecords, busts: Any) -> list[tuple[Entry, list[Entry], int]]:
    """The eliminations of one hand checked against the floor: (entry, eliminators, chips at the start of the
    hand) for ``eliminate``; DomainError naming the problem, nothing changed. Table stations ask this too."""
    if not isinstance(busts, list) or not busts:
        raise DomainError("no player to eliminate")
    ids = [b["entry_id"] for b in busts]
    if len(set(ids)) != len(ids):
        raise DomainError("a player is eliminated twice in one hand")
    if len(ids) >= t.alive:
        raise DomainError(
            f"{len(ids)} eliminations would leave no one: {t.alive} player(s) left; the last one wins"
        )
    plan = []
    for b in busts:
        entry = t.live_entry(b["entry_id"])
        eliminators = [t.live_entry(e) for e in b.get("eliminated_by", [])]
        if any(e.id == entry.id for e in eliminators):
            raise DomainError(f"{entry.name} cannot eliminate himself: name the player who won his chips")
        if any(e.id in ids for e in eliminators):
            raise DomainError(f"{entry.name} cannot be eliminated by a player busted in the same hand")
        if len({e.id for e in eliminators}) != len(eliminators):
            raise DomainError("an eliminator is named twice")
        start = b.get("start_chips", entry.chips)
        limits.check_amount(start, "chips at the start of the hand")
        plan.append((entry, eliminators, start))
    return plan


def eliminate(
    t: FloorRecords, plan: list[tuple[Entry, list[Entry], int]], h4h: int | None, level: Any, time: Any
) -> None:
    """Take the planned (entry, eliminators, chips at the start of the hand) out, as one bust group (or into
    the group of the same hand-for-hand hand)."""
    last = t.bust_groups[-1] if t.bust_groups else None
    if h4h is not None and last is not None and last.hand_for_hand_hand == h4h:
        group = last
    else:
        group = BustGroup([], {}, {}, h4h)
        t.bust_groups.append(group)
    index = len(t.bust_groups) - 1
    for entry, eliminators, start in plan:
        group.entries.append(entry.id)
        group.start_chips[entry.id] = start
        group.tables[entry.id] = entry.table
        if entry.table is not None:
            t.tables[entry.table].in_hand = False  # the hand is over at that table
        _settle_bust_chips(t, entry, eliminators)
        _settle_bounty(t, group, entry, eliminators)
        seats.unsit(t, entry)
        entry.busted = True
        entry.bust_group = index
        entry.eliminated_by = [e.id for e in eliminators]
        entry.bust_level = level if isinstance(level, int) else None
        entry.bust_time = time if isinstance(time, str) else None
        t.alive -= 1
    finish_if_over(t, level, time)


def finish_if_over(t: FloorRecords, level: Any = None, time: Any = None) -> None:
    """Over when one player is left and no one else can still enter; ``time`` (UTC ISO) is when, so the clock
    stops at that moment."""
    s = t.settings
    late_over = (
        isinstance(level, int) and s.late_registration_until_level is not None
        and level > s.late_registration_until_level
    )
    if t.alive == 1 and len(t.entries) >= 2 and not t.finished and (t.registration_closed or late_over):
        _finish(t, time if isinstance(time, str) else None)


def one_left_while_registration_open(t: FloorRecords) -> bool:
    """One player is left, but late registration still lets someone enter: the tournament is not over until
    the director closes registration (TDA 8-A)."""
    return t.alive == 1 and len(t.entries) >= 2 and not t.finished


def _settle_bust_chips(t: FloorRecords, entry: Entry, eliminators: list[Entry]) -> None:
    if eliminators:
        for winner, share in zip(eliminators, split_evenly(entry.chips, len(eliminators))):
            winner.chips += share
    else:
        t.chips_unassigned += entry.chips
    entry.chips = 0


def bounty_shares(settings: TournamentSettings, bounty: int, eliminators: int) -> list[tuple[int, int]]:
    """What each of ``eliminators`` players who knocked out a player with ``bounty`` on his head takes: (cash,
    onto his own head). A fixed bounty is all cash; a progressive one pays ``pko_cash_percent`` of it in cash and
    puts the rest onto the eliminators' heads; several eliminators share each part evenly, the first named taking
    what does not split."""
    if settings.bounty_mode == "progressive":
        cash = bounty * settings.pko_cash_percent // 100
        return list(zip(split_evenly(cash, eliminators), split_evenly(bounty - cash, eliminators)))
    return [(share, 0) for share in split_evenly(bounty, eliminators)]


def _settle_bounty(t: FloorRecords, group: BustGroup, entry: Entry, eliminators: list[Entry]) -> None:
    if entry.bounty == 0:
        return
    t.bounties_on_heads -= entry.bounty
    paid = []
    if not eliminators:
        t.bounty_unclaimed += entry.bounty
    else:
        for winner, (cash, onto_head) in zip(eliminators, bounty_shares(t.settings, entry.bounty, len(eliminators))):
            winner.bounty_won += cash
            winner.bounty += onto_head
            t.bounties_on_heads += onto_head
            paid.append([winner.id, cash, onto_head, winner.bounty])
    group.bounties[entry.id] = [entry.bounty, paid]
    entry.bounty = 0


def _finish(t: FloorRecords, time: str | None) -> None:
    """One player holds all the chips: the tournament is over."""
    found = next(e.id for e in t.entries.search() if not e.busted)
    winner = t.entries[found]
    winner.chips += t.chips_unassigned
    t.chips_unassigned = 0
    winner.bounty_won += winner.bounty  # the winner keeps his own bounty
    t.bounties_on_heads -= winner.bounty
    if t.bust_groups:
        t.bust_groups[-1].winner_kept = winner.bounty
    winner.bounty = 0
    t.finished = True
    t.finished_at = time


HANDLERS = (
    (EntryBusted, _busted),
)
