"""Keeps a long evening safe from a reference-counting fault in some PySide6 builds.

PySide6 6.12.0 on Python 3.11 drops one reference to ``None`` on every call of a method that returns nothing
(``label.setText``, ``processEvents`` ...). Before Python 3.12 ``None`` is reference counted like any object, so
with a running clock (several such calls per repaint) its count reaches zero after some ten minutes and the
interpreter aborts ("none_dealloc: deallocating None"), taking the tournament's screens with it. The real fix is
a PySide6 build without the fault (6.11 has none); this guard only keeps the program alive where the faulty build
is installed: it measures the fault once at start and, if present, gives the lost references back every second.
Extra references to ``None`` are harmless: it is never freed.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject, QTimer

PROBE_CALLS = 200
TOP_UP_INTERVAL_MS = 1000


def none_references_lost_per_call() -> float:
    """How many references to None one Qt void call loses here (0 on a sound build or on Python 3.12+)."""
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(PROBE_CALLS):
        probe.setObjectName("probe")
    lost = before - sys.getrefcount(None)
    give_back(max(lost, 0))
    return max(lost, 0) / PROBE_CALLS


def give_back(count: int) -> None:
    increment = ctypes.pythonapi.Py_IncRef
    increment.argtypes = [ctypes.py_object]
    for _ in range(count):
        increment(None)


class NoneReferenceGuard(QObject):
    """Every second, restores None's reference count to the highest it has been."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.floor = sys.getrefcount(None)
        self.given_back = 0
        self._timer = QTimer(self)
        self._timer.setInterval(TOP_UP_INTERVAL_MS)
        self._timer.timeout.connect(self.top_up)
        self._timer.start()

    def top_up(self) -> int:
        """Give back what was lost since the highest count seen (a legitimate drop is given back too: harmless)."""
        current = sys.getrefcount(None)
        missing = self.floor - current
        if missing > 0:
            give_back(missing)
            self.given_back += missing
        else:
            self.floor = current
        return max(missing, 0)


def guard_if_needed(parent: QObject | None = None) -> NoneReferenceGuard | None:
    """Start the guard when this PySide6 build loses references to None; None when it does not."""
    if sys.version_info >= (3, 12) or none_references_lost_per_call() == 0:
        return None
    return NoneReferenceGuard(parent)
