"""Remote commands from the director's phone: each is the very service command the console runs, recorded
under the device's name (``CommandRunner.operated_by``), so it lands in the log naming the phone and the
console undoes it like any other event.

Every action is refused with a plain sentence when it does not apply (the clock already paused, a player who
is out, a proposal that changed on the console since the phone showed it); the services' own refusals
(DomainError) are passed on as they are.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tournament_director.domain.errors import DomainError
from tournament_director.services.chip_counts import call_chip_count

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

ACTIONS = ("pause", "resume", "next_level", "previous_level", "add_time", "bust", "check_balance",
           "accept_moves", "reject_moves", "call_chip_count")
MOST_TIME_SECONDS = 30 * 60


class ProposalDesk:
    """Where the balancing or breaking proposal that waits for the director is kept.

    Beside the console, the console's Tables tab is the desk (ui/console/room_display.py adapts it), so the phone and
    the laptop decide on the same proposal; this plain holder serves when no console runs.
    """

    def __init__(self) -> None:
        self._proposal: Any = None

    def current(self) -> Any:
        return self._proposal

    def show(self, proposal: Any) -> None:
        self._proposal = proposal if proposal is not None and not proposal.is_empty else None


def proposal_key(proposal: Any) -> str:
    """A short fingerprint of a proposal, so an accept or reject applies to exactly what the phone showed."""
    text = json.dumps([proposal.kind, [m.to_dict() for m in proposal.moves], list(proposal.broken_tables),
                       [list(b) for b in proposal.buttons]], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def proposal_view(proposal: Any, names: dict[int, str]) -> dict[str, Any] | None:
    """The proposal as the remote page shows it (None when nothing waits)."""
    if proposal is None or proposal.is_empty:
        return None
    titles = {"balance": "Balance the tables", "break": "Break table", "final_table": "Final table redraw"}
    title = titles.get(proposal.kind, proposal.kind)
    if proposal.broken_tables:
        title += " " + ", ".join(map(str, proposal.broken_tables))
    return {
        "key": proposal_key(proposal), "kind": proposal.kind, "title": title, "rules": list(proposal.rules),
        "note": proposal.note,
        "moves": [{"name": names.get(m.entry_id, f"entry {m.entry_id}"), "from_table": m.from_table,
                   "from_seat": m.from_seat, "to_table": m.to_table, "to_seat": m.to_seat,
                   "reason": m.reason} for m in proposal.moves],
    }


def _integer(params: dict[str, Any], name: str) -> int:
    value = params.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(f"{name.replace('_', ' ')} must be a whole number")
    return value


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class RemoteCommands:
    def __init__(self, session: DirectorSession, desk: ProposalDesk | None = None) -> None:
        self._session = session
        self.desk = desk if desk is not None else ProposalDesk()

    def run(self, operator: str, action: object, params: dict[str, Any] | None = None) -> str:
        """Run ``action`` for the device ``operator``; returns what was done, in a sentence for the phone and
        the console. Raises DomainError (nothing recorded) when it does not apply."""
        if action not in ACTIONS:
            raise DomainError(f"{action!r} is not a remote action (one of {', '.join(ACTIONS)})")
        session = self._session
        if session is None or session.runner is None:
            raise DomainError("no tournament is open on the console")
        handler: Callable[[dict[str, Any]], str] = getattr(self, f"_{action}")
        with session.runner.operated_by(operator):
            return handler(dict(params or {}))

    # ----- the clock --------------------------------------------------------------------------------------
    def _clock_view(self) -> Any:
        clock = self._session.clock
        view = clock.view() if clock is not None else None
        if view is None:
            raise DomainError("no blind structure is loaded: load one on the console (Structure tab)")
        if view.restart_pending:
            raise DomainError("the clock was running when the program stopped: choose on the console (Clock tab) "
                              "how it goes on")
        return view

    def _pause(self, _params: dict[str, Any]) -> str:
        view = self._clock_view()
        if not view.started:
            raise DomainError("the clock has not been started yet")
        if not view.running:
            raise DomainError("the clock is already paused")
        self._session.run(self._session.clock.pause)
        return "Clock paused"

    def _resume(self, _params: dict[str, Any]) -> str:
        view = self._clock_view()
        if view.running:
            raise DomainError("the clock is already running")
        started = view.started
        self._session.run(self._session.clock.resume)
        return "Clock resumed" if started else "Clock started"

    def _next_level(self, _params: dict[str, Any]) -> str:
        self._clock_view()
        self._session.run(self._session.clock.next_level)
        return f"Clock moved on to {self._period_name()}"

    def _previous_level(self, _params: dict[str, Any]) -> str:
        self._clock_view()
        self._session.run(self._session.clock.previous_level)
        return f"Clock moved back to {self._period_name()}"

    def _period_name(self) -> str:
        view = self._session.clock.view()
        if view.level is not None:
            return f"level {view.level.number} ({view.level.small_blind:,}/{view.level.big_blind:,})"
        return view.break_name or "the break"

    def _add_time(self, params: dict[str, Any]) -> str:
        seconds = _integer(params, "seconds")
        if seconds == 0 or abs(seconds) > MOST_TIME_SECONDS:
            raise DomainError(f"add or remove between 1 second and {MOST_TIME_SECONDS // 60} minutes")
        self._clock_view()
        self._session.run(self._session.clock.add_time, seconds)
        amount = f"{abs(seconds) // 60} min" if abs(seconds) % 60 == 0 else f"{abs(seconds)} s"
        return f"{amount} {'added to' if seconds > 0 else 'taken off'} the clock"

    # ----- the floor --------------------------------------------------------------------------------------
    def _names(self) -> dict[int, str]:
        return {e.entry_id: e.name for e in self._session.tournament.entries()}

    def _bust(self, params: dict[str, Any]) -> str:
        floor = self._session.tournament
        entry_id = _integer(params, "entry_id")
        eliminators = params.get("eliminated_by", [])
        if not isinstance(eliminators, list) or not all(isinstance(e, int) and not isinstance(e, bool)
                                                        for e in eliminators):
            raise DomainError("eliminated by must be a list of players")
        entries = {e.entry_id: e for e in floor.entries()}
        busted = entries.get(entry_id)
        if busted is None:
            raise DomainError(f"there is no player number {entry_id} in this tournament")
        if busted.busted:
            raise DomainError(f"{busted.name} is already out")
        for eliminator in eliminators:
            other = entries.get(eliminator)
            if eliminator == entry_id:
                raise DomainError(f"{busted.name} cannot eliminate himself")
            if other is None or other.busted:
                raise DomainError("the player who won the pot must still be in the tournament")
        result = self._session.run(floor.bust, entry_id, eliminators)
        self.desk.show(result.proposal)
        out = result.busted[0]
        text = f"{out.name} is out" + (f" in {_ordinal(out.place)} place" if out.place else "")
        if eliminators:
            text += ", eliminated by " + " and ".join(entries[e].name for e in eliminators)
        if result.finished:
            text += ": the tournament is over"
        elif result.proposal.moves:
            count = len(result.proposal.moves)
            text += f"; {count} move{'s' if count != 1 else ''} proposed"
        return text

    def _check_balance(self, _params: dict[str, Any]) -> str:
        proposal = self._session.tournament.propose_moves()
        self.desk.show(proposal)
        if proposal.is_empty:
            return proposal.note or "The tables are balanced: no move needed"
        return f"{len(proposal.moves)} move{'s' if len(proposal.moves) != 1 else ''} proposed"

    def _waiting_proposal(self, params: dict[str, Any]) -> Any:
        proposal = self.desk.current()
        if proposal is None or proposal.is_empty:
            raise DomainError("no proposed moves are waiting (check the balance first)")
        if params.get("proposal") != proposal_key(proposal):
            raise DomainError("the proposed moves changed since your phone showed them: look at them again")
        return proposal

    def _accept_moves(self, params: dict[str, Any]) -> str:
        proposal = self._waiting_proposal(params)
        names = self._names()
        done = self._session.run(self._session.accept_moves, proposal)
        moved = "; ".join(f"{names.get(m.entry_id, m.entry_id)} to table {m.to_table} seat {m.to_seat}"
                          for m in proposal.moves)
        text = f"Moved: {moved}" if moved else "Moves recorded"
        if getattr(done, "next_level", False):
            text += "; the final table starts with the next level (seed 000 E)"
        elif getattr(done, "note", ""):
            text += f"; {done.note}"
        self.desk.show(self._session.tournament.propose_moves())  # breaking one table can leave another to balance
        return text

    def _reject_moves(self, params: dict[str, Any]) -> str:
        self._waiting_proposal(params)
        self.desk.show(None)
        return "Proposed moves rejected: nobody moves"

    def _call_chip_count(self, params: dict[str, Any]) -> str:
        note = params.get("note", "")
        self._session.run(call_chip_count, self._session.runner, note if isinstance(note, str) else "")
        return "Chip count called" + (f": {' '.join(note.split())}" if isinstance(note, str) and note.strip() else "")
