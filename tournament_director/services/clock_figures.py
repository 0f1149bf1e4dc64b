"""Figures the clock service derives from the live clock: the play time so far and the clock time a stretch of
play needs (for the estimated end), and the colour-up announcement of the current or the next break (TDA 24)."""

from __future__ import annotations

from tournament_director.domain.clock.machine import Clock
from tournament_director.domain.clock.structure import Break, Level, Structure


def level_seconds_played(clock: Clock, now: float) -> float:
    """Seconds of play (levels, not breaks) from the start of the structure to ``now``."""
    index = clock.period_index(now)
    played: float = sum(p.duration_seconds for p in clock.structure.periods[:index] if isinstance(p, Level))
    current = clock.structure.periods[index]
    if isinstance(current, Level):
        played += max(0.0, current.duration_seconds - clock.remaining_ms(now) / 1000)
    return played


def wall_seconds_for_play(clock: Clock, now: float, play_seconds: float) -> float:
    """Clock time needed for ``play_seconds`` of play from ``now``, breaks on the way included."""
    index = clock.period_index(now)
    periods = clock.structure.periods
    total, left = 0.0, play_seconds
    span = clock.remaining_ms(now) / 1000
    while left > 0:
        if isinstance(periods[index], Level):
            used = min(left, span)
            left -= used
            total += used
        else:
            total += span
        index += 1
        if index >= len(periods):
            return total + left  # past the structure: the last level goes on
        span = periods[index].duration_seconds
    return total


def colour_up_notice(structure: Structure, index: int) -> str:
    """'Colour-up at the next break: the 25 chips come off (TDA 24)', or '' when no colour-up is coming."""
    period = structure.periods[index]
    target: Level | Break | None = period if isinstance(period, Break) else None
    if target is None:
        following = structure.next_break_index(index)
        if following is not None:
            target = structure.periods[following]
    if isinstance(target, Break) and target.colour_up:
        chips = ", ".join(str(v) for v in target.colour_up)
        when = "now" if target is period else "at the next break"
        return f"Colour-up {when}: the {chips} chips come off (TDA 24)"
    return ""
