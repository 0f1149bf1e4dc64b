"""Tournament > Import from The Tournament Director… (Ctrl+I): one or several TD3 saves (a season's folder),
with a progress bar, then a summary of what came in and what was refused (services/tdt_import through the
session's ``leagues``)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication, QDialog, QDialogButtonBox, QFileDialog, QLabel, QProgressDialog, QTextBrowser, QVBoxLayout,
)


def choose_td3_files(window: Any) -> QFileDialog:
    """The file dialog (window-modal, never a nested loop): several files may be chosen at once."""
    dialog = QFileDialog(window, "Import from The Tournament Director", "",
                         "The Tournament Director saves (*.tdt);;All files (*)")
    dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.filesSelected.connect(lambda files: import_td3_files(window, files))
    dialog.finished.connect(dialog.deleteLater)
    window.td3_file_dialog = dialog
    dialog.open()
    return dialog


class ImportSummary(QDialog):
    """What came in (each tournament with its players, entries and league) and what was refused, and why."""

    def __init__(self, report: Any, parent: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import from The Tournament Director")
        self.report = report
        layout = QVBoxLayout(self)
        came = len(report.imported)
        refused = len(report.refused)
        headline = f"{came} tournament{'s' if came != 1 else ''} imported"
        if refused:
            headline += f", {refused} file{'s' if refused != 1 else ''} refused"
        if report.cancelled:
            headline += " (stopped before the end)"
        self.headline = QLabel(f"<b>{html.escape(headline)}</b>")
        layout.addWidget(self.headline)
        self.details = QTextBrowser()
        self.details.setHtml(self._details_html())
        self.details.setMinimumSize(620, 320)
        layout.addWidget(self.details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)
        self.buttons = buttons

    def _details_html(self) -> str:
        e = html.escape
        parts = []
        if self.report.imported:
            items = []
            for r in self.report.imported:
                where = f" — {e(r.league or '')} {e(r.season or '')}" if r.league or r.season else ""
                notes = "".join(f"<br><i>{e(w)}</i>" for w in r.warnings[:5])
                items.append(f"<li><b>{e(r.title)}</b> ({e(r.source)}, {e(r.status)}){where}: {r.players} players, "
                             f"{r.entries} entries; {r.new_players} new in the registry, {r.matched_players} known"
                             f"{notes}</li>")
            parts.append("<h3>Imported</h3><ul>" + "".join(items) + "</ul>")
        if self.report.refused:
            items = [f"<li><b>{e(name)}</b>: {e(problem)}</li>" for name, problem in self.report.refused]
            parts.append("<h3>Refused (nothing of these files was written)</h3><ul>" + "".join(items) + "</ul>")
        return "".join(parts) or "<p>No file was chosen.</p>"


def import_td3_files(window: Any, files: Sequence[str | Path]) -> ImportSummary:
    """Import ``files`` with a progress dialog; the summary is shown (window-modal) and returned."""
    progress = QProgressDialog("Importing…", "Stop", 0, max(1, len(files)), window)
    progress.setWindowTitle("Import from The Tournament Director")
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(0)
    progress.setAutoReset(False)  # the bar stays full at the end, until the summary replaces it
    progress.setAutoClose(False)
    window.td3_progress = progress
    window.td3_progress_seen = []

    def step(done: int, total: int, name: str) -> bool:
        progress.setMaximum(max(1, total))
        progress.setValue(done)
        progress.setLabelText(f"Importing {name} ({done + 1} of {total})" if name else f"{total} files read")
        window.td3_progress_seen.append((done, total, name))
        QApplication.processEvents()
        return not progress.wasCanceled()

    report = window.session.leagues.import_tdt(files, progress=step)
    progress.close()
    window.session.notify("tournaments")
    leagues = getattr(window, "leagues_window", None)
    if leagues is not None:
        leagues.reload_seasons()
    summary = ImportSummary(report, window)
    window.td3_summary = summary
    summary.open()
    came = len(report.imported)
    window.tell(f"Imported {came} TD3 save{'s' if came != 1 else ''}"
                + (f"; {len(report.refused)} refused" if report.refused else ""))
    return summary
