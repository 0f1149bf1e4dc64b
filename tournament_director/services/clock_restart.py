"""After a restart with the clock running: where the clock stood when the program stopped, and where it would
stand now had it kept running, so the director's choice can say what each option gives.

The moment the program stopped is its last heartbeat in the store (written every few seconds while the clock
runs, and once more on a normal exit), or the clock's last recorded event when there is no later heartbeat.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from tournament_director.domain.clock.machine import Clock
from tournament_director.domain.clock.structure import Structure

HEARTBEAT_SECONDS = 5.0  # how often the running clock writes that the program is alive


@dataclass(frozen=True)
class RestartInfo:
    """The clock was running when the program stopped; the director chooses how to go on."""

    period_index: int  # at the clock's last recorded event
    saved_remaining_ms: int
    saved_at: datetime | None
    wall_elapsed_seconds: float  # wall time since the last recorded event
    stopped_at: datetime | None = None  # the program's last sign of life (heartbeat or the last event)
    alive_seconds: float = 0.0  # from the last recorded event to the moment the program stopped
    stopped_period_index: int = 0  # where the clock stood when the program stopped
    stopped_remaining_ms: int = 0
    now_period_index: int = 0  # where it would stand now, had it kept running
    now_remaining_ms: int = 0

    @property
    def down_seconds(self) -> float:
        """How long the program was down (from its last sign of life to now)."""
        return max(0.0, self.wall_elapsed_seconds - self.alive_seconds)


def position_after(structure: Structure, period_index: int, remaining_ms: int, seconds: float) -> tuple[int, int]:
    """(period, milliseconds left) after ``seconds`` of running from ``period_index`` with ``remaining_ms``."""
    clock = Clock(structure, period_index=period_index, remaining_ms=remaining_ms, running=True, now=0.0)
    clock.advance(seconds)
    return clock.period_index(seconds), clock.remaining_ms(seconds)


def restart_info(structure: Structure, period_index: int, remaining_ms: int, saved_at: datetime | None,
                 now: datetime, last_beat: datetime | None) -> RestartInfo:
    """What the director chooses between: the clock at the moment the program stopped, or as if it had run on."""
    elapsed = max(0.0, (now - saved_at).total_seconds()) if saved_at is not None else 0.0
    alive, stopped_at = 0.0, saved_at
    if saved_at is not None and last_beat is not None and last_beat > saved_at:
        alive = min(elapsed, (last_beat - saved_at).total_seconds())
        stopped_at = min(last_beat, now)
    stopped = position_after(structure, period_index, remaining_ms, alive)
    running_on = position_after(structure, period_index, remaining_ms, elapsed)
    return RestartInfo(period_index, remaining_ms, saved_at, elapsed, stopped_at, alive, *stopped, *running_on)


__all__ = ["HEARTBEAT_SECONDS", "RestartInfo", "position_after", "restart_info"]
