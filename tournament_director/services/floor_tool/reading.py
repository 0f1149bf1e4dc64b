"""Reading a hand for the screen: the seats, the options of the player to act (with the rule that refuses a
raise), the pots and their odd chips (TDA 20; RRoP *Ties*), the log, the hands shown and the next step
(TDA 16, 17), all as plain views from the engine's state."""

from __future__ import annotations

import copy
from collections.abc import Sequence

from tournament_director.domain.cards import cards_text
from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.hand import STREET_NAMES, HandState, Phase
from tournament_director.domain.rules.rulebook import HouseRules
from tournament_director.domain.rules.substantial_action import RULEBOOK_NAMES, substantial_action
from tournament_director.services.floor_tool.situation import SeatSetup, Situation, chips, seat_words
from tournament_director.services.floor_tool.views import HandView, OptionsView, PotView, SeatLine, ShownHand

VOLUNTARY = {"fold", "check", "call", "bet", "raise"}


def actions_in_turn(state: HandState) -> tuple[str, ...]:
    return tuple(step.kind for step in state.history if step.kind in VOLUNTARY)


class HandReader:
    """One moment of a hand, read for the screen: the situation, the engine's state, the players in PHH order
    and the absent players' killed hands."""

    def __init__(self, situation: Situation, state: HandState, order: Sequence[SeatSetup], killed: set[int], *,
                 rules: HouseRules, rulebook: str, smallest_chip: int, can_undo: bool) -> None:
        self._situation, self._state, self._order, self._killed = situation, state, order, killed
        self._rules = rules
        self._rulebook = rulebook
        self._smallest_chip = smallest_chip
        self._can_undo = can_undo

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
                refusal, rule = seat_words(error.message, self._order), error.rule
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
        rules = self._rules
        chip_word = f"odd chip{'s' if leftover > 1 else ''}" + (f" of {unit}" if unit > 1 else "")
        if rules.odd_chips == "one_each_clockwise" and leftover > 1:
            who = ", ".join(f"seat {s}" for s in winners[:leftover])
            return (f"{leftover} {chip_word}: one each to {who}, clockwise from the button "
                    f"({rules.cite('TDA 20', 'RRoP Ties')})")
        return (f"{leftover} {chip_word} to seat {winners[0]}, the first winner left of the button "
                f"({rules.cite('TDA 20', 'RRoP Ties')})")

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
        actions = actions_in_turn(state)
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
            log=self._log(state), complete=state.complete, can_undo=self._can_undo, rulebook=self._rulebook,
            rulebook_name=RULEBOOK_NAMES[self._rulebook], started=True,
        )
