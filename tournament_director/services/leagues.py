"""What the console asks about leagues, seasons and TD3 imports: one object over the store, so the windows never
touch it (``DirectorSession.leagues``). The command line calls the same functions (services/tdt_import,
services/league_results, services/registry_csv)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from decimal import Decimal
from pathlib import Path
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.leagues import compile_formula
from tournament_director.services import league_results, registry_csv, tdt_import
from tournament_director.store import Store
from tournament_director.store.leagues import Adjustment, LeagueInfo, SeasonInfo


class LeagueService:
    def __init__(self, store: Store, operator: str = "director") -> None:
        self._store = store
        self.operator = operator

    # --- TD3 saves -------------------------------------------------------------------------------
    def import_tdt(self, paths: Iterable[str | Path],
                   progress: Callable[[int, int, str], bool] | None = None) -> tdt_import.BatchReport:
        """Import files and the ``.tdt`` files of folders, each in its own transaction."""
        files: list[Path] = []
        for path in (Path(p) for p in paths):
            files.extend(tdt_import.saves_in(path) if path.is_dir() else [path])
        return tdt_import.import_files(self._store, files, self.operator, progress)

    # --- leagues and seasons ---------------------------------------------------------------------
    def leagues(self) -> list[LeagueInfo]:
        return self._store.leagues.leagues()

    def seasons(self) -> list[SeasonInfo]:
        return self._store.leagues.seasons()

    def season(self, season_id: int) -> SeasonInfo:
        return self._store.leagues.season(season_id)

    def add_league(self, name: str) -> int:
        return self._store.leagues.add_league(name)

    def add_season(self, league_id: int, name: str) -> int:
        return self._store.leagues.add_season(league_id, name)

    def put_in_season(self, tournament_id: int, season_id: int) -> None:
        if not self._store.tournament_exists(tournament_id):
            raise DomainError(f"there is no tournament number {tournament_id}")
        self._store.leagues.put_in_season(tournament_id, season_id)

    def standings(self, season_id: int) -> league_results.SeasonStandings:
        return league_results.season_standings(self._store, season_id)

    def tournament_results(self, tournament_id: int) -> league_results.TournamentResults:
        return league_results.tournament_results(self._store, tournament_id)

    def player_history(self, player_id: int) -> list[tuple[str, str, league_results.PlayerResult]]:
        return league_results.player_history(self._store, player_id)

    # --- the formula ------------------------------------------------------------------------------
    @staticmethod
    def check_formula(text: str) -> None:
        """FormulaError (position and problem) for a formula with an error; an empty text means no points."""
        if text.strip():
            compile_formula(text)

    def set_season_formula(self, season_id: int, text: str) -> None:
        """Check, then save the formula of the season (its standings follow it); refused with the position."""
        self.check_formula(text)
        self._store.leagues.set_season_formula(season_id, text if text.strip() else None)

    def set_league_formula(self, league_id: int, text: str) -> None:
        self.check_formula(text)
        self._store.leagues.set_formula(league_id, text if text.strip() else None)

    # --- points adjustments ----------------------------------------------------------------------
    def add_adjustment(self, season_id: int, player_id: int, points: Decimal | int | str, reason: str = "") -> int:
        return self._store.leagues.add_adjustment(season_id, player_id, points, reason)

    def adjustments(self, season_id: int) -> list[Adjustment]:
        return self._store.leagues.adjustments(season_id)

    def remove_adjustment(self, adjustment_id: int) -> None:
        self._store.leagues.remove_adjustment(adjustment_id)

    # --- exports and the registry ----------------------------------------------------------------
    def standings_csv(self, season_id: int) -> str:
        return league_results.standings_csv(self.standings(season_id))

    def standings_html(self, season_id: int) -> str:
        return league_results.standings_html(self.standings(season_id))

    def export_players_csv(self) -> str:
        return registry_csv.export_players_csv(self._store)

    def import_players_csv(self, data: bytes, source: str) -> Any:
        return registry_csv.import_players_csv(self._store, data, source)
