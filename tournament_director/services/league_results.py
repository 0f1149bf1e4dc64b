"""Results of one tournament per player, its summary, and a season's standings with the league's points.

A player's row sums his entries: his place as TD3 reckons it (imports/tdt/places.py: by his last bust, a
re-entry moving him up; players out together share the best place of their block; "together" is one bust group of
the floor, tied as the floor ties it: an imported save has one group per moment; while the tournament is not over
the players still in have no place and the busted ones are placed below them), his prize, his hits (busts he had a
hand in), his rebuys, entries and add-ons. Rebuys and entries are counted as TD3 counts them, the way a league
that switched from TD3 has always seen them: every purchase after his first buy-in is a rebuy, bought while still
in or after a bust (TD3 has no re-entry), and his entries are the buy-in plus the rebuys.

Points come from the league's formula (TD3's language, domain/leagues), for every player with a place. An
imported save keeps the variables TD3's formula would have seen, the points adjustments TD3 adds to them, the hits
as TD3 counts them and the prizes as TD3 worked them out (to the cent, where the floor keeps whole units); a
tournament played here (or one imported unfinished that went on here)
gives the variables its floor knows (``floor_variables``). Standings add the points adjustments of the season.
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Any

from tournament_director.domain.clock.structure import Break, Level
from tournament_director.domain.errors import DomainError
from tournament_director.domain.floor.records import FloorRecords
from tournament_director.domain.floor.standings import group_tiers, standings
from tournament_director.domain.leagues import Formula, compile_formula
from tournament_director.domain.leagues.functions import FormulaFault
from tournament_director.domain.state import TournamentState
from tournament_director.imports.tdt.places import places_from_last_busts
from tournament_director.services.commands import CommandRunner
from tournament_director.store import Store
from tournament_director.store.leagues import SeasonInfo

RESULTS_HEADER = ("place", "name", "prize", "hits", "entries", "rebuys", "addons", "points")


@dataclass(frozen=True)
class PlayerResult:
    player_key: str
    player_id: int | None
    name: str
    place: int | None
    prize: int | Decimal  # Decimal: a prize TD3 worked out to the cent, as it awarded it
    hits: int
    entries: int
    rebuys: int
    addons: int
    paid: int
    points: float | None = None


def _runner(store: Store, tournament_id: int) -> CommandRunner:
    if not isinstance(tournament_id, int) or isinstance(tournament_id, bool) or tournament_id < 1:
        raise DomainError(f"a tournament is given by its number, not {tournament_id!r}")
    return CommandRunner(store, tournament_id, TournamentState)


def money_by_kind(runner: CommandRunner) -> dict[str, dict[str, float]]:
    """What each player (by key) paid for buy-ins, rebuys (TD3 counts re-entries among them) and add-ons, read
    from the log: a purchase brought over says what it cost; one made here costs what the settings ask."""
    floor = runner.state.floor
    settings = floor.settings
    paid: dict[str, dict[str, float]] = {}

    def add(entry_id: Any, kind: str, amount: float) -> None:
        entry = floor.entries.get(entry_id)
        if entry is not None:
            mine = paid.setdefault(entry.player_key, {"buyin": 0.0, "rebuy": 0.0, "addon": 0.0})
            mine[kind] += amount

    for event in runner.history():
        if event.undone or event.event_type.startswith("log."):
            continue
        p = event.payload
        if event.event_type == "history.bought":
            entry = floor.entries.get(p.get("entry_id"))
            kind = {"rebuy": "rebuy", "addon": "addon"}.get(str(p.get("kind")), "buyin")
            if kind == "buyin" and entry is not None and entry.number > 1:
                kind = "rebuy"
            add(p.get("entry_id"), kind, float(p.get("paid_prize", 0)) + float(p.get("paid_house", 0)))
        elif event.event_type in ("entry.registered", "entries.imported"):
            for row in (p.get("entries") or [p]):
                entry = floor.entries.get(row.get("entry_id"))
                try:
                    option = settings.buy_in_option(row.get("option"))
                except DomainError:
                    option = settings.buy_in_option(None)
                add(row.get("entry_id"), "rebuy" if entry is not None and entry.number > 1 else "buyin",
                    float(option.buy_in + option.fee))
        elif event.event_type == "entry.rebuy":
            add(p.get("entry_id"), "rebuy", float(settings.rebuy_price + settings.rebuy_fee))
        elif event.event_type == "entry.addon":
            add(p.get("entry_id"), "addon", float(settings.addon_price + settings.addon_fee))
    return paid


def player_results(floor: FloorRecords) -> list[PlayerResult]:
    """One row per player who bought in, in place order (the players still in, then by name, last)."""
    by_player: dict[str, list[Any]] = {}
    for entry in floor.entries.values():
        by_player.setdefault(entry.player_key, []).append(entry)
    hits: dict[str, int] = {}
    for entry in floor.entries.values():
        for hitman in entry.eliminated_by:
            key = floor.entries[hitman].player_key
            hits[key] = hits.get(key, 0) + 1
    # a player's last bust by the order of the bust groups (an imported save has one group per moment, in time
    # order) and, inside a group, by the floor's own tiers (chips at the start of the hand)
    tier_of = {}
    for index, group in enumerate(floor.bust_groups):
        for rank, tier in enumerate(group_tiers(group)):
            for entry_id in tier:
                tier_of[entry_id] = (index, -rank)
    last: dict[str, Any] = {key: tier_of.get(entries[-1].id) if entries[-1].busted else None
                            for key, entries in by_player.items()}
    places: dict[str, int] = places_from_last_busts(last)
    if not floor.finished:  # the players still in have no place yet; the busted ones are below them
        places = {key: place for key, place in places.items() if last[key] is not None}
    prizes = dict(floor.deal or {})
    if floor.deal is None and floor.finished:
        prizes = {row.entry_id: row.prize for row in standings(floor)}
    rows = []
    for key, entries in by_player.items():
        rebuys = sum(e.rebuys for e in entries) + len(entries) - 1  # TD3's count: re-entries are rebuys
        rows.append(PlayerResult(
            player_key=key, player_id=entries[0].player_id, name=entries[-1].name, place=places.get(key),
            prize=sum(prizes.get(e.id, 0) for e in entries), hits=hits.get(key, 0), entries=1 + rebuys,
            rebuys=rebuys, addons=sum(e.addons for e in entries), paid=sum(e.paid_total for e in entries)))
    rows.sort(key=lambda r: (r.place is None, r.place or 0, r.name.casefold()))
    return rows


def floor_variables(floor: FloorRecords, rows: list[PlayerResult],
                    money: Mapping[str, Mapping[str, float]] | None = None) -> dict[str, dict[str, float | Decimal]]:
    """The TD3 formula variables a floor of this program can give, by player key (finished tournaments);
    ``money`` is what each paid by kind (``money_by_kind``)."""
    n = len(rows)
    money = money or {}
    none = {"buyin": 0.0, "rebuy": 0.0, "addon": 0.0}
    pot = float(floor.prize_pool)
    paid_places = sum(1 for r in rows if r.prize > 0)
    common = {"buyins": n, "pot": pot, "totalRebuys": sum(r.rebuys for r in rows),
              "totalAddOns": sum(r.addons for r in rows), "inTheMoneyRank": paid_places,
              "totalBuyinsAmount": sum(m["buyin"] for m in money.values()),
              "totalRebuysAmount": sum(m["rebuy"] for m in money.values()),
              "totalAddOnsAmount": sum(m["addon"] for m in money.values())}
    out = {}
    for row in rows:
        if row.place is None:
            continue
        mine = money.get(row.player_key, none)
        out[row.player_key] = {**common, "rank": row.place, "position": n + 1 - row.place,
                               "numberOfHits": row.hits, "numberOfRebuys": row.rebuys,
                               "numberOfAddOns": row.addons, "prizeWinnings": row.prize, "totalWinnings": row.prize,
                               "buyinCost": mine["buyin"], "rebuyCost": mine["rebuy"], "addOnCost": mine["addon"],
                               "totalCost": row.paid, "take": row.prize - row.paid, "inTheMoney": int(row.prize > 0)}
    return out


@lru_cache(maxsize=32)
def _compiled(text: str) -> Formula:
    return compile_formula(text)


def _points(formula_text: str | None, variables: Mapping[str, Any] | None, profiles: Mapping[str, Any],
            rake: float) -> float | None:
    if not formula_text or not formula_text.strip() or variables is None:
        return None
    formula = _compiled(formula_text)

    def look_up(kind: str, what: str, name: str | None, rake_name: str | None) -> float:
        listed = profiles.get(kind) or []
        found = next((p for p in listed[1:] if p[0] == name), None) if name else (listed[0] if listed else None)
        if found is None:
            raise FormulaFault(f"there is no {kind} profile named {name!r}" if name else f"there is no {kind} profile")
        return float({"fee": found[1], "rake": found[2], "chips": found[3], "points": found[4]}[what])

    return formula.evaluate(variables, look_up, lambda name: rake)


@dataclass(frozen=True)
class TournamentResults:
    tournament_id: int
    name: str
    finished: bool
    rows: list[PlayerResult]
    note: str = ""


def _as_imported(record: Mapping[str, Any] | None, runner: CommandRunner) -> bool:
    """Whether a tournament still stands as its save brought it in (an unfinished save that went on here, or one
    changed since, is scored by its floor)."""
    if record is None:
        return False
    recorded = record.get("last_seq")
    return recorded is None or recorded == runner.last_seq


def _as_td3_recorded(rows: list[PlayerResult], record: Mapping[str, Any]) -> list[PlayerResult]:
    """The prizes as TD3 worked them out (where the floor keeps them rounded to whole units, and the ones TD3 had
    already awarded in a game saved before its end) and the hits as TD3 counts them (with its hits adjustment)."""
    prizes = record.get("prizes") or {}
    hits = record.get("hits") or {}
    out = []
    for row in rows:
        key = str(row.player_id)
        if key in hits:
            row = replace(row, hits=int(hits[key]))
        if key in prizes:
            exact = Decimal(prizes[key])
            row = replace(row, prize=int(exact) if exact == exact.to_integral_value() else exact)
        out.append(row)
    return out


def _rows(store: Store, tournament_id: int) -> tuple[CommandRunner, list[PlayerResult], dict[str, Any] | None]:
    """The tournament's rows and, while it stands as imported, what its save keeps."""
    runner = _runner(store, tournament_id)
    rows = player_results(runner.state.floor)
    record = store.leagues.import_record(tournament_id)
    if not _as_imported(record, runner):
        return runner, rows, None
    return runner, _as_td3_recorded(rows, record or {}), record


