"""The lobby: every tournament of the database at a glance, with its state, its level and its players.

``Lobby(session).rows()`` is the one list the console's lobby shows. A tournament open in the session (the one in
front and those left running behind it) is read from its live clock and floor; one not opened this session is read
from its log once and read again only when its log has moved on.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tournament_director.domain.clock.structure import Level

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

NOT_STARTED = "not started"
RUNNING = "running"
PAUSED = "paused"
ON_BREAK = "on break"
FINISHED = "finished"
DAY_ENDED = "day ended"
WAITING = "waiting after a restart"


@dataclass(frozen=True)
class LobbyRow:
    """One tournament as the lobby lists it."""

    tournament_id: int
    name: str
    label: str  # what it is in a festival ("Day 1A", "Satellite to Main Event"); "" when nothing says
    state: str  # NOT_STARTED, RUNNING, PAUSED, ON_BREAK, FINISHED, DAY_ENDED or WAITING
    level: str  # "Level 4 · 200/400", "Break", "" before a structure is loaded
    remaining_seconds: float | None  # the time left in the period, None without a clock
    players_left: int
    entries: int
    in_front: bool  # the tournament the console shows
    open: bool  # open in the session: its clock keeps running behind the one in front


def _day(state: Any) -> Mapping[str, Any] | None:
    """The day of an event of several days the tournament plays, as its floor recorded it (None: a one-day
    tournament)."""
    day = getattr(getattr(state, "floor", None), "day", None)
    return day if isinstance(day, Mapping) else None


def tournament_label(session: DirectorSession) -> str:
    """What the tournament is in a festival, when its settings or its state say it ("" otherwise): a satellite
    names its target ("Satellite to Main Event"), a day of an event of several days its flight or its number
    ("Day 1A", "Day 2")."""
    floor = session.tournament
    target = floor.settings.satellite_target if floor is not None else None
    if target is not None:
        names = {info.id: info.name for info in session.list_tournaments()}
        return f"Satellite to {names.get(target, f'tournament {target}')}"
    day = _day(session.state)
    if day is not None and day.get("festival"):
        return f"Day {day.get('flight') or day.get('day')}"
    return ""


def row_of(session: DirectorSession, tournament_id: int, name: str, *, in_front: bool, open_: bool) -> LobbyRow:
    """The lobby's row of the one tournament ``session`` reads (a session of that tournament)."""
    state = session.state
    floor = session.tournament
    clock = session.clock
    view = clock.view() if clock is not None else None
    figures = session.floor_figures()  # read again only when the tournament's log has moved on
    players_left, entries = (figures.players_left, figures.entries) if figures is not None else (0, 0)
    return LobbyRow(tournament_id, name, tournament_label(session), _state_of(state, floor, view), _level_of(view),
                    view.remaining_seconds if view is not None and view.started else None, players_left, entries,
                    in_front, open_)


def _state_of(state: Any, floor: Any, view: Any) -> str:
    if floor is not None and floor.finished:
        return FINISHED
    day = _day(state)
    if day is not None and day.get("ended") is not None:
        return DAY_ENDED
    if view is None or not view.started:
        return NOT_STARTED
    if view.restart_pending:
        return WAITING
    if not view.running:
        return PAUSED
    return ON_BREAK if view.on_break else RUNNING


def _level_of(view: Any) -> str:
    if view is None:
        return ""
    if view.on_break:
        return view.break_name or "Break"
    level: Level | None = view.level
    if level is None:
        return ""
    return f"Level {level.number} · {level.small_blind:,}/{level.big_blind:,}"


@dataclass(frozen=True)
class PlayerInEvent:
    """Where a player is in one tournament."""

    tournament_id: int
    tournament: str
    label: str
    state: str  # the tournament's, as the lobby says it
    where: str  # "table 2, seat 4", "out, 8th", "registered, not seated"; each entry's, "; " between them


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _where(entry: Any) -> str:
    if entry.busted:
        return f"out, {_ordinal(entry.place)}" if entry.place else "out"
    if entry.table is not None and entry.seat is not None:
        return f"table {entry.table}, seat {entry.seat}"
    return "registered, not seated"


