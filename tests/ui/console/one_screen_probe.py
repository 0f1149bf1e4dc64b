"""Run in a child process with QT_QPA_PLATFORM="offscreen:configfile=..." (one screen): open the console and the
projected clock as the program does, then the floor tool (F9) and the dialogs of the menus one after the other;
report where each window's frame went.

argv: folder artifacts_dir. Prints one JSON object: the screen's available area, every window opened (title and
frame), what the projected clock did (full screen, its hint, after Esc, after Ctrl+Shift+F) and what the console
told. Saves the one-screen layout as screenshots.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QGuiApplication, QPainter, QPixmap
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget

from tests.ui.tournament_setup import open_session, seated_tournament
from tournament_director.ui.console.window import MainWindow
from tournament_director.ui.projector.window import ProjectorWindow

CTRL = Qt.KeyboardModifier.ControlModifier
# The menu items that open a window, by their keys: the floor tool, the chip count, the leagues, the settings,
# the new-tournament wizard.
OPENING_KEYS = ((Qt.Key.Key_F9, Qt.KeyboardModifier.NoModifier), (Qt.Key.Key_K, CTRL), (Qt.Key.Key_L, CTRL),
                (Qt.Key.Key_Comma, CTRL), (Qt.Key.Key_N, CTRL))


def settle(app: QApplication) -> None:
    for _ in range(10):
        app.processEvents()
        QTest.qWait(10)


def frame(widget: QWidget) -> list[int]:
    rect = widget.frameGeometry()
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def shown_windows() -> list[QWidget]:
    return [w for w in QApplication.topLevelWidgets() if w.isVisible() and w.windowType() in
            (Qt.WindowType.Window, Qt.WindowType.Dialog)]


def the_screen(windows: list[QWidget], size: tuple[int, int]) -> QPixmap:
    """What the one screen shows: each window's picture where it lies, the later ones on top."""
    picture = QPixmap(*size)
    picture.fill(Qt.GlobalColor.black)
    painter = QPainter(picture)
    for window in windows:
        painter.drawPixmap(window.geometry().topLeft() - QPoint(0, 0), window.grab())
    painter.end()
    return picture


def main() -> int:
    app = QApplication(sys.argv[:1])
    folder, artifacts = Path(sys.argv[1]), Path(sys.argv[2])
    session = open_session(folder)
    seated_tournament(session, close_registration=False)
    session.run(session.tournament.finish_hand)
    session.run(session.clock.start)
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    QMessageBox.warning = lambda *_a, **_k: QMessageBox.StandardButton.Ok  # refusals are not this probe's business

    # As the program starts (app.py): the console, the projected clock placed, the console in front.
    console = MainWindow(session, settings=settings, sounds=False)
    projector = ProjectorWindow(session, settings=settings)
    console.attach_projector(projector)
    console.show_as_remembered()
    projector.place_on_screen()
    console.raise_()
    console.activateWindow()
    settle(app)
    area = QGuiApplication.primaryScreen().availableGeometry()
    size = (area.width(), area.height())
    told = console.statusBar().currentMessage()
    projector_report = {"full_screen": projector.isFullScreen(), "hint": projector.one_screen_hint()}
    the_screen([projector, console], size).save(str(artifacts / "pko-one-screen-console-over-projector.png"))
    windows = [{"title": w.windowTitle(), "frame": frame(w)} for w in shown_windows()]

    # The director brings the clock to the front, then Esc hands the screen back to the console.
    QTest.keyClick(console, Qt.Key.Key_F, CTRL | Qt.KeyboardModifier.ShiftModifier)
    settle(app)
    projector_report["after_ctrl_shift_f"] = {"full_screen": projector.isFullScreen(),
                                              "active": projector.isActiveWindow()}
    projector.grab().save(str(artifacts / "pko-one-screen-projector-full-screen.png"))
    QTest.keyClick(projector, Qt.Key.Key_Escape)
    settle(app)
    projector_report["after_escape"] = {"full_screen": projector.isFullScreen(),
                                        "console_active": console.isActiveWindow(),
                                        "hint": projector.one_screen_hint()}
    windows.append({"title": projector.windowTitle() + " (in a window)", "frame": frame(projector)})
    the_screen([projector, console], size).save(str(artifacts / "pko-one-screen-after-escape.png"))

    for key, modifiers in OPENING_KEYS:
        before = set(shown_windows())
        console.activateWindow()
        settle(app)
        QTest.keyClick(console, key, modifiers)
        settle(app)
        for window in shown_windows():
            if window in before:
                continue
            windows.append({"title": window.windowTitle(), "frame": frame(window)})
            if window.windowTitle() == "Floor tool":
                window.grab().save(str(artifacts / "pko-one-screen-floor-tool.png"))
            if isinstance(window, QDialog):
                window.reject()
            else:
                window.close()
            settle(app)

    print(json.dumps({"area": [area.x(), area.y(), area.width(), area.height()], "windows": windows,
                      "projector": projector_report, "told": told}))
    projector.close()
    console.close()
    session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
