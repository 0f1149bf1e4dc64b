"""The Qt binding must survive a twelve-hour evening of repaints.

Some PySide6 builds (6.12.0 on Python 3.11) lose a reference to None on every Qt call that returns nothing; a
running clock makes hundreds of such calls a minute and the interpreter aborts within minutes ("none_dealloc"),
taking the room's clock with it. pyproject.toml keeps such builds out; this test fails if one comes back. The calls
run in a child process, so a faulty build fails this test instead of aborting the suite.
"""

from __future__ import annotations

import os
import subprocess
import sys

CHILD = """
import sys
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
label = QLabel()
before = sys.getrefcount(None)
for second in range(200_000):  # about a day of a clock's repaint calls
    label.setText(str(second % 60))
    label.update()
print("lost", before - sys.getrefcount(None))
"""


def test_a_day_of_void_qt_calls_does_not_abort_the_program() -> None:
    child = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120,
                           env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert child.returncode == 0, f"the Qt binding aborted the interpreter: {child.stderr.strip()[-300:]}"
    lost = int(child.stdout.split()[-1])
    assert lost < 100, f"this PySide6 build loses {lost} references to None: use PySide6 < 6.12"
