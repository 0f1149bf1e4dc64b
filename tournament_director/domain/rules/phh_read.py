"""Reading PHH hands (see ``phh``): the TOML table checked field by field through the guarded path of
``domain.reading``, so that a malformed file raises ``PhhFormatError`` naming the field and the problem and
nothing else escapes (no ``ValueError`` for a 5,000-digit integer, no ``decimal.Overflow`` for ``1e1000000``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from tournament_director.domain.cards import parse_cards
from tournament_director.domain.errors import DomainError
from tournament_director.domain.limits import MAX_AMOUNT, MAX_NAME_LENGTH, MAX_SEATS
from tournament_director.domain.reading import (
    FileRefused,
    check_list,
    check_number,
    check_string,
    check_whole,
    describe_type,
    parse_toml,
    read_text,
)
from tournament_director.domain.rules.betting import BettingStructure
from tournament_director.domain.rules.hand import HandState
from tournament_director.domain.rules.rulebook import HouseRules

VARIANTS = {
    "NT": BettingStructure.NO_LIMIT,
    "FT": BettingStructure.FIXED_LIMIT,
    "PT": BettingStructure.POT_LIMIT,
    "HT": BettingStructure.HALF_POT_LIMIT,
}
VARIANT_CODES = {structure: code for code, structure in VARIANTS.items()}


class PhhFormatError(FileRefused):
    """The file is not a readable hold'em PHH hand (as opposed to a readable hand with an illegal action).

    A ``FileRefused`` (so a ``DomainError``): its message names the field and the problem, and the file once
    ``in_file`` has been given its name.
    """


MAX_ACTIONS = 5000  # a hold'em hand of ten players has a few dozen


@dataclass(frozen=True)
class ParsedAction:
    kind: str  # deal_hole, deal_board, fold, call, raise, show, muck, comment
    player: int | None = None
    amount: int | None = None
    cards: str | None = None


@dataclass
class PhhHand:
    variant: str
    starting_stacks: list[int]
    actions: list[str]
    antes: list[int] = field(default_factory=list)
    blinds_or_straddles: list[int] = field(default_factory=list)
    min_bet: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    counted_blinds: list[int] | None = None
    players: list[str] | None = None
    finishing_stacks: list[int] | None = None
    ante_trimming_status: bool = False
    dead_hands: list[int] = field(default_factory=list)  # players whose hands are killed at the deal (TDA 30)
    unit: int = 1  # engine chips per unit of the file: 100 when the file writes amounts to the cent
    fields: dict[str, Any] = field(default_factory=dict, repr=False)  # the hand's TOML table as read

    def in_file_units(self, chips: int | None) -> int | float | None:
        """An engine amount in the file's own unit: a whole number stays an int, 20130 cents is 201.3."""
        if chips is None or self.unit == 1:
            return chips
        whole, rest = divmod(chips, self.unit)
        return whole if rest == 0 else float(Decimal(chips) / self.unit)

    def amount_text(self, chips: int) -> str:
        """An engine amount as the file writes it: ``"201.30"`` for 20130 when the file counts in cents."""
        if self.unit == 1:
            return str(chips)
        return f"{Decimal(chips) / self.unit:.{len(str(self.unit)) - 1}f}"

    def new_state(self, rules: HouseRules | None = None) -> HandState:
        return HandState(
            self.starting_stacks,
            structure=VARIANTS[self.variant],
            blinds=self.blinds_or_straddles,
            antes=self.antes,
            min_bet=self.min_bet,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            rules=rules,
            names=self.players,
            counted_blinds=self.counted_blinds,
            amount_text=self.amount_text if self.unit != 1 else None,
        )


_ACTION = re.compile(
    r"^(?:d dh p(?P<dh>\d{1,4}) (?P<hole>\S+)"
    r"|d db (?P<board>\S+)"
    r"|p(?P<player>\d{1,4}) (?P<verb>f|cc|cbr|sm)(?: (?P<arg>\S+))?)$"
)


