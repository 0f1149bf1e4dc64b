"""What the console benchmarks measure the event loop with: a 10 ms precise timer whose lateness is the loop's
delay, and figures printed as p50 / p99 / max."""

from __future__ import annotations

import statistics
import time

from PySide6.QtCore import QTimer, Qt

TICK_MS = 10


def percentiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return f"p50 {statistics.median(ordered):.1f} ms, p99 {p99:.1f} ms, max {ordered[-1]:.1f} ms"


class LoopDelay:
    """A 10 ms precise timer; how late each timeout came is the event loop's delay."""

    def __init__(self) -> None:
        self.late_ms: list[float] = []
        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        self._last = 0

    def start(self) -> None:
        self._last = time.monotonic_ns()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def _tick(self) -> None:
        now = time.monotonic_ns()
        self.late_ms.append(max(0.0, (now - self._last) / 1e6 - TICK_MS))
        self._last = now
