"""A floor-tool hand as PHH and back: the hand so far with the table's seats, the button and blind seats, the
unknown stacks and the absent players (in ``_``-prefixed fields PHH readers pass over), and a PHH file read
back into a situation and the tool's steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules import phh
from tournament_director.domain.rules.hand import HandState
from tournament_director.services.floor_tool.situation import (
    BETTING,
    SeatSetup,
    Situation,
    phh_order,
    validate_situation,
)


def hand_to_phh(state: HandState, situation: Situation, order: Sequence[SeatSetup], rulebook: str) -> str:
    """The hand so far as PHH (TOML), with the table's seats and the absent players."""
    s = situation
    extra: dict[str, object] = {"seats": [x.seat for x in order], "seat_count": s.seat_count}
    if s.table is not None:
        extra["table"] = s.table
    extra["_button_seat"] = s.button
    extra["_small_blind_seat"] = s.small_blind_seat if s.small_blind_seat is not None else 0
    extra["_big_blind_seat"] = s.big_blind_seat
    extra["_unknown_stacks"] = [x.seat for x in order if x.stack is None]
    extra["_absent"] = [x.seat for x in order if x.absent]
    extra["_betting"] = s.betting
    extra["_rulebook"] = rulebook
    text = phh.dumps(state, extra)
    return text


def situation_from_phh(text: str) -> tuple[Situation, Any, list[int]]:
    """The situation of a PHH hand's text (see ``situation_from_hand``)."""
    try:
        hand = phh.loads(text)
    except phh.PhhFormatError as error:
        raise DomainError(f"not a readable PHH hand: {error}") from None
    return situation_from_hand(hand)


def situation_from_hand(hand: Any) -> tuple[Situation, Any, list[int]]:
    """The situation of a PHH hand as read (``phh.loads`` or ``phh.load_file``), the hand and its table seats (in PHH
    order); refuses seats that do not run clockwise from the left of the button.

    The table fields (``seats``, ``seat_count``, the ``_``-prefixed ones) come from ``hand.fields``, the file's
    table as the reader checked it: whole numbers within the table (``3.0`` stands for seat 3), lists of seats,
    short text, so nothing here can fail on a value of the wrong kind.
    """
    data = hand.fields
    count = len(hand.starting_stacks)
    seats = _seats(data.get("seats")) or list(range(1, count + 1))
    if len(seats) != count:
        raise DomainError(f"the PHH 'seats' field lists {len(seats)} seats for {count} players")
    seat_count = int(data["seat_count"]) if "seat_count" in data else max(max(seats), 10)
    unknown = set(_seats(data.get("_unknown_stacks")))
    absent = set(_seats(data.get("_absent")))
    names = hand.players or [""] * count
    setups = tuple(SeatSetup(seat, "" if name == f"Seat {seat}" else name,
                             None if seat in unknown else stack, seat in absent)
                   for seat, name, stack in zip(seats, names, hand.starting_stacks))
    blinds = list(hand.blinds_or_straddles) + [0] * (count - len(hand.blinds_or_straddles))
    if count == 2:
        blinds.reverse()
    big = max(blinds) if blinds else 0
    bb_index = max(i for i, b in enumerate(blinds) if b == big)
    small_values = [b for i, b in enumerate(blinds) if i != bb_index and b > 0]
    sb_index = next((i for i, b in enumerate(blinds) if i != bb_index and b > 0), None)
    antes = list(hand.antes) + [0] * (count - len(hand.antes))
    bba = sum(1 for a in antes if a) == 1 and antes[bb_index] > 0
    sb_seat = _seat(data, "_small_blind_seat", seats[sb_index] if sb_index is not None else 0)
    betting = data.get("_betting", {v: k for k, v in BETTING.items()}[phh.VARIANTS[hand.variant]])
    table = data.get("table")
    if isinstance(table, Decimal):  # a whole number written as 3.0, as the reader checked
        table = int(table)
    situation = Situation(
        tuple(sorted(setups, key=lambda x: x.seat)), _seat(data, "_button_seat", seats[-1]), sb_seat or None,
        _seat(data, "_big_blind_seat", seats[bb_index]), small_values[0] if small_values else 0, big,
        max(antes), bba, betting, hand.small_bet, hand.big_bet,
        table if isinstance(table, (int, str)) and not isinstance(table, bool) else None, seat_count, None,
    )
    validate_situation(situation)
    if phh_order(situation) != list(setups):
        raise DomainError("the PHH seats do not run clockwise from the left of the button")
    return situation, hand, seats


def _seats(values: Any) -> list[int]:
    """A list of seats the reader has checked (whole numbers within the table) as ints."""
    return [int(v) for v in values] if isinstance(values, list) else []


def _seat(data: dict[str, Any], key: str, default: int) -> int:
    return int(data[key]) if key in data else default


def ops_from_actions(actions: Sequence[str], seats: Sequence[int], absent: set[int],
                     unit: int = 1) -> list[tuple[tuple[Any, ...], tuple[int, str]]]:
    """PHH actions as the floor tool's steps; the fold of a seat in ``absent`` is left to the tool (TDA 30).
    ``unit``: engine chips per unit of the file (``PhhHand.unit``), as the hand's stacks and blinds are counted."""
    ops: list[tuple[tuple[Any, ...], tuple[int, str]]] = []
    hole: dict[int, str] = {}
    dealt = False
    for k, text in enumerate(actions):
        parsed = phh.parse_action(text, unit)
        seat = seats[parsed.player] if parsed.player is not None and parsed.player < len(seats) else None
        if parsed.kind == "comment":
            continue
        if parsed.kind == "deal_hole":
            if parsed.cards and "?" not in parsed.cards and seat is not None:
                hole[seat] = parsed.cards
            continue
        if not dealt:
            ops.append((("deal", dict(hole)), (k, text)))
            dealt = True
        if parsed.kind == "deal_board":
            ops.append((("board", parsed.cards), (k, text)))
        elif parsed.kind == "fold":
            if seat in absent:
                continue
            ops.append((("act", "fold", None, seat), (k, text)))
        elif parsed.kind == "call":
            ops.append((("act", "call_or_check", None, seat), (k, text)))
        elif parsed.kind == "raise":
            ops.append((("act", "raise", parsed.amount, seat), (k, text)))
        elif parsed.kind == "show":
            ops.append((("show", seat, parsed.cards), (k, text)))
        elif parsed.kind == "muck":
            ops.append((("muck", seat), (k, text)))
    if not dealt and hole:
        ops.append((("deal", dict(hole)), (len(actions), "")))
    return ops