_AMOUNT = re.compile(r"^\d[\d,]*(?:\.\d*)?$")
_MAX_DECIMALS = 6


_MAX_CACHED_ACTIONS = 100_000
_parsed_actions: dict[tuple[str, int], ParsedAction] = {}


def parse_action(text: str, unit: int = 1) -> ParsedAction:
    """One PHH action string; raises PhhFormatError when it is not a hold'em action. ``unit``: engine chips
    per unit of the file (see ``PhhHand.unit``), by which a ``cbr`` amount is multiplied.

    Hands repeat the same action strings ('p2 f', 'p1 cc', the same deals), and a file's actions are read
    once to check them and again to replay them: an action read before is looked up, not read again."""
    if type(text) is str:
        parsed = _parsed_actions.get((text, unit))
        if parsed is None:
            parsed = _read_action(text, unit)
            if len(_parsed_actions) >= _MAX_CACHED_ACTIONS:
                _parsed_actions.clear()
            _parsed_actions[text, unit] = parsed
        return parsed
    return _read_action(text, unit)


def _read_action(text: str, unit: int) -> ParsedAction:
    if not isinstance(text, str):
        raise PhhFormatError(f"action {describe_type(text)} is not a string")
    shown = repr(text) if len(text) <= 60 else repr(text[:57] + "...")
    # An action written tidily (single spaces, no comment) is matched as it is; any other is tidied first.
    match = _ACTION.fullmatch(text) if "#" not in text else None
    if match is None:
        body = text.split("#", 1)[0].strip()
        if not body:
            return ParsedAction("comment")
        match = _ACTION.match(" ".join(body.split()))
    if not match:
        raise PhhFormatError(f"action {shown} is not a hold'em PHH action")
    for cards in (match["hole"], match["board"], match["arg"] if match["verb"] == "sm" else None):
        if cards and cards != "-":
            try:
                parse_cards(cards)
            except DomainError as error:
                raise PhhFormatError(f"action {shown}: {error.message}") from None
    if match["dh"]:
        return ParsedAction("deal_hole", int(match["dh"]) - 1, cards=match["hole"])
    if match["board"]:
        return ParsedAction("deal_board", cards=match["board"])
    player = int(match["player"]) - 1
    verb, arg = match["verb"], match["arg"]
    if verb in ("f", "cc") and arg is not None:
        raise PhhFormatError(f"action {shown}: '{verb}' takes no amount")
    if verb == "f":
        return ParsedAction("fold", player)
    if verb == "cc":
        return ParsedAction("call", player)
    if verb == "cbr":
        if arg is None or not _AMOUNT.match(arg):
            raise PhhFormatError(f"action {shown}: 'cbr' needs a number of chips")
        try:
            amount = check_number(Decimal(arg.replace(",", "")), "amount", maximum=MAX_AMOUNT)
        except FileRefused as refused:
            raise PhhFormatError(f"action {shown}: the {refused.message}") from None
        scaled = Decimal(amount) * unit
        if scaled != scaled.to_integral_value():
            raise PhhFormatError(f"action {shown}: the amount has more decimals than the rest of the file")
        return ParsedAction("raise", player, amount=int(scaled))
    if arg is None:
        return ParsedAction("muck", player)
    return ParsedAction("show", player, cards=None if arg == "-" else arg)


def _chips(value: object, where: str, unit: int = 1) -> int:
    """A chip amount as PHH writes it (an integer, or a decimal such as ``3.0`` or ``0.50``) as a whole
    number of engine chips, ``unit`` engine chips to one unit of the file; at most ``MAX_AMOUNT`` in the
    file's unit."""
    if type(value) is int and 0 <= value <= MAX_AMOUNT:  # the common case, every check below passed at once
        return value * unit
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        raise PhhFormatError(f"must be a number of chips, not {describe_type(value)}", field=where)
    if isinstance(value, (float, Decimal)) and not Decimal(value).is_finite():
        raise PhhFormatError(f"is {float(value)}: an unknown amount cannot be replayed; give the chips", field=where)
    if value < 0:
        raise PhhFormatError("is negative", field=where)
    amount = check_number(value, where, maximum=MAX_AMOUNT)
    scaled = Decimal(amount) * unit if isinstance(amount, Decimal) else amount * unit
    if scaled != int(scaled):
        raise PhhFormatError(f"is {value}: more decimals than this program reads ({_MAX_DECIMALS})", field=where)
    return int(scaled)


