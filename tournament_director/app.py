"""Wiring: the QApplication, the director's session over the database, the console and the projected clock."""

from __future__ import annotations

import shutil
import sys
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QMessageBox

from tournament_director.services.session import DatabaseRefused, DirectorSession

ORGANISATION = "Tournament Director"
APPLICATION = "Tournament Director"


class WorkerNotices(QObject):
    """Carries messages from worker threads (scheduled backups) to the console, queued onto the GUI thread."""

    message = Signal(str)


def _application() -> QApplication:
    app = QApplication.instance()
    if app is None:
        QCoreApplication.setOrganizationName(ORGANISATION)
        QCoreApplication.setApplicationName(APPLICATION)
        app = QApplication(sys.argv[:1])
    return app  # type: ignore[return-value]


def copy_of_backup(backup: Path, refused: Path) -> Path:
    """A fresh copy of ``backup`` beside the refused file; the refused file and the backup stay untouched."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = refused.with_name(f"{refused.stem}-from-backup-{stamp}{refused.suffix or '.sqlite'}")
    shutil.copy2(backup, target)
    return target


def _open_session(database: Path, smoke_test: bool) -> DirectorSession | None:
    """Open the database; on a refusal explain it and offer a copy of the newest backup."""
    try:
        return DirectorSession.open(database)
    except DatabaseRefused as refusal:
        backup = getattr(refusal, "newest_backup", None)
        print(f"Database refused: {refusal}", file=sys.stderr)  # on the terminal too, not only in the dialog
        if smoke_test:
            if backup:
                print(f"Newest backup: {backup}", file=sys.stderr)
            return None
        text = str(refusal)
        if backup:
            answer = QMessageBox.question(
                None, "Database refused",
                f"{text}\n\nThe file was not changed.\n\nOpen a copy of the newest backup instead?\n{backup}",
                QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Open)
            if answer == QMessageBox.StandardButton.Open:
                return DirectorSession.open(copy_of_backup(Path(backup), database))
            return None
        QMessageBox.critical(None, "Database refused", f"{text}\n\nThe file was not changed. No backup was found.")
        return None


def _start_room_display(console: object, lan: str) -> None:
    from tournament_director.ui.console.room_display import start_room_display

    try:
        start_room_display(console, lan)
    except Exception as problem:  # the address is taken or not this computer's: say so, run without it
        print(f"Room display not started: {problem}", file=sys.stderr)
        console.tell(f"Room display not started: {problem}")  # type: ignore[attr-defined]


def run_app(database: Path, smoke_test: bool = False, lan: str | None = None) -> int:
    """Run the program on ``database``; with ``smoke_test`` build both windows offscreen and return 0; with
    ``lan`` (HOST:PORT) switch the room display on there."""
    from tournament_director.ui.console.window import MainWindow
    from tournament_director.ui.projector.window import ProjectorWindow

    app = _application()
    session = _open_session(Path(database), smoke_test)
    if session is None:
        return 1
    try:
        tournaments = session.list_tournaments()
        if tournaments:
            session.select_tournament(tournaments[-1].id)
        console = MainWindow(session)
        projector = ProjectorWindow(session)
        console.projector = projector  # type: ignore[attr-defined]
        console.show()
        if smoke_test:
            projector.show()
            app.processEvents()
            projector.close()
            console.close()
            app.processEvents()
            return 0
        notices = WorkerNotices()
        notices.message.connect(console.tell)
        session.start_scheduled_backups(
            on_failure=lambda error: notices.message.emit(f"Scheduled backup failed: {error}"))
        # The scheduled start, late registration and the rebuy period at their times of day: the jobs run on
        # the scheduler's thread and reach the console through its queued signal; session.close() stops them.
        console.start_wall_clock()
        if lan:
            _start_room_display(console, lan)
        projector.place_on_screen()
        QTimer.singleShot(0, console.raise_)
        QTimer.singleShot(0, console.welcome)
        return app.exec()
    finally:
        session.close()
