"""The room state: one plain JSON object with everything the room's screens show, read from the services.

``/api/state`` returns it and every WebSocket push carries it; docs/room-display.md describes each field.
Nothing here computes a rule: the clock, the figures, the places and the prizes come from the clock and floor
services. Times left are given in milliseconds at ``as_of`` with a ``running`` flag, so a page counts down by
itself between pushes. No contact details are ever part of it: players appear by the name they entered under.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from tournament_director.services.bounties import bounty_board
from tournament_director.services.chip_counts import latest_call
from tournament_director.services.screen_layouts import chosen_layout
from tournament_director.services.screen_tokens import screen_state
from tournament_director.web.room_lists import RoomLists, player_key, result_item, result_key

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

FORMAT = "tournament-director/room-state"
VERSION = 1
MOVES_KEPT = 20


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _ms(seconds: float | None) -> int | None:
    return None if seconds is None else max(0, round(seconds * 1000))


def _period(period: Any) -> dict[str, Any] | None:
    if period is None:
        return None
    if hasattr(period, "small_blind"):
        return {
            "kind": "level", "number": period.number, "small_blind": period.small_blind,
            "big_blind": period.big_blind, "ante": period.ante, "big_blind_ante": period.big_blind_ante,
            "betting": period.betting, "small_bet": period.small_bet, "big_bet": period.big_bet,
            "duration_seconds": period.duration_seconds,
        }
    return {"kind": "break", "name": period.name or "Break", "duration_seconds": period.duration_seconds}


class MoveMemory:
    """The seats seen at the previous state, so that a move shows on the pages when it happens.

    A player whose table or seat changed since the last look has moved (a balancing or breaking move, a
    final-table redraw, a manual move, or an undo putting him back); the newest ``MOVES_KEPT`` moves are kept.
    """

    def __init__(self) -> None:
        self._tournament: int | None = None
        self._forget()

    def _forget(self) -> None:
        self._seats: dict[int, tuple[int, int]] = {}
        self._moves: deque[dict[str, Any]] = deque(maxlen=MOVES_KEPT)
        self._last_move: dict[int, dict[str, Any]] = {}

    def observe(self, tournament_id: int | None, players: Iterable[Any], at: str) -> None:
        if tournament_id != self._tournament:
            self._forget()  # another tournament: nothing it did was a move of this one
            self._tournament = tournament_id
        seats: dict[int, tuple[int, int]] = {}
        for player in players:
            if player.table is None or player.seat is None:
                continue
            now = (player.table, player.seat)
            seats[player.entry_id] = now
            before = self._seats.get(player.entry_id)
            if before is not None and before != now:
                move = {"entry_id": player.entry_id, "name": player.name, "from_table": before[0],
                        "from_seat": before[1], "to_table": now[0], "to_seat": now[1], "at": at}
                self._moves.appendleft(move)
                self._last_move[player.entry_id] = move
        for gone in set(self._last_move) - set(seats):
            del self._last_move[gone]
        self._seats = seats

    def observe_changed(self, entries: Iterable[Any], at: str) -> None:
        """``observe`` of the entries a change touched only (in the order ``observe`` meets them): the others
        kept their seats."""
        for entry in entries:
            if entry.busted or entry.table is None or entry.seat is None:
                self._seats.pop(entry.entry_id, None)
                self._last_move.pop(entry.entry_id, None)
                continue
            now = (entry.table, entry.seat)
            before = self._seats.get(entry.entry_id)
            if before is not None and before != now:
                move = {"entry_id": entry.entry_id, "name": entry.name, "from_table": before[0],
                        "from_seat": before[1], "to_table": now[0], "to_seat": now[1], "at": at}
                self._moves.appendleft(move)
                self._last_move[entry.entry_id] = move
            self._seats[entry.entry_id] = now

    def last_move(self, entry_id: int) -> dict[str, Any] | None:
        move = self._last_move.get(entry_id)
        if move is None:
            return None
        return {"from_table": move["from_table"], "from_seat": move["from_seat"], "at": move["at"]}

    def recent(self) -> list[dict[str, Any]]:
        return [{k: v for k, v in move.items() if k != "entry_id"} for move in self._moves]


class RoomMemory(MoveMemory):
    """What the room server keeps between two states: the seats seen (``MoveMemory``), and the parts of the state
    that only a change of the tournament changes (the players, the results, the figures, the prizes, the moves,
    the bounties, the notices), with the change they were read at and as JSON text.

    At 100,000 entries those parts are most of the work and of the text (every player sorted, the full results):
    read once per change, each page joining until the next change takes them as they are, and only the clock and
    the screen are read again for it. The players and the results are kept from one change to the next
    (``RoomLists``): a change brings them up to date from the entries it touched, their text written again for
    those entries only."""

    def __init__(self) -> None:
        super().__init__()
        self.change: tuple[Any, ...] | None = None
        self.parts: dict[str, Any] = {}
        self.lists = RoomLists()
        self._lists_kept = False
        self._parts_text: str | None = None
        self._parts_bytes: bytes | None = None

    def keep(self, change: tuple[Any, ...], parts: dict[str, Any], lists_kept: bool = False) -> None:
        """``lists_kept``: the parts' players and results are the lists' (their text is the lists' text)."""
        self.change, self.parts, self._parts_text, self._parts_bytes = change, parts, None, None
        self._lists_kept = lists_kept

    def parts_text(self) -> str:
        """The kept parts as the members of a JSON object (no braces), written once, in ASCII (an accented name as
        ``\\u00e9``): megabytes of ASCII text are joined to the page's own part and handed to Qt faster than the
        same text with one accent in it. The players and the results are the lists' texts as they are kept."""
        if self._parts_text is None:
            kept = {"players": self.lists.players, "results": self.lists.results} if self._lists_kept else {}
            self._parts_text = ",".join(
                f"{json.dumps(key)}:{kept[key].text() if key in kept else json.dumps(value, separators=(',', ':'))}"
                for key, value in self.parts.items())
        return self._parts_text

    def parts_bytes(self) -> bytes:
        """``parts_text`` as the bytes a page is sent (ASCII is UTF-8), encoded once per change."""
        if self._parts_bytes is None:
            self._parts_bytes = self.parts_text().encode("ascii")
        return self._parts_bytes


def _change(session: DirectorSession) -> tuple[Any, ...]:
    """What a change of the tournament changes: the tournament, the runner folding it and its log's last row."""
    runner = session.runner
    return session.tournament_id, id(runner), runner.last_seq


def clock_state(session: DirectorSession) -> dict[str, Any] | None:
    clock = session.clock
    view = clock.view() if clock is not None else None
    if view is None:
        return None
    level = view.level
    return {
        "started": view.started,
        "running": view.running,
        "on_break": view.on_break,
        "restart_pending": view.restart_pending,
        "period_index": view.period_index,
        "remaining_ms": view.remaining_ms,
        "level": _period(level),
        "break_name": (view.break_name or "Break") if view.on_break else "",
        "next": _period(view.next_level),
        "ms_to_break": _ms(view.seconds_to_break),
        "starts_in_ms": _ms(session.seconds_to_start()),
        "notice": view.notice,
    }


def bounties_state(floor: Any) -> dict[str, Any] | None:
    """The bounties in play and the biggest heads (a progressive knockout); None without bounties."""
    board = bounty_board(floor)
    if board is None:
        return None
    return {
        "progressive": board.progressive, "in_play": board.in_play, "bounty": board.bounty,
        "biggest": [{"name": head.name, "bounty": head.bounty, "table": head.table} for head in board.biggest],
    }


def build_room_state(session: DirectorSession, memory: MoveMemory, wall: datetime | None = None) -> dict[str, Any]:
    """The room state of the tournament in front of the director (``tournament`` null when none is open)."""
    as_of = _iso(wall or datetime.now(UTC))
    state: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "as_of": as_of, "sequence": None, "tournament": None,
        "clock": None, "figures": None, "payouts": [], "players": [], "results": [], "moves": [],
        "notices": {"hand_for_hand": False, "final_table": False, "finished": False, "chip_count": None},
        "bounties": None, "screen": None,
    }
    floor = session.tournament if session is not None else None
    if floor is None:
        return state
    runner = session.runner
    state["sequence"] = runner.last_seq
    state["tournament"] = {"id": session.tournament_id, "name": session.tournament_name}
    state["clock"] = clock_state(session)
    change = _change(session)
    if isinstance(memory, RoomMemory) and memory.change == change:
        state.update(memory.parts)
    elif isinstance(memory, RoomMemory):
        if memory.change is not None and memory.change[0] == change[0] and memory.lists.follow(
                floor, runner.state.floor, memory, as_of):
            parts = _parts_from_the_lists(session, floor, memory)
        else:
            parts = _parts_of_the_change(session, floor, memory, as_of)
        memory.keep(change, parts, lists_kept=True)
        state.update(parts)
    else:
        state.update(_parts_of_the_change(session, floor, memory, as_of))
    layout = chosen_layout(session)  # the tournament's screen layout: the TV page draws it as the projector does
    state["screen"] = screen_state(session, layout) if layout is not None else None
    return state


