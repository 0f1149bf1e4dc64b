"""Switching from The Tournament Director 3: a ``.tdt`` save becomes a tournament of this program.

``import_file(store, path)`` reads the save (imports/tdt), matches its players to the registry (by TD3 UUID, then
by name folded as the registry's duplicate check folds it), turns it into this program's events (``events``) and
writes everything in ONE transaction: the new players, their TD3 ids, the tournament and its events, its league
and season, and what the save gives each player for the league's points formula. Any refusal leaves the
database as it was. ``import_files`` imports several (a season folder), one transaction each, and reports what
came in and what was refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tournament_director.domain.clock.events import StructureReplaced
from tournament_director.domain.errors import DomainError
from tournament_director.domain.events import Event
from tournament_director.domain.floor.events import TablesAdded, TournamentConfigured
from tournament_director.domain.state import TournamentState
from tournament_director.imports.tdt import (
    Status, TdtError, TdtTournament, formula_variables, hits_of, money_totals, prize_shares, read_tdt,
)
from tournament_director.services.commands import CommandRunner
from tournament_director.services.tdt_import.events import history_events, settings_for, structure_for
from tournament_director.store import Store
from tournament_director.store import leagues as league_rows
from tournament_director.store.draft import TournamentDraft
from tournament_director.store.names import name_key, names_look_alike
from tournament_director.store.store import insert_tournament

PROGRAM = "td3"
SEATS_PER_TABLE = 10


@dataclass(frozen=True)
class ImportReport:
    """What one save brought in."""

    tournament_id: int
    source: str
    title: str
    status: str  # "finished", "in progress", "not started"
    players: int
    entries: int  # buy-ins and rebuys, as TD3 counts them
    new_players: int
    matched_players: int
    league: str | None
    season: str | None
    warnings: tuple[str, ...]


@dataclass
class BatchReport:
    imported: list[ImportReport] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)  # (file, the refusal)
    cancelled: bool = False


def import_file(store: Store, path: str | Path, operator: str = "director") -> ImportReport:
    """Import one save; ``TdtError`` (a ``DomainError``) naming the file and the problem, nothing written."""
    return import_save(store, read_tdt(path), operator)


def import_files(store: Store, paths: Iterable[str | Path], operator: str = "director",
                 progress: Callable[[int, int, str], bool] | None = None) -> BatchReport:
    """Import each file in its own transaction; ``progress(done, total, file)`` returning False stops."""
    files = [Path(p) for p in paths]
    report = BatchReport()
    for done, file in enumerate(files):
        if progress is not None and progress(done, len(files), file.name) is False:
            report.cancelled = True
            break
        try:
            report.imported.append(import_file(store, file, operator))
        except DomainError as refusal:
            problem = refusal.message
            report.refused.append((file.name, problem[len(file.name) + 2:] if problem.startswith(f"{file.name}: ")
                                   else problem))
    if progress is not None and not report.cancelled:
        progress(len(files), len(files), "")
    return report


def saves_in(folder: str | Path) -> list[Path]:
    """The ``.tdt`` files of a folder (a season), in name order."""
    return sorted(p for p in Path(folder).iterdir() if p.is_file() and p.suffix.lower() == ".tdt")


def _contact(save_player: Any) -> str | None:
    c = save_player.contact
    parts = [x.strip() for x in (c.email, c.phone, c.email2, c.phone2) if x.strip()]
    return ", ".join(parts)[:200] or None


def _match_players(connection: Any, save: TdtTournament, warnings: list[str]) -> tuple[dict[str, int], int, int]:
    """TD3 UUID -> registry id for every entrant, adding the ones the registry does not know."""
    by_key = league_rows.players_by_key(connection)
    by_words: dict[str, list[int]] = {}
    for key, pids in by_key.items():
        by_words.setdefault(" ".join(sorted(key.split())), []).extend(pids)
    ids: dict[str, int] = {}
    used: set[int] = set()
    new = matched = 0
    for player in save.entrants:
        key = name_key(player.name)
        found = league_rows.player_by_external_id(connection, PROGRAM, player.uuid)
        if found is None or found in used:
            # the registry's duplicate check: the same name folded, or its words in another order
            candidates = [pid for pid in by_key.get(key, []) or by_words.get(" ".join(sorted(key.split())), [])
                          if pid not in used]
            found = candidates[0] if candidates else None
            if len(candidates) > 1:
                warnings.append(f"{player.name} matches {len(candidates)} registered players; the oldest is used")
        if found is None:
            similar = [k for k in by_key if names_look_alike(key, k)]
            if similar:  # a typo apart: perhaps the same person, for the director to merge
                warnings.append(f"{player.name} is added to the registry; it has a similar name already "
                                f"({', '.join(sorted(similar)[:3])})")
            info = league_rows.insert_player(connection, player.name, player.nickname.strip() or None,
                                             _contact(player), player.contact.notes.strip()[:2000] or None)
            found = info.id
            by_key.setdefault(key, []).append(found)
            by_words.setdefault(" ".join(sorted(key.split())), []).append(found)
            new += 1
        else:
            matched += 1
        league_rows.link_external_id(connection, PROGRAM, player.uuid, found)
        used.add(found)
        ids[player.uuid] = found
    return ids, new, matched


def _formula_record(save: TdtTournament, player_ids: dict[str, int], last_seq: int) -> dict[str, Any]:
    """What the league's formula needs later: each placed player's TD3 variables (in a game stopped before its
    end, the busted ones), the save's fee profiles, each player's prize as TD3 worked it out (to the cent, where
    this program keeps whole units), his hits as TD3 counts them (his hits adjustment and hitmen this program could
    not place in the pot included), his points adjustment (added to his points in this tournament, as TD3 adds
    it) and the last event the import recorded (a game that goes on here is scored by what happens here)."""
    variables = formula_variables(save)
    money = save.financials
    profiles = {kind: [[p.name, float(p.fee), float(p.rake), p.chips, float(p.points)]
                       for p in ([rules.profiles[rules.default_profile]] if rules.profiles else []) + list(rules.profiles)]
                for kind, rules in (("buyin", money.buy_ins), ("rebuy", money.rebuys), ("addon", money.add_ons))}
    return {"players": {str(player_ids[uuid]): {k: float(v) for k, v in values.items()}
                        for uuid, values in variables.items()},
            "profiles": profiles, "rake": float(money_totals(save).rake),
            "prizes": {str(player_ids[uuid]): str(share) for uuid, share in prize_shares(save).items()
                       if uuid in player_ids},
            "hits": {str(player_ids[p.uuid]): hits_of(save, p) for p in save.entrants},
            "adjustments": {str(player_ids[p.uuid]): float(p.points_adjustment) for p in save.entrants
                            if p.points_adjustment},
            "last_seq": last_seq}


def import_save(store: Store, save: TdtTournament, operator: str = "director") -> ImportReport:
    settings = settings_for(save)
    rounds = structure_for(save)
    structure = rounds.structure
    warnings = list(save.warnings) + rounds.warnings
    with store.transaction() as connection:
        player_ids, new, matched = _match_players(connection, save, warnings)
        try:
            planned = history_events(save, player_ids, rounds.level_of_round)
        except KeyError:
            raise TdtError(save.source, "its history is out of order (a purchase or a bust of a player who is "
                                        "not in play)") from None
        warnings.extend(planned.warnings)

        def create(name: str, who: str, rows: list[Any]) -> int:
            return insert_tournament(connection, name, who, rows)

        draft = TournamentDraft(create, settings.name, operator)
        runner = CommandRunner(draft, draft.tournament_id, TournamentState, operator=operator)
        events: list[Event] = [TournamentConfigured(settings=settings.to_dict())]
        if structure is not None:
            events.append(_structure_event(save, structure))
        events.extend(planned.events)
        if not save.finished:  # tables for the players to be drawn to when the game goes on here (TD3's seating
            # chart is not brought over): ten seats a table, enough for everyone who bought in
            needed = max(1, -(-len(save.entrants) // SEATS_PER_TABLE))
            events.append(TablesAdded(tables=[{"number": n, "seats": SEATS_PER_TABLE, "locked": []}
                                              for n in range(1, needed + 1)]))
        for event in events:
            try:
                runner.record(event)
            except DomainError as problem:
                raise TdtError(save.source, f"{_what(event.type_name, event.to_payload(), save)} cannot be brought "
                                            f"over: {problem.message}") from None
        tournament_id = draft.commit()
        season_name = None
        if save.league or save.season:
            league_id = league_rows.league_for(connection, save.league or "TD3", save.league_uuid,
                                               save.financials.points_formula)
            season_name = save.season or (str(save.date.year) if save.date else "Season")
            season_id = league_rows.season_for(connection, league_id, season_name, save.season_uuid,
                                               save.financials.points_formula)
            if _counts_over_earlier_saves(connection, save, tournament_id, warnings):
                league_rows.put_in_season(connection, tournament_id, season_id)
        league_rows.record_import(connection, tournament_id, save.source, PROGRAM, save.uuid or None,
                                  save.date.isoformat() if save.date else None,
                                  _formula_record(save, player_ids, runner.last_seq), _last_moment(save))
    totals = money_totals(save)
    return ImportReport(tournament_id, save.source, settings.name, save.status.value, totals.players,
                        totals.td3_entries, new, matched, save.league, season_name, tuple(dict.fromkeys(warnings)))


def _last_moment(save: TdtTournament) -> str | None:
    """The latest moment the save records (its end, a purchase, a bust, a line of its history)."""
    moments = [m for m in (save.started, save.ended) if m is not None]
    moments += [h.time for h in save.history if h.time is not None]
    for player in save.players:
        moments += [p.time for p in player.purchases()]
        moments += [e.bust.time for e in player.entries if e.bust is not None]
    return max(moments).isoformat() if moments else None


def _counts_over_earlier_saves(connection: Any, save: TdtTournament, tournament_id: int,
                               warnings: list[str]) -> bool:
    """TD3 saves a game again and again under one id: the latest save of a game counts in the season, once. An
    earlier import of the same game is taken out of the season (it stays in the file); a later one keeps its
    place and this one stays out."""
    if not save.uuid:
        return True
    mine = _last_moment(save) or ""
    for earlier, name, moment in league_rows.earlier_imports_in_seasons(connection, PROGRAM, save.uuid):
        if (moment or "") > mine:
            warnings.append(f"tournament {earlier} ({name}) holds a later save of this game: it keeps counting in "
                            "the season, this one does not")
            return False
        league_rows.take_out_of_season(connection, earlier)
        warnings.append(f"this is a later save of tournament {earlier} ({name}): it now counts in the season "
                        "instead of that one")
    return True


def _structure_event(save: TdtTournament, structure: Any) -> StructureReplaced:
    """The structure, with the clock where TD3 left it (paused) for a game still in progress."""
    if save.status is not Status.IN_PROGRESS:
        return StructureReplaced(structure=structure.to_dict())
    index = _period_index(save, structure)
    left = max(0, structure.periods[index].duration_seconds - save.level_elapsed_seconds)
    return StructureReplaced(structure=structure.to_dict(), period_index=index, remaining_ms=left * 1000,
                             running=False)


def _period_index(save: TdtTournament, structure: Any) -> int:
    """TD3's CurrentLevel counts its levels and breaks (0 minutes ones too); here 0-minute ones are left out."""
    kept = -1
    for i, level in enumerate(save.levels[: save.current_level + 1]):
        if int(level.minutes * 60) > 0 and (not level.is_break or kept >= 0):
            kept += 1
    return max(0, min(kept, len(structure.periods) - 1))


def _what(event_type: str, payload: dict[str, Any], save: TdtTournament) -> str:
    if event_type == "tournament.configured":
        return "its settings"
    if event_type == "structure.replaced":
        return "its rounds"
    if event_type == "entry.busted":
        return f"the bust at {payload.get('time', '?')[11:19]}"
    if event_type == "history.bought":
        return f"the {payload.get('kind')} at {str(payload.get('time', '?'))[11:19]}"
    if event_type == "history.awarded":
        return "its prizes"
    return event_type
