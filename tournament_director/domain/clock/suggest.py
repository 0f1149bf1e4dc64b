"""Suggest a blind structure from the target length, the starting stack and the field size.

The small blinds climb a ladder of round amounts (20-50% a level) from about 1/200 of the starting stack
(1/400 for a deep stack), the big blind twice that, with a big-blind ante from level 3. The level length is
chosen from the usual lengths (5 to 60 minutes) so that the average stack at a full final table is down to
15 big blinds close to the target time: that is when an event is usually within a level or two of its end.
Breaks come every 4-6 levels (about every two hours; fewer levels when they are 40 minutes or more), and each chip is coloured up at the first break after
the last blind, ante or bet that needs it (TDA 24). Levels go on past the target so the clock never runs out.
"""

from __future__ import annotations

import math
from dataclasses import replace

from tournament_director.domain.clock.chip_set import ChipDenomination, ChipSet
from tournament_director.domain.clock.chips import chips_needed
from tournament_director.domain.clock.structure import Break, Level, Period, Structure
from tournament_director.domain.errors import DomainError

SMALL_BLIND_LADDER = (
    1, 2, 3, 5, 10, 15, 20, 25, 50, 75, 100, 150, 200, 300, 400, 500, 600, 800, 1_000, 1_200, 1_500,
    2_000, 2_500, 3_000, 4_000, 5_000, 6_000, 8_000, 10_000, 12_000, 15_000, 20_000, 25_000, 30_000,
    40_000, 50_000, 60_000, 80_000, 100_000, 120_000, 150_000, 200_000, 250_000, 300_000, 400_000,
    500_000, 600_000, 800_000, 1_000_000, 1_200_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000,
)  # fmt: skip
BIG_BLIND_LADDER = tuple(2 * small for small in SMALL_BLIND_LADDER)
STANDARD_CHIPS = (
    (1, "white"), (5, "red"), (25, "green"), (100, "black"), (500, "purple"), (1_000, "yellow"),
    (5_000, "orange"), (25_000, "grey"), (100_000, "blue"), (500_000, "pink"),
)  # fmt: skip
LEVEL_MINUTES = (5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 45, 60)
ANTE_FROM_LEVEL = 3
FINAL_TABLE_SEATS = 9
FINISH_BIG_BLINDS = 15  # an event is about over once a full final table averages this many big blinds
LAST_BIG_BLINDS = 20  # levels go on until heads-up players average 10 big blinds, and two more
MOST_PLAY_BETWEEN_BREAKS = 135 * 60


def estimated_finish_seconds(structure: Structure, total_chips: int, entries: int) -> int | None:
    """Clock time (breaks included) until the average stack at the final table is down to 15 big blinds.

    That is when a tournament is usually within a level or two of its end; None when the structure
    never gets there.
    """
    seats = max(2, min(entries, FINAL_TABLE_SEATS))
    elapsed = 0
    for period in structure.periods:
        if isinstance(period, Level) and total_chips / seats / period.big_blind <= FINISH_BIG_BLINDS:
            return elapsed
        elapsed += period.duration_seconds
    return None


def _opening_index(starting_stack: int, deep: bool) -> int:
    opening_small_blind = starting_stack / (400 if deep else 200)
    return max((i for i, sb in enumerate(SMALL_BLIND_LADDER) if sb <= opening_small_blind), default=0)


def standard_chip_set(starting_stack: int, field_size: int = 100, *, deep: bool = False) -> ChipSet:
    """A chip set for a stack: the smallest chip pays the first small blinds; about 30-50 chips a player.

    The quantities hold every starting stack; ``suggest_structure`` adds what its colour-ups need.
    """
    if starting_stack <= 0:
        raise DomainError("the starting stack must be above zero")
    if field_size < 1:
        raise DomainError("a chip case is for at least one player")
    first = _opening_index(starting_stack, deep)
    early = SMALL_BLIND_LADDER[first : first + 3]
    fitting = [v for v, _ in STANDARD_CHIPS if all(sb % v == 0 for sb in early) and starting_stack % v == 0]
    if not fitting:
        raise DomainError(f"a stack of {starting_stack} cannot be made of standard chips (1, 5, 25, 100, ...)")
    smallest = max(fitting)
    values = [v for v, _ in STANDARD_CHIPS if v >= smallest][:5]
    per_player = _make_stack(starting_stack, values)
    chips = tuple(
        ChipDenomination(v, colour, next((n for value, n in per_player if value == v), 0) * field_size)
        for v, colour in STANDARD_CHIPS
        if v in values
    )
    return ChipSet(chips, tuple(per_player), name=f"{starting_stack:,} stack")


