"""The floor tool: settle a dispute at a table with the rules engine.

The floor person sets up the situation (a table of the running tournament, whose seats, players, button
and blinds fill in, or a blank table), walks the hand through the per-hand engine (forced bets, hole
cards known or unknown, actions in turn, the board, the showdown), asks for rulings on dealing
irregularities under the rulebook chosen in the settings, records each ruling in the tournament's log
with the table, the time and the situation, and exports or imports the hand as PHH.

Every query returns plain frozen values (``HandView``, ``RulingView`` ...) for the UI. Every refused
action raises ``DomainError`` with its rule and leaves the hand as it was.

Seats are table seat numbers (1 to 10). The engine numbers players as PHH does (0 = first seat left of the
button, the last player is the button); this module translates. An absent player is dealt in and posts
his forced bets; his hand is killed (TDA 30): the tool folds it when his turn comes and never counts
him as a contender. A stack left unknown is played as a very deep stack and shown as unknown.
"""

from __future__ import annotations

import copy
import random
import re
import secrets
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Any

from tournament_director.domain.cards import cards_text, parse_cards
from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules import phh
from tournament_director.domain.rules.betting import BettingStructure
from tournament_director.domain.rules.hand import STREET_NAMES, HandState, Phase
from tournament_director.domain.rules.irregularities import IRREGULARITIES, IRREGULARITIES_BY_KEY, Ruling
from tournament_director.domain.rules.rulebook import HouseRules
from tournament_director.domain.rules.substantial_action import RULEBOOK_NAMES, substantial_action

__all__ = [
    "FactField", "FloorToolService", "HandView", "IrregularityForm", "OptionsView", "PotView", "RecordedRuling",
    "RulingView", "SeatLine", "SeatSetup", "ShownHand", "Situation", "UNKNOWN_STACK",
]

#: The chips an unknown stack is played with: deeper than any real stack, never shown.
UNKNOWN_STACK = 1_000_000_000
#: Facts the tool fills from the hand and the table instead of asking (see ``IRREGULARITIES``).
FILLED_FACTS = ("actions_in_turn", "players_dealt", "table_size")
BETTING = {
    "no_limit": BettingStructure.NO_LIMIT,
    "pot_limit": BettingStructure.POT_LIMIT,
    "half_pot_limit": BettingStructure.HALF_POT_LIMIT,
    "fixed_limit": BettingStructure.FIXED_LIMIT,
}
VOLUNTARY = {"fold", "check", "call", "bet", "raise"}


def chips(amount: int) -> str:
    """12400 -> "12,400"."""
    return f"{amount:,}"


# --------------------------------------------------------------------------- the situation


@dataclass(frozen=True)
class SeatSetup:
    """One seat dealt into the hand; ``stack`` None = not known."""

    seat: int
    name: str = ""
    stack: int | None = None
    absent: bool = False

    @property
    def label(self) -> str:
        return f"Seat {self.seat}" + (f" {self.name}" if self.name else "")


@dataclass(frozen=True)
class Situation:
    """Who is dealt in, where the button and blinds are, and the forced bets.

    ``small_blind_seat`` None means no small blind is posted (a dead small blind, TDA 32).
    """

    seats: tuple[SeatSetup, ...]
    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False
    betting: str = "no_limit"
    small_bet: int | None = None
    big_bet: int | None = None
    table: int | None = None
    seat_count: int = 10
    level: int | None = None

    def with_stacks(self, stacks: Mapping[int, int | None]) -> Situation:
        """The same situation with typed stacks (seat -> chips, None = unknown)."""
        unknown = set(stacks) - {s.seat for s in self.seats}
        if unknown:
            raise DomainError(f"seat {min(unknown)} is not dealt in at this table")
        return replace(self, seats=tuple(replace(s, stack=stacks.get(s.seat, s.stack)) for s in self.seats))

    def with_absent(self, absent: Sequence[int]) -> Situation:
        return replace(self, seats=tuple(replace(s, absent=s.seat in set(absent)) for s in self.seats))

    def blinds_text(self) -> str:
        text = f"{chips(self.small_blind)}/{chips(self.big_blind)}"
        if self.ante:
            text += f" ante {chips(self.ante)}" + (" (big-blind ante)" if self.big_blind_ante else "")
        return text


def phh_order(situation: Situation) -> list[SeatSetup]:
    """Seats in PHH order: the first seat left of the button first, the button (or the seat before a dead
    button) last."""
    by_seat = {s.seat: s for s in situation.seats}
    count = max([situation.seat_count, situation.button, *by_seat])
    return [by_seat[(situation.button + k - 1) % count + 1] for k in range(1, count + 1)
            if (situation.button + k - 1) % count + 1 in by_seat]


