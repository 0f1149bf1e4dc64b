"""PHH, the open poker hand-history format (TOML; https://phh.readthedocs.io), for hold'em.

Variants: ``NT`` (no-limit hold'em) and ``FT`` (fixed-limit hold'em) as the PHH specification defines them,
and two extensions of this program: ``PT`` pot-limit hold'em and ``HT`` half-pot-limit hold'em (both with
``min_bet`` like ``NT``). Conventions: p1 is the first seat left of the button and the last player is the
button; ``antes`` and ``blinds_or_straddles`` are positional (a dead small blind is a 0); heads-up the blinds
are reversed (the button posts the small blind). An optional ``_counted_blinds`` list gives the scheduled
blinds when one is dead or short, for the pot-limit maximum (TDA 54-B). ``ante_trimming_status`` is
accepted and ignored: antes are always dead money under TDA.

Actions: ``d dh pN CARDS``, ``d db CARDS``, ``pN f``, ``pN cc``, ``pN cbr TOTAL``, ``pN sm CARDS`` (show),
``pN sm`` (muck), with ``????`` for unknown cards and ``# comments``. A user field ``_dead_hands = ['p3']``
lists hands killed when the deal ends (absent players, TDA 30): their forced bets stay in, they win nothing.

Amounts may be fractional, as online hand histories write money (``0.50``, ``200.30``, ``cbr 4.75``): the hand is
then replayed in the smallest unit the file uses (cents for two decimals), so every split is exact, and
``PhhHand.in_file_units`` turns an amount back into the file's unit for output.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from tournament_director.domain.cards import cards_text, parse_cards
from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.betting import BettingStructure
from tournament_director.domain.rules.hand import HandState, Phase
from tournament_director.domain.rules.rulebook import HouseRules

VARIANTS = {
    "NT": BettingStructure.NO_LIMIT,
    "FT": BettingStructure.FIXED_LIMIT,
    "PT": BettingStructure.POT_LIMIT,
    "HT": BettingStructure.HALF_POT_LIMIT,
}
VARIANT_CODES = {structure: code for code, structure in VARIANTS.items()}


class PhhFormatError(ValueError):
    """The file is not a readable hold'em PHH hand (as opposed to a readable hand with an illegal action)."""


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
    r"^(?:d dh p(?P<dh>\d+) (?P<hole>\S+)"
    r"|d db (?P<board>\S+)"
    r"|p(?P<player>\d+) (?P<verb>f|cc|cbr|sm)(?: (?P<arg>\S+))?)$"
)


_AMOUNT = re.compile(r"^\d[\d,]*(?:\.\d*)?$")
_MAX_DECIMALS = 6


def parse_action(text: str, unit: int = 1) -> ParsedAction:
    """One PHH action string; raises PhhFormatError when it is not a hold'em action. ``unit``: engine chips
    per unit of the file (see ``PhhHand.unit``), by which a ``cbr`` amount is multiplied."""
    if not isinstance(text, str):
        raise PhhFormatError(f"action {text!r} is not a string")
    body = text.split("#", 1)[0].strip()
    if not body:
        return ParsedAction("comment")
    match = _ACTION.match(" ".join(body.split()))
    if not match:
        raise PhhFormatError(f"action {text!r} is not a hold'em PHH action")
    for cards in (match["hole"], match["board"], match["arg"] if match["verb"] == "sm" else None):
        if cards and cards != "-":
            try:
                parse_cards(cards)
            except DomainError as error:
                raise PhhFormatError(f"action {text!r}: {error.message}") from None
    if match["dh"]:
        return ParsedAction("deal_hole", int(match["dh"]) - 1, cards=match["hole"])
    if match["board"]:
        return ParsedAction("deal_board", cards=match["board"])
    player = int(match["player"]) - 1
    verb, arg = match["verb"], match["arg"]
    if verb in ("f", "cc") and arg is not None:
        raise PhhFormatError(f"action {text!r}: '{verb}' takes no amount")
    if verb == "f":
        return ParsedAction("fold", player)
    if verb == "cc":
        return ParsedAction("call", player)
    if verb == "cbr":
        if arg is None or not _AMOUNT.match(arg):
            raise PhhFormatError(f"action {text!r}: 'cbr' needs a number of chips")
        scaled = Decimal(arg.replace(",", "")) * unit
        if scaled != scaled.to_integral_value():
            raise PhhFormatError(f"action {text!r}: the amount has more decimals than the rest of the file")
        return ParsedAction("raise", player, amount=int(scaled))
    if arg is None:
        return ParsedAction("muck", player)
    return ParsedAction("show", player, cards=None if arg == "-" else arg)


