"""Suggest a blind structure from the target length, the starting stack and the field size.

The blinds climb a ladder of round amounts from about 1/100 of the starting stack (1/200 for a deep
stack). The tournament is taken to end near the level where the big blind is about 1/40 of all the
chips in play (heads-up, each player then has about 20 big blinds), so the number of levels to play
is known and the level length follows from the target time, with a break every few levels. A few
spare levels are added so the clock never runs out. Colour-ups are placed at the breaks as soon as
every later amount can be paid with the next chip up.
"""

from __future__ import annotations

from tournament_director.domain.chips import ChipDenomination, ChipSet
from tournament_director.domain.errors import DomainError
from tournament_director.domain.structure import Break, Level, Period, Structure

BIG_BLIND_LADDER = (
    2, 4, 6, 10, 20, 30, 40, 50, 60, 80, 100, 150, 200, 300, 400, 500, 600, 800, 1_000, 1_200, 1_500,
    2_000, 2_500, 3_000, 4_000, 5_000, 6_000, 8_000, 10_000, 12_000, 15_000, 20_000, 25_000, 30_000,
    40_000, 50_000, 60_000, 80_000, 100_000, 120_000, 150_000, 200_000, 250_000, 300_000, 400_000,
    500_000, 600_000, 800_000, 1_000_000,
)  # fmt: skip
STANDARD_CHIPS = (
    (1, "white"), (5, "red"), (25, "green"), (100, "black"), (500, "purple"), (1_000, "yellow"),
    (5_000, "orange"), (25_000, "grey"), (100_000, "blue"),
)  # fmt: skip
LEVELS_PER_BREAK = 4
SPARE_LEVELS = 4
ENDING_BIG_BLINDS = 40  # total chips / big blind when the event is expected to end


FINAL_TABLE_SEATS = 9
FINISH_BIG_BLINDS = 15  # an event is about over once a full final table averages this many big blinds


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


def standard_chip_set(starting_stack: int, field_size: int = 100) -> ChipSet:
    """A chip set for a stack: the smallest chip is 1/400 of the stack (rounded down to a real chip)."""
    if starting_stack <= 0:
        raise DomainError("the starting stack must be above zero")
    smallest = max((v for v, _ in STANDARD_CHIPS if v * 400 <= starting_stack), default=1)
    values = [v for v, _ in STANDARD_CHIPS if v >= smallest]
    per_player = _make_stack(starting_stack, values[:4])
    quantity = {v: max(100, n * field_size) for v, n in per_player}
    chips = tuple(
        ChipDenomination(v, colour, quantity.get(v, max(50, field_size)))
        for v, colour in STANDARD_CHIPS
        if v in values
    )
    return ChipSet(chips, tuple(per_player), name=f"{starting_stack:,} stack")


def _make_stack(total: int, values: list[int]) -> list[tuple[int, int]]:
    """Split a stack into chips: a few of each small chip, the rest in the larger ones."""
    counts: dict[int, int] = {}
    left = total
    for value, share in zip(values, (0.1, 0.2, 0.3)):
        n = int(total * share) // value
        counts[value] = n
        left -= n * value
    for value in sorted(values, reverse=True):
        n, left = divmod(left, value) if value <= left else (0, left)
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
    """A structure aimed at ending in about ``target_minutes`` of play for ``field_size`` entries."""
    if target_minutes < 30:
        raise DomainError("a suggested structure needs a target length of at least 30 minutes")
    if starting_stack <= 0:
        raise DomainError("the starting stack must be above zero")
    if field_size < 2:
        raise DomainError("a tournament needs at least two entries")
    chip_set = chip_set or standard_chip_set(starting_stack, field_size)
    smallest = min(chip_set.denominations)
    # Only big blinds whose half (the small blind) can be paid with the smallest chip.
    ladder = [bb for bb in BIG_BLIND_LADDER if bb % 2 == 0 and (bb // 2) % smallest == 0]
    opening = starting_stack / (200 if deep else 100)
    first = max((i for i, bb in enumerate(ladder) if bb <= opening), default=0)
    ending = starting_stack * field_size / ENDING_BIG_BLINDS
    last = next((i for i, bb in enumerate(ladder) if bb >= ending), len(ladder) - 1)
    levels_to_play = max(3, last - first + 1)
    breaks_to_play = (levels_to_play - 1) // LEVELS_PER_BREAK
    play_minutes = target_minutes - breaks_to_play * break_minutes
    level_minutes = max(5, 5 * round(play_minutes / levels_to_play / 5))
    total_levels = min(len(ladder) - first, levels_to_play + SPARE_LEVELS)

    periods: list[Period] = []
    for number in range(1, total_levels + 1):
        bb = ladder[first + number - 1]
        periods.append(_level(number, level_minutes * 60, bb, betting, with_ante=number >= 3))
        if number % LEVELS_PER_BREAK == 0 and number < total_levels:
            periods.append(Break(break_minutes * 60))
    structure = Structure(tuple(periods), name=name or f"Suggested {target_minutes // 60}h{target_minutes % 60:02d}",
                          description=f"{starting_stack:,} stack, {field_size} entries, {level_minutes}-minute levels")
    structure = _place_colour_ups(structure, chip_set)
    structure.validate(chip_set)
    return structure


def _level(number: int, seconds: int, big: int, betting: str, *, with_ante: bool) -> Level:
    if betting == "fixed_limit":
        # Limit: the blinds are half the small bet and the small bet; the big bet is twice the small bet.
        return Level(number, seconds, big // 2, big, small_bet=big, big_bet=2 * big, betting=betting)
    if with_ante:
        return Level(number, seconds, big // 2, big, ante=big, big_blind_ante=True, betting=betting)
    return Level(number, seconds, big // 2, big, betting=betting)


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


__all__ = ["suggest_structure", "standard_chip_set", "estimated_finish_seconds", "BIG_BLIND_LADDER"]