def tournament_results(store: Store, tournament_id: int) -> TournamentResults:
    runner, rows, record = _rows(store, tournament_id)
    state = runner.state
    season = store.leagues.season_of(tournament_id)
    formula = season.formula if season else None
    note = ""
    if formula and any(row.place is not None for row in rows):
        saved = record.get("players") if record else None
        own = floor_variables(state.floor, rows, money_by_kind(runner)) if not saved else {}
        scored = []
        for row in rows:
            variables = (saved or {}).get(str(row.player_id)) if saved else None
            if variables is None and not saved:
                variables = own.get(row.player_key)
            try:
                points = _points(formula, variables, (record or {}).get("profiles", {}), (record or {}).get("rake", 0.0))
                if points is not None and saved:  # TD3 adds a player's points adjustment in the save
                    points += float(((record or {}).get("adjustments") or {}).get(str(row.player_id), 0.0))
            except DomainError as problem:
                points, note = None, f"the league's formula cannot be worked out: {problem.message}"
            scored.append(replace(row, points=points))
        rows = scored
    return TournamentResults(tournament_id, _name(store, tournament_id), state.floor.finished, rows, note)


def _name(store: Store, tournament_id: int) -> str:
    return next((t.name for t in store.list_tournaments() if t.id == tournament_id), f"Tournament {tournament_id}")