def _decimals(value: object) -> int:
    """How many decimals a number from the file really uses (``0.50`` -> 1, ``3.0`` -> 0, ``4.75`` -> 2).

    Read from the digits, never through arithmetic, which a number like ``1e1000000`` would overflow."""
    if not isinstance(value, Decimal) or not value.is_finite() or value == 0:
        return 0
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)  # a finite number's exponent
    if exponent >= 0:
        return 0
    trailing_zeros = len(digits) - len("".join(map(str, digits)).rstrip("0"))
    return max(0, -exponent - trailing_zeros)


_AMOUNT_FIELDS = ("starting_stacks", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet",
                  "_counted_blinds")


def _file_unit(data: dict[str, Any], actions: Iterable[object]) -> int:
    """Engine chips per unit of the file: 1 for whole chips, 10**d when amounts are written with d decimals."""
    values: list[object] = []
    for key in _AMOUNT_FIELDS:
        value = data.get(key)
        values.extend(value if isinstance(value, list) else [value])
    for action in actions:
        if isinstance(action, str) and "." in action:  # an amount without a point has no decimals
            words = action.split("#", 1)[0].split()
            if len(words) == 3 and words[1] == "cbr" and _AMOUNT.match(words[2]):
                try:
                    values.append(Decimal(words[2].replace(",", "")))
                except InvalidOperation:
                    pass
    decimals = max((_decimals(v) for v in values), default=0)
    if decimals > _MAX_DECIMALS:
        raise PhhFormatError(f"amounts are written with {decimals} decimals; this program reads at most {_MAX_DECIMALS}")
    return int(10 ** decimals)


def _chip_list(data: dict[str, Any], key: str, count: int, *, required: bool = True, unit: int = 1) -> list[int]:
    """A per-player list of chip amounts; a single number stands for the same amount for everyone."""
    if key not in data:
        if required:
            raise PhhFormatError(f"the field {key!r} is missing")
        return []
    value = data[key]
    if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool):
        value = [value] * count
    if not isinstance(value, list):
        raise PhhFormatError(f"the field {key!r} must be a list of chip amounts, one per player")
    if len(value) > count:
        raise PhhFormatError(f"the field {key!r} lists {len(value)} amounts for {count} players")
    return [_chips(v, f"{key}[{k}] (p{k + 1})", unit) for k, v in enumerate(value)]


def _positive_chips(data: dict[str, Any], key: str, unit: int = 1) -> int | None:
    if data.get(key) is None:
        return None
    value = _chips(data[key], f"the field {key!r}", unit)
    if value <= 0:
        raise PhhFormatError(f"the field {key!r} must be a positive number of chips")
    return value


def loads(text: str) -> PhhHand:
    """Read a PHH hand; raises PhhFormatError naming the field and the problem.

    Every field of the PHH specification is accepted. Those the replay uses are checked in full; the
    informational ones (event, venue, time, winnings, currency...) are not checked beyond TOML, except the
    seats, the seat count, the table and this program's own ``_``-prefixed fields, whose types and ranges are
    checked because the floor tool reads them. Amounts may be integers or decimals (``3.0``, ``0.50``: see
    ``PhhHand.unit``) up to ``MAX_AMOUNT``; unknown (``inf``) stacks cannot be replayed and are refused.
    A text starting with a byte-order mark is refused: read files with ``load_file``, which removes it.
    """
    if not isinstance(text, str):
        raise PhhFormatError(f"a PHH hand is text, not {describe_type(text)}")
    if text.startswith("\ufeff"):
        raise PhhFormatError("the text starts with a byte-order mark (U+FEFF): save the file as UTF-8 without "
                             "it, or open it with a program that removes it")
    try:
        return _read_hand(parse_toml(text))
    except PhhFormatError:
        raise
    except FileRefused as refused:
        raise PhhFormatError(refused.problem, field=refused.field) from None


