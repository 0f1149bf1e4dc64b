"""An error of background work (a backup that fails: no space, no file descriptors left, the folder gone) is shown
in a box that blocks nothing: the clock, the projector and the room display go on while it waits for the director."""

from __future__ import annotations

import shutil

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.ui.tournament_setup import open_session, running_tournament, show_console

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_a_failed_backup_is_said_without_stopping_the_clock(qtbot, tmp_path, ui_settings, artifacts_dir) -> None:
    session = open_session(tmp_path)
    running_tournament(session)
    shutil.rmtree(tmp_path / "backups", ignore_errors=True)
    (tmp_path / "backups").write_text("a file where the backup folder should be")
    window = show_console(qtbot, session, ui_settings)
    modal_seen: list[str] = []

    def close_a_modal_box() -> None:   # a box that blocks would hold the test here: note it and close it
        box = QApplication.activeModalWidget()
        if box is not None:
            modal_seen.append(box.windowTitle())
            box.close()
    watchdog = QTimer()
    watchdog.timeout.connect(close_a_modal_box)
    watchdog.start(1500)
    try:
        ticks: list[int] = []
        qtbot.keyClick(window, Qt.Key.Key_B, CTRL_SHIFT)   # File > Back up now
        assert not modal_seen, "the backup's error waited in a modal box"
        box = window.background_error
        assert box.isVisible() and not box.isModal() and box.windowModality() == Qt.WindowModality.NonModal
        assert box.text().startswith("The backup failed: ")
        assert box.windowTitle() == "Backup failed"
        assert "The backup failed" in window.statusBar().currentMessage()
        assert QApplication.activeModalWidget() is None
        box.grab().save(str(artifacts_dir / "console-backup-failed-box.png"))

        # The clock goes on behind the box: the timer records the level's end, the mini clock counts down.
        before = window.mini_clock.grab().toImage()
        remaining = session.clock.view().remaining_ms
        qtbot.wait(1300)
        ticks.append(remaining - session.clock.view().remaining_ms)
        assert ticks[0] >= 1000
        assert window.mini_clock.grab().toImage() != before
        window.grab().save(str(artifacts_dir / "console-backup-failed.png"))
        qtbot.mouseClick(box.button(QMessageBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not box.isVisible(), timeout=2000)
        assert not modal_seen
    finally:
        watchdog.stop()
        window.close()
        (tmp_path / "backups").unlink()   # the folder back, for the backup taken on closing
        session.close()