def room_state_text(session: DirectorSession, memory: RoomMemory, wall: datetime | None = None,
                    extra: dict[str, Any] | None = None) -> str:
    """``build_room_state`` (with ``extra`` added) as compact JSON: the parts kept for the change written once,
    the rest (the clock, the screen) written for this page."""
    own, kept = _own_part(session, memory, wall, extra)
    return own + memory.parts_text() + "}" if kept else own


def room_state_message(session: DirectorSession, memory: RoomMemory, wall: datetime | None = None,
                       extra: dict[str, Any] | None = None) -> tuple[bytes, ...]:
    """``room_state_text`` as the UTF-8 bytes of a WebSocket message, in pieces to be sent one after the other: the
    page's own part, then the kept parts' bytes as they were encoded once for the change (the same object for every
    page until the next change), then the closing brace; or the whole state alone."""
    own, kept = _own_part(session, memory, wall, extra)
    return (own.encode(), memory.parts_bytes(), b"}") if kept else (own.encode(),)


def _own_part(session: DirectorSession, memory: RoomMemory, wall: datetime | None,
              extra: dict[str, Any] | None) -> tuple[str, bool]:
    """The state's JSON up to the kept parts (its opening brace and members and a comma) and True; or, when the
    parts kept are not this state's, the whole state's JSON and False."""
    state = {**build_room_state(session, memory, wall), **(extra or {})}
    if not memory.parts or any(state.get(key) is not value for key, value in memory.parts.items()):
        return json.dumps(state, ensure_ascii=False, separators=(",", ":")), False
    own = json.dumps({key: value for key, value in state.items() if key not in memory.parts}, separators=(",", ":"))
    return own[:-1] + ",", True


