"""Table stations on the room display's server: each table's page and its JSON API, guarded by the table's own
token (printed as a QR code on the table card; the director revokes it from the console and a new code is made).

    GET  /table/<n>?tournament=ID&token=T   the station page (station.html, station.js, station.css)
    POST /api/station/<n>/session           {"code": T}: the page trades the card's code for the tablet's
                                            session, a cookie the page's later requests carry
    GET  /api/station/<n>[?since=S]         the table as its station shows it (docs/table-stations.md);
                                            {"unchanged": true} when nothing happened since sequence S
    POST /api/station/<n>/<action>          hand_done, next_hand, bust, confirm_move, count, call_floor
                                            (a JSON object)

Every tournament open on the console has its stations, whichever is in front: a card's address names its
tournament (``tournament=ID``, which the page passes on to every request), and without it a code names its own;
a request naming neither is the tournament in front's. A station's reads and commands are its tournament's,
through that tournament's session (``DirectorSession.acting_in``): its undo, its log and its alerts. A tournament
closed on the console or over is refused by name.

The API takes the table's session cookie, or the code itself in ``Authorization: Bearer``; never a code in the
address (it would leak through the browser's history, a photo of the screen and Referer headers). A session
cookie is the table's code's signature of a random value: it holds after the program restarts, as the card does,
and stops with the code when the director replaces it. A token opens its own table only; a request naming another
table is refused. Every command is the station service's (services/stations.py), recorded under the station's
name; a refusal comes back as ``{"ok": false, "error": "..."}`` with nothing recorded.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.web.access import AccessRefused
from tournament_director.web.guard import json_object
from tournament_director.web.http import Request
from tournament_director.web.state import clock_state

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

log = logging.getLogger(__name__)

ACTIONS = ("hand_done", "next_hand", "bust", "confirm_move", "count", "call_floor")
PAGE_PATH = re.compile(r"^/table/(\d{1,4})/?$")
API_PATH = re.compile(r"^/api/station/(\d{1,4})(?:/([a-z_]{1,20}))?$")


def _plain(value: Any) -> Any:
    """A view (frozen dataclasses, tuples) as JSON values; quicker than dataclasses.asdict, which deep-copies
    every value (a hundred stations ask many times a second)."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {name: _plain(v) for name, v in vars(value).items()}
    return value


class StationTokens:
    """One random token per table of a tournament, made when first asked for and kept in the database
    (``session.station_codes(tournament)``), so the table cards stay good after a restart; ``revoke`` replaces it
    (the old code stops). Without a session (or a tournament) the tokens live in memory."""

    def __init__(self, session: DirectorSession | None = None, tournament: int | None = None) -> None:
        self._session = session
        self._tournament = tournament
        self._loaded: dict[int, str] | None = None   # table -> token

    def _codes(self) -> tuple[Any, dict[int, str]]:
        store = self._session.station_codes(self._tournament) if self._session is not None else None
        if self._loaded is None:
            self._loaded = store.all() if store is not None else {}
        return store, self._loaded

    def _make(self, table: int, previous: str | None) -> str:
        store, tokens = self._codes()
        token = secrets.token_urlsafe(12)
        while token == previous:
            token = secrets.token_urlsafe(12)
        if store is not None:
            store.save(table, token)   # saved before it is handed out: a card printed is a card that works
        tokens[table] = token
        return token

    def token(self, table: int) -> str:
        _store, tokens = self._codes()
        return tokens[table] if table in tokens else self._make(table, None)

    def revoke(self, table: int) -> str:
        _store, tokens = self._codes()
        return self._make(table, tokens.get(table))

    def check(self, table: int, token: object) -> None:
        _store, tokens = self._codes()
        known = tokens.get(table)
        if not isinstance(token, str) or known is None or not hmac.compare_digest(token.encode(), known.encode()):
            raise AccessRefused(f"This is not table {table}'s code, or the director has replaced it: scan the QR "
                                "code on the table card again.", 403)

    def session_cookie(self, table: int) -> str:
        """A new session for ``table``'s station: a random value signed with the table's code."""
        nonce = secrets.token_urlsafe(16)
        return f"{nonce}.{self._signature(table, nonce)}"

    def check_session(self, table: int, cookie: str) -> None:
        nonce, _sep, signature = cookie.partition(".")
        if not nonce or not hmac.compare_digest(signature.encode(), self._signature(table, nonce).encode()):
            raise AccessRefused(f"This tablet's session is not table {table}'s, or the director has replaced the "
                                "table's code: scan the QR code on the table card again.", 403)

    def _signature(self, table: int, nonce: str) -> str:
        return hmac.new(self.token(table).encode(), f"{table}:{nonce}".encode(), hashlib.sha256).hexdigest()