def folded(text: str) -> str:
    """A name as a search compares it: case and accents ignored ("José" is "jose")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


class Lobby:
    """The rows of every tournament of ``session``'s database, and where a player is in them (a player of the
    registry by his number, one entered by name alone by his name); a tournament not open is read from its log and
    read again only when its log moves on."""

    def __init__(self, session: DirectorSession) -> None:
        self._session = session
        self._glanced: dict[int, tuple[int, LobbyRow]] = {}  # tournament -> (its log's last seq, its row)
        # tournament -> (last seq, player -> (his name, where each entry is)); a player is "id:N" or "name:..."
        self._players: dict[int, tuple[int, dict[str, tuple[str, list[str]]]]] = {}

    def player_events(self, player_id: int) -> list[PlayerInEvent]:
        """Every tournament the registry's player ``player_id`` has an entry in, with where each entry is."""
        return self._events_of(f"id:{player_id}", self.rows())

    def named_outside_the_registry(self, text: str) -> list[tuple[str, list[PlayerInEvent]]]:
        """The players entered by name alone (not from the registry) whose name holds every word of ``text`` (case
        and accents ignored), each with the tournaments he is in: (name, events), by name."""
        words = folded(text).split()
        if not words:
            return []
        rows = self.rows()
        keys: dict[str, str] = {}
        for row in rows:
            for key, (name, _where) in self._players_of(row.tournament_id).items():
                if key.startswith("name:") and all(word in folded(name) for word in words):
                    keys.setdefault(key, name)
        return [(name, self._events_of(key, rows)) for key, name in sorted(keys.items(), key=lambda k: folded(k[1]))]

    def _events_of(self, key: str, rows: list[LobbyRow]) -> list[PlayerInEvent]:
        found = []
        for row in rows:
            player = self._players_of(row.tournament_id).get(key)
            if player is not None:
                found.append(PlayerInEvent(row.tournament_id, row.name, row.label, row.state, "; ".join(player[1])))
        return found

    def _players_of(self, tournament_id: int) -> dict[str, tuple[str, list[str]]]:
        session = self._session
        runner = session.following(tournament_id).runner if tournament_id in session.open_tournaments else None
        last_seq = runner.last_seq if runner is not None else session.last_seq_of(tournament_id)
        kept = self._players.get(tournament_id)
        if kept is None or kept[0] != last_seq:
            reading = (session.following(tournament_id) if tournament_id in session.open_tournaments
                       else session.glance(tournament_id))
            floor = reading.tournament
            players: dict[str, tuple[str, list[str]]] = {}
            for entry in sorted(floor.entries() if floor is not None else (), key=lambda e: e.entry_number):
                key = f"id:{entry.player_id}" if entry.player_id is not None else f"name:{folded(entry.name.strip())}"
                players.setdefault(key, (entry.name, []))[1].append(_where(entry))
            kept = self._players[tournament_id] = (last_seq, players)
        return kept[1]

    def rows(self) -> list[LobbyRow]:
        session = self._session
        in_front = session.tournament_id
        opened = set(session.open_tournaments)
        rows = []
        for info in session.list_tournaments():
            if info.id in opened:
                rows.append(row_of(session.following(info.id), info.id, info.name, in_front=info.id == in_front,
                                   open_=True))
                continue
            last_seq = session.last_seq_of(info.id)
            kept = self._glanced.get(info.id)
            if kept is None or kept[0] != last_seq:
                kept = self._glanced[info.id] = (last_seq, row_of(session.glance(info.id), info.id, info.name,
                                                                  in_front=False, open_=False))
            rows.append(kept[1])
        return rows


def running_events(session: DirectorSession) -> list[dict[str, Any]]:
    """The tournaments the room's screens serve: those open in the session whose clock has started and that are not
    over, and the one in front whatever it is (id, name, label, and whether it is the one in front), by name."""
    events = []
    names = {info.id: info.name for info in session.list_tournaments()}
    for tournament_id in session.open_tournaments:
        reading = session.following(tournament_id)
        state = reading.state
        in_front = tournament_id == session.tournament_id
        if state is None or not (in_front or (state.schedule.started and not state.floor.finished)):
            continue
        events.append({"id": tournament_id, "name": names.get(tournament_id, ""), "label": tournament_label(reading),
                       "in_front": in_front})
    return sorted(events, key=lambda event: (str(event["name"]).casefold(), event["id"]))


__all__ = ["DAY_ENDED", "FINISHED", "Lobby", "LobbyRow", "PlayerInEvent", "NOT_STARTED", "folded", "ON_BREAK", "PAUSED", "RUNNING", "WAITING",
           "row_of", "running_events", "tournament_label"]