def _validate(situation: Situation) -> None:
    seats = [s.seat for s in situation.seats]
    if not 2 <= len(seats) <= 10:
        raise DomainError(f"a hand needs 2 to 10 players, not {len(seats)}", "TDA 34")
    if len(set(seats)) != len(seats):
        raise DomainError("the same seat is listed twice")
    if any(not 1 <= s <= situation.seat_count for s in seats):
        raise DomainError(f"seats are numbered 1 to {situation.seat_count}")
    if situation.big_blind_seat not in seats:
        raise DomainError(f"the big blind's seat {situation.big_blind_seat} has nobody dealt in")
    if situation.small_blind_seat is not None and situation.small_blind_seat not in seats:
        raise DomainError(f"the small blind's seat {situation.small_blind_seat} has nobody dealt in")
    for s in situation.seats:
        if s.stack is not None and (not isinstance(s.stack, int) or s.stack <= 0):
            raise DomainError(f"seat {s.seat}: a stack is a whole number of chips above zero, or left unknown")
    if situation.big_blind <= 0 or situation.small_blind < 0 or situation.ante < 0:
        raise DomainError("the blinds must be positive and the ante zero or more")
    if situation.betting not in BETTING:
        raise DomainError(f"unknown betting structure {situation.betting!r}: {', '.join(BETTING)}")


def _default_blind_seats(seats: Sequence[int], button: int, seat_count: int) -> tuple[int, int]:
    """Heads-up the button posts the small blind (TDA 34-B); otherwise the next two seats left of it."""
    ordered = sorted(seats, key=lambda s: (s - button - 1) % seat_count)
    if len(ordered) == 2:
        return ordered[-1], ordered[0]
    return ordered[0], ordered[1]


# --------------------------------------------------------------------------- views for the UI


@dataclass(frozen=True)
class SeatLine:
    seat: int
    name: str
    position: str  # "D", "SB", "BB", "D SB"
    stack: int | None  # behind, None = unknown
    bet: int  # live chips in front of him this round
    status: str  # "", "folded", "all-in", "killed (absent, TDA 30)", "mucked", "shown"
    cards: str  # "AhKd", "????" or ""
    to_act: bool
    absent: bool


@dataclass(frozen=True)
class OptionsView:
    """The legal options of the player to act, with the refusal of a raise and its rule."""

    fold: bool
    check: bool
    call: int | None
    raise_word: str  # "bet" or "raise"
    min_raise_to: int | None
    max_raise_to: int | None
    max_is_all_in: bool
    stack_unknown: bool
    raise_refusal: str | None
    raise_refusal_rule: str | None

    @property
    def text(self) -> str:
        """ "call 350; raise to at least 900, at most 12,400" as a floor person says it."""
        parts = []
        if self.check:
            parts.append("check")
        if self.call is not None:
            parts.append(f"call {chips(self.call)}")
        if self.min_raise_to is not None:
            if self.min_raise_to == self.max_raise_to and self.max_is_all_in:
                parts.append(f"all-in {self.raise_word} to {chips(self.min_raise_to)}")
            elif self.max_raise_to is None:
                parts.append(f"{self.raise_word} to at least {chips(self.min_raise_to)}, at most all-in")
            elif self.min_raise_to == self.max_raise_to:
                parts.append(f"{self.raise_word} to exactly {chips(self.min_raise_to)}")
            else:
                parts.append(f"{self.raise_word} to at least {chips(self.min_raise_to)}, "
                             f"at most {chips(self.max_raise_to)}")
        if self.fold:
            parts.append("fold")
        return "; ".join(parts)


@dataclass(frozen=True)
class PotView:
    name: str  # "Main pot", "Side pot 1"
    amount: int
    eligible: tuple[int, ...]  # seats
    winners: tuple[int, ...] = ()
    shares: tuple[int, ...] = ()
    odd_chips: str = ""  # who gets the odd chip and why


@dataclass(frozen=True)
class ShownHand:
    seat: int
    name: str
    cards: str
    hand_name: str
    place: int  # 1 = best; equal hands share a place


@dataclass(frozen=True)
class HandView:
    situation: Situation
    seats: tuple[SeatLine, ...]
    street: str  # "pre-flop", "flop", ...
    phase: str
    board: str
    actor: int | None  # seat
    actor_name: str
    options: OptionsView | None
    pots: tuple[PotView, ...]
    next_step: str
    showdown: tuple[ShownHand, ...]
    showdown_order: tuple[int, ...]  # seats, who shows first (TDA 17)
    substantial_action: bool
    actions_in_turn: tuple[str, ...]
    log: tuple[str, ...]
    complete: bool
    can_undo: bool
    rulebook: str
    rulebook_name: str
    started: bool


@dataclass(frozen=True)
class FactField:
    name: str
    prompt: str
    kind: str  # "int", "seat", "card_numbers", "card", "bool", "choice"
    default: Any
    choices: tuple[str, ...]
    required: bool
    hint: str = ""


@dataclass(frozen=True)
class IrregularityForm:
    key: str
    label: str
    facts: tuple[FactField, ...]


@dataclass(frozen=True)
class RulingView:
    key: str
    label: str
    facts: Mapping[str, Any]
    decision: str
    summary: str
    procedure: tuple[str, ...]
    rule: str
    rulebook: str
    rulebook_name: str
    substantial_action: bool
    notes: tuple[str, ...]
    ruling: Ruling = field(repr=False, compare=False)


@dataclass(frozen=True)
class RecordedRuling:
    index: int
    table: int | None
    recorded_at: str
    label: str
    summary: str
    rule: str
    phh: str


# --------------------------------------------------------------------------- the service


