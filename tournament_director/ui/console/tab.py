"""The base of every console tab and the small helpers several tabs share: the outcome of a command run through
the window, a table view set up the console's way, the print / save-as-PDF menu of a button, ordinals and the floor's
figures in one line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, Protocol

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHeaderView,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QTableView,
    QWidget,
)

from tournament_director.ui.console.files import choose_file
from tournament_director.ui.printing import print_cards, save_pdf

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


Params = ParamSpec("Params")


class Runs(Protocol):
    """How a tab runs a service command (the main window's ``attempt``): refused commands are shown, not raised."""

    def __call__(self, command: Callable[Params, object], *args: Params.args, **kwargs: Params.kwargs) -> Outcome: ...


@dataclass(frozen=True)
class Outcome:
    """What running a command through the console gave: ``ok`` False when it was refused (already shown)."""

    ok: bool
    value: Any = None



def make_table_view(model: Any, *, sortable: bool = True) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setSortingEnabled(sortable)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setAlternatingRowColors(True)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setDefaultSectionSize(24)
    view.horizontalHeader().setStretchLastSection(True)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    return view


class Tab(QWidget):
    """A console tab. ``run(command, *args)`` runs a service call through the window (a refusal is shown, listeners
    are told) and returns an Outcome; ``message`` puts a line in the status bar."""

    message = Signal(str)

    def __init__(self, session: DirectorSession | None, run: Runs) -> None:
        super().__init__()
        self.session = session
        self.run = run

    def refresh(self) -> None:  # pragma: no cover - overridden
        pass

    def hint(self, text: str) -> None:
        """Tell the director, in the tab he is looking at, why nothing happened and what to do instead."""
        notice = getattr(self, "notice", None)
        if isinstance(notice, Notice):
            notice.show_text(text)
        self.message.emit(text)

    # ----- seat cards and move slips: Print… and Save as PDF… -------------------------------------------------
    def print_document(self, document: Callable[[], str], nothing: str) -> QPrintDialog | None:
        """Print… : the print dialog (window-modal, the clock keeps running), then the document on the printer
        chosen; ``nothing`` is said instead when the document is empty (no seats drawn, no moves)."""
        if not document():
            self.hint(nothing)
            return None
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        dialog.accepted.connect(lambda: self._print_now(document, printer))
        dialog.finished.connect(dialog.deleteLater)
        self.print_dialog = dialog
        QDialog.open(dialog)  # QPrintDialog's own open() wants a slot to call
        return dialog

    def _print_now(self, document: Callable[[], str], printer: QPrinter) -> None:
        print_cards(document(), printer)
        where = printer.outputFileName() or printer.printerName()
        self.message.emit(f"Sent to {where}" if where else "Printed")

    def save_as_pdf(self, suggested: str, document: Callable[[], str], nothing: str) -> QFileDialog | None:
        """Save as PDF… : where to save the document (window-modal), then the PDF written there; ``nothing`` is
        said instead when the document is empty."""
        if not document():
            self.hint(nothing)
            return None
        dialog = QFileDialog(self, "Save as PDF", "", "PDF (*.pdf)")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)  # window-modal, never a nested loop
        dialog.setDefaultSuffix("pdf")
        dialog.selectFile(suggested)
        dialog.fileSelected.connect(lambda path: self._save_pdf_to(document, Path(path)) if path else None)
        dialog.finished.connect(dialog.deleteLater)
        self.pdf_dialog = dialog
        dialog.open()
        return dialog

    def _save_pdf_to(self, document: Callable[[], str], path: Path) -> None:
        try:
            self.message.emit(f"Saved {save_pdf(document(), path)}")
        except OSError as problem:
            QMessageBox.warning(self, "Not saved", str(problem))

    def import_file(self, title: str, kinds: str, read: Callable[[Path], Any],
                    said: Callable[[Any, Path], str]) -> QFileDialog:
        """Import…: the file the director picks (window-modal) goes to ``read``, a service command run as any
        other; ``said(what was read, path)`` tells what came in."""

        def chosen(path: Path) -> None:
            outcome = self.run(read, path)
            if outcome.ok:
                self.message.emit(said(outcome.value, path))

        self.file_dialog = choose_file(self, title, kinds, chosen)
        return self.file_dialog

    def export_file(self, title: str, kinds: str, suggested: str, write: Callable[[Path], Any],
                    said: Callable[[Any], str]) -> QFileDialog:
        """Export…: where to save (window-modal, ``suggested`` first), then ``write`` run as any other command;
        ``said(what it wrote)`` tells where."""

        def chosen(path: Path) -> None:
            outcome = self.run(write, path)
            if outcome.ok:
                self.message.emit(said(outcome.value))

        self.file_dialog = choose_file(self, title, kinds, chosen, save=True, suggested=suggested)
        return self.file_dialog


class Notice(QLabel):
    """An inline message in a tab (amber, bold), shown where the director is looking and gone after a while."""

    SHOWN_MS = 20_000

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("notice")
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setStyleSheet("QLabel#notice { background:#fff3cd; color:#5d4000; border:2px solid #e0a800;"
                           " border-radius:4px; padding:6px 10px; font-weight:bold; font-size:11pt; }")
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def show_text(self, text: str) -> None:
        self.setText(text)
        self.show()
        self._timer.start(self.SHOWN_MS)


def print_menu(button: QPushButton, on_print: Callable[[], Any], on_pdf: Callable[[], Any]) -> None:
    menu = QMenu(button)
    menu.addAction("Print…", on_print)
    menu.addAction("Save as PDF…", on_pdf)
    button.setMenu(menu)



def figures_text(figures: Any) -> str:
    """'17 of 20 left · average 23,529 · chips in play 400,000 · prize pool 2,000' (values from the services)."""
    if figures is None:
        return ""
    parts = [f"{figures.players_left:,} of {figures.entries:,} left"]
    if figures.average_stack is not None:
        parts.append(f"average stack {figures.average_stack:,}")
    parts.append(f"chips in play {figures.chips_in_play:,}")
    parts.append(f"prize pool {figures.prize_pool:,}")
    return "   ·   ".join(parts)