def load_file(path: str | Path) -> PhhHand:
    """Read a PHH file: at most a megabyte of UTF-8 (a byte-order mark is accepted); every problem is a
    PhhFormatError naming the file."""
    try:
        return loads(read_text(path))
    except FileRefused as refused:
        raise PhhFormatError(refused.problem, field=refused.field, file=str(path)) from None


def _read_hand(data: dict[str, Any]) -> PhhHand:
    tables = [value for value in data.values() if isinstance(value, dict)]
    if "variant" not in data and tables and len(tables) == len(data):
        # A PHHS file: hands as TOML tables [1], [2], ... One hand is read as itself; several are refused.
        if len(tables) > 1:
            raise PhhFormatError(
                f"the file holds {len(tables)} hands (PHHS tables [1], [2], ...); replay one hand per file"
            )
        data = tables[0]
    if not data:
        raise PhhFormatError("it is empty: there is no hand in it")
    if "variant" not in data:
        raise PhhFormatError("the field 'variant' is missing (NT, FT, PT or HT)")
    variant = data["variant"]
    if not isinstance(variant, str):
        raise PhhFormatError(f"the field 'variant' must be text such as 'NT', not {describe_type(variant)}")
    if variant not in VARIANTS:
        raise PhhFormatError(f"variant {variant[:20]!r} is not a hold'em variant this program reads (NT, FT, PT, HT)")
    if "starting_stacks" not in data:
        raise PhhFormatError("the field 'starting_stacks' is missing")
    raw_stacks = data["starting_stacks"]
    if not isinstance(raw_stacks, list):
        raise PhhFormatError("the field 'starting_stacks' must be a list of chip amounts, one per player")
    count = len(raw_stacks)
    if not 2 <= count <= MAX_SEATS:
        raise PhhFormatError(f"starting_stacks lists {count:,} players; a hand has 2 to {MAX_SEATS}")
    if "actions" not in data:
        raise PhhFormatError("the field 'actions' is missing")
    actions = check_list(data["actions"], "the field 'actions'", max_items=MAX_ACTIONS)
    if any(not isinstance(a, str) for a in actions):
        raise PhhFormatError("the field 'actions' must be a list of strings")
    unit = _file_unit(data, actions)
    stacks = _chip_list(data, "starting_stacks", count, unit=unit)
    for k, stack in enumerate(stacks):
        if stack == 0:
            raise PhhFormatError(f"starting_stacks[{k}] (p{k + 1}) is 0: every player in a hand has chips")
    antes = _chip_list(data, "antes", count, unit=unit)
    blinds = _chip_list(data, "blinds_or_straddles", count, unit=unit)
    hand = PhhHand(variant=variant, starting_stacks=stacks, actions=[], antes=antes, blinds_or_straddles=blinds,
                   unit=unit, fields=data)
    if variant == "FT":
        hand.small_bet = _positive_chips(data, "small_bet", unit)
        hand.big_bet = _positive_chips(data, "big_bet", unit)
        if hand.small_bet is None or hand.big_bet is None:
            raise PhhFormatError("variant FT needs small_bet and big_bet")
    else:
        hand.min_bet = _positive_chips(data, "min_bet", unit)
        if hand.min_bet is None:
            raise PhhFormatError(f"variant {variant} needs min_bet")
    for action in actions:
        parsed = parse_action(action, unit)
        if parsed.player is not None and not 0 <= parsed.player < count:
            raise PhhFormatError(f"action {action[:60]!r} names p{parsed.player + 1}, but the hand has {count} "
                                 "players")
    hand.actions = actions
    if "_counted_blinds" in data:
        hand.counted_blinds = _chip_list(data, "_counted_blinds", count, unit=unit)
    elif VARIANTS[variant].is_pot_based and count > 2:
        hand.counted_blinds = _dead_small_blind_counted(blinds)
    players = data.get("players")
    if isinstance(players, list) and len(players) == count:
        names = [check_string(p, f"players[{k}] (p{k + 1})", max_length=MAX_NAME_LENGTH)
                 for k, p in enumerate(players)]
        hand.players = [p or f"p{k + 1}" for k, p in enumerate(names)]
    finishing = data.get("finishing_stacks")
    if isinstance(finishing, list) and len(finishing) == count:
        try:
            hand.finishing_stacks = _chip_list(data, "finishing_stacks", count, unit=unit)
        except PhhFormatError:
            hand.finishing_stacks = None  # informational only (e.g. after a rake in cents)
    if "_dead_hands" in data:
        hand.dead_hands = _dead_hands(data["_dead_hands"], count)
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise PhhFormatError("the field 'ante_trimming_status' must be true or false")
    hand.ante_trimming_status = trimming
    _check_table_fields(data, count)
    return hand


