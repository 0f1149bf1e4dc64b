"""The player registry as CSV (``name,nickname,contact``): exported whole, imported with duplicates merged.

A row whose name (folded as the registry's duplicate check folds it: case, accents and punctuation ignored) is
a registered player's name or nickname is merged into that player: his nickname and contact are filled in where
he has none, nothing he has is overwritten. Rows repeating a name of the same file are merged the same way. The
whole file is checked before anything is written, and written in one transaction.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.domain.reading import decode_text
from tournament_director.store import Store
from tournament_director.store import leagues as rows_of
from tournament_director.store.names import name_key

HEADER = ("name", "nickname", "contact")
MAX_ROWS = 100_000


@dataclass(frozen=True)
class RegistryImport:
    added: int
    merged: int
    players: tuple[tuple[str, int], ...] = ()  # each player of the file once, (registered name, registry number)


@dataclass(frozen=True)
class BuyInList:
    """The players of a file to buy into the tournament, and those it refuses: already entered in it."""

    to_buy_in: tuple[tuple[str, int], ...]
    already_in: tuple[str, ...]


def buy_in_list(players: Sequence[tuple[str, int]], entries: Iterable[Any]) -> BuyInList:
    """``players`` (name, registry number) against the tournament's ``entries`` (EntryViews): a player with an
    entry already, by his registry number or by his name, is not bought in again (a re-entry is the desk's
    decision, on the Players tab)."""
    ids = set()
    names = set()
    for entry in entries:
        if entry.player_id is not None:
            ids.add(entry.player_id)
        names.add(name_key(entry.name))
    fresh: list[tuple[str, int]] = []
    refused: list[tuple[str, int]] = []
    for name, player_id in players:
        (refused if player_id in ids or name_key(name) in names else fresh).append((name, player_id))
    return BuyInList(tuple(fresh), tuple(name for name, _ in refused))


def export_players_csv(store: Store) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for player in store.all_players():
        writer.writerow([player.name, player.nickname or "", player.contact or ""])
    return out.getvalue()


def _rows(data: bytes, source: str) -> list[tuple[str, str | None, str | None]]:
    text_ = decode_text(data, file=source)
    reader = csv.reader(io.StringIO(text_))
    header = [h.strip().lower() for h in next(reader, [])]
    if "name" not in header:
        raise DomainError(f"{source}: the first row names the columns and needs 'name' (name,nickname,contact)")
    unknown = [h for h in header if h and h not in HEADER]
    if unknown:
        raise DomainError(f"{source}: unknown column(s) {', '.join(unknown)}; the columns are name, nickname, contact")
    out: list[tuple[str, str | None, str | None]] = []
    for number, row in enumerate(reader, start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(out) >= MAX_ROWS:
            raise DomainError(f"{source}: more than {MAX_ROWS:,} players")
        if len(row) > len(header):
            raise DomainError(f"{source}: row {number} has {len(row)} cells; the header names {len(header)}")
        cells = dict(zip(header, (c.strip() for c in row)))
        name = cells.get("name", "")
        if not name:
            raise DomainError(f"{source}: row {number} has no name")
        try:
            limits.check_name(name, "player name")
            nickname = limits.check_name(cells.get("nickname", ""), "nickname", allow_empty=True) or None
            contact = limits.check_name(cells.get("contact", ""), "contact", allow_empty=True) or None
        except DomainError as problem:
            raise DomainError(f"{source}: row {number}: {problem.message}") from None
        out.append((name, nickname, contact))
    return out


def check_players_csv(data: bytes, source: str = "the file") -> int:
    """The number of players the file lists, or the refusal ``import_players_csv`` would give."""
    return len(_rows(data, source))


def import_players_csv(store: Store, data: bytes, source: str = "the file") -> RegistryImport:
    rows = _rows(data, source)
    added = merged = 0
    players: dict[int, str] = {}  # each player once, in the file's order
    with store.transaction() as c:
        by_key = rows_of.players_by_key(c)
        for name, nickname, contact in rows:
            found = by_key.get(name_key(name))
            if found:
                player_id = found[0]
                rows_of.fill_player_details(c, player_id, nickname, contact)
                merged += 1
                players.setdefault(player_id, name)
                continue
            info = rows_of.insert_player(c, name, nickname, contact)
            by_key.setdefault(name_key(name), []).append(info.id)
            if nickname and name_key(nickname) != name_key(name):
                by_key.setdefault(name_key(nickname), []).append(info.id)
            added += 1
            players[info.id] = info.name
    registered = {player.id: player.name for player in store.all_players() if player.id in players}
    return RegistryImport(added, merged, tuple((registered.get(i, name), i) for i, name in players.items()))
