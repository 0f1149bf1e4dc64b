"""What every part of the director's session stands on: the open database, the tournament in front, the
tournaments kept open behind it, the listeners.

``SessionBase`` holds the session's state and its change notification; the parts beside it (session_server.py,
session_history.py, session_tournaments.py) each add one side of ``DirectorSession`` (services/session.py)
over that state, and name here what they ask of each other.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ParamSpec, Self, TypeVar

from tournament_director.domain.errors import DomainError
from tournament_director.services.backups import BackupSchedule
from tournament_director.services.commands import CommandRunner
from tournament_director.services.festival import FestivalService
from tournament_director.services.room_news import RoomNews
from tournament_director.services.server_watch import ServerWatch
from tournament_director.services.wall_clock import WallClockJobs
from tournament_director.store import Store

if TYPE_CHECKING:
    from tournament_director.services.clock import ClockService
    from tournament_director.services.scheduler import WallClockNotice


# A listener receives a topic: "tournaments" (the list changed), "selected" (another tournament is in front),
# "state" (a command, an undo or a redo changed the selected tournament).
Listener = Callable[[str], None]

Answer = TypeVar("Answer")
Params = ParamSpec("Params")


@dataclass
class _OpenTournament:
    """A tournament open in the session: its runner and its area services (made on first use)."""

    runner: CommandRunner
    services: dict[str, Any]


class SessionBase:
    """The session's state: the open store, the tournament in front (its runner and its area services), the
    tournaments open behind it, the listeners told of every change."""

    def __init__(self, store: Store, *, operator: str = "director", rng: random.Random | None = None,
                 monotonic: Callable[[], float] | None = None, wall: Callable[[], datetime] | None = None,
                 hand_for_hand_minutes: float = 2.0) -> None:
        self._store: Store | None = store
        self.operator = operator
        self._rng = rng  # None: the floor service draws from secrets.SystemRandom
        # Time sources for the clock service (tests inject them); None: the service's own defaults.
        self._clock_sources: dict[str, Any] = {k: v for k, v in (("monotonic", monotonic), ("wall", wall)) if v}
        self._wall_now = wall or (lambda: datetime.now(UTC))
        self.hand_for_hand_ms = round(hand_for_hand_minutes * 60_000)  # TDA RP-8: 2 minutes a hand by default
        self._wall_clock = WallClockJobs(self, self._wall_now)
        self._floor_counts: tuple[tuple[int, int], tuple[int, int, int, int]] | None = None
        self._news: dict[str, tuple[Any, RoomNews]] = {}  # by the seating chart wanted
        self._listeners: list[Listener] = []
        self._tournament_id: int | None = None
        self._runner: CommandRunner | None = None
        self._services: dict[str, Any] = {}
        self._backups: BackupSchedule | None = None
        self._feed: Any = None
        self._tournaments_seen: set[int] = set()  # the tournaments this station created, imported or was told of
        self._created_elsewhere: list[Any] = []  # tournaments another station created, not yet told
        self.races_lost = 0  # commands tried again because another station recorded first (a busy room's measure)
        self.server_watch = ServerWatch(self._wall_now)  # a PostgreSQL server that stopped answering
        self._last_read: dict[str, Any] = {}  # what the console showed, shown on while the server is not answering
        self._festival_service: FestivalService | None = None
        # Every tournament opened this session stays open, its clock running behind the one in front: its runner
        # and its area services (the live clock among them), by tournament id.
        self._open: dict[int, _OpenTournament] = {}
        self._following: dict[int, Self] = {}  # a session of one tournament each (``following``)
        self._leader: Self | None = None  # set on such a session: the session that owns the store


    @property
    def _open_runner(self) -> CommandRunner:
        """The selected tournament's runner (commands without one are refused)."""
        if self._runner is None:
            raise DomainError("no tournament is open")
        return self._runner

    @property
    def _db(self) -> Store:
        """The open database (a session's commands and reads after ``close`` are refused)."""
        if self._store is None:
            raise DomainError("the database is closed")
        return self._store

    @property
    def store_is_open(self) -> bool:
        return self._store is not None

    # ----- change notification --------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(topic)`` after every change; returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def notify(self, topic: str = "state") -> None:
        if topic in ("state", "selected"):
            self._wall_clock.reschedule()
        if topic == "tournaments" and self._store is not None:  # this station's own creation or import is known
            self._tournaments_seen = {t.id for t in self._db.list_tournaments()}
        for listener in list(self._listeners):
            listener(topic)

    if TYPE_CHECKING:  # what one part of the session asks of another (DirectorSession has them all)
        @property
        def on_server(self) -> bool: ...  # session_server.py

        @property
        def server_down(self) -> bool: ...

        def _read_while_the_server_answers(self, read: Callable[[], Answer], meanwhile: Answer, *,
                                           remember: str | None = None) -> Answer: ...

        def _said_elsewhere(self, events: list[Any], refusal: str = "") -> str: ...

        def describe_logged(self, event_type: str, payload: Mapping[str, Any]) -> str: ...  # session_history.py

        @property
        def clock(self) -> ClockService | None: ...  # session.py

        def bust_bounties(self, entry_ids: Iterable[int]) -> str: ...

        def handle_wall_clock(self, notice: WallClockNotice) -> str | None: ...

        def _in_both(self, target: Any, step: Callable[[], Answer]) -> Answer: ...