def plain_number(value: float | int | Decimal | None) -> str:
    """A number as the exports write it: ``.`` for decimals, no thousands separators, no trailing zeros."""
    if value is None:
        return ""
    number = Decimal(str(value)).quantize(Decimal("0.0001")) if not isinstance(value, int) else Decimal(value)
    text = format(number.normalize(), "f")
    return "0" if text in ("-0", "") else text


def results_csv(results: TournamentResults) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(RESULTS_HEADER)
    for r in results.rows:
        writer.writerow([r.place or "", r.name, plain_number(r.prize), r.hits, r.entries, r.rebuys, r.addons,
                         plain_number(r.points)])
    return out.getvalue()


def tournament_summary(store: Store, tournament_id: int) -> dict[str, Any]:
    runner, rows, _ = _rows(store, tournament_id)
    floor, schedule = runner.state.floor, runner.state.schedule
    periods = schedule.structure.periods if schedule.structure else ()
    season = store.leagues.season_of(tournament_id)
    imported = store.leagues.imported_from(tournament_id)
    prizes = sum(r.prize for r in rows)
    return {
        "players": len(rows), "entries": sum(r.entries for r in rows), "rebuys": sum(r.rebuys for r in rows),
        "addons": sum(r.addons for r in rows), "prize_pool": floor.prize_pool,
        "prizes_total": _json_number(prizes),
        "rounds": sum(1 for p in periods if isinstance(p, Level)),
        "breaks": sum(1 for p in periods if isinstance(p, Break)),
        "title": _name(store, tournament_id),
        "date": (imported[1] if imported and imported[1] else (floor.settings.scheduled_start or "")[:10]) or None,
        "league": season.league if season else None, "season": season.name if season else None,
    }


