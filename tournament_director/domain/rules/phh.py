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

Reading (``loads``, ``load_file``, ``parse_action``) lives in ``phh_read`` and goes through the guarded path of
``domain.reading``; this module replays a hand and writes one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournament_director.domain.cards import cards_text, parse_cards
from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.betting import BettingStructure
from tournament_director.domain.rules.hand import HandState, Phase
from tournament_director.domain.rules.phh_read import (
    VARIANT_CODES,
    VARIANTS,
    ParsedAction,
    PhhFormatError,
    PhhHand,
    load_file,
    loads,
    parse_action,
)
from tournament_director.domain.rules.rulebook import HouseRules


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
    if parsed.kind == "deal_board":
        state.deal_board(parse_cards(parsed.cards or ""))
        return
    player = parsed.player
    if player is None:
        raise DomainError(f"the action '{parsed.kind}' names no player")
    if not 0 <= player < state.player_count:
        raise DomainError(f"there is no player p{player + 1} in this {state.player_count}-player hand")
    if parsed.kind == "deal_hole":
        state.deal_hole(player, parse_cards(parsed.cards or ""))
        return
    if parsed.kind in ("show", "muck"):
        if parsed.kind == "show":
            state.show(player, parse_cards(parsed.cards) if parsed.cards else None)
        else:
            state.muck(player)
        return
    if state.phase is Phase.DEALING_HOLE:
        state.deal_unknown_hole_cards()
    if state.actor != player:
        if parsed.kind == "call" and state.accept_idle_check(player):
            return
        if state.actor is None:
            raise DomainError(f"p{player + 1} cannot act: {state.why_nobody_acts()}", "TDA 53")
        if state.folded[player]:
            raise DomainError(
                f"p{player + 1} has folded and has no hand to act with; it is p{state.actor + 1}'s turn",
                "TDA 53",
            )
        # Some published histories leave out a fold; the replay never guesses one (a floor tool must not fold a
        # player on its own), but it says what is missing.
        raise DomainError(
            f"it is p{state.actor + 1}'s turn to act, not p{player + 1}'s "
            f"(if p{state.actor + 1} folded, the file leaves out 'p{state.actor + 1} f')",
            "TDA 53",
        )
    if parsed.kind == "fold":
        state.fold()
    elif parsed.kind == "call":
        state.check_or_call()
    elif parsed.amount is None:
        raise DomainError(f"p{player + 1}'s bet or raise names no amount")
    else:
        state.bet_or_raise_to(parsed.amount)


def replay(hand: PhhHand, rules: HouseRules | None = None) -> tuple[HandState, IllegalAction | None]:
    """Replay the file's actions; stops at the first illegal one. At the end of the actions the showdown
    is resolved when the board is complete and the contested hands are known (cards speak)."""
    state = hand.new_state(rules)
    dead, unit = hand.dead_hands, hand.unit
    for index, text in enumerate(hand.actions):
        parsed = parse_action(text, unit)
        try:
            if parsed.kind in _PLAYER_ACTIONS and state.phase is Phase.DEALING_HOLE:
                state.deal_unknown_hole_cards()
            if dead:
                _kill_dead_hands(state, dead)
            apply_action(state, parsed)
            if dead:
                _kill_dead_hands(state, dead)
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
    "dumps", "load_file", "loads", "parse_action", "replay",
]