class FloorToolService:
    """One floor tool over an optional ``DirectorSession`` (None: blank tables only, nothing recorded).

    ``rulebook`` is ``"tda2024"`` or ``"rrop"`` (the UI keeps it in the settings); ``rng`` feeds any
    random draw (none today, kept for shuffled decks); ``now`` gives the time stamp of recorded rulings.
    """

    def __init__(self, session: Any | None = None, *, rulebook: str = "tda2024", rng: random.Random | None = None,
                 now: Callable[[], datetime] | None = None, smallest_chip: int = 1) -> None:
        self.session = session
        self.rng = rng or secrets.SystemRandom()
        self._now = now or (lambda: datetime.now(timezone.utc))
        self._smallest_chip = smallest_chip
        self._rulebook = "tda2024"
        self.set_rulebook(rulebook)
        self._situation: Situation | None = None
        self._ops: list[tuple[Any, ...]] = []
        self._state: HandState | None = None
        self._order: list[SeatSetup] = []
        self._killed: set[int] = set()  # PHH indexes of absent players' killed hands

    # ----- rulebook -------------------------------------------------------------------------------
    @property
    def rulebook(self) -> str:
        return self._rulebook

    @property
    def rulebook_name(self) -> str:
        return RULEBOOK_NAMES[self._rulebook]

    def set_rulebook(self, rulebook: str) -> None:
        """Choose TDA 2024 (``"tda2024"``) or Robert's Rules (``"rrop"``); the hand is replayed under it."""
        if rulebook not in RULEBOOK_NAMES:
            raise DomainError(f"unknown rulebook {rulebook!r}: choose 'tda2024' or 'rrop'")
        self._rulebook = rulebook
        if getattr(self, "_situation", None) is not None:
            self._rebuild(self._ops)

    def _house_rules(self) -> HouseRules:
        rules = HouseRules.for_rulebook(self._rulebook)
        button = "dead"
        runner = self._runner()
        if runner is not None:
            button = getattr(runner.state.floor.settings, "button_mode", "dead")
        return replace(rules, button=button, smallest_chip=self._smallest_chip)

    # ----- the running tournament ------------------------------------------------------------------
    def _runner(self) -> Any:
        return getattr(self.session, "runner", None) if self.session is not None else None

    def _tournament(self) -> Any:
        return getattr(self.session, "tournament", None) if self.session is not None else None

    def table_numbers(self) -> tuple[int, ...]:
        """Tables of the running tournament with at least two players."""
        service = self._tournament()
        if service is None:
            return ()
        return tuple(t.number for t in service.tables() if t.players >= 2)

    def current_blinds(self) -> tuple[int, int, int, bool, int | None, str, int | None, int | None]:
        """(small blind, big blind, ante, big-blind ante, level, betting, small bet, big bet) in force."""
        runner = self._runner()
        level = runner.state.schedule.current_level() if runner is not None else None
        if level is None:
            return 0, 0, 0, False, None, "no_limit", None, None
        return (level.small_blind, level.big_blind, level.ante, level.big_blind_ante, level.number,
                level.betting, level.small_bet, level.big_bet)

    def situation_from_table(self, number: int) -> Situation:
        """Seats, players, button and blind seats of a table, with the level's blinds; stacks left unknown.

        Players waiting for the button are not dealt in (TDA 10-A); absent players are (TDA 30).
        """
        service = self._tournament()
        if service is None:
            raise DomainError("no tournament is open: start a blank table instead")
        table = service.table(number)
        if table.players < 2 or table.button is None or table.big_blind is None:
            raise DomainError(f"table {number} has fewer than two players: no hand to settle")
        sb, bb, ante, bba, level, betting, small_bet, big_bet = self.current_blinds()
        if bb <= 0:
            raise DomainError("no blind level is in force (a break, or no structure): start a blank table and "
                              "type the blinds")
        seats = tuple(SeatSetup(s.seat, s.name, None, s.absent) for s in table.seats
                      if s.entry_id is not None and not s.waiting)
        sb_seat = None if table.small_blind_dead else table.small_blind
        situation = Situation(seats, table.button, sb_seat, table.big_blind, sb, bb, ante, bba, betting,
                              small_bet, big_bet, number, table.seat_count, level)
        _validate(situation)
        return situation

    def blank_situation(self, players: int = 9, *, seat_count: int = 10, button: int | None = None,
                        small_blind: int | None = None, big_blind: int | None = None, ante: int | None = None,
                        big_blind_ante: bool | None = None, stacks: Mapping[int, int | None] | None = None,
                        names: Mapping[int, str] | None = None) -> Situation:
        """Seats 1 to ``players`` at a blank table; blinds default to the level in force (or 100/200)."""
        if not 2 <= players <= min(10, seat_count):
            raise DomainError(f"a blank table seats 2 to {min(10, seat_count)} players, not {players}")
        sb, bb, level_ante, level_bba, level, betting, small_bet, big_bet = self.current_blinds()
        if bb <= 0:
            sb, bb = 100, 200
        button = players if button is None else button
        seats = tuple(SeatSetup(s, (names or {}).get(s, ""), (stacks or {}).get(s)) for s in range(1, players + 1))
        if button not in range(1, seat_count + 1):
            raise DomainError(f"the button must be on a seat from 1 to {seat_count}")
        sb_seat, bb_seat = _default_blind_seats([s.seat for s in seats], button, seat_count)
        situation = Situation(
            seats, button, sb_seat, bb_seat, sb if small_blind is None else small_blind,
            bb if big_blind is None else big_blind, level_ante if ante is None else ante,
            level_bba if big_blind_ante is None else big_blind_ante, betting, small_bet, big_bet, None,
            seat_count, level,
        )
        _validate(situation)
        return situation

    # ----- walking the hand ------------------------------------------------------------------------
    def start_hand(self, situation: Situation) -> HandView:
        """Post the forced bets of a new hand in ``situation``."""
        _validate(situation)
        previous = (self._situation, self._ops)
        self._situation = situation
        try:
            self._rebuild([])
        except DomainError:
            self._situation, self._ops = previous
            if self._situation is not None:
                self._rebuild(self._ops)
            raise
        return self.view()

    def _new_state(self, situation: Situation) -> HandState:
        order = phh_order(situation)
        index = {s.seat: i for i, s in enumerate(order)}
        blinds = [0] * len(order)
        if situation.small_blind_seat is not None:
            blinds[index[situation.small_blind_seat]] = situation.small_blind
        blinds[index[situation.big_blind_seat]] = situation.big_blind
        if len(order) == 2:
            blinds.reverse()  # PHH heads-up: listed as if not heads-up, the engine reverses them
        if situation.big_blind_ante:
            antes: list[int] | int = [situation.ante if s.seat == situation.big_blind_seat else 0 for s in order]
        else:
            antes = situation.ante
        structure = BETTING[situation.betting]
        limit = structure is BettingStructure.FIXED_LIMIT
        return HandState(
            [s.stack if s.stack is not None else UNKNOWN_STACK for s in order],
            structure=structure, blinds=blinds, antes=antes,
            min_bet=None if limit else situation.big_blind,
            small_bet=(situation.small_bet or situation.big_blind) if limit else None,
            big_bet=(situation.big_bet or 2 * situation.big_blind) if limit else None,
            rules=self._house_rules(), names=[s.name or f"Seat {s.seat}" for s in order],
        )

    def _rebuild(self, ops: Sequence[tuple[Any, ...]]) -> None:
        """Replay the hand from its forced bets through ``ops``; refuses (and keeps the old hand) on error."""
        assert self._situation is not None
        state = self._new_state(self._situation)
        order = phh_order(self._situation)
        killed: set[int] = set()
        for op in ops:
            self._kill_absent(state, order, killed)
            self._apply(state, order, op)
        self._kill_absent(state, order, killed)
        self._state, self._order, self._killed, self._ops = state, order, killed, list(ops)

    def _kill_absent(self, state: HandState, order: list[SeatSetup], killed: set[int]) -> None:
        """Kill the hands of absent players as soon as the deal ends (TDA 30): their blinds and antes stay in
        the pot and they can win nothing, even when everyone else folds to them. The last live hand stays."""
        if state.phase in (Phase.DEALING_HOLE, Phase.COMPLETE):
            return
        for i, seat in enumerate(order):
            if seat.absent and i not in killed and not state.folded[i] and state.folded.count(False) > 1:
                state.kill_hand(i)
                killed.add(i)

    def _player(self, seat: int, order: list[SeatSetup]) -> int:
        for i, s in enumerate(order):
            if s.seat == seat:
                return i
        raise DomainError(f"seat {seat} is not dealt into this hand")

    def _apply(self, state: HandState, order: list[SeatSetup], op: tuple[Any, ...]) -> None:
        kind = op[0]
        if kind == "deal":
            known: dict[int, str] = op[1]
            for seat in known:
                self._player(seat, order)
            for i, s in enumerate(order):
                state.deal_hole(i, known.get(s.seat) or "????")
        elif kind == "board":
            state.deal_board(op[1])
        elif kind == "act":
            action, amount = op[1], op[2]
            if state.phase is Phase.DEALING_HOLE:
                raise DomainError("deal the hole cards before any betting", "TDA 35-A")
            if action == "fold":
                state.fold()
            elif action == "check":
                state.check()
            elif action == "call":
                state.call()
            elif action in ("bet", "raise"):
                if amount is None:
                    raise DomainError(f"say how much: {action} to how many chips in total", "TDA 43-B")
                state.bet_or_raise_to(amount)
            elif action == "all_in":
                state.all_in()
            elif action == "call_or_check":
                state.check_or_call()
            else:
                raise DomainError(f"unknown action {action!r}: fold, check, call, bet, raise or all_in")
        elif kind == "show":
            state.show(self._player(op[1], order), op[2])
        elif kind == "muck":
            state.muck(self._player(op[1], order))
        else:  # pragma: no cover - ops are built here only
            raise AssertionError(kind)

    def _do(self, op: tuple[Any, ...]) -> HandView:
        if self._situation is None:
            raise DomainError("set up the table first: pick a table or start a blank one")
        trial = copy.deepcopy(self._state)
        order = self._order
        killed = set(self._killed)
        try:
            self._apply(trial, order, op)
        except DomainError as error:  # refused with its rule; nothing changes
            raise DomainError(self._seat_words(error.message), error.rule) from None
        self._kill_absent(trial, order, killed)
        self._state, self._killed = trial, killed
        self._ops.append(op)
        return self.view()

    def _seat_words(self, message: str) -> str:
        """The engine's "p3" (PHH numbering) as the table's "seat 7"."""
        def seat(match: re.Match[str]) -> str:
            number = int(match.group(1))
            return f"seat {self._order[number - 1].seat}" if 1 <= number <= len(self._order) else match.group(0)

        return re.sub(r"\bp(\d+)\b", seat, message)

    def deal(self, known: Mapping[int, str] | None = None) -> HandView:
        """Deal the hole cards: ``known`` maps seats to their two cards ("AhKd"); the rest are unknown."""
        cleaned: dict[int, str] = {}
        for seat, text in (known or {}).items():
            if text and text.strip():
                cards = parse_cards(text)
                if len(cards) != 2:
                    raise DomainError(f"seat {seat}: hold'em hole cards come two to a player, not {len(cards)}",
                                      "TDA 35-A")
                cleaned[int(seat)] = cards_text(cards)
        return self._do(("deal", cleaned))

    def act(self, action: str, amount: int | None = None) -> HandView:
        """The player to act: ``"fold"``, ``"check"``, ``"call"``, ``"call_or_check"``, ``"bet"``/``"raise"`` to
        ``amount`` (a total for the round) or ``"all_in"``."""
        return self._do(("act", action, amount))

    def deal_board(self, cards: str | None = None) -> HandView:
        """Burn and turn the next street: the flop (3 cards), the turn or the river; unknown when None."""
        if self._state is None:
            raise DomainError("set up the table first: pick a table or start a blank one")
        count = 3 if self._state.street == 0 else 1
        text = cards.strip() if cards else ""
        return self._do(("board", text or "??" * count))

    def set_board(self, cards: str) -> HandView:
        """Name board cards dealt unknown (for the showdown): the whole board so far, e.g. "9h8d2c Ks 5s"."""
        wanted = parse_cards(cards)
        boards = [i for i, op in enumerate(self._ops) if op[0] == "board"]
        dealt = sum(3 if k == 0 else 1 for k in range(len(boards)))
        if len(wanted) != dealt:
            raise DomainError(f"the board has {dealt} cards so far; name all {dealt}, not {len(wanted)}", "TDA 38")
        ops = list(self._ops)
        start = 0
        for k, i in enumerate(boards):
            size = 3 if k == 0 else 1
            ops[i] = ("board", cards_text(wanted[start:start + size]))
            start += size
        self._rebuild_or_keep(ops)
        return self.view()

    def _rebuild_or_keep(self, ops: list[tuple[Any, ...]]) -> None:
        saved = (self._state, self._order, self._killed, self._ops)
        try:
            self._rebuild(ops)
        except DomainError:
            self._state, self._order, self._killed, self._ops = saved
            raise

    def show(self, seat: int, cards: str | None = None) -> HandView:
        """A player tables his hand (both cards, TDA 13-A); ``cards`` needed when they were dealt unknown."""
        return self._do(("show", seat, cards_text(parse_cards(cards)) if cards and cards.strip() else None))

    def muck(self, seat: int) -> HandView:
        return self._do(("muck", seat))

    def undo(self) -> HandView:
        """Take back the last step entered (a killed absent hand comes back with the step before it)."""
        if not self._ops:
            raise DomainError("nothing to take back: the hand is at its forced bets")
        self._rebuild(self._ops[:-1])
        return self.view()

    # ----- reading the hand -----------------------------------------------------------------------
    def _seat_of(self, player: int) -> int:
        return self._order[player].seat

    def _options(self, state: HandState) -> OptionsView | None:
        legal = state.legal_actions()
        if legal.actor is None:
            return None
        i = legal.actor
        reach = state.stacks[i] + state.bets[i]
        stack_unknown = self._order[i].stack is None
        refusal = rule = None
        if legal.min_raise_to is None:
            probe = copy.deepcopy(state)
            try:
                probe.bet_or_raise_to(reach)
            except DomainError as error:
                refusal, rule = self._seat_words(error.message), error.rule
        max_to = legal.max_raise_to
        max_is_all_in = max_to is not None and max_to == reach
        if stack_unknown and max_is_all_in:
            max_to = None
        return OptionsView(
            fold=legal.fold, check=legal.check, call=legal.call,
            raise_word="raise" if state.current_bet > 0 else "bet",
            min_raise_to=legal.min_raise_to, max_raise_to=max_to, max_is_all_in=max_is_all_in,
            stack_unknown=stack_unknown, raise_refusal=refusal, raise_refusal_rule=rule,
        )

    def _pots(self, state: HandState) -> tuple[PotView, ...]:
        views = []
        for k, pot in enumerate(state.pots()):
            eligible = tuple(self._seat_of(i) for i in pot.eligible if i not in self._killed)
            winners = tuple(self._seat_of(i) for i in pot.winners)
            views.append(PotView("Main pot" if k == 0 else f"Side pot {k}", pot.amount, eligible, winners,
                                 tuple(pot.shares), self._odd_chip_text(pot.amount, winners, pot.shares)))
        return tuple(views)

    def _odd_chip_text(self, amount: int, winners: tuple[int, ...], shares: Sequence[int]) -> str:
        if len(winners) < 2:
            return ""
        unit = self._smallest_chip
        leftover = (amount // unit) % len(winners)
        if not leftover and amount % unit == 0:
            return ""
        rules = self._house_rules()
        chip_word = f"odd chip{'s' if leftover > 1 else ''}" + (f" of {unit}" if unit > 1 else "")
        if rules.odd_chips == "one_each_clockwise" and leftover > 1:
            who = ", ".join(f"seat {s}" for s in winners[:leftover])
            return (f"{leftover} {chip_word}: one each to {who}, clockwise from the button "
                    f"({rules.cite('TDA 20', 'RRoP Ties')})")
        return (f"{leftover} {chip_word} to seat {winners[0]}, the first winner left of the button "
                f"({rules.cite('TDA 20', 'RRoP Ties')})")

    def _actions_in_turn(self, state: HandState) -> tuple[str, ...]:
        return tuple(step.kind for step in state.history if step.kind in VOLUNTARY)

    def _log(self, state: HandState) -> tuple[str, ...]:
        lines = []
        for step in state.history:
            who = f"seat {self._seat_of(step.player)}" if step.player is not None else ""
            amount = chips(step.amount) if step.amount is not None else ""
            street = STREET_NAMES[step.street]
            if step.kind == "kill":
                lines.append(f"{who}: hand killed, absent (TDA 30)")
            elif step.kind in ("post_blind", "post_ante"):
                lines.append(f"{who} posts {'the ante' if step.kind == 'post_ante' else 'a blind'} {amount}")
            elif step.kind == "deal_hole":
                continue
            elif step.kind == "deal_board":
                lines.append(f"{street}: {cards_text(step.cards)}")
            elif step.kind in ("bet", "raise"):
                lines.append(f"{who} {step.kind}s to {amount}")
            elif step.kind == "call":
                lines.append(f"{who} calls {amount}")
            elif step.kind == "return":
                lines.append(f"{amount} uncalled returned to {who}")
            elif step.kind == "win":
                lines.append(f"{who} wins {amount}")
            elif step.kind == "show":
                lines.append(f"{who} shows {cards_text(step.cards)}")
            else:
                lines.append(f"{who} {step.kind}s")
        if any(s.kind == "deal_hole" for s in state.history):
            lines.insert(next(k for k, s in enumerate(state.history) if s.kind == "deal_hole"), "hole cards dealt")
        return tuple(lines)

    def _showdown(self, state: HandState) -> tuple[ShownHand, ...]:
        if len(state.board) < 5 or not all(c.known for c in state.board):
            return ()
        shown = []
        for i in range(state.player_count):
            if state.folded[i] or state.mucked[i] or i in self._killed:
                continue
            if not state.hole[i] or not all(c.known for c in state.hole[i]):
                continue
            if not (state.shown[i] or state.face_up or state.complete):
                continue
            value = state.hand_value(i)
            shown.append((value.rank, i, value.name))
        ranks = sorted({rank for rank, _, _ in shown})
        return tuple(
            ShownHand(self._seat_of(i), self._order[i].name, cards_text(state.hole[i]), name, ranks.index(rank) + 1)
            for rank, i, name in sorted(shown)
        )

    def _next_step(self, state: HandState) -> str:
        if state.phase is Phase.DEALING_HOLE:
            return "Deal the hole cards"
        if state.phase is Phase.BETTING:
            return f"Seat {self._seat_of(state.actor)} to act" if state.actor is not None else "Betting"
        if state.phase is Phase.DEALING_BOARD:
            street = STREET_NAMES[state.street + 1]
            if state.face_up:
                return f"All hands face up (TDA 16); deal the {street}"
            return f"Burn and deal the {street}"
        if state.phase is Phase.SHOWDOWN:
            if not all(c.known for c in state.board):
                return "Showdown: name the board cards, then table the hands"
            order = ", ".join(f"seat {self._seat_of(i)}" for i in state.showdown_order() if i not in self._killed)
            return f"Showdown: hands are tabled in this order: {order} (TDA 17)"
        return "Hand complete: pots awarded"

    def view(self) -> HandView:
        """Everything the floor tool shows about the hand right now."""
        if self._situation is None or self._state is None:
            raise DomainError("set up the table first: pick a table or start a blank one")
        state, situation = self._state, self._situation
        lines = []
        for i, s in enumerate(self._order):
            position = " ".join(m for m, seat in (("D", situation.button), ("SB", situation.small_blind_seat),
                                                   ("BB", situation.big_blind_seat)) if seat == s.seat)
            if i in self._killed:
                status = "killed (absent, TDA 30)"
            elif s.absent and state.phase is not Phase.DEALING_HOLE:
                status = "absent: hand killed (TDA 30)"
            elif state.folded[i]:
                status = "folded"
            elif state.mucked[i]:
                status = "mucked"
            elif state.stacks[i] == 0 and not state.complete:
                status = "all-in"
            elif state.shown[i]:
                status = "shown"
            elif s.absent:
                status = "absent"
            else:
                status = ""
            stack = None if s.stack is None else state.stacks[i]
            lines.append(SeatLine(s.seat, s.name, position, stack, state.bets[i], status,
                                  cards_text(state.hole[i]), state.actor == i, s.absent))
        actions = self._actions_in_turn(state)
        return HandView(
            situation=situation, seats=tuple(sorted(lines, key=lambda line: line.seat)),
            street=STREET_NAMES[min(state.street, 3)], phase=state.phase.value, board=cards_text(state.board),
            actor=self._seat_of(state.actor) if state.actor is not None and state.phase is Phase.BETTING else None,
            actor_name=self._order[state.actor].name if state.actor is not None else "",
            options=self._options(state), pots=self._pots(state), next_step=self._next_step(state),
            showdown=self._showdown(state),
            showdown_order=tuple(self._seat_of(i) for i in state.showdown_order() if i not in self._killed)
            if state.phase in (Phase.SHOWDOWN, Phase.COMPLETE) else (),
            substantial_action=substantial_action(actions, self._rulebook), actions_in_turn=actions,
            log=self._log(state), complete=state.complete, can_undo=bool(self._ops), rulebook=self._rulebook,
            rulebook_name=self.rulebook_name, started=True,
        )

    @property
    def situation(self) -> Situation | None:
        return self._situation

    # ----- irregularities -------------------------------------------------------------------------
    def irregularities(self) -> tuple[IrregularityForm, ...]:
        """The irregularity buttons and the facts each asks for (the hand fills in the rest)."""
        hint = self._deal_order_hint()
        forms = []
        for item in IRREGULARITIES:
            facts = tuple(
                FactField(f.name, f.prompt, f.kind, f.default, tuple(f.choices), f.required,
                          hint if f.kind == "card_numbers" else "")
                for f in item.facts if f.name not in FILLED_FACTS and f.kind != "actions"
            )
            forms.append(IrregularityForm(item.key, item.label, facts))
        return tuple(forms)

    def _deal_order_hint(self) -> str:
        if self._situation is None:
            return ""
        order = phh_order(self._situation)
        n = len(order)
        return ("Deal order: " + ", ".join(f"{k + 1}={s.seat}" for k, s in enumerate(order))
                + f" (seat numbers); second round {n + 1} to {2 * n}")

    def card_number(self, seat: int, second_card: bool = False) -> int:
        """The position off the deck of a seat's first (or second) hole card in this deal."""
        if self._situation is None:
            raise DomainError("set up the table first")
        order = phh_order(self._situation)
        index = self._player(seat, order)
        return index + 1 + (len(order) if second_card else 0)

    def rule(self, key: str, facts: Mapping[str, Any] | None = None) -> RulingView:
        """The ruling on irregularity ``key`` with the floor's facts, under the chosen rulebook."""
        item = IRREGULARITIES_BY_KEY.get(key)
        if item is None:
            raise DomainError(f"unknown irregularity {key!r}")
        given = dict(facts or {})
        names = {f.name for f in item.facts}
        filled: dict[str, Any] = {}
        if "actions_in_turn" in names:
            filled["actions_in_turn"] = list(self._actions_in_turn(self._state)) if self._state else []
        if "players_dealt" in names:
            if self._situation is None and "players_dealt" not in given:
                raise DomainError("set up the table first, so the tool knows how many players were dealt in")
            if self._situation is not None:
                filled["players_dealt"] = len(self._situation.seats)
        if "table_size" in names and self._situation is not None:
            filled["table_size"] = self._situation.seat_count
        for name in ("actions_on_flop",):
            if name in names and name not in given:
                filled[name] = self._actions_on_flop()
        arguments = {**filled, **given}
        ruling = item.rule(arguments, rulebook=self._rulebook)
        return RulingView(key, item.label, dict(given), ruling.decision, ruling.summary, ruling.procedure,
                          ruling.rule, ruling.rulebook, RULEBOOK_NAMES[ruling.rulebook], ruling.substantial_action,
                          ruling.notes, ruling)

    def _actions_on_flop(self) -> list[str]:
        if self._state is None:
            return []
        return [s.kind for s in self._state.history if s.street == 1 and s.kind in VOLUNTARY]

    # ----- the tournament's log ---------------------------------------------------------------------
    def _situation_record(self) -> dict[str, Any]:
        if self._situation is None:
            return {}
        view = self.view()
        s = self._situation
        return {
            "seats": [{"seat": x.seat, "name": x.name, "stack": x.stack, "absent": x.absent} for x in s.seats],
            "button": s.button, "small_blind_seat": s.small_blind_seat, "big_blind_seat": s.big_blind_seat,
            "blinds": [s.small_blind, s.big_blind], "ante": s.ante, "big_blind_ante": s.big_blind_ante,
            "betting": s.betting, "level": s.level, "street": view.street, "board": view.board,
            "to_act": view.actor, "actions_in_turn": list(view.actions_in_turn),
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in view.pots],
            "rulebook": self._rulebook,
        }

    def record_ruling(self, ruling: RulingView) -> int:
        """Save the ruling to the tournament's log with the table, the time and the situation; returns its
        log sequence number."""
        runner = self._runner()
        if runner is None:
            raise DomainError("no tournament is open: the ruling cannot be saved to a tournament's log")
        payload = {
            "ruling": ruling.ruling.as_dict(),
            "irregularity": ruling.key,
            "label": ruling.label,
            "facts": {k: list(v) if isinstance(v, tuple) else v for k, v in ruling.facts.items()},
            "table": self._situation.table if self._situation is not None else None,
            "situation": self._situation_record(),
            "phh": self.export_phh() if self._situation is not None else "",
            "recorded_at": self._now().astimezone(timezone.utc).isoformat(timespec="seconds"),
        }
        run = getattr(self.session, "run", None)
        event = run(runner.execute, "ruling.recorded", payload) if callable(run) else runner.execute(
            "ruling.recorded", payload)
        return getattr(event, "seq", 0)

    def recorded_rulings(self) -> tuple[RecordedRuling, ...]:
        runner = self._runner()
        if runner is None:
            return ()
        return tuple(
            RecordedRuling(k, r.get("table"), r.get("recorded_at", ""), r.get("label", ""),
                           r["ruling"].get("summary", ""), r["ruling"].get("rule", ""), r.get("phh", ""))
            for k, r in enumerate(runner.state.rulings)
        )

    def reopen(self, index: int) -> HandView:
        """Load the hand of a recorded ruling again, as it stood when the ruling was made."""
        rulings = self.recorded_rulings()
        if not 0 <= index < len(rulings):
            raise DomainError(f"there is no recorded ruling number {index + 1}")
        if not rulings[index].phh:
            raise DomainError("this ruling was recorded without a hand")
        return self.import_phh(rulings[index].phh)

    # ----- PHH -------------------------------------------------------------------------------------
    def export_phh(self) -> str:
        """The hand so far as PHH (TOML), with the table's seats and the absent players."""
        if self._state is None or self._situation is None:
            raise DomainError("there is no hand to export")
        s = self._situation
        extra: dict[str, object] = {"seats": [x.seat for x in self._order], "seat_count": s.seat_count}
        if s.table is not None:
            extra["table"] = s.table
        extra["_button_seat"] = s.button
        extra["_small_blind_seat"] = s.small_blind_seat if s.small_blind_seat is not None else 0
        extra["_big_blind_seat"] = s.big_blind_seat
        extra["_unknown_stacks"] = [x.seat for x in self._order if x.stack is None]
        extra["_absent"] = [x.seat for x in self._order if x.absent]
        extra["_betting"] = s.betting
        extra["_rulebook"] = self._rulebook
        text = phh.dumps(self._state, extra)
        return text

    def import_phh(self, text: str) -> HandView:
        """Load a PHH hand; refuses a malformed file or an illegal action with its index and rule."""
        try:
            hand = phh.loads(text)
            data = tomllib.loads(text)
        except phh.PhhFormatError as error:
            raise DomainError(f"not a readable PHH hand: {error}") from None
        count = len(hand.starting_stacks)
        seats = data.get("seats") or list(range(1, count + 1))
        if len(seats) != count:
            raise DomainError(f"the PHH 'seats' field lists {len(seats)} seats for {count} players")
        seat_count = int(data.get("seat_count", max(max(seats), 10)))
        unknown = set(data.get("_unknown_stacks", []))
        absent = set(data.get("_absent", []))
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
        sb_seat = data.get("_small_blind_seat", seats[sb_index] if sb_index is not None else 0)
        situation = Situation(
            tuple(sorted(setups, key=lambda x: x.seat)), int(data.get("_button_seat", seats[-1])), sb_seat or None,
            int(data.get("_big_blind_seat", seats[bb_index])), small_values[0] if small_values else 0, big,
            max(antes), bba, data.get("_betting", {v: k for k, v in BETTING.items()}[phh.VARIANTS[hand.variant]]),
            hand.small_bet, hand.big_bet, data.get("table"), seat_count, None,
        )
        _validate(situation)
        if phh_order(situation) != list(setups):
            raise DomainError("the PHH seats do not run clockwise from the left of the button")
        ops = self._ops_from_actions(hand.actions, seats)
        previous = (self._situation, self._state, self._order, self._killed, self._ops)
        self._situation = situation
        try:
            self._rebuild([])
            for index, (op, source) in enumerate(ops):
                try:
                    if op[0] == "act" and self._state.phase is Phase.BETTING and self._state.actor is not None:
                        expected = self._seat_of(self._state.actor)
                        if op[3] != expected:
                            raise DomainError(f"it is seat {expected}'s turn to act, not seat {op[3]}'s", "TDA 53")
                    if op[0] == "act":
                        op = op[:3]
                    self._do(op)
                except DomainError as error:
                    raise DomainError(f"action {source[0]} ({source[1]!r}): {error.message}", error.rule) from None
        except DomainError:
            self._situation, self._state, self._order, self._killed, self._ops = previous
            raise
        return self.view()  # the rulebook stays the one chosen in the settings, whatever the file says

    def _ops_from_actions(self, actions: Sequence[str], seats: Sequence[int]) -> list[tuple[tuple, tuple]]:
        """PHH actions as this tool's steps; an absent player's fold is left to the tool (TDA 30)."""
        ops: list[tuple[tuple, tuple]] = []
        hole: dict[int, str] = {}
        dealt = False
        absent = {s.seat for s in self._situation.seats if s.absent} if self._situation else set()
        for k, text in enumerate(actions):
            parsed = phh.parse_action(text)
            seat = seats[parsed.player] if parsed.player is not None and parsed.player < len(seats) else None
            if parsed.kind == "comment":
                continue
            if parsed.kind == "deal_hole":
                if parsed.cards and "?" not in parsed.cards:
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
