"""The deal dialog's service: the players left with their chips, the prizes still to be decided, a deal by ICM,
by chip chop (as card rooms do it: the lowest prize left to everyone first, the rest by chips) or as the players
agree (custom), chip counts corrected, and the deal recorded.

A chip correction is the floor's "chips.counted" event (one event for the counts that changed); the deal is
"deal.made", which the domain checks covers every player left once and shares exactly the prizes left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.standings import prizes_by_place
from tournament_director.services.tournament import DealProposal, TournamentService

__all__ = ["DEAL_METHODS", "DealPlayer", "DealService", "DealView"]

DEAL_METHODS = ("icm", "chip_chop", "custom")


@dataclass(frozen=True)
class DealPlayer:
    entry_id: int
    name: str
    chips: int
    share: int


@dataclass(frozen=True)
class DealView:
    method: str
    players: tuple[DealPlayer, ...]
    prizes_left: tuple[int, ...]  # the prizes of places 1 .. players left
    total: int  # the prize money shared
    chips_counted: int
    chips_in_play: int
    problem: str = ""  # why this deal cannot be recorded ('' when it can)

    @property
    def proposal(self) -> DealProposal:
        return DealProposal(self.method, tuple((p.entry_id, p.share) for p in self.players), self.total)


class DealService:
    def __init__(self, floor: TournamentService) -> None:
        self.floor = floor

    @property
    def _t(self) -> Any:
        return self.floor.runner.state.floor

    def _alive(self) -> list[Any]:
        return sorted((e for e in self._t.entries.values() if not e.busted), key=lambda e: (-e.chips, e.id))

    def prizes_left(self) -> tuple[int, ...]:
        alive = len(self._alive())
        prizes = prizes_by_place(self._t)[:alive]
        return tuple(prizes) + (0,) * (alive - len(prizes))

    def propose(self, method: str, custom: Mapping[int, int] | None = None) -> DealView:
        """A deal by ``method``; for "custom" the director's amounts (entry id -> amount), checked like a record."""
        if not isinstance(method, str) or method not in DEAL_METHODS:
            raise DomainError(f"a deal is by ICM, chip chop or custom, not {limits.shown(method)}")
        if custom is not None and not isinstance(custom, Mapping):
            raise DomainError(f"the custom deal is given as entry -> amount, not {limits.shown(custom)}")
        t = self._t
        alive = self._alive()
        prizes = self.prizes_left()
        total = sum(prizes)
        problem = ""
        if t.deal is not None:
            problem = "a deal has already been made"
        elif t.finished:
            problem = "the tournament is over"
        elif len(alive) < 2:
            problem = "a deal needs two players or more"
        shares: dict[int, int] = {}
        if method == "custom":
            # negative shares are this view's problem to show; anything not a whole amount is refused
            shares = {e.id: limits.check_amount((custom or {}).get(e.id, 0), f"share of {e.name}",
                                                minimum=-limits.MAX_AMOUNT) for e in alive}
            shared = sum(shares.values())
            if not problem and any(a < 0 for a in shares.values()):
                problem = "a share cannot be negative"
            elif not problem and shared != total:
                problem = (f"the shares add up to {shared:,}; the prizes left are {total:,} "
                           f"({'give out' if shared < total else 'take back'} {abs(total - shared):,})")
        elif not problem:
            try:
                shares = dict(self.floor.propose_deal(method).shares)
            except DomainError as refusal:
                problem = str(refusal)
        players = tuple(DealPlayer(e.id, e.name, e.chips, shares.get(e.id, 0)) for e in alive)
        return DealView(method, players, prizes, total, sum(e.chips for e in alive), self.floor.chips_in_play,
                        problem)

    def correct_chips(self, counts: Mapping[int, int]) -> Any:
        """Record the counts that differ from the chips on record as one chips.counted event (None: none differ)."""
        if not isinstance(counts, Mapping):
            raise DomainError(f"the chip counts are given as entry -> chips, not {limits.shown(counts)}")
        for chips in counts.values():
            limits.check_amount(chips, "chip count")
        changed = {e: c for e, c in counts.items() if self._t.entry(e).chips != c}
        return self.floor.record_chips(changed) if changed else None

    def record(self, view: DealView) -> Any:
        if not isinstance(view, DealView):
            raise DomainError(f"a deal is recorded from the deal proposed, not {limits.shown(view)}")
        if view.problem:
            raise DomainError(f"this deal cannot be recorded: {view.problem}")
        return self.floor.make_deal(view.proposal)
