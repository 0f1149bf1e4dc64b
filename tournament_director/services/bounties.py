"""The bounties of a knockout tournament as the screens tell them: the bounty on each head (the Players tab and
the table cards read it from the entries), what a bust paid ("Ann Lee takes 25 in cash, bounty now 75"), and for
the room's screens the bounties still in play with the biggest heads.

Nothing here looks at every entry: the floor keeps the bounties on heads as a running figure and follows the
biggest heads through the entries each event changed (domain/floor/bounty_heads.py), and each bust group records
what its busts paid as the domain split them (domain/floor/busts.py: ``bounty_shares``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tournament_director.domain.floor.records import FloorRecords


@dataclass(frozen=True)
class Head:
    """A player still in and the bounty on his head."""

    name: str
    bounty: int
    table: int | None


@dataclass(frozen=True)
class BountyBoard:
    """The bounties of the room: what is still on the heads of the players in, and the biggest heads (a
    progressive knockout only: a fixed bounty is the same on every head)."""

    progressive: bool
    in_play: int
    bounty: int  # on each head at its entry
    biggest: tuple[Head, ...]


def bounty_board(floor: FloorRecords) -> BountyBoard | None:
    """The bounties in play and the biggest heads; None in a tournament without bounties."""
    s = floor.settings
    if s.bounty_mode == "none":
        return None
    progressive = s.bounty_mode == "progressive"
    heads = floor.biggest_heads() if progressive and not floor.finished else []
    return BountyBoard(progressive, floor.bounties_on_heads, s.bounty,
                       tuple(Head(e.name, e.bounty, e.table) for e in heads))


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def bust_bounties_text(floor: FloorRecords, entry_ids: Iterable[int]) -> str:
    """What the busts of ``entry_ids`` (out on one hand, as recorded) paid in bounties, each eliminator once:
    "Ann Lee takes 25 in cash, bounty now 75" in a progressive knockout, "Ann Lee takes 50 bounty"
    with a fixed bounty; a bust nobody is named for leaves its bounty unclaimed; the end adds the bounty the winner
    keeps. Empty without bounties, or when nothing is recorded for them (a bust undone since)."""
    t = floor
    if t.settings.bounty_mode == "none":
        return ""
    progressive = t.settings.bounty_mode == "progressive"
    taken: dict[int, list[int]] = {}  # eliminator -> [cash, his bounty after], in the order named
    unclaimed: list[str] = []
    groups = set()
    for entry_id in entry_ids:
        entry = t.entries.get(entry_id)
        if entry is None or not entry.busted or entry.bust_group is None:
            continue
        groups.add(entry.bust_group)
        record = t.bust_groups[entry.bust_group].bounties.get(entry_id)
        if record is None:
            continue
        bounty, paid = record
        if not paid:
            unclaimed.append(f"the bounty of {bounty:,} on {entry.name} goes unclaimed")
        for eliminator, cash, _onto_head, after in paid:
            share = taken.setdefault(eliminator, [0, 0])
            share[0] += cash
            share[1] = after
    last = len(t.bust_groups) - 1
    kept = t.bust_groups[last].winner_kept if t.finished and last in groups else 0
    winner = next((e for e in taken if not t.entries[e].busted), None) if kept else None
    parts = []
    for eliminator, (cash, after) in taken.items():
        name = t.entries[eliminator].name
        took = f"{name} takes {cash:,} bounty" if not progressive else f"{name} takes {cash:,} in cash" if cash else ""
        if eliminator == winner:
            also = f"{took}, and as the winner also" if took else f"{name}, the winner, takes"
            parts.append(f"{also} the bounty of {kept:,} on the winner's own head")
        elif not progressive:
            parts.append(took)
        else:
            parts.append(f"{took}, bounty now {after:,}" if took else f"{name}'s bounty now {after:,}")
    parts += unclaimed
    if kept and winner is None:  # the last bust named nobody: the winner is found once, at the end
        name = next(e for e in t.entries.values() if not e.busted).name
        parts.append(f"{name}, the winner, keeps the bounty of {kept:,} on the winner's own head")
    return "; ".join(parts)


__all__ = ["BountyBoard", "Head", "bounty_board", "bust_bounties_text"]
