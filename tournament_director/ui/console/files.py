"""File choosers for imports and exports, window-modal and Qt's own (the same on every system), so the clock keeps
running behind them and the keyboard reaches them like any other dialog."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget


def choose_file(parent: QWidget, title: str, name_filter: str, on_chosen: Callable[[Path], object], *,
                save: bool = False, suggested: str = "", folder: Path | None = None) -> QFileDialog:
    """Open a chooser; ``on_chosen(path)`` runs when the director picks a file (nothing happens on Cancel)."""
    dialog = QFileDialog(parent, title)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setNameFilter(name_filter)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile if save else QFileDialog.FileMode.ExistingFile)
    if save:
        dialog.setDefaultSuffix("toml")
    if folder is not None and folder.is_dir():
        dialog.setDirectory(str(folder))
    if suggested:
        dialog.selectFile(suggested)
    dialog.fileSelected.connect(lambda name: on_chosen(Path(name)) if name else None)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
