"""Chip sets, colour-ups and the chip race (TDA 24; RRoP *Tournaments*; rules-reference 2.6).

A ``ChipSet`` lists the denominations with their colours and how many chips the case holds, plus
the chips each player starts with. ``validate_structure_chips`` checks a structure against it: every
colour-up removes a denomination that is still in play, and every blind, ante and bet can be paid
with the chips in play at that level.

The chip race is deterministic once the cards are dealt (``deal_race_cards`` does the dealing with an
injectable random source): one card per odd chip, the highest card (by rank, then suit
spades > hearts > diamonds > clubs) wins first, at most one chip per player, a player left chipless is
served first and can never be raced out, and a leftover of at least half a chip makes one more chip.
"""

from __future__ import annotations

import random as _random
import secrets
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from tournament_director.domain.clock.structure import Level, Structure
from tournament_director.domain.errors import DomainError

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs < diamonds < hearts < spades, for draws only (RRoP Ties; TDA Add. 10)


@dataclass(frozen=True)
class ChipDenomination:
    value: int
    colour: str
    quantity: int  # chips of this value in the case


@dataclass(frozen=True)
class ChipSet:
    chips: tuple[ChipDenomination, ...]
    per_player: tuple[tuple[int, int], ...] = ()  # (value, count): the starting stack
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "chips", tuple(sorted(self.chips, key=lambda c: c.value)))
        object.__setattr__(self, "per_player", tuple(sorted((int(v), int(n)) for v, n in self.per_player)))

    @property
    def denominations(self) -> tuple[int, ...]:
        return tuple(c.value for c in self.chips)

    def colour_of(self, value: int) -> str:
        for chip in self.chips:
            if chip.value == value:
                return chip.colour
        raise DomainError(f"there is no {value} chip in the set")

    @property
    def starting_stack(self) -> int:
        return sum(value * count for value, count in self.per_player)

    def max_players(self) -> int:
        """How many starting stacks the case holds."""
        counts = [self._quantity(value) // count for value, count in self.per_player if count]
        return min(counts) if counts else 0

    def validate(self) -> None:
        if not self.chips:
            raise DomainError("a chip set needs at least one denomination")
        seen: set[int] = set()
        for chip in self.chips:
            if chip.value <= 0:
                raise DomainError(f"chip values must be above zero (got {chip.value})")
            if chip.value in seen:
                raise DomainError(f"the {chip.value} chip is listed twice")
            if chip.quantity < 0:
                raise DomainError(f"the {chip.value} chip has a negative quantity")
            seen.add(chip.value)
        for value, count in self.per_player:
            if value not in seen:
                raise DomainError(f"the starting stack uses a {value} chip that is not in the set")
            if count < 0:
                raise DomainError(f"the starting stack has a negative number of {value} chips")

    def _quantity(self, value: int) -> int:
        return next((c.quantity for c in self.chips if c.value == value), 0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "chips": [{"value": c.value, "colour": c.colour, "quantity": c.quantity} for c in self.chips],
            "per_player": [{"value": v, "count": n} for v, n in self.per_player],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ChipSet":
        """A chip set from plain data (a [chips] table or an event payload); unknown fields and wrong types are
        refused."""
        if not isinstance(data, Mapping):
            raise DomainError("the chip set must be a table of values")
        _only(data, {"name", "chips", "per_player"}, "the chip set")
        if not isinstance(data.get("chips"), list):
            raise DomainError("the chip set needs a list of chips (value, colour, quantity)")
        chips = []
        for position, raw in enumerate(data["chips"], start=1):
            where = f"chip {position} of the set"
            if not isinstance(raw, Mapping):
                raise DomainError(f"{where} is not a table of values")
            _only(raw, {"value", "colour", "quantity"}, where)
            colour = raw.get("colour", "")
            if not isinstance(colour, str):
                raise DomainError(f"{where}: colour must be text, not {colour!r}")
            chips.append(ChipDenomination(_count(raw, "value", where), colour, _count(raw, "quantity", where)))
        raw_stack = data.get("per_player", [])
        if not isinstance(raw_stack, list):
            raise DomainError("per_player must be a list of chips (value, count)")
        per_player = []
        for position, raw in enumerate(raw_stack, start=1):
            where = f"starting-stack entry {position}"
            if not isinstance(raw, Mapping):
                raise DomainError(f"{where} is not a table of values")
            _only(raw, {"value", "count"}, where)
            per_player.append((_count(raw, "value", where), _count(raw, "count", where)))
        name = data.get("name", "")
        if not isinstance(name, str):
            raise DomainError(f"the chip set name must be text, not {name!r}")
        chip_set = cls(tuple(chips), tuple(per_player), name)
        chip_set.validate()
        return chip_set


def _only(data: Mapping[str, Any], allowed: set[str], where: str) -> None:
    unknown = set(data) - allowed
    if unknown:
        raise DomainError(f"{where} has unknown fields: {', '.join(sorted(unknown))}")


def _count(data: Mapping[str, Any], name: str, where: str) -> int:
    if name not in data:
        raise DomainError(f"{where} is missing {name}")
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise DomainError(f"{where}: {name} must be a whole number, not {value!r}")
    return value


@dataclass(frozen=True)
class ColourUp:
    break_index: int  # index of the break in structure.periods
    after_level: int  # the play level just before the break
    removed: tuple[int, ...]
    smallest_in_play: int  # the smallest chip left once the colour-up is done


def colour_up_schedule(structure: Structure, chip_set: ChipSet) -> list[ColourUp]:
    """The colour-ups of a structure in order; raises DomainError where one does not fit the set."""
    chip_set.validate()
    in_play = set(chip_set.denominations)
    schedule: list[ColourUp] = []
    last_level = 0
    for index, period in enumerate(structure.periods):
        if isinstance(period, Level):
            last_level = period.number
            continue
        if not period.colour_up:
            continue
        where = f"{period.name} after level {last_level}"
        if len(set(period.colour_up)) != len(period.colour_up):
            raise DomainError(f"{where} lists the same chip twice in its colour-up")
        for value in period.colour_up:
            if value not in chip_set.denominations:
                raise DomainError(f"{where} colours up the {value} chip, which is not in the chip set")
            if value not in in_play:
                raise DomainError(f"{where} colours up the {value} chip, which was already removed")
        remaining = in_play - set(period.colour_up)
        if not remaining:
            raise DomainError(f"{where} would remove every chip in play")
        if min(period.colour_up) > min(remaining):
            # Removing a larger chip while a smaller one stays is not a colour-up.
            raise DomainError(f"{where} removes the {min(period.colour_up)} chip but keeps the smaller {min(remaining)}")
        in_play = remaining
        schedule.append(ColourUp(index, last_level, tuple(sorted(period.colour_up)), min(in_play)))
    return schedule


def validate_structure_chips(structure: Structure, chip_set: ChipSet) -> None:
    """Colour-ups must fit the set, and every level must be payable with the chips then in play."""
    colour_ups = {c.break_index: c for c in colour_up_schedule(structure, chip_set)}
    smallest = min(chip_set.denominations)
    if chip_set.per_player and chip_set.starting_stack % smallest:
        raise DomainError(f"the starting stack cannot be made of {smallest} chips")
    for index, period in enumerate(structure.periods):
        if index in colour_ups:
            smallest = colour_ups[index].smallest_in_play
        if isinstance(period, Level):
            for amount in period.amounts():
                if amount % smallest:
                    raise DomainError(
                        f"level {period.number}: {amount} cannot be paid when the smallest chip in play is {smallest}"
                    )


def chips_needed(structure: Structure, chip_set: ChipSet, players: int) -> dict[int, int]:
    """How many chips of each value the case must hold for ``players`` starting stacks and every colour-up.

    At each colour-up the value of the removed chips is taken to come back as the next chip up (the
    smallest left in play): the cautious case, since in practice part of it is exchanged for larger chips.
    """
    schedule = colour_up_schedule(structure, chip_set)
    needed = {value: count * players for value, count in chip_set.per_player}
    handed_out = dict(needed)
    for colour_up in schedule:
        value_back = sum(handed_out.pop(value, 0) * value for value in colour_up.removed)
        new_chip = colour_up.smallest_in_play
        extra = -(-value_back // new_chip)
        needed[new_chip] = needed.get(new_chip, 0) + extra
        handed_out[new_chip] = handed_out.get(new_chip, 0) + extra
    return needed


def players_the_case_serves(structure: Structure, chip_set: ChipSet) -> int:
    """How many players the chip case can start *and* colour up (cautious count, see ``chips_needed``)."""
    if not chip_set.per_player:
        return 0
    quantity = {c.value: c.quantity for c in chip_set.chips}

    def fits(players: int) -> bool:
        needed = chips_needed(structure, chip_set, players)
        return all(count <= quantity.get(value, 0) for value, count in needed.items())

    low, high = 0, chip_set.max_players()  # fits(low) always holds; more players never fit better
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


# --- chip race ---------------------------------------------------------------------------------


def card_strength(card: str) -> tuple[int, int]:
    if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise DomainError(f"{card!r} is not a card (write rank then suit, e.g. 'As', 'Td', '7c')")
    return RANKS.index(card[0]), SUITS.index(card[1])


@dataclass(frozen=True)
class RaceSeat:
    seat: int
    removed_chips: Mapping[int, int]  # denomination -> count of the chips being removed
    kept_value: int  # value of this player's chips that stay in play


@dataclass(frozen=True)
class RaceResult:
    new_chip: int  # the chip the odd chips are raced for (smallest left in play)
    exchanged: dict[int, int]  # seat -> new chips received by even exchange
    odd_chips: dict[int, int]  # seat -> number of odd chips raced (one card each)
    chips_raced: int  # number of new chips the odd chips make (half rule)
    served_first: tuple[int, ...]  # chipless seats given a chip before the cards (cannot be raced out)
    winners: tuple[int, ...]  # seats winning a chip on the cards, in order of their best card
    awards: dict[int, int] = field(default_factory=dict)  # seat -> new chips in total

    def stack_after(self, seat: RaceSeat) -> int:
        return seat.kept_value + self.awards.get(seat.seat, 0) * self.new_chip


def _odd_chip_split(remainder: int, removed: Sequence[int]) -> int:
    """Number of chips making up ``remainder`` with the removed denominations, largest first."""
    count = 0
    for value in sorted(removed, reverse=True):
        count += remainder // value
        remainder %= value
    return count


def odd_chip_counts(seats: Sequence[RaceSeat], new_chip: int) -> dict[int, int]:
    """How many cards each seat is dealt: one per odd chip left after the even exchange."""
    counts = {}
    for entry in seats:
        value = sum(d * n for d, n in entry.removed_chips.items())
        counts[entry.seat] = _odd_chip_split(value % new_chip, list(entry.removed_chips))
    return counts


def deal_race_cards(
    seats: Sequence[RaceSeat], new_chip: int, rng: _random.Random | None = None
) -> dict[int, tuple[str, ...]]:
    """Deal one card per odd chip from a shuffled deck, from seat 1 round (TDA 24)."""
    rng = rng or secrets.SystemRandom()
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    rng.shuffle(deck)
    counts = odd_chip_counts(seats, new_chip)
    if sum(counts.values()) > len(deck):
        raise DomainError("more odd chips than cards in a deck: exchange more chips before racing")
    dealt: dict[int, list[str]] = {seat: [] for seat in counts}
    order = sorted(counts)
    while any(len(dealt[s]) < counts[s] for s in order):
        for seat in order:
            if len(dealt[seat]) < counts[seat]:
                dealt[seat].append(deck.pop())
    return {seat: tuple(cards) for seat, cards in dealt.items()}


def chip_race(seats: Sequence[RaceSeat], new_chip: int, cards: Mapping[int, Sequence[str]]) -> RaceResult:
    """Colour up one table's removed chips into ``new_chip`` chips (TDA 24; RRoP *Tournaments*)."""
    if new_chip <= 0:
        raise DomainError("the chip raced for must have a value above zero")
    seat_numbers = [s.seat for s in seats]
    if len(set(seat_numbers)) != len(seat_numbers):
        raise DomainError("a seat appears twice in the chip race")
    counts = odd_chip_counts(seats, new_chip)
    seen_cards: set[str] = set()
    best: dict[int, tuple[int, int]] = {}
    for seat, count in counts.items():
        dealt = list(cards.get(seat, ()))
        if len(dealt) != count:
            raise DomainError(f"seat {seat} has {count} odd chips and must be dealt {count} cards, not {len(dealt)}")
        for card in dealt:
            strength = card_strength(card)
            if card in seen_cards:
                raise DomainError(f"the card {card} was dealt twice")
            seen_cards.add(card)
            best[seat] = max(best.get(seat, (-1, -1)), strength)

    exchanged: dict[int, int] = {}
    total_odd_value = 0
    for entry in seats:
        value = sum(d * n for d, n in entry.removed_chips.items())
        if any(n < 0 for n in entry.removed_chips.values()) or entry.kept_value < 0:
            raise DomainError(f"seat {entry.seat} has a negative number of chips")
        exchanged[entry.seat] = value // new_chip
        total_odd_value += value % new_chip
    chips_raced = total_odd_value // new_chip
    if 2 * (total_odd_value % new_chip) >= new_chip:
        chips_raced += 1  # a leftover of at least half a chip makes one more (RRoP)

    racing = [s for s in seats if counts[s.seat]]
    chipless = tuple(s.seat for s in racing if s.kept_value == 0 and exchanged[s.seat] == 0)
    left = max(0, chips_raced - len(chipless))
    contenders = sorted((s.seat for s in racing if s.seat not in chipless), key=lambda seat: best[seat], reverse=True)
    winners = tuple(contenders[:left])  # at most one chip per player
    awards = dict(exchanged)
    for seat in chipless + winners:
        awards[seat] += 1
    return RaceResult(
        new_chip=new_chip,
        exchanged=exchanged,
        odd_chips={seat: n for seat, n in counts.items() if n},
        chips_raced=chips_raced,
        served_first=chipless,
        winners=winners,
        awards={seat: n for seat, n in awards.items() if n},
    )


def chip_race_procedure(colour_up: ColourUp, chip_set: ChipSet) -> str:
    """The dealer's instructions for one colour-up, as plain printable text."""
    removed = ", ".join(f"{v} ({chip_set.colour_of(v)})" for v in colour_up.removed)
    new = colour_up.smallest_in_play
    new_name = f"{new} ({chip_set.colour_of(new)})"
    lines = [
        f"Colour-up at {_break_label(colour_up)}: remove the {removed} chips.",
        "",
        f"1. Each player places all {removed} chips in front of the stack, in plain view.",
        f"2. Exchange them for {new_name} chips at equal value, as many full {new} chips as they make.",
        "3. The chips left over (the odd chips) are raced. Deal one card face up for each odd chip,",
        "   starting with seat 1 and going clockwise, one card at a time.",
        "4. Add up the value of all odd chips on the table. It makes that many "
        f"{new} chips; a leftover of half a {new} chip or more makes one more.",
        "5. A player whose odd chips are all he has left is served one chip first: a player cannot be",
        "   raced out of the tournament (TDA 24).",
        "6. The other chips go to the highest cards, one chip per player at most. Equal ranks are",
        "   decided by suit: spades, hearts, diamonds, clubs.",
        "7. Remove every odd chip from the table; call the floor for any dispute before the next hand.",
    ]
    return "\n".join(lines)


def _break_label(colour_up: ColourUp) -> str:
    return f"the break after level {colour_up.after_level}"


__all__ = [
    "ChipDenomination",
    "ChipSet",
    "ColourUp",
    "RaceSeat",
    "RaceResult",
    "colour_up_schedule",
    "validate_structure_chips",
    "players_the_case_serves",
    "chips_needed",
    "odd_chip_counts",
    "deal_race_cards",
    "chip_race",
    "chip_race_procedure",
    "card_strength",
]
