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


def _open_session(database: Path | str, smoke_test: bool, station: str = "director") -> DirectorSession | None:
    """Open the database; on a refusal explain it and offer a copy of the newest backup (of a file)."""
    try:
        return DirectorSession.open(database, operator=station)
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
                return DirectorSession.open(copy_of_backup(Path(backup), Path(database)), operator=station)
            return None
        if isinstance(database, str):
            QMessageBox.critical(None, "Database refused", text)
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


def run_app(database: Path | str, smoke_test: bool = False, lan: str | None = None, station: str = "director") -> int:
    """Run the program on ``database`` (a file, or a PostgreSQL URL shared with other stations); with
    ``smoke_test`` build both windows offscreen and return 0; with ``lan`` (HOST:PORT) switch the room display on
    there; ``station`` names this station in its events and in the other stations' refusals."""
    from tournament_director.ui.console.window import MainWindow
    from tournament_director.ui.projector.window import ProjectorWindow

    app = _application()
    session = _open_session(database if isinstance(database, str) else Path(database), smoke_test, station)
    if session is None:
        return 1
    try:
        tournaments = session.list_tournaments()
        if tournaments:
            session.select_tournament(tournaments[-1].id)
        console = MainWindow(session)
        projector = ProjectorWindow(session)
        console.attach_projector(projector)
        console.show_as_remembered()
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