def _parts_of_the_change(session: DirectorSession, floor: Any, memory: MoveMemory, as_of: str) -> dict[str, Any]:
    """The parts of the room state that only a change of the tournament changes, read whole (kept in the
    memory's lists when it is a ``RoomMemory``)."""
    mark, _ = floor.entries_since(None)
    entries = floor.entries()
    live = [e for e in entries if not e.busted]
    memory.observe(session.tournament_id, live, as_of)
    players = [(player_key(e), e.entry_id, {"id": e.entry_id, "name": e.name, "table": e.table, "seat": e.seat,
                                            "moved": memory.last_move(e.entry_id)})
               for e in sorted(live, key=player_key)]
    results = [(result_key(r), r.entry_id, result_item(r)) for r in sorted(floor.results(), key=result_key)]
    tables_in_play = len({e.table for e in live if e.table is not None})
    pool = floor.prize_pool()
    if isinstance(memory, RoomMemory):
        memory.lists.rebuild(mark, players, results, live, tuple(pool.prizes))
    return _in_order([item for _, _, item in players], [item for _, _, item in results], memory,
                     _the_figures_and_notices(session, floor, pool, tables_in_play))


def _parts_from_the_lists(session: DirectorSession, floor: Any, memory: RoomMemory) -> dict[str, Any]:
    """The parts of the room state with the players and the results as the memory's lists keep them."""
    lists = memory.lists
    return _in_order(lists.players.items(), lists.results.items(), memory,
                     _the_figures_and_notices(session, floor, floor.prize_pool(), len(lists.tables)))


def _in_order(players: list[Any], results: list[Any], memory: MoveMemory, rest: dict[str, Any]) -> dict[str, Any]:
    return {"players": players, "moves": memory.recent(), "figures": rest["figures"], "payouts": rest["payouts"],
            "results": results, "bounties": rest["bounties"], "notices": rest["notices"]}


def _the_figures_and_notices(session: DirectorSession, floor: Any, pool: Any, tables_in_play: int) -> dict[str, Any]:
    """The figures, the payouts, the bounties and the notices."""
    state: dict[str, Any] = {}
    runner = session.runner
    figures = session.floor_figures()
    state["figures"] = {
        "players_left": figures.players_left, "entries": figures.entries, "average_stack": figures.average_stack,
        "chips_in_play": figures.chips_in_play, "prize_pool": figures.prize_pool, "tables": tables_in_play,
    }
    state["payouts"] = [{"place": place, "amount": amount} for place, amount in enumerate(pool.prizes, start=1)
                        if amount > 0]
    state["bounties"] = bounties_state(runner.state.floor)
    call = latest_call(runner)
    finished = floor.finished
    state["notices"] = {
        "hand_for_hand": bool(getattr(runner.state.floor, "hand_for_hand", False)) and not finished,
        "final_table": tables_in_play == 1 and figures.players_left >= 2 and not finished,
        "finished": finished,
        "chip_count": None if call is None else {"called_at": _iso(call.time), "note": call.note},
    }
    return state