def _json_number(value: int | Decimal) -> int | float:
    """A sum of prizes for JSON: whole units as an integer, else to the cent."""
    if isinstance(value, int):
        return value
    cents = value.quantize(Decimal("0.01"), ROUND_HALF_UP)
    return int(cents) if cents == cents.to_integral_value() else float(cents)


# --- a season's standings ------------------------------------------------------------------------------
@dataclass
class StandingsLine:
    player_key: str
    player_id: int | None
    name: str
    points: float = 0.0
    events: int = 0
    hits: int = 0
    wins: int = 0
    best_place: int | None = None
    places: list[int] = field(default_factory=list)
    money_won: int | Decimal = 0
    adjustment: float = 0.0


@dataclass(frozen=True)
class SeasonStandings:
    season: SeasonInfo
    lines: list[StandingsLine]
    tournaments: list[tuple[int, str, str | None]]  # (id, name, played on)
    notes: list[str]


def season_standings(store: Store, season_id: int) -> SeasonStandings:
    book = store.leagues
    season = book.season(season_id)
    lines: dict[str, StandingsLine] = {}
    notes: list[str] = []
    played = []
    for t in book.tournaments(season_id):
        results = tournament_results(store, t.tournament_id)
        played.append((t.tournament_id, t.name, t.played_on))
        if results.note:
            notes.append(f"{t.name}: {results.note}")
        for row in results.rows:
            key = f"id:{row.player_id}" if row.player_id is not None else row.player_key
            line = lines.setdefault(key, StandingsLine(key, row.player_id, row.name))
            line.events += 1
            line.hits += row.hits
            line.money_won += row.prize
            line.points += row.points or 0.0
            if row.place is not None:
                line.places.append(row.place)
                line.wins += row.place == 1
                line.best_place = row.place if line.best_place is None else min(line.best_place, row.place)
    for adjustment in book.adjustments(season_id):
        key = f"id:{adjustment.player_id}"
        if key not in lines:
            lines[key] = StandingsLine(key, adjustment.player_id, store.get_player(adjustment.player_id).name)
        lines[key].adjustment += float(adjustment.points)
        lines[key].points += float(adjustment.points)
    ordered = sorted(lines.values(), key=lambda l: (-round(l.points, 6), -l.wins, l.best_place or 10**9,
                                                    l.name.casefold()))
    return SeasonStandings(season, ordered, played, notes)


def player_history(store: Store, player_id: int) -> list[tuple[str, str, PlayerResult]]:
    """(season, tournament, his result) for every tournament of a season he played, oldest first."""
    out = []
    for season in store.leagues.seasons():
        for t in store.leagues.tournaments(season.id):
            for row in tournament_results(store, t.tournament_id).rows:
                if row.player_id == player_id:
                    out.append((f"{season.league} {season.name}", t.name, row))
    return out


STANDINGS_HEADER = ("rank", "name", "points", "events", "hits", "wins", "best", "money_won", "adjustment")


def standings_rows(standings: SeasonStandings) -> list[list[str]]:
    return [[str(i), line.name, plain_number(line.points), str(line.events), str(line.hits), str(line.wins),
             str(line.best_place or ""), plain_number(line.money_won), plain_number(line.adjustment)]
            for i, line in enumerate(standings.lines, start=1)]


def standings_csv(standings: SeasonStandings) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDINGS_HEADER)
    writer.writerows(standings_rows(standings))
    return out.getvalue()


def standings_html(standings: SeasonStandings) -> str:
    title = html.escape(f"{standings.season.league} — {standings.season.name}")
    head = "".join(f"<th>{html.escape(h.replace('_', ' '))}</th>" for h in STANDINGS_HEADER)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                   for row in standings_rows(standings))
    played = "".join(f"<li>{html.escape(name)}{' (' + html.escape(day) + ')' if day else ''}</li>"
                     for _, name, day in standings.tournaments)
    return (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>{title}</title>"
            "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #999;"
            "padding:2px 8px}td:nth-child(n+3){text-align:right}</style></head>"
            f"<body><h1>{title}</h1><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            f"<h2>Tournaments</h2><ul>{played}</ul></body></html>")
