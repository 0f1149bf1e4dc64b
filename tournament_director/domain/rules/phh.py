"""PHH, the open poker hand-history format (TOML; https://phh.readthedocs.io), for hold'em.

Variants: ``NT`` (no-limit hold'em) and ``FT`` (fixed-limit hold'em) as the PHH specification defines them,
and two extensions of this program: ``PT`` pot-limit hold'em and ``HT`` half-pot-limit hold'em (both with
``min_bet`` like ``NT``). Conventions: p1 is the first seat left of the button and the last player is the
button; ``antes`` and ``blinds_or_straddles`` are positional (a dead small blind is a 0); heads-up the blinds
are reversed (the button posts the small blind). An optional ``_counted_blinds`` list gives the scheduled
blinds when one is dead or short, for the pot-limit maximum (TDA 54-B). ``ante_trimming_status`` is
accepted and ignored: antes are always dead money under TDA.

Actions: ``d dh pN CARDS``, ``d db CARDS``, ``pN f``, ``pN cc``, ``pN cbr TOTAL``, ``pN sm CARDS`` (show),
``pN sm`` (muck), with ``????`` for unknown cards and ``# comments``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field

from tournament_director.domain.cards import cards_text, parse_cards
from tournament_director.domain.errors import DomainError
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
        )


_ACTION = re.compile(
    r"^(?:d dh p(?P<dh>\d+) (?P<hole>\S+)"
    r"|d db (?P<board>\S+)"
    r"|p(?P<player>\d+) (?P<verb>f|cc|cbr|sm)(?: (?P<arg>\S+))?)$"
)


def parse_action(text: str) -> ParsedAction:
    """One PHH action string; raises PhhFormatError when it is not a hold'em action."""
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
        if arg is None or not arg.isdigit():
            raise PhhFormatError(f"action {text!r}: 'cbr' needs a whole number of chips")
        return ParsedAction("raise", player, amount=int(arg))
    if arg is None:
        return ParsedAction("muck", player)
    return ParsedAction("show", player, cards=None if arg == "-" else arg)


def _int_list(data: dict, key: str, required: bool, count: int | None = None) -> list[int]:
    if key not in data:
        if required:
            raise PhhFormatError(f"the field {key!r} is missing")
        return []
    value = data[key]
    if isinstance(value, int) and not isinstance(value, bool) and count is not None:
        value = [value] * count
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise PhhFormatError(f"the field {key!r} must be a list of whole numbers of chips")
    if any(v < 0 for v in value):
        raise PhhFormatError(f"the field {key!r} has a negative amount")
    return value


def _optional_int(data: dict, key: str) -> int | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise PhhFormatError(f"the field {key!r} must be a positive whole number of chips")
    return value


def loads(text: str) -> PhhHand:
    """Read a PHH hand; raises PhhFormatError naming the problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PhhFormatError(f"not valid TOML: {exc}") from None
    variant = data.get("variant")
    if variant not in VARIANTS:
        raise PhhFormatError(
            f"variant {variant!r} is not a hold'em variant this program reads (NT, FT, PT, HT)"
        )
    stacks = _int_list(data, "starting_stacks", True)
    count = len(stacks)
    if not 2 <= count <= 10:
        raise PhhFormatError(f"starting_stacks lists {count} players; a hand has 2 to 10")
    antes = _int_list(data, "antes", True, count)
    blinds = _int_list(data, "blinds_or_straddles", True, count)
    for key, values in (("antes", antes), ("blinds_or_straddles", blinds)):
        if len(values) > count:
            raise PhhFormatError(f"{key} lists {len(values)} amounts for {count} players")
    hand = PhhHand(variant=variant, starting_stacks=stacks, actions=[], antes=antes, blinds_or_straddles=blinds)
    if variant == "FT":
        hand.small_bet = _optional_int(data, "small_bet")
        hand.big_bet = _optional_int(data, "big_bet")
        if hand.small_bet is None or hand.big_bet is None:
            raise PhhFormatError("variant FT needs small_bet and big_bet")
    else:
        hand.min_bet = _optional_int(data, "min_bet")
        if hand.min_bet is None:
            raise PhhFormatError(f"variant {variant} needs min_bet")
    actions = data.get("actions")
    if not isinstance(actions, list) or any(not isinstance(a, str) for a in actions):
        raise PhhFormatError("the field 'actions' must be a list of strings")
    for action in actions:
        parse_action(action)
    hand.actions = actions
    if "_counted_blinds" in data:
        hand.counted_blinds = _int_list(data, "_counted_blinds", True)
    if "players" in data:
        players = data["players"]
        if not isinstance(players, list) or len(players) != count or any(not isinstance(p, str) for p in players):
            raise PhhFormatError("the field 'players' must list one name per starting stack")
        hand.players = players
    if "finishing_stacks" in data:
        hand.finishing_stacks = _int_list(data, "finishing_stacks", True)
    trimming = data.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise PhhFormatError("the field 'ante_trimming_status' must be true or false")
    hand.ante_trimming_status = trimming
    return hand


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
    if state.phase.name == "DEALING_HOLE":
        state.deal_unknown_hole_cards()
    if state.actor != parsed.player:
        if state.actor is None:
            raise DomainError(f"p{parsed.player + 1} cannot act: nobody is to act during {state.phase.value}", "TDA 53")
        raise DomainError(f"it is p{state.actor + 1}'s turn to act, not p{parsed.player + 1}'s", "TDA 53")
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
        try:
            apply_action(state, parse_action(text))
        except DomainError as error:
            return state, IllegalAction(index, text, error.message, error.rule)
    state.deal_unknown_hole_cards()  # hole cards not written in the file were dealt face down
    state.resolve_showdown()
    return state, None


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
