"""Players > Import players from CSV… / Export players as CSV…: the registry as ``name,nickname,contact``, a
registered player named again in the file merged rather than added twice (services/registry_csv.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from tournament_director.domain.errors import DomainError
from tournament_director.domain.reading import read_bytes


def _dialog(window: Any, title: str, save: bool, then: Any) -> QFileDialog:
    dialog = QFileDialog(window, title, "", "Spreadsheet (*.csv);;All files (*)")
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen)
    if not save:
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.selectFile("players.csv")
    dialog.fileSelected.connect(lambda path: then(window, Path(path)))
    dialog.finished.connect(dialog.deleteLater)
    window.registry_file_dialog = dialog
    dialog.open()
    return dialog


def import_players(window: Any, path: Path) -> Any:
    try:
        report = window.session.leagues.import_players_csv(read_bytes(path), path.name)
    except DomainError as problem:
        window.show_error(problem)
        return None
    window.session.notify("players")
    window.tell(f"Players from {path.name}: {report.added} added, {report.merged} merged with a registered player")
    return report


def export_players(window: Any, path: Path) -> Path:
    path.write_text(window.session.leagues.export_players_csv(), encoding="utf-8")
    window.tell(f"The player registry saved as {path}")
    return path


def choose_import(window: Any) -> QFileDialog:
    return _dialog(window, "Import players from CSV", False, import_players)


def choose_export(window: Any) -> QFileDialog:
    return _dialog(window, "Export players as CSV", True, export_players)
