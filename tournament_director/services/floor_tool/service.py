# Kept whole: FloorToolService holds one hand as a list of operations replayed on the engine's
# HandState; walking the hand, undoing, reopening a recorded ruling and importing PHH all rebuild the hand from that
# one list, so they belong together. What stands alone already lives beside it: situation.py (the table as dealt),
# views.py, reading.py (the hand read for the screen), phh_files.py and house.py.
"""The floor tool's service: one hand at one table, walked through the per-hand engine, with rulings on dealing
irregularities, recorded in the tournament's log and exported or imported as PHH (see the package docstring).
"""

from __future__ import annotations

import copy
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

from tournament_director.domain.cards import cards_text, parse_cards
from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules import phh
from tournament_director.domain.rules.betting import BettingStructure
from tournament_director.domain.rules.hand import HandState, Phase
from tournament_director.domain.rules.irregularities import IRREGULARITIES, IRREGULARITIES_BY_KEY
from tournament_director.domain.rules.rulebook import HouseRules
from tournament_director.domain.rules.events import RulingRecorded
from tournament_director.domain.rules.rulings import HOUSE_OPTION_CHOICES, HouseOptions
from tournament_director.domain.rules.substantial_action import RULEBOOK_NAMES
from tournament_director.services.floor_tool.house import house_option_forms, house_options_from
from tournament_director.services.floor_tool.phh_files import (
    hand_to_phh,
    ops_from_actions,
    situation_from_hand,
    situation_from_phh,
)
from tournament_director.services.floor_tool.reading import VOLUNTARY, HandReader, actions_in_turn
from tournament_director.services.floor_tool.situation import (
    BETTING,
    UNKNOWN_STACK,
    SeatSetup,
    Situation,
    default_blind_seats,
    phh_order,
    seat_words,
    validate_situation,
)
from tournament_director.services.floor_tool.views import (
    FactField,
    HandView,
    HouseOptionForm,
    IrregularityForm,
    RecordedRuling,
    RulingView,
    situation_record,
)

