"""Chips for a field and the chip race (TDA 24; RRoP *Tournaments*; rules-reference 2.6).

``chips_needed`` and ``players_the_case_serves`` count the chips a field needs from the starting stacks
through every colour-up of the structure (chip_set.py holds the set, structure.py its colour-up schedule).

The chip race is deterministic once the cards are dealt (``deal_race_cards`` does the dealing with an
injectable random source): one card per odd chip, the highest card (by rank, then suit
spades > hearts > diamonds > clubs) wins first, at most one chip per player, a player left chipless is
served first and can never be raced out, and a leftover of at least half a chip makes one more chip.
"""

from __future__ import annotations

import random as _random
import secrets
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from tournament_director.domain.clock.chip_set import ChipSet
from tournament_director.domain.clock.structure import ColourUp, Structure, colour_up_schedule
from tournament_director.domain.errors import DomainError

RANKS = "23456789TJQKA"
SUITS = "cdhs"  # clubs < diamonds < hearts < spades, for draws only (RRoP Ties; TDA Add. 10)


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
    "RaceSeat",
    "RaceResult",
    "players_the_case_serves",
    "chips_needed",
    "odd_chip_counts",
    "deal_race_cards",
    "chip_race",
    "chip_race_procedure",
    "card_strength",
]