def _make_stack(total: int, values: list[int]) -> list[tuple[int, int]]:
    """A few of each small chip to post blinds and make change, the rest in the larger ones."""
    counts: dict[int, int] = {}
    left = total
    for value, share, most in zip(values, (0.02, 0.10, 0.20), (12, 20, 20)):
        n = min(most, max(4, round(total * share / value)), left // value)
        counts[value] = n
        left -= n * value
    for value in sorted(values, reverse=True):
        if value > total // 5 and value != min(values):
            continue  # no single chip is worth more than a fifth of the stack
        n, left = divmod(left, value)
        counts[value] = counts.get(value, 0) + n
    if left:
        raise DomainError(f"a stack of {total} cannot be made of {min(values)} chips")
    return sorted((v, n) for v, n in counts.items() if n)


def suggest_structure(
    target_minutes: int,
    starting_stack: int,
    field_size: int,
    *,
    chip_set: ChipSet | None = None,
    deep: bool = False,
    betting: str = "no_limit",
    break_minutes: int = 15,
    name: str = "",
) -> Structure:
    """A structure aimed at a final table averaging 15 big blinds after about ``target_minutes``."""
    return suggest_structure_and_chips(target_minutes, starting_stack, field_size, chip_set=chip_set, deep=deep,
                                       betting=betting, break_minutes=break_minutes, name=name)[0]


def suggest_structure_and_chips(
    target_minutes: int,
    starting_stack: int,
    field_size: int,
    *,
    chip_set: ChipSet | None = None,
    deep: bool = False,
    betting: str = "no_limit",
    break_minutes: int = 15,
    name: str = "",
) -> tuple[Structure, ChipSet]:
    """The suggested structure and a chip set (the one given, or a standard case for the field) that fits it."""
    if target_minutes < 30:
        raise DomainError("a suggested structure needs a target length of at least 30 minutes")
    if starting_stack <= 0:
        raise DomainError("the starting stack must be above zero")
    if field_size < 2:
        raise DomainError("a tournament needs at least two entries")
    if not 5 <= break_minutes <= 60:
        raise DomainError(f"a break lasts 5 to 60 minutes, not {break_minutes}")
    given = chip_set
    chip_set = chip_set or standard_chip_set(starting_stack, field_size, deep=deep)
    total_chips = starting_stack * field_size
    target = target_minutes * 60

    def gap(structure: Structure) -> float:
        finish = estimated_finish_seconds(structure, total_chips, field_size)
        return math.inf if finish is None else abs(finish - target)

    candidates = [_build(minutes, starting_stack, total_chips, chip_set, deep, betting, break_minutes)
                  for minutes in LEVEL_MINUTES]
    structure = min(candidates, key=gap)
    finish = estimated_finish_seconds(structure, total_chips, field_size) or structure.total_seconds()
    minutes = structure.levels[0].duration_seconds // 60
    note = ""
    if abs(finish - target) > 0.2 * target:
        note = (f"; expect about {finish / 3600:.1f} h, not {target_minutes / 60:.1f} h: "
                f"{'too many entries for the time' if finish > target else 'too few entries to fill the time'}")
    title = name or f"Suggested {target_minutes // 60}h{target_minutes % 60:02d}"
    description = (f"{starting_stack:,} stack, {field_size} entries, {minutes}-minute levels; final table at "
                   f"15 big blinds after about {finish / 3600:.1f} h{note}")
    structure = replace(structure, name=title, description=description)
    if given is None:
        chip_set = _case_for_field(structure, chip_set, field_size)
    structure.validate(chip_set)
    return structure, chip_set


def _build(minutes: int, starting_stack: int, total_chips: int, chip_set: ChipSet, deep: bool, betting: str,
           break_minutes: int) -> Structure:
    smallest = min(chip_set.denominations)
    ladder = [sb for sb in SMALL_BLIND_LADDER if sb % smallest == 0]
    first = max((i for i, sb in enumerate(ladder) if sb <= SMALL_BLIND_LADDER[_opening_index(starting_stack, deep)]),
                default=0)
    # about two hours of play between breaks: 4-6 short levels, fewer long ones (never over 2 h 15)
    levels_per_break = min(6, max(4, round(120 / minutes)), MOST_PLAY_BETWEEN_BREAKS // (minutes * 60))
    periods: list[Period] = []
    spare = 2
    for number, small in enumerate(ladder[first:], start=1):
        periods.append(_level(number, minutes * 60, small, betting))
        if total_chips / (2 * small) <= LAST_BIG_BLINDS:
            spare -= 1
            if spare < 0:
                break
        if number % levels_per_break == 0:
            periods.append(Break(break_minutes * 60))
    if isinstance(periods[-1], Break):
        periods.pop()
    return _place_colour_ups(Structure(tuple(periods)), chip_set)


def _level(number: int, seconds: int, small: int, betting: str) -> Level:
    big = 2 * small
    if betting == "fixed_limit":
        # Limit: the big blind is the small bet, and the big bet is twice the small bet (seed 002).
        return Level(number, seconds, small, big, small_bet=big, big_bet=2 * big, betting=betting)
    if number >= ANTE_FROM_LEVEL:
        return Level(number, seconds, small, big, ante=big, big_blind_ante=True, betting=betting)
    return Level(number, seconds, small, big, betting=betting)


def _place_colour_ups(structure: Structure, chip_set: ChipSet) -> Structure:
    in_play = sorted(chip_set.denominations)
    periods = list(structure.periods)
    for index, period in enumerate(periods):
        if not isinstance(period, Break):
            continue
        later_amounts = [a for p in periods[index + 1 :] if isinstance(p, Level) for a in p.amounts()]
        removed: list[int] = []
        while len(in_play) > 1 and all(a % in_play[1] == 0 for a in later_amounts):
            removed.append(in_play.pop(0))
        if removed:
            periods[index] = Break(period.duration_seconds, tuple(removed), period.name)
    return Structure(tuple(periods), structure.name, structure.description)


def _case_for_field(structure: Structure, chip_set: ChipSet, field_size: int) -> ChipSet:
    """The chip set with quantities (in racks of 20) for the whole field and every colour-up; a chip the
    structure never needs is left out."""
    needed = chips_needed(structure, chip_set, field_size)
    chips = tuple(replace(c, quantity=-(-max(c.quantity, needed[c.value]) // 20) * 20)
                  for c in chip_set.chips if needed.get(c.value))
    return replace(chip_set, chips=chips)


__all__ = [
    "suggest_structure",
    "suggest_structure_and_chips",
    "standard_chip_set",
    "estimated_finish_seconds",
    "BIG_BLIND_LADDER",
    "SMALL_BLIND_LADDER",
]