#: Facts the tool fills from the hand and the table instead of asking (see ``IRREGULARITIES``).
FILLED_FACTS = ("actions_in_turn", "players_dealt", "table_size")


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
        self._house_options = HouseOptions()
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

    # ----- house options (rules-reference section 3) ---------------------------------------------------
    @property
    def house_options(self) -> HouseOptions:
        return self._house_options

    def set_house_options(self, options: HouseOptions | Mapping[str, str | None]) -> None:
        """The house's choices where the rulebooks differ (``HouseOptions``, or name -> choice, None for the
        rulebook's); every later ruling applies them and says so (TDA 35-E: ``short_deck="fouled"``)."""
        self._house_options = house_options_from(options)

    def house_option_forms(self) -> tuple[HouseOptionForm, ...]:
        """Each house option with its choices, what the chosen rulebook rules and what the house chose."""
        return house_option_forms(self._rulebook, self._house_options)

    def _house_rules(self) -> HouseRules:
        rules = HouseRules.for_rulebook(self._rulebook)
        button: Literal["dead", "moving"] = "dead"
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
        validate_situation(situation)
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
        sb_seat, bb_seat = default_blind_seats([s.seat for s in seats], button, seat_count)
        situation = Situation(
            seats, button, sb_seat, bb_seat, sb if small_blind is None else small_blind,
            bb if big_blind is None else big_blind, level_ante if ante is None else ante,
            level_bba if big_blind_ante is None else big_blind_ante, betting, small_bet, big_bet, None,
            seat_count, level,
        )
        validate_situation(situation)
        return situation

    # ----- walking the hand ------------------------------------------------------------------------
    def start_hand(self, situation: Situation) -> HandView:
        """Post the forced bets of a new hand in ``situation``."""
        validate_situation(situation)
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

    @property
    def _hand(self) -> HandState:
        """The hand being walked: there is one from the moment the table is set up."""
        if self._state is None:
            raise DomainError("set up the table first: pick a table or start a blank one")
        return self._state

    def _do(self, op: tuple[Any, ...]) -> HandView:
        if self._situation is None:
            raise DomainError("set up the table first: pick a table or start a blank one")
        trial = copy.deepcopy(self._hand)
        order = self._order
        killed = set(self._killed)
        try:
            self._apply(trial, order, op)
        except DomainError as error:  # refused with its rule; nothing changes
            raise DomainError(seat_words(error.message, self._order), error.rule) from None
        self._kill_absent(trial, order, killed)
        self._state, self._killed = trial, killed
        self._ops.append(op)
        return self.view()

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

    def view(self) -> HandView:
        """Everything the floor tool shows about the hand right now."""
        if self._situation is None or self._state is None:
            raise DomainError("set up the table first: pick a table or start a blank one")
        return HandReader(self._situation, self._state, self._order, self._killed, rules=self._house_rules(),
                          rulebook=self._rulebook, smallest_chip=self._smallest_chip,
                          can_undo=bool(self._ops)).view()

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
            filled["actions_in_turn"] = list(actions_in_turn(self._state)) if self._state else []
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
        ruling = item.rule(arguments, rulebook=self._rulebook, options=self._house_options)
        return RulingView(key, item.label, dict(given), ruling.decision, ruling.summary, ruling.procedure,
                          ruling.rule, ruling.rulebook, RULEBOOK_NAMES[ruling.rulebook], ruling.substantial_action,
                          ruling.notes, ruling)

    def _actions_on_flop(self) -> list[str]:
        if self._state is None:
            return []
        return [s.kind for s in self._state.history if s.street == 1 and s.kind in VOLUNTARY]

    # ----- the tournament's log ---------------------------------------------------------------------
    def _situation_record(self) -> dict[str, Any]:
        return {} if self._situation is None else situation_record(self.view(), self._rulebook)

    def record_ruling(self, ruling: RulingView) -> int:
        """Save the ruling to the tournament's log with the table, the time and the situation; returns its
        log sequence number."""
        runner = self._runner()
        if runner is None:
            raise DomainError("no tournament is open: the ruling cannot be saved to a tournament's log")
        fields: dict[str, Any] = {
            "ruling": ruling.ruling.as_dict(),
            "irregularity": ruling.key,
            "label": ruling.label,
            "facts": {k: list(v) if isinstance(v, tuple) else v for k, v in ruling.facts.items()},
            "table": self._situation.table if self._situation is not None else None,
            "situation": self._situation_record(),
            "phh": self.export_phh() if self._situation is not None else "",
            "house_options": {name: value for name in HOUSE_OPTION_CHOICES
                              if (value := getattr(self._house_options, name)) is not None},
            "recorded_at": self._now().astimezone(timezone.utc).isoformat(timespec="seconds"),
        }
        event = RulingRecorded(**fields)
        run = getattr(self.session, "run", None)
        recorded = run(runner.record, event) if callable(run) else runner.record(event)
        return getattr(recorded, "seq", 0)

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
        return hand_to_phh(self._state, self._situation, self._order, self._rulebook)

    def import_phh(self, text: str) -> HandView:
        """Load a PHH hand from its text; refuses a malformed hand or an illegal action with its index and rule."""
        return self._import_hand(situation_from_phh(text))

    def import_phh_file(self, path: str | Path) -> HandView:
        """Load a PHH file through the guarded reader (at most a megabyte of UTF-8, a byte-order mark accepted,
        every field checked): every problem is a DomainError naming the file, the field and the problem."""
        try:
            hand = phh.load_file(path)
        except phh.PhhFormatError as error:
            raise DomainError(f"not a readable PHH hand: {error}") from None
        return self._import_hand(situation_from_hand(hand))

    def _import_hand(self, read: tuple[Situation, Any, list[int]]) -> HandView:
        situation, hand, seats = read
        absent = {s.seat for s in self._situation.seats if s.absent} if self._situation else set()
        ops = ops_from_actions(hand.actions, seats, absent, hand.unit)
        previous = (self._situation, self._state, self._order, self._killed, self._ops)
        self._situation = situation
        try:
            self._rebuild([])
            for index, (op, source) in enumerate(ops):
                try:
                    if op[0] == "act" and self._hand.phase is Phase.BETTING and self._hand.actor is not None:
                        expected = self._seat_of(self._hand.actor)
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