def _chips(value: object, where: str, unit: int = 1) -> int:
    """A chip amount as PHH writes it (an integer, or a decimal such as ``3.0`` or ``0.50``) as a whole
    number of engine chips, ``unit`` engine chips to one unit of the file."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        raise PhhFormatError(f"{where} must be a number of chips, not {value!r}")
    if isinstance(value, (float, Decimal)):
        if not math.isfinite(value):
            raise PhhFormatError(f"{where} is {float(value)}: an unknown amount cannot be replayed; give the chips")
        scaled = Decimal(value) * unit
        if scaled != scaled.to_integral_value():
            raise PhhFormatError(f"{where} is {value}: more decimals than this program reads ({_MAX_DECIMALS})")
        value = int(scaled)
    else:
        value *= unit
    if value < 0:
        raise PhhFormatError(f"{where} is negative ({value})")
    return value


def _decimals(value: object) -> int:
    """How many decimals a number from the file really uses (``0.50`` -> 1, ``3.0`` -> 0, ``4.75`` -> 2)."""
    if isinstance(value, Decimal) and value.is_finite():
        return max(0, -value.normalize().as_tuple().exponent)
    return 0


_AMOUNT_FIELDS = ("starting_stacks", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet",
                  "_counted_blinds")


def _file_unit(data: dict, actions: Iterable[object]) -> int:
    """Engine chips per unit of the file: 1 for whole chips, 10**d when amounts are written with d decimals."""
    values: list[object] = []
    for key in _AMOUNT_FIELDS:
        value = data.get(key)
        values.extend(value if isinstance(value, list) else [value])
    for action in actions:
        if isinstance(action, str):
            words = action.split("#", 1)[0].split()
            if len(words) == 3 and words[1] == "cbr" and _AMOUNT.match(words[2]):
                try:
                    values.append(Decimal(words[2].replace(",", "")))
                except InvalidOperation:
                    pass
    decimals = max((_decimals(v) for v in values), default=0)
    if decimals > _MAX_DECIMALS:
        raise PhhFormatError(f"amounts are written with {decimals} decimals; this program reads at most {_MAX_DECIMALS}")
    return 10 ** decimals


def _chip_list(data: dict, key: str, count: int, *, required: bool = True, unit: int = 1) -> list[int]:
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


def _positive_chips(data: dict, key: str, unit: int = 1) -> int | None:
    if data.get(key) is None:
        return None
    value = _chips(data[key], f"the field {key!r}", unit)
    if value <= 0:
        raise PhhFormatError(f"the field {key!r} must be a positive number of chips")
    return value


def loads(text: str) -> PhhHand:
    """Read a PHH hand; raises PhhFormatError naming the problem.

    Every field of the PHH specification is accepted; the informational ones (event, venue, time, seats,
    winnings, currency, ``_``-prefixed user fields...) do not change the replay and are not checked beyond
    TOML. Amounts may be integers or decimals (``3.0``, ``0.50``: see ``PhhHand.unit``); unknown (``inf``)
    stacks cannot be replayed and are refused.
    """
    try:
        data = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PhhFormatError(f"not valid TOML: {exc}") from None
    tables = [value for value in data.values() if isinstance(value, dict)]
    if "variant" not in data and tables and len(tables) == len(data):
        # A PHHS file: hands as TOML tables [1], [2], ... One hand is read as itself; several are refused.
        if len(tables) > 1:
            raise PhhFormatError(
                f"the file holds {len(tables)} hands (PHHS tables [1], [2], ...); replay one hand per file"
            )
        data = tables[0]
    variant = data.get("variant")
    if variant not in VARIANTS:
        raise PhhFormatError(
            f"variant {variant!r} is not a hold'em variant this program reads (NT, FT, PT, HT)"
        )
    if "starting_stacks" not in data:
        raise PhhFormatError("the field 'starting_stacks' is missing")
    raw_stacks = data["starting_stacks"]
    if not isinstance(raw_stacks, list):
        raise PhhFormatError("the field 'starting_stacks' must be a list of chip amounts, one per player")
    count = len(raw_stacks)
    if not 2 <= count <= 10:
        raise PhhFormatError(f"starting_stacks lists {count} players; a hand has 2 to 10")
    actions = data.get("actions")
    if not isinstance(actions, list) or any(not isinstance(a, str) for a in actions):
        raise PhhFormatError("the field 'actions' must be a list of strings")
    unit = _file_unit(data, actions)
    stacks = _chip_list(data, "starting_stacks", count, unit=unit)
    for k, stack in enumerate(stacks):
        if stack == 0:
            raise PhhFormatError(f"starting_stacks[{k}] (p{k + 1}) is 0: every player in a hand has chips")
    antes = _chip_list(data, "antes", count, unit=unit)
    blinds = _chip_list(data, "blinds_or_straddles", count, unit=unit)
    hand = PhhHand(
        variant=variant, starting_stacks=stacks, actions=[], antes=antes, blinds_or_straddles=blinds, unit=unit
    )
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
            raise PhhFormatError(f"action {action!r} names p{parsed.player + 1}, but the hand has {count} players")
    hand.actions = actions
    if "_counted_blinds" in data:
        hand.counted_blinds = _chip_list(data, "_counted_blinds", count, unit=unit)
    elif VARIANTS[variant].is_pot_based and count > 2:
        hand.counted_blinds = _dead_small_blind_counted(blinds)
    players = data.get("players")
    if isinstance(players, list) and len(players) == count and all(isinstance(p, str) for p in players):
        hand.players = [p or f"p{k + 1}" for k, p in enumerate(players)]
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
    return hand


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


@dataclass(frozen=True)
class IllegalAction:
    """The first action of a file that the rules refuse."""

    action_index: int
    action: str
    reason: str
    rule: str | None

    def as_dict(self) -> dict[str, object]:
        return {"error": {"action_index": self.action_index, "action": self.action,
                          "reason": self.reason, "rule": self.rule}}


def apply_action(state: HandState, parsed: ParsedAction) -> None:
    """Apply one parsed PHH action to the hand (raises DomainError when the rules refuse it)."""
    if parsed.kind == "comment":
        return
    if parsed.player is not None and not 0 <= parsed.player < state.player_count:
        raise DomainError(f"there is no player p{parsed.player + 1} in this {state.player_count}-player hand")
    if parsed.kind == "deal_hole":
        state.deal_hole(parsed.player, parse_cards(parsed.cards))
        return
    if parsed.kind == "deal_board":
        state.deal_board(parse_cards(parsed.cards))
        return
    if parsed.kind in ("show", "muck"):
        if parsed.kind == "show":
            state.show(parsed.player, parse_cards(parsed.cards) if parsed.cards else None)
        else:
            state.muck(parsed.player)
        return
    if state.phase is Phase.DEALING_HOLE:
        state.deal_unknown_hole_cards()
    if state.actor != parsed.player:
        if parsed.kind == "call" and state.accept_idle_check(parsed.player):
            return
        if state.actor is None:
            raise DomainError(f"p{parsed.player + 1} cannot act: {state.why_nobody_acts()}", "TDA 53")
        if state.folded[parsed.player]:
            raise DomainError(
                f"p{parsed.player + 1} has folded and has no hand to act with; it is p{state.actor + 1}'s turn",
                "TDA 53",
            )
        # Some published histories leave out a fold; the replay never guesses one (a floor tool must not fold a
        # player on its own), but it says what is missing.
        raise DomainError(
            f"it is p{state.actor + 1}'s turn to act, not p{parsed.player + 1}'s "
            f"(if p{state.actor + 1} folded, the file leaves out 'p{state.actor + 1} f')",
            "TDA 53",
        )
    if parsed.kind == "fold":
        state.fold()
    elif parsed.kind == "call":
        state.check_or_call()
    else:
        state.bet_or_raise_to(parsed.amount)


def replay(hand: PhhHand, rules: HouseRules | None = None) -> tuple[HandState, IllegalAction | None]:
    """Replay the file's actions; stops at the first illegal one. At the end of the actions the showdown
    is resolved when the board is complete and the contested hands are known (cards speak)."""
    state = hand.new_state(rules)
    for index, text in enumerate(hand.actions):
        parsed = parse_action(text, hand.unit)
        try:
            if parsed.kind in _PLAYER_ACTIONS and state.phase is Phase.DEALING_HOLE:
                state.deal_unknown_hole_cards()
            _kill_dead_hands(state, hand.dead_hands)
            apply_action(state, parsed)
            _kill_dead_hands(state, hand.dead_hands)
        except DomainError as error:
            return state, IllegalAction(index, text, error.message, error.rule)
    state.deal_unknown_hole_cards()  # hole cards not written in the file were dealt face down
    _kill_dead_hands(state, hand.dead_hands)
    state.resolve_showdown()
    return state, None


_PLAYER_ACTIONS = ("fold", "call", "raise")


def _kill_dead_hands(state: HandState, dead: Sequence[int]) -> None:
    """Kill the listed hands once the deal is over (TDA 30); the last live hand is never killed."""
    if not dead or state.phase in (Phase.DEALING_HOLE, Phase.COMPLETE):
        return
    for player in dead:
        if not state.folded[player] and state.folded.count(False) > 1:
            state.kill_hand(player)


def dumps(state: HandState, extra: dict[str, object] | None = None) -> str:
    """Write the hand as PHH (TOML) that pokerkit's ``HandHistory`` can load."""
    structure = state.structure
    lines = [f"variant = '{VARIANT_CODES[structure]}'"]
    lines.append(f"antes = {_toml_list(state.input_antes)}")
    lines.append(f"blinds_or_straddles = {_toml_list(state.input_blinds)}")
    if structure is BettingStructure.FIXED_LIMIT:
        lines.append(f"small_bet = {state.small_bet}")
        lines.append(f"big_bet = {state.big_bet}")
    else:
        lines.append(f"min_bet = {state.street_bets[1]}")
    lines.append(f"starting_stacks = {_toml_list(state.starting_stacks)}")
    actions = [step.phh for step in state.history if step.phh]
    lines.append("actions = [\n" + "".join(f"  '{a}',\n" for a in actions) + "]")
    lines.append("players = [" + ", ".join(_toml_string(n) for n in state.names) + "]")
    if state.complete:
        lines.append(f"finishing_stacks = {_toml_list(state.stacks)}")
    if state.counted_blinds != state.blinds:
        counted = list(state.counted_blinds)
        if state.player_count == 2:
            counted.reverse()  # back to PHH's heads-up order
        lines.append(f"_counted_blinds = {_toml_list(counted)}")
    dead = [i for i in range(state.player_count) if state.killed[i]]
    if dead:
        lines.append("_dead_hands = [" + ", ".join(f"'p{i + 1}'" for i in dead) + "]")
    for key, value in (extra or {}).items():
        lines.append(f"{key} = {_toml_string(value) if isinstance(value, str) else value}")
    return "\n".join(lines) + "\n"


def _toml_list(values: Sequence[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def _toml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


__all__ = [
    "IllegalAction", "ParsedAction", "PhhFormatError", "PhhHand", "VARIANTS", "apply_action", "cards_text",
    "dumps", "loads", "parse_action", "replay",
]
