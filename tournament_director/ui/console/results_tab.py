"""The Results tab: the places decided so far, exported as a web page or a spreadsheet."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QHeaderView, QLabel, QMessageBox, QPushButton, QVBoxLayout

from tournament_director.services.money_summary import money_summary
from tournament_director.ui.console.tab import Runs, Tab, make_table_view
from tournament_director.ui.export import export_results
from tournament_director.services.satellites import award_text
from tournament_director.ui.models import AWARD_COLUMN, ResultRow, RowTableModel, results_model

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


class ResultsTab(Tab):
    def __init__(self, session: DirectorSession | None, run: Runs) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        self.summary = QLabel()
        layout.addWidget(self.summary)
        self.model: RowTableModel[ResultRow] = results_model(parent=self)
        self.view = make_table_view(self.model, sortable=False)
        for column, width in enumerate((80, 320, 120, 120, 260)):
            self.view.setColumnWidth(column, width)
        header = self.view.horizontalHeader()  # the names take the room, not the last figure
        header.setStretchLastSection(False)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.view, 1)
        bar = QHBoxLayout()
        bar.addStretch(1)
        self.export_button = QPushButton("Export CSV / HTML… (Ctrl+E)")
        self.export_button.clicked.connect(self.export_dialog)
        bar.addWidget(self.export_button)
        layout.addLayout(bar)

    def set_rows(self, rows: Sequence[ResultRow]) -> None:
        self.model.set_rows(rows)

    def refresh(self) -> None:
        floor = self.session.tournament if self.session else None
        if floor is None:
            self.set_rows(())
            self.summary.setText("")
            return
        options = self.session.settings.buy_in_options() if self.session.settings is not None else []
        standard = options[0].name if len(options) > 1 else ""
        bought = {r.entry_id: r.buy_in_option or standard for r in floor.results()}
        satellite = self.session.satellite()
        rows = [ResultRow(line.place, line.entry_name, line.prize, line.bounty_won, line.entry_id, line.place_text,
                          bought.get(line.entry_id, standard),
                          award_text(satellite, line.entry_id, line.place, line.place_to, line.prize))
                for line in self.session.results.lines()]
        self.set_rows(rows)
        self.view.setColumnHidden(AWARD_COLUMN, satellite is None)
        left = floor.players_left
        winner = self.session.results.winner()
        if satellite is not None and satellite.seat_winners:
            self.summary.setText(f"<b style='font-size:16pt'>The satellite is over: {len(satellite.seat_winners)} "
                                 f"seats to {html.escape(satellite.target_name)} won</b>. Export the results with "
                                 "Ctrl+E.")
        elif winner is not None:
            prize = f" and {winner.prize:,}" if winner.prize else ""
            self.summary.setText(f"<b style='font-size:16pt'>The tournament is over: {html.escape(winner.name)} "
                                 f"wins</b> (1st place{prize}). Export the results with Ctrl+E.")
        elif floor.players_left == 1 and len(rows):
            self.summary.setText(f"{len(rows)} places decided; one player is left but registration is open: "
                                 "close registration (Players menu) to finish the tournament.")
        else:
            decided = "1 place" if len(rows) == 1 else f"{len(rows)} places"
            still = "1 player" if left == 1 else f"{left} players"
            self.summary.setText(f"{decided} decided, {still} still in.")

    def export_to(self, path: Path) -> Path:
        """The results shown, with the night's money below them."""
        title = self.session.tournament_name if self.session else "Results"
        money = money_summary(self.session.state.floor) if self.session and self.session.tournament else None
        return export_results(path, title or "Results", self.model.rows, money)

    def export_dialog(self) -> QFileDialog:
        """Ctrl+E: where to save the results (a web page or a spreadsheet, by the name's ending)."""
        dialog = QFileDialog(self, "Export results", "", "Web page (*.html);;Spreadsheet (*.csv)")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)  # window-modal, never a nested loop
        dialog.selectFile("results.html")
        dialog.fileSelected.connect(self._export_chosen)
        dialog.finished.connect(dialog.deleteLater)
        self.file_dialog = dialog
        dialog.open()
        return dialog

    def _export_chosen(self, path: str) -> None:
        if not path:
            return
        try:
            self.message.emit(f"Results saved: {self.export_to(Path(path))}")
        except (OSError, ValueError) as error:
            QMessageBox.warning(self, "Export failed", str(error))
