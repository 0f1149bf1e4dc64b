"""Table stations on the room display's server: each table's page and its JSON API, guarded by the table's own
token (printed as a QR code on the table card; the director revokes it from the console and a new code is made).

    GET  /table/<n>?token=T                 the station page (station.html, station.js, station.css)
    POST /api/station/<n>/session           {"code": T}: the page trades the card's code for the tablet's
                                            session, a cookie the page's later requests carry
    GET  /api/station/<n>[?since=S]         the table as its station shows it (docs/table-stations.md);
                                            {"unchanged": true} when nothing happened since sequence S
    POST /api/station/<n>/<action>          hand_done, next_hand, bust, confirm_move, count, call_floor
                                            (a JSON object)

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
    """One random token per table of the selected tournament, made when first asked for and kept in the database
    (``session.station_codes()``), so the table cards stay good after a restart; ``revoke`` replaces it (the old
    code stops). Without a session (or a tournament) the tokens live in memory."""

    def __init__(self, session: DirectorSession | None = None) -> None:
        self._session = session
        self._loaded: tuple[Any, dict[int, str]] | None = None   # (the codes' owner, table -> token)

    def _codes(self) -> tuple[Any, dict[int, str]]:
        store = self._session.station_codes() if self._session is not None else None
        owner = store.tournament_id if store is not None else None
        if self._loaded is None or self._loaded[0] != owner:
            self._loaded = (owner, store.all() if store is not None else {})
        return store, self._loaded[1]

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


def session_cookie_name(table: int) -> str:
    return f"td_station_{table}"


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
    """Answers the station pages' requests for ``RoomServer``; ``on_action(table, action, text)`` tells the
    console what a station did (a floor call raises its alert)."""

    def __init__(self, session: DirectorSession, *,
                 on_action: Callable[[int, str, str, Any], None] = lambda *a: None) -> None:
        self.session = session
        self.tokens = StationTokens(session)
        self._on_action = on_action
        self._views: dict[int, dict[str, Any]] = {}   # table -> its view at the sequence _views_key
        self._views_key: tuple[Any, ...] | None = None
        self._name_of: tuple[Any, str] = (None, "")   # (tournament id, its name)

    def check(self, request: Request, table: int) -> None:
        """Whether the request is table ``table``'s station's: its session cookie, or the code in a header."""
        if "token" in request.query:
            raise AccessRefused("A table's code is not taken in the address: open the station page from the QR code "
                                "on the table card.", 401)
        value = request.headers.get("authorization", "")
        if value.lower().startswith("bearer "):
            self.tokens.check(table, value[7:].strip())
            return
        cookie = cookies(request).get(session_cookie_name(table))
        if cookie is None:
            raise AccessRefused(f"This tablet is not signed in as table {table}'s station: scan the QR code on the "
                                "table card.", 401)
        self.tokens.check_session(table, cookie)

    def open_session(self, request: Request, table: int) -> tuple[dict[str, Any], str]:
        """(answer, Set-Cookie value) of the page trading the card's code for the tablet's session."""
        data = _body(request)
        self.tokens.check(table, data.get("code"))
        cookie = (f"{session_cookie_name(table)}={self.tokens.session_cookie(table)}; Path=/; HttpOnly; "
                  "SameSite=Strict; Max-Age=604800")
        return {"ok": True, "table": table}, cookie

    def url(self, base: str, table: int) -> str:
        """The station page's address for ``table`` on the server at ``base`` (ends with /)."""
        return f"{base}table/{table}?token={self.tokens.token(table)}"

    def handles(self, path: str) -> bool:
        return bool(PAGE_PATH.match(path) or API_PATH.match(path))

    def answer_page(self, request: Request) -> int:
        """The table number of a station page request with the card's code or the tablet's session (AccessRefused
        otherwise)."""
        match = PAGE_PATH.match(request.path)
        assert match is not None
        table = int(match.group(1))
        if request.method not in ("GET", "HEAD"):
            raise AccessRefused("pages are read with GET", 405)
        code = request.query.get("token", [""])[0]
        cookie = cookies(request).get(session_cookie_name(table))
        if code or cookie is None:
            self.tokens.check(table, code)
        else:
            self.tokens.check_session(table, cookie)
        return table

    def answer_api(self, request: Request) -> tuple[int, dict[str, Any]]:
        """(HTTP status, JSON answer) of an API request."""
        match = API_PATH.match(request.path)
        assert match is not None
        table, action = int(match.group(1)), match.group(2)
        self.check(request, table)
        service = self.session.stations if self.session is not None else None
        if service is None:
            return 409, {"ok": False, "error": "No tournament is open on the console."}
        if action is None:
            if request.method not in ("GET", "HEAD"):
                raise AccessRefused("the table is read with GET", 405)
            since = request.query.get("since", [""])[0]
            if since.isdigit() and int(since) == self.session.runner.last_seq:
                return 200, {"ok": True, "unchanged": True, "sequence": int(since)}  # a poll with nothing new
            try:
                return 200, {"ok": True, "station": self.view(table)}
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
            log.exception("station command %r of table %s failed", action, table)
            return 500, {"ok": False, "error": "The console could not complete this: ask the floor before trying "
                                               "again."}
        self._on_action(table, action, text, extra)
        return 200, {"ok": True, "message": text, "station": self.view(table)}

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

    def view(self, table: int) -> dict[str, Any]:
        """The table's view as JSON values: built once for each sequence of the log (the clock, which runs
        between events, is read afresh), so a table read again with nothing recorded costs a look-up."""
        runner = self.session.runner
        key = (id(runner), self.session.tournament_id, runner.last_seq)   # another file, tournament or event
        if key != self._views_key:
            self._views.clear()
            self._views_key = key
            if key[:2] != self._name_of[0]:   # the name is read from the store: once a tournament
                self._name_of = (key[:2], self.session.tournament_name)
        data = self._views.get(table)
        if data is None:
            data = _plain(self.session.stations.view(table))
            data["tournament"] = self._name_of[1]
            self._views[table] = data
        return {**data, "clock": clock_state(self.session)}