def session_cookie_name(table: int, tournament: int | None = None) -> str:
    """The tablet's session cookie of ``table`` of ``tournament`` (two events' table 1 never share one)."""
    return f"td_station_{table}" if tournament is None else f"td_station_{tournament}_{table}"


def cookies(request: Request) -> dict[str, str]:
    found: dict[str, str] = {}
    for part in request.headers.get("cookie", "").split(";"):
        name, sep, value = part.strip().partition("=")
        if sep:
            found[name] = value
    return found


def _body(request: Request) -> dict[str, Any]:
    if request.method != "POST":
        raise AccessRefused("send a station's command as a POST request", 405)
    return json_object(request.body)


class StationRoutes:
    """Answers the station pages' requests for ``RoomServer``; ``on_action(tournament, table, action, text,
    extra)`` tells the console what a station did (a floor call raises its alert)."""

    def __init__(self, session: DirectorSession, *,
                 on_action: Callable[[int, int, str, str, Any], None] = lambda *a: None) -> None:
        self.session = session
        self._tokens: dict[int | None, StationTokens] = {}
        self._on_action = on_action
        self._views: dict[int, tuple[Any, dict[int, dict[str, Any]]]] = {}  # tournament -> (its key, table -> view)
        self._names: dict[int, str] = {}

    @property
    def tokens(self) -> StationTokens:
        """The codes of the tournament in front's tables."""
        return self.tokens_of(self.session.tournament_id if self.session is not None else None)

    def tokens_of(self, tournament: int | None) -> StationTokens:
        """The codes of ``tournament``'s tables (kept in memory once read)."""
        tokens = self._tokens.get(tournament)
        if tokens is None:
            tokens = self._tokens[tournament] = StationTokens(self.session, tournament)
        return tokens

    def tournament_of(self, request: Request, code: object = None) -> int | None:
        """The tournament a station's request is for: the one its address names (``tournament=ID``), else the one
        whose table ``code`` opens, else the one in front."""
        asked = request.query.get("tournament", [""])[-1]
        if asked:
            if not asked.isdigit() or len(asked) > 12:
                raise AccessRefused(f"tournament={limits.shown(asked)} is not a tournament number: scan the QR "
                                    "code on the table card again.", 404)
            return int(asked)
        if isinstance(code, str) and code and self.session is not None:
            owner = self.session.station_code_owner(code)
            if owner is not None:
                return owner[0]
        return self.session.tournament_id if self.session is not None else None

    def check(self, request: Request, table: int) -> int | None:
        """Whether the request is table ``table``'s station's (its session cookie, or the code in a header); returns
        its tournament."""
        if "token" in request.query:
            raise AccessRefused("A table's code is not taken in the address: open the station page from the QR code "
                                "on the table card.", 401)
        value = request.headers.get("authorization", "")
        if value.lower().startswith("bearer "):
            code = value[7:].strip()
            tournament = self.tournament_of(request, code)
            self.tokens_of(tournament).check(table, code)
            return tournament
        tournament = self.tournament_of(request)
        cookie = cookies(request).get(session_cookie_name(table, tournament))
        if cookie is None:
            raise AccessRefused(f"This tablet is not signed in as table {table}'s station: scan the QR code on the "
                                "table card.", 401)
        self.tokens_of(tournament).check_session(table, cookie)
        return tournament

    def acting_in(self, tournament: int | None) -> DirectorSession:
        """The session of the station's tournament; refused by name when the tournament is not open on the console
        (the director opens it from the lobby) or is over."""
        if tournament is None:
            raise AccessRefused("No tournament is open on the console.", 409)
        name = self._name(tournament)
        if tournament not in self.session.open_tournaments:
            raise AccessRefused(f"{name} is not open on the console: the director opens it (Tournament > Lobby) "
                                "and this table's station works again.", 409)
        reading = self.session.acting_in(tournament)
        if reading.state is not None and reading.state.floor.finished:
            raise AccessRefused(f"{name} is over: this table card no longer opens a station.", 410)
        return reading

    def _name(self, tournament: int) -> str:
        if tournament not in self._names:
            names = {info.id: info.name for info in self.session.list_tournaments()}
            if tournament not in names:
                return f"Tournament {tournament}"
            self._names[tournament] = names[tournament]
        return self._names[tournament]

    def open_session(self, request: Request, table: int) -> tuple[dict[str, Any], str]:
        """(answer, Set-Cookie value) of the page trading the card's code for the tablet's session."""
        data = _body(request)
        tournament = self.tournament_of(request, data.get("code"))
        self.tokens_of(tournament).check(table, data.get("code"))
        self.acting_in(tournament)
        cookie = (f"{session_cookie_name(table, tournament)}={self.tokens_of(tournament).session_cookie(table)}; "
                  "Path=/; HttpOnly; SameSite=Strict; Max-Age=604800")
        return {"ok": True, "table": table, "tournament": tournament}, cookie

    def url(self, base: str, table: int, tournament: int | None = None) -> str:
        """The station page's address for ``table`` of ``tournament`` (the one in front by default) on the server
        at ``base`` (ends with /)."""
        tournament = self.session.tournament_id if tournament is None else tournament
        tokens = self.tokens_of(tournament)
        where = f"tournament={tournament}&" if tournament is not None else ""
        return f"{base}table/{table}?{where}token={tokens.token(table)}"

    def handles(self, path: str) -> bool:
        return bool(PAGE_PATH.match(path) or API_PATH.match(path))

    def answer_page(self, request: Request) -> int:
        """The table number of a station page request with the card's code or the tablet's session (AccessRefused
        otherwise, and for a tournament closed on the console or over)."""
        match = PAGE_PATH.match(request.path)
        assert match is not None
        table = int(match.group(1))
        if request.method not in ("GET", "HEAD"):
            raise AccessRefused("pages are read with GET", 405)
        code = request.query.get("token", [""])[0]
        tournament = self.tournament_of(request, code)
        cookie = cookies(request).get(session_cookie_name(table, tournament))
        if code or cookie is None:
            self.tokens_of(tournament).check(table, code)
        else:
            self.tokens_of(tournament).check_session(table, cookie)
        self.acting_in(tournament)
        return table

    def answer_api(self, request: Request) -> tuple[int, dict[str, Any]]:
        """(HTTP status, JSON answer) of an API request."""
        match = API_PATH.match(request.path)
        assert match is not None
        table, action = int(match.group(1)), match.group(2)
        tournament = self.check(request, table)
        reading = self.acting_in(tournament)
        service = reading.stations
        if service is None or tournament is None:
            return 409, {"ok": False, "error": "No tournament is open on the console."}
        if action is None:
            if request.method not in ("GET", "HEAD"):
                raise AccessRefused("the table is read with GET", 405)
            since = request.query.get("since", [""])[0]
            if since.isdigit() and reading.runner is not None and int(since) == reading.runner.last_seq:
                return 200, {"ok": True, "unchanged": True, "sequence": int(since)}  # a poll with nothing new
            try:
                return 200, {"ok": True, "station": self.view(table, tournament)}
            except DomainError as refusal:
                return 409, {"ok": False, "error": f"{str(refusal)[:1].upper()}{str(refusal)[1:]}"}
        if action not in ACTIONS:
            return 404, {"ok": False, "error": f"a station has no command {action!r} (one of {', '.join(ACTIONS)})"}
        data = _body(request)
        if "table" in data and data["table"] != table:
            return 403, {"ok": False, "error": f"table {table}'s station acts on table {table} only, not on table "
                                               f"{data['table']}"}
        try:
            text, extra = self._run(service, table, action, data)
        except DomainError as refusal:
            return 409, {"ok": False, "error": f"Refused: {refusal}"}
        except Exception:  # never a traceback on the tablet: the console's log keeps the details
            log.exception("station command %r of table %s of tournament %s failed", action, table, tournament)
            return 500, {"ok": False, "error": "The console could not complete this: ask the floor before trying "
                                               "again."}
        self._on_action(tournament, table, action, text, extra)
        return 200, {"ok": True, "message": text, "station": self.view(table, tournament)}

    @staticmethod
    def _run(service: Any, table: int, action: str, data: dict[str, Any]) -> tuple[str, Any]:
        if action == "hand_done":
            return service.hand_done(table, data.get("hand")), None
        if action == "next_hand":
            return service.next_hand(table, data.get("hand")), None
        if action == "bust":
            text, proposal, balance = service.bust(table, data.get("hand"), data.get("busted"),
                                                    data.get("winners", []))
            return text, balance
        if action == "confirm_move":
            return service.confirm_move(table, data.get("seat")), None
        if action == "count":
            return service.count_chips(table, data.get("counts"), data.get("occasion", "count")), None
        return service.call_floor(table, data.get("seat"), data.get("note", "")), None

    def view(self, table: int, tournament: int | None = None) -> dict[str, Any]:
        """The table's view (of ``tournament``, the one in front by default) as JSON values: built once for each
        sequence of the tournament's log (the clock, which runs between events, is read afresh), so a table read
        again with nothing recorded costs a look-up."""
        tournament = self.session.tournament_id if tournament is None else tournament
        reading = self.session.acting_in(tournament) if tournament is not None else self.session
        runner = reading.runner
        if runner is None or tournament is None:
            raise DomainError("no tournament is open on the console")
        key = (id(runner), runner.last_seq)   # another file, or another event
        kept = self._views.get(tournament)
        if kept is None or kept[0] != key:
            kept = self._views[tournament] = (key, {})
        data = kept[1].get(table)
        if data is None:
            data = _plain(reading.stations.view(table))
            data["tournament"] = self._name(tournament)
            kept[1][table] = data
        return {**data, "clock": clock_state(reading)}
