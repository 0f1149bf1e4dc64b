"""Tournament > Leagues and seasons… (Ctrl+L): a season's standings (points, events played, hits, wins, best
place, money won), its tournaments, each player's history across tournaments, points adjustments per player,
the season's points formula edited and checked (an error refused with its line:column and the problem), the
standings exported as CSV and HTML and printed. Everything is read from and written through the session's
``leagues`` (services/leagues.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QDialog, QDoubleSpinBox, QFileDialog, QFormLayout, QHBoxLayout, QHeaderView,
    QLabel, QLineEdit, QListWidget, QPlainTextEdit, QPushButton, QTableWidget, QTableWidgetItem, QTabWidget,
    QVBoxLayout, QWidget,
)

from tournament_director.domain.errors import DomainError
from tournament_director.ui.printing import print_html

if TYPE_CHECKING:
    from tournament_director.services.league_results import SeasonStandings
    from tournament_director.services.session import DirectorSession

STANDINGS_COLUMNS = ("Rank", "Player", "Points", "Events", "Hits", "Wins", "Best", "Money won", "Adjustment")
HISTORY_COLUMNS = ("Season", "Tournament", "Place", "Prize", "Hits", "Entries", "Points")


def _number(value: float) -> str:
    return f"{value:,.2f}".rstrip("0").rstrip(".") if value != int(value) else f"{int(value):,}"


def _fill(table: QTableWidget, rows: list[list[str]], text_columns: tuple[int, ...] = (1,)) -> None:
    table.setRowCount(len(rows))
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            if c not in text_columns:
                item.setTextAlignment(right)
            table.setItem(r, c, item)
    table.resizeRowsToContents()


def _table(columns: tuple[str, ...]) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels(list(columns))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.verticalHeader().setVisible(False)
    header = table.horizontalHeader()
    header.setStretchLastSection(False)
    for column in range(len(columns)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
    return table


class LeaguesWindow(QDialog):
    def __init__(self, session: DirectorSession, parent: Any = None) -> None:
        super().__init__(parent)
        self.session = session
        self.setWindowTitle("Leagues and seasons")
        self.resize(900, 600)
        self.standings: SeasonStandings | None = None
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel("Season:"))
        self.season_box = QComboBox()
        self.season_box.currentIndexChanged.connect(lambda _i: self.refresh())
        top.addWidget(self.season_box, 1)
        layout.addLayout(top)
        setup = QHBoxLayout()
        self.new_league = QLineEdit()
        self.new_league.setPlaceholderText("league")
        self.new_season = QLineEdit()
        self.new_season.setPlaceholderText("season (2025, Autumn, …)")
        self.add_season_button = QPushButton("Add the season")
        self.add_season_button.clicked.connect(self.add_season)
        self.join_button = QPushButton("Put the open tournament in this season")
        self.join_button.clicked.connect(self.put_open_tournament_in_season)
        for widget in (self.new_league, self.new_season, self.add_season_button, self.join_button):
            setup.addWidget(widget)
        layout.addLayout(setup)
        self.tabs = QTabWidget()
        layout.addWidget(self.tabs, 1)
        self._standings_tab()
        self._tournaments_tab()
        self._history_tab()
        self._adjustments_tab()
        self._formula_tab()
        self.status = QLabel("")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.reload_seasons()

    # --- building --------------------------------------------------------------------------------
    def _standings_tab(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.standings_table = _table(STANDINGS_COLUMNS)
        self.standings_table.itemSelectionChanged.connect(self._show_history_of_selected)
        layout.addWidget(self.standings_table)
        buttons = QHBoxLayout()
        self.export_csv_button = QPushButton("Export CSV…")
        self.export_csv_button.clicked.connect(lambda: self._choose_file("Spreadsheet (*.csv)", "standings.csv",
                                                                          self.export_csv))
        self.export_html_button = QPushButton("Export HTML…")
        self.export_html_button.clicked.connect(lambda: self._choose_file("Web page (*.html)", "standings.html",
                                                                           self.export_html))
        self.print_button = QPushButton("Print…")
        self.print_button.clicked.connect(self.print_dialog)
        for button in (self.export_csv_button, self.export_html_button, self.print_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.tabs.addTab(page, "Standings")

    def _tournaments_tab(self) -> None:
        self.tournament_list = QListWidget()
        self.tabs.addTab(self.tournament_list, "Tournaments")

    def _history_tab(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        self.history_label = QLabel("Choose a player in the standings.")
        layout.addWidget(self.history_label)
        self.history_table = _table(HISTORY_COLUMNS)
        layout.addWidget(self.history_table)
        self.tabs.addTab(page, "Player history")

    def _adjustments_tab(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        form = QFormLayout()
        self.adjust_player = QComboBox()
        self.adjust_points = QDoubleSpinBox()
        self.adjust_points.setRange(-100_000, 100_000)
        self.adjust_points.setDecimals(2)
        self.adjust_reason = QLineEdit()
        self.adjust_reason.setPlaceholderText("why (late arrival, volunteer dealer, …)")
        form.addRow("Player", self.adjust_player)
        form.addRow("Points (+ or −)", self.adjust_points)
        form.addRow("Reason", self.adjust_reason)
        layout.addLayout(form)
        self.add_adjustment_button = QPushButton("Add the adjustment")
        self.add_adjustment_button.clicked.connect(self.add_adjustment)
        layout.addWidget(self.add_adjustment_button)
        self.adjustment_list = QListWidget()
        layout.addWidget(self.adjustment_list)
        self.tabs.addTab(page, "Adjustments")

    def _formula_tab(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel("The season's points formula, in TD3's formula language "
                                "(assign(\"points\", …), IF, round, sqrt, log, n, r, numberOfHits, …):"))
        self.formula_edit = QPlainTextEdit()
        layout.addWidget(self.formula_edit, 1)
        self.save_formula_button = QPushButton("Check and save the formula")
        self.save_formula_button.clicked.connect(self.save_formula)
        layout.addWidget(self.save_formula_button)
        self.formula_status = QLabel("")
        self.formula_status.setWordWrap(True)
        layout.addWidget(self.formula_status)
        self.tabs.addTab(page, "Formula")

    # --- reading ---------------------------------------------------------------------------------
    def reload_seasons(self) -> None:
        current = self.season_id
        self.season_box.blockSignals(True)
        self.season_box.clear()
        for season in self.session.leagues.seasons():
            self.season_box.addItem(f"{season.league} — {season.name}", season.id)
        if current is not None and self.season_box.findData(current) >= 0:
            self.season_box.setCurrentIndex(self.season_box.findData(current))
        self.season_box.blockSignals(False)
        self.refresh()

    @property
    def season_id(self) -> int | None:
        data = self.season_box.currentData() if hasattr(self, "season_box") else None
        return int(data) if data is not None else None

    def select_season(self, league: str, name: str) -> None:
        index = self.season_box.findText(f"{league} — {name}")
        if index < 0:
            raise DomainError(f"there is no season {name} of {league}")
        self.season_box.setCurrentIndex(index)

    def refresh(self) -> None:
        season_id = self.season_id
        if season_id is None:
            self.standings = None
            _fill(self.standings_table, [])
            self.status.setText("No season yet: import TD3 saves (Ctrl+I) or put a tournament in a season.")
            return
        leagues = self.session.leagues
        standings = self.standings = leagues.standings(season_id)
        lines = standings.lines
        _fill(self.standings_table, [
            [str(i), line.name, _number(line.points), str(line.events), str(line.hits), str(line.wins),
             str(line.best_place or ""), f"{line.money_won:,}", _number(line.adjustment) if line.adjustment else ""]
            for i, line in enumerate(lines, start=1)])
        self.tournament_list.clear()
        for _tid, name, day in standings.tournaments:
            self.tournament_list.addItem(f"{day or ''}  {name}".strip())
        self.adjust_player.clear()
        for line in lines:
            if line.player_id is not None:
                self.adjust_player.addItem(line.name, line.player_id)
        self.adjustment_list.clear()
        names = {line.player_id: line.name for line in lines}
        for a in leagues.adjustments(season_id):
            sign = "+" if a.points >= 0 else "−"
            self.adjustment_list.addItem(
                f"{names.get(a.player_id, a.player_id)}: {sign}{_number(abs(float(a.points)))} {a.reason}".strip())
        self.formula_edit.setPlainText(standings.season.formula or "")
        notes = "; ".join(standings.notes)
        played = len(standings.tournaments)
        self.status.setText(f"{len(lines)} player{'s' if len(lines) != 1 else ''}, {played} "
                            f"tournament{'s' if played != 1 else ''}"
                            + (f". {notes}" if notes else ""))

    def _show_history_of_selected(self) -> None:
        rows = self.standings_table.selectionModel().selectedRows()
        if not rows or self.standings is None:
            return
        line = self.standings.lines[rows[0].row()]
        self.show_history(line.player_id, line.name)

    def show_history(self, player_id: int | None, name: str) -> None:
        if player_id is None:
            return
        history = self.session.leagues.player_history(player_id)
        self.history_label.setText(f"{name}: {len(history)} tournament{'s' if len(history) != 1 else ''}")
        _fill(self.history_table, [
            [season, tournament, str(r.place or ""), f"{r.prize:,}", str(r.hits), str(r.entries),
             _number(r.points) if r.points is not None else ""] for season, tournament, r in history],
              text_columns=(0, 1))

    # --- changing --------------------------------------------------------------------------------
    def add_season(self) -> bool:
        """A season of the league typed (made when new); it becomes the season shown."""
        league, season = self.new_league.text().strip(), self.new_season.text().strip()
        leagues = self.session.leagues
        try:
            if not league or not season:
                raise DomainError("type the league and the season")
            found = next((l for l in leagues.leagues() if l.name == league), None)
            league_id = found.id if found else leagues.add_league(league)
            season_id = leagues.add_season(league_id, season)
        except DomainError as problem:
            self.status.setText(f"Refused: {problem}")
            return False
        self.new_season.clear()
        self.reload_seasons()
        self.season_box.setCurrentIndex(self.season_box.findData(season_id))
        return True

    def put_open_tournament_in_season(self) -> bool:
        tournament_id, season_id = self.session.tournament_id, self.season_id
        if tournament_id is None or season_id is None:
            self.status.setText("Open a tournament and choose a season first.")
            return False
        try:
            self.session.leagues.put_in_season(tournament_id, season_id)
        except DomainError as problem:
            self.status.setText(f"Refused: {problem}")
            return False
        self.refresh()
        self.status.setText(f"{self.session.tournament_name} counts in {self.season_box.currentText()}")
        return True

    def add_adjustment(self) -> bool:
        season_id, player_id = self.season_id, self.adjust_player.currentData()
        if season_id is None or player_id is None:
            self.status.setText("Choose a season and a player first.")
            return False
        try:
            self.session.leagues.add_adjustment(season_id, int(player_id), str(self.adjust_points.value()),
                                                self.adjust_reason.text())
        except DomainError as problem:
            self.status.setText(f"Refused: {problem}")
            return False
        self.adjust_reason.clear()
        self.refresh()
        return True

    def save_formula(self) -> bool:
        season_id = self.season_id
        if season_id is None:
            return False
        text = self.formula_edit.toPlainText()
        try:
            self.session.leagues.set_season_formula(season_id, text)
        except DomainError as problem:
            self.formula_status.setText(f"Refused: {problem}")
            self.formula_status.setStyleSheet("color: #b00020")
            offset = getattr(problem, "offset", None)
            if isinstance(offset, int):
                cursor = self.formula_edit.textCursor()
                cursor.setPosition(min(offset, len(text)))
                self.formula_edit.setTextCursor(cursor)
            return False
        self.formula_status.setStyleSheet("")
        self.refresh()
        self.formula_status.setText("Saved: the standings follow the new formula.")
        return True

    # --- exports and printing --------------------------------------------------------------------
    def _choose_file(self, kinds: str, name: str, then: Any) -> QFileDialog:
        dialog = QFileDialog(self, "Export the standings", "", kinds)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        dialog.selectFile(name)
        dialog.fileSelected.connect(lambda path: then(Path(path)))
        dialog.finished.connect(dialog.deleteLater)
        self.file_dialog = dialog
        dialog.open()
        return dialog

    def export_csv(self, path: Path) -> Path:
        path.write_text(self.session.leagues.standings_csv(self._require_season()), encoding="utf-8")
        self.status.setText(f"Standings saved as {path}")
        return path

    def export_html(self, path: Path) -> Path:
        path.write_text(self.session.leagues.standings_html(self._require_season()), encoding="utf-8")
        self.status.setText(f"Standings saved as {path}")
        return path

    def print_to(self, printer: QPrinter) -> None:
        print_html(self.session.leagues.standings_html(self._require_season()), printer)

    def print_dialog(self) -> QPrintDialog:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        dialog.accepted.connect(lambda: self.print_to(printer))
        dialog.finished.connect(dialog.deleteLater)
        self.printer_dialog = dialog
        QDialog.open(dialog)  # QPrintDialog's own open() wants a slot to call
        return dialog

    def save_pdf(self, path: Path) -> Path:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(path))
        self.print_to(printer)
        return path

    def _require_season(self) -> int:
        if self.season_id is None:
            raise DomainError("choose a season first")
        return self.season_id


def open_leagues(window: Any) -> LeaguesWindow:
    """Ctrl+L: the leagues window (one per console, brought to the front when already open)."""
    existing = getattr(window, "leagues_window", None)
    if existing is None:
        existing = LeaguesWindow(window.session, window)
        window.leagues_window = existing
    else:
        existing.reload_seasons()
    existing.show()
    existing.raise_()
    return existing