def _check_table_fields(data: dict[str, Any], count: int) -> None:
    """The seats, the table and this program's own fields (written by the floor tool's export), when given:
    numbers where numbers belong, seats within the table."""
    seat_count = MAX_SEATS
    if "seat_count" in data:
        seat_count = check_whole(data["seat_count"], "the field 'seat_count'", minimum=2, maximum=MAX_SEATS)
    if "seats" in data:
        seats = _seat_list(data["seats"], "seats", seat_count)
        if len(seats) != count:
            raise PhhFormatError(f"the field 'seats' lists {len(seats)} seats for {count} players")
        if len(set(seats)) != len(seats):
            raise PhhFormatError(f"the field 'seats' names a seat twice: {seats}")
    table = data.get("table")
    if isinstance(table, str):  # real histories name their table ('INDIANA ST'); the floor tool numbers it
        check_string(table, "the field 'table'", max_length=MAX_NAME_LENGTH)
    elif table is not None:
        check_whole(table, "the field 'table'", minimum=0, maximum=MAX_AMOUNT)
    for key in ("_button_seat", "_small_blind_seat", "_big_blind_seat"):
        if key in data:
            check_whole(data[key], f"the field {key!r}", minimum=0, maximum=seat_count)
    for key in ("_unknown_stacks", "_absent"):
        if key in data:
            _seat_list(data[key], key, seat_count)
    for key in ("_betting", "_rulebook"):
        if key in data:
            check_string(data[key], f"the field {key!r}", max_length=40)


def _seat_list(value: object, key: str, seat_count: int) -> list[int]:
    items = check_list(value, f"the field {key!r}", max_items=MAX_SEATS)
    return [check_whole(item, f"{key}[{k}]", minimum=1, maximum=seat_count) for k, item in enumerate(items)]


def _dead_hands(value: object, count: int) -> list[int]:
    """``_dead_hands = ['p3']``: hands killed when the deal ends (absent players, TDA 30)."""
    if not isinstance(value, list):
        raise PhhFormatError("the field '_dead_hands' must list players such as 'p3'")
    players = []
    for item in value:
        match = re.fullmatch(r"p(\d+)", item) if isinstance(item, str) else None
        if not match or not 1 <= int(match[1]) <= count:
            raise PhhFormatError(f"the field '_dead_hands' names {item!r}, not a player p1 to p{count}")
        players.append(int(match[1]) - 1)
    return players


def _dead_small_blind_counted(blinds: list[int]) -> list[int] | None:
    """Pot limit before the flop counts a dead small blind as full (TDA 54-B example 1). PHH writes a dead
    small blind as 0 before the big blind; it counts as half the big blind, as normally scheduled."""
    if len(blinds) > 1 and blinds[0] == 0 and blinds[1] > 0:
        return [blinds[1] // 2] + blinds[1:]
    return None


