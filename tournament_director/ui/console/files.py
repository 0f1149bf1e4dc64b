"""File choosers for imports and exports and the name of a template, window-modal and Qt's own (the same on every
system), so the clock keeps running behind them and the keyboard reaches them like any other dialog."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QInputDialog, QWidget


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


def ask_name(parent: QWidget, title: str, label: str, text: str, on_name: Callable[[str], object]) -> QInputDialog:
    """Ask for a name; ``on_name(name)`` runs when the director confirms (nothing happens on Cancel)."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    dialog.setTextValue(text)
    dialog.setOkButtonText("Save")
    dialog.textValueSelected.connect(lambda name: on_name(name))
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
