"""The Results tab: the places decided so far, exported as a web page or a spreadsheet."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QMessageBox, QPushButton, QVBoxLayout

from tournament_director.ui.console.tab import Tab, make_table_view
from tournament_director.ui.export import export_results
from tournament_director.ui.models import ResultRow, RowTableModel, results_model


class ResultsTab(Tab):
    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        self.summary = QLabel()
        layout.addWidget(self.summary)
        self.model: RowTableModel[ResultRow] = results_model(parent=self)
        self.view = make_table_view(self.model, sortable=False)
        for column, width in enumerate((80, 320, 120, 120)):
            self.view.setColumnWidth(column, width)
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
        rows = [ResultRow(r.place, r.name, r.prize, r.bounty_won, r.entry_id, r.buy_in_option or standard)
                for r in sorted(floor.results(), key=lambda r: (r.place, r.name))]
        self.set_rows(rows)
        left = floor.players_left
        self.summary.setText("The tournament is over." if floor.finished
                             else f"{len(rows)} places decided, {left} player(s) still in.")

    def export_to(self, path: Path) -> Path:
        title = self.session.tournament_name if self.session else "Results"
        return export_results(path, title or "Results", self.model.rows)

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export results", "results.html",
                                              "Web page (*.html);;Spreadsheet (*.csv)")
        if path:
            try:
                self.message.emit(f"Results saved: {self.export_to(Path(path))}")
            except (OSError, ValueError) as error:
                QMessageBox.warning(self, "Export failed", str(error))
