"""Run in a child process with QT_QPA_PLATFORM="offscreen:configfile=...": show the projector, report where it went.

argv: settings_file [screen_to_remember] [--escape: press Esc on it once it is placed]. Prints one JSON object: the screen the projector is on, its geometry,
whether it is full-screen and the list of screens Qt reports.
"""

from __future__ import annotations

import json
import sys

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from tournament_director.ui.projector.window import ProjectorWindow


def main() -> int:
    app = QApplication(sys.argv[:1])
    settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
    window = ProjectorWindow(None, settings=settings)
    names = [a for a in sys.argv[2:] if not a.startswith("--")]
    if names:
        window.choose_screen_by_name(names[0])
    else:
        window.place_on_screen()
    for _ in range(5):
        app.processEvents()
    if "--escape" in sys.argv:
        from PySide6.QtTest import QTest

        QTest.keyClick(window, Qt.Key.Key_Escape)
    for _ in range(5):
        app.processEvents()
    screen = window.screen()
    geometry = window.geometry()
    print(json.dumps({
        "screen": screen.name(),
        "geometry": [geometry.x(), geometry.y(), geometry.width(), geometry.height()],
        "full_screen": window.isFullScreen(),
        "cursor_hidden": window.cursor().shape() == Qt.CursorShape.BlankCursor,
        "screens": [s.name() for s in app.screens()],
        "remembered": window.remembered_screen_name(),
    }))
    window.close()
    settings.sync()
    return 0


if __name__ == "__main__":
    sys.exit(main())
