# Kept whole: ``HandState`` is one state machine. Dealing, the betting rounds, the legal
# actions and the showdown all read and change the same per-player lists (stacks, bets, folded, mucked, shown)
# and hand the turn to each other; split across modules, one hand's state would be changed from several
# places and no module would show what a step does. The pieces that stand alone already live apart:
# betting.py (limits), pots.py (pots and the odd chip), rulebook.py (house rules).
"""One hand of Texas Hold'em, step by step: forced bets, dealing, betting rounds, pots and showdown.

Players are numbered as PHH does: 0 is the first seat left of the button and the last player is the
button. Forced bets (``blinds``, ``antes``) are positional; heads-up they are reversed as PHH does, so the
button posts the small blind and acts first before the flop (TDA 34-B). Amounts for bets and raises are
totals for the betting round (TDA 43-B). Every refused action raises ``DomainError`` naming the rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from tournament_director.domain.cards import UNKNOWN, Card, Deck, cards_text, parse_cards
from tournament_director.domain.errors import DomainError
from tournament_director.domain.hands import HandValue, evaluate, strength
from tournament_director.domain.rules.betting import (
    BettingStructure,
    counts_as_full_limit_wager,
    pot_limit_raise_to,
)
from tournament_director.domain.rules.pots import Pot, build_pots, split_pot
from tournament_director.domain.rules.rulebook import HouseRules

STREET_NAMES = ("pre-flop", "flop", "turn", "river")
BOARD_COUNTS = (3, 1, 1)  # flop, turn, river


class Phase(Enum):
    DEALING_HOLE = "dealing hole cards"
    BETTING = "betting"
    DEALING_BOARD = "dealing the board"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do. Raise amounts are totals for the round; ``None`` = not allowed."""

    actor: int | None
    fold: bool
    check: bool
    call: int | None
    min_raise_to: int | None
    max_raise_to: int | None

    def as_dict(self) -> dict[str, object]:
        return {
            "actor": self.actor, "fold": self.fold, "check": self.check, "call": self.call,
            "min_raise_to": self.min_raise_to, "max_raise_to": self.max_raise_to,
        }


NOBODY_TO_ACT = LegalActions(None, False, False, None, None, None)


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of the hand's history; ``phh`` is the same step in PHH action notation."""

    kind: str  # post_ante, post_blind, deal_hole, deal_board, fold, kill, check, call, bet, raise, show, muck,
    #            return, win
    player: int | None
    amount: int | None
    cards: tuple[Card, ...]
    phh: str | None
    street: int


class HandState:
    """A hold'em hand from the forced bets to the awarded pots.

    Create it with the players' stacks (PHH order), the betting structure and forced bets; forced bets are
    posted at once. Then ``deal_hole_cards()`` (from ``deck``) or ``deal_hole(player, cards)``; betting with
    ``fold()``, ``check_or_call()``, ``bet_or_raise_to(total)``, ``all_in()``, and ``kill_hand(player)`` out of
    turn for a dead hand (an absent player, TDA 30); ``deal_board()`` between
    rounds (one burn each, TDA 38); ``show(player, cards)`` / ``muck(player)`` at showdown. Read
    ``legal_actions()``, ``pots()``, ``stacks``, ``complete`` and ``history`` at any time.
    """

    def __init__(
        self,
        stacks: Sequence[int],
        *,
        structure: BettingStructure = BettingStructure.NO_LIMIT,
        blinds: Sequence[int] = (),
        antes: Sequence[int] | int = 0,
        min_bet: int | None = None,
        small_bet: int | None = None,
        big_bet: int | None = None,
        rules: HouseRules | None = None,
        names: Sequence[str] | None = None,
        deck: Deck | None = None,
        counted_blinds: Sequence[int] | None = None,
        amount_text: Callable[[int], str] | None = None,
    ) -> None:
        """``counted_blinds``: the scheduled blinds, positional like ``blinds``, when a blind is dead (posted
        as 0) or short; pot limit counts them as full before the flop (TDA 54-B). ``amount_text`` writes an
        amount in refusals the way the table counts it (e.g. 20130 chips as "201.30" for a hand in cents)."""
        self.rules = rules or HouseRules()
        self._amount = amount_text or str
        self.structure = structure
        count = len(stacks)
        if not 2 <= count <= 10:
            raise DomainError(f"a hand needs 2 to 10 players, not {count}", "TDA 34")
        if any(not isinstance(s, int) or s <= 0 for s in stacks):
            raise DomainError("every player in the hand needs a positive whole number of chips", "TDA 30")
        self.player_count = count
        self.names = list(names) if names else [f"p{i + 1}" for i in range(count)]
        if len(self.names) != count:
            raise DomainError(f"{len(self.names)} names for {count} players")
        self.input_blinds = list(blinds) + [0] * (count - len(blinds))
        self.input_antes = [antes] * count if isinstance(antes, int) else list(antes) + [0] * (count - len(antes))
        self.blinds = self._positional(blinds, "blinds_or_straddles")
        self.antes = self._positional([antes] * count if isinstance(antes, int) else antes, "antes")
        self.counted_blinds = self._positional(counted_blinds, "counted blinds") if counted_blinds else self.blinds
        big_blind = max(self.counted_blinds, default=0)
        if structure is BettingStructure.FIXED_LIMIT:
            if not small_bet or not big_bet or small_bet <= 0 or big_bet <= 0:
                raise DomainError("fixed limit needs a positive small bet and big bet", "WSOP VIII")
            self.street_bets = (small_bet, small_bet, big_bet, big_bet)
        else:
            minimum = min_bet if min_bet is not None else big_blind
            if minimum <= 0:
                raise DomainError("the minimum bet must be positive (normally the big blind)", "WSOP VIII")
            self.street_bets = (max(minimum, big_blind), minimum, minimum, minimum)
        self.min_bet = min_bet
        self.small_bet = small_bet
        self.big_bet = big_bet
        self.deck = deck

        self.starting_stacks = list(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * count  # live chips in front of each player this round
        self.committed = [0] * count  # live chips gathered from earlier rounds
        self.antes_paid = [0] * count
        self.folded = [False] * count
        self.killed = [False] * count  # dead hands (TDA 30): chips stay in, never eligible
        self.mucked = [False] * count
        self.shown = [False] * count
        self.acted = [False] * count
        self.matched = [0] * count  # the bet each player had matched at his last action this round
        self.hole: list[list[Card]] = [[] for _ in range(count)]
        self.board: list[Card] = []
        self._out: set[Card] = set()
        self.history: list[Step] = []
        self.street = 0
        self.phase = Phase.DEALING_HOLE
        self.actor: int | None = None
        self.current_bet = 0
        self.min_increment = self.street_bets[0]
        self.full_level = 0  # fixed limit: the level of the last full bet or raise
        self.full_bets = 0  # fixed limit: the bet plus raises made this round, for the cap
        self.capped_multiway = False  # fixed limit: the cap was reached with 3+ players not all-in (RRoP B&R 4)
        self.last_aggressor: int | None = None
        self.face_up = False  # TDA 16: all hands tabled once betting is over with an all-in
        self.returned = [0] * count
        self._awarded: list[Pot] | None = None
        self._post_forced_bets()

    # ----------------------------------------------------------------- set-up

    def _positional(self, values: Sequence[int] | None, label: str) -> list[int]:
        values = list(values or [])
        if len(values) > self.player_count:
            raise DomainError(f"{label} lists {len(values)} amounts for {self.player_count} players")
        if any(not isinstance(v, int) or v < 0 for v in values):
            raise DomainError(f"{label} must be whole numbers of chips, zero or more")
        values += [0] * (self.player_count - len(values))
        if self.player_count == 2:
            values.reverse()  # heads-up: the button posts the small blind (PHH, TDA 34-B)
        return values

    def _post_forced_bets(self) -> None:
        """Antes, then blinds; with a big-blind ante a short big blind pays the live blind first (TDA RP-11)."""
        ante_payers = [i for i in range(self.player_count) if self.antes[i] > 0]
        blind_first = (
            len(ante_payers) == 1
            and self.rules.big_blind_ante_order == "big_blind_first" and self.blinds[ante_payers[0]] > 0
        )
        if blind_first:
            self._post_blind(ante_payers[0])
        for i in range(self.player_count):
            self._post_ante(i)
        for i in range(self.player_count):
            if not (blind_first and i == ante_payers[0]):
                self._post_blind(i)
        self.current_bet = max(self.counted_blinds)
        if self.structure is BettingStructure.FIXED_LIMIT:
            self.full_level = self.current_bet
            self.full_bets = 1 if self.current_bet > 0 else 0
            self._note_cap(self._can_still_bet())
        self.min_increment = self.street_bets[0]

    def _post_ante(self, i: int) -> None:
        amount = min(self.antes[i], self.stacks[i])
        if amount:
            self.stacks[i] -= amount
            self.antes_paid[i] = amount
            self._record("post_ante", i, amount, (), None)

    def _post_blind(self, i: int) -> None:
        amount = min(self.blinds[i], self.stacks[i])
        if amount:
            self.stacks[i] -= amount
            self.bets[i] = amount
            self._record("post_blind", i, amount, (), None)

    def _record(self, kind: str, player: int | None, amount: int | None, cards: Sequence[Card], phh: str | None) -> None:
        self.history.append(Step(kind, player, amount, tuple(cards), phh, self.street))

    # ----------------------------------------------------------------- dealing

    def _check_player(self, player: int) -> None:
        if not isinstance(player, int) or not 0 <= player < self.player_count:
            raise DomainError(f"there is no player p{player + 1 if isinstance(player, int) else player} in this hand")

    def _check_new_cards(self, cards: Sequence[Card]) -> None:
        """Refuse a known card that is already out (``self._out``: every known hole and board card)."""
        seen = set()
        for card in cards:
            if card.known and (card in self._out or card in seen):
                raise DomainError(f"{card} is already out: the same card cannot be dealt twice", "TDA 35-A")
            seen.add(card)

    def _mark_out(self, cards: Sequence[Card]) -> None:
        self._out.update(card for card in cards if card.known)

    def deal_hole(self, player: int, cards: Sequence[Card] | str | None = None) -> None:
        """Give ``player`` hole cards: both at once, or one at a time as a dealer pitches them (a PHH file
        may write ``d dh p1 7s`` for each card); known, or ``"??"`` / ``"????"``; from the deck when ``cards``
        is None. The betting starts once every player holds two."""
        self._check_player(player)
        held = self.hole[player]
        if len(held) >= 2:
            raise DomainError(f"p{player + 1} already has his hole cards; two cards each", "TDA 35-A")
        if self.phase is not Phase.DEALING_HOLE:
            raise DomainError("hole cards are dealt before the betting starts", "TDA 35-A")
        if cards is None:
            if self.deck is None:
                raise DomainError("no deck: give the hole cards")
            cards = self.deck.deal_many(2 - len(held))
        elif isinstance(cards, str):
            cards = parse_cards(cards)
        if not cards or len(held) + len(cards) > 2:
            already = f" (p{player + 1} already holds {len(held)})" if held else ""
            raise DomainError(
                f"hold'em hole cards come two to a player, not {len(held) + len(cards)}{already}", "TDA 35-A"
            )
        self._check_new_cards(cards)
        self.hole[player] = held + list(cards)
        self._mark_out(cards)
        self._record("deal_hole", player, None, cards, f"d dh p{player + 1} {cards_text(cards)}")
        if all(len(hand) == 2 for hand in self.hole):
            self._start_round()

    def deal_hole_cards(self) -> None:
        """Deal from the deck one card at a time clockwise from the left of the button, two rounds (WSOP IX)."""
        if self.phase is not Phase.DEALING_HOLE or any(self.hole):
            raise DomainError("hole cards are dealt once, before the betting starts", "TDA 35-A")
        if self.deck is None:
            raise DomainError("no deck to deal from")
        order = list(range(self.player_count))  # heads-up too: the big blind gets the first card (TDA 34-B)
        dealt: list[list[Card]] = [[] for _ in range(self.player_count)]
        for _ in range(2):
            for i in order:
                dealt[i].append(self.deck.deal())
        for i in order:
            self.deal_hole(i, dealt[i])

    def deal_unknown_hole_cards(self) -> None:
        """Mark every player without cards as holding two unknown cards (replays of face-down hands)."""
        for i in range(self.player_count):
            if len(self.hole[i]) < 2 and self.phase is Phase.DEALING_HOLE:
                self.deal_hole(i, [UNKNOWN] * (2 - len(self.hole[i])))

    def deal_board(self, cards: Sequence[Card] | str | None = None) -> None:
        """Burn one and turn the flop (3), the turn (1) or the river (1) (TDA 38)."""
        if self.phase is not Phase.DEALING_BOARD:
            if self.phase is Phase.BETTING:
                raise DomainError(
                    f"the {STREET_NAMES[self.street]} betting is not finished; the board card is premature",
                    self.rules.cite("TDA RP-5", "RRoP Irregularities"),
                )
            raise DomainError(f"no board card is due: {self.why_nobody_acts()}", "TDA 38")
        expected = BOARD_COUNTS[self.street]
        if cards is None:
            if self.deck is None:
                raise DomainError("no deck: give the board cards")
            self.deck.burn()
            cards = self.deck.deal_many(expected)
        elif isinstance(cards, str):
            cards = parse_cards(cards)
        if len(cards) != expected:
            raise DomainError(
                f"the {STREET_NAMES[self.street + 1]} is {expected} card{'s' if expected > 1 else ''}, not {len(cards)}",
                "TDA 38",
            )
        self._check_new_cards(cards)
        self.board.extend(cards)
        self._mark_out(cards)
        self.street += 1
        self._record("deal_board", None, None, cards, f"d db {cards_text(cards)}")
        self._start_round()

    # ----------------------------------------------------------------- betting rounds

    def _can_still_bet(self) -> int:
        return sum(1 for i in range(self.player_count) if not self.folded[i] and self.stacks[i] > 0)

    def _start_round(self) -> None:
        if self.street > 0:
            self.current_bet = 0
            self.min_increment = self.street_bets[self.street]
            self.full_level = 0
            self.full_bets = 0
            self.capped_multiway = False
            self.last_aggressor = None
        self.acted = [False] * self.player_count
        self.matched = [0] * self.player_count
        self.phase = Phase.BETTING
        first = 0
        if self.street == 0:
            top = max(self.blinds)
            if top > 0:
                last_top = max(i for i in range(self.player_count) if self.blinds[i] == top)
                first = (last_top + 1) % self.player_count
        self.actor = self._next_actor(first)
        if self.actor is None:
            self._end_round()

    def _needs_to_act(self, i: int) -> bool:
        folded, stacks, bets = self.folded, self.stacks, self.bets
        if folded[i] or stacks[i] == 0:
            return False
        bet = bets[i]
        if bet < self.current_bet:
            # A bet faces him, unless no opponent put in or can put in more than he already has: a big blind
            # all-in for less than the small blind heads-up leaves the small blind nothing to call.
            for j in range(self.player_count):
                if j != i and not folded[j] and bets[j] + stacks[j] > bet:
                    return True
            return False
        if self.acted[i]:
            return False
        # Nobody left to bet against: no option to exercise.
        for j in range(self.player_count):
            if j != i and not folded[j] and stacks[j] > 0:
                return True
        return False

    def _next_actor(self, start: int) -> int | None:
        if self.folded.count(False) <= 1:
            return None
        n = self.player_count
        for step in range(n):
            i = (start + step) % n
            if self._needs_to_act(i):
                return i
        return None

    def _return_uncalled(self) -> None:
        top = max(self.bets)
        if top == 0:
            return
        leaders = [i for i in range(self.player_count) if self.bets[i] == top]
        if len(leaders) > 1 or self.killed[leaders[0]]:
            return  # a dead hand's forced bets stay in the pot (TDA 30)
        second = max((b for i, b in enumerate(self.bets) if i != leaders[0]), default=0)
        excess = top - second
        i = leaders[0]
        self.bets[i] -= excess
        self.stacks[i] += excess
        self.returned[i] += excess
        self._record("return", i, excess, (), None)

    def _end_round(self) -> None:
        self._return_uncalled()
        for i in range(self.player_count):
            self.committed[i] += self.bets[i]
            self.bets[i] = 0
        self.current_bet = 0
        self.actor = None
        in_hand = self.folded.count(False)
        if in_hand <= 1:
            self._award()
            return
        if self._can_still_bet() <= 1 and not self.face_up:
            self.face_up = True  # TDA 16: all hands face up, then the rest of the board
            self._table_known_hands()
        if self.street == 3:
            self.phase = Phase.SHOWDOWN
            self._maybe_resolve()
        else:
            self.phase = Phase.DEALING_BOARD

    def _advance(self, from_player: int) -> None:
        self.actor = self._next_actor(from_player + 1)
        if self.actor is None:
            self._end_round()

    # ----------------------------------------------------------------- legal actions

    def _require_actor(self) -> int:
        if self.phase is Phase.DEALING_HOLE:
            raise DomainError("deal the hole cards before any betting", "TDA 35-A")
        if self.actor is None:
            raise DomainError(f"nobody is to act: {self.why_nobody_acts()}", "TDA 53")
        return self.actor

    def why_nobody_acts(self) -> str:
        """Why no player is to act now, in words for a ruling."""
        if self.phase is Phase.COMPLETE:
            return "the hand is over"
        if self.phase is Phase.SHOWDOWN:
            return "the betting is over and the hands are at showdown"
        if self.phase is Phase.DEALING_BOARD:
            if self.face_up:
                due = STREET_NAMES[self.street + 1]
                return f"the betting is over (all-in) and the board is run out; the {due} is due"
            return f"the {STREET_NAMES[self.street]} betting is over; the {STREET_NAMES[self.street + 1]} is due"
        if self.phase is Phase.DEALING_HOLE:
            return "the hole cards are being dealt"
        return "the betting round is over"

    def _to_call(self, i: int) -> int:
        return min(self.stacks[i], max(0, self.current_bet - self.bets[i]))

    def _pot_for_limit(self) -> int:
        """Every chip in the middle and on the table; before the flop, short or dead blinds count as full."""
        total = sum(self.committed) + sum(self.antes_paid) + sum(self.bets)
        if self.street == 0:
            total += sum(
                max(0, counted - self.bets[i])
                for i, counted in enumerate(self.counted_blinds)
                if counted and not self.acted[i]
            )
        return total

    def _raise_refusal(self, i: int) -> tuple[str, str] | None:
        """Why player ``i`` may not bet or raise now, or None when he may."""
        reach = self.stacks[i] + self.bets[i]
        if reach <= self.current_bet:
            return ("the stack does not reach beyond a call: calling puts the player all-in", "WSOP gloss. All-in")
        if not any(
            j != i and not self.folded[j] and self.stacks[j] > 0 and self.stacks[j] + self.bets[j] > self.current_bet
            for j in range(self.player_count)
        ):
            return ("every opponent is all-in or covered: there is nobody to raise", "TDA 47")
        if self.acted[i]:
            faced = self.current_bet - self.matched[i]
            if self.structure is BettingStructure.FIXED_LIMIT:
                if not counts_as_full_limit_wager(self.current_bet, self.matched[i], self.street_bets[self.street]):
                    return (
                        "the betting was not reopened: the all-in is less than half a bet",
                        self.rules.cite("TDA 47-B", "RRoP Betting & Raising 6"),
                    )
            elif faced < self.min_increment:
                return (
                    f"the betting was not reopened: p{i + 1} faces {self._amount(faced)} more, less than a full "
                    f"raise of {self._amount(self.min_increment)}",
                    self.rules.cite("TDA 47-A", "RRoP No-limit 5"),
                )
        if self.structure is BettingStructure.FIXED_LIMIT:
            cap = self.rules.limit_raise_cap
            lifted = self.rules.cap_lifts_heads_up and not self.capped_multiway
            if cap is not None and self.full_bets >= cap + 1 and not lifted:
                return (
                    f"the betting is capped at a bet and {cap} raises",
                    self.rules.cite("TDA 48", "RRoP Betting & Raising 3"),
                )
        return None

    def _note_cap(self, players_not_all_in: int) -> None:
        """Fixed limit: remember that the cap was reached while three or more players not all-in were in the
        pot. A cap lifted heads-up (a house option, RRoP *Betting & Raising* 3-4) applies only when the action
        became heads-up before the raising was capped; a later fold never uncaps the round."""
        cap = self.rules.limit_raise_cap
        if cap is not None and self.full_bets >= cap + 1 and players_not_all_in > 2:
            self.capped_multiway = True

    def _raise_bounds(self, i: int) -> tuple[int, int]:
        """(min, max) raise-to totals for a player allowed to raise."""
        reach = self.stacks[i] + self.bets[i]
        if self.structure is BettingStructure.FIXED_LIMIT:
            target = self.full_level + self.street_bets[self.street]
            low = high = target
        else:
            low = self.current_bet + self.min_increment
            if self.structure.is_pot_based:
                to_call = self.current_bet - self.bets[i]
                high = pot_limit_raise_to(
                    self.current_bet, self._pot_for_limit(), to_call,
                    half=self.structure is BettingStructure.HALF_POT_LIMIT,
                )
                high = max(high, low)
            else:
                high = reach
        return min(low, reach), min(high, reach)

    def legal_actions(self) -> LegalActions:
        """The options of the player to act (``actor`` None when nobody is to act)."""
        if self.phase is not Phase.BETTING or self.actor is None:
            return NOBODY_TO_ACT
        i = self.actor
        to_call = self._to_call(i)
        facing = self.current_bet > self.bets[i]
        low = high = None
        if self._raise_refusal(i) is None:
            low, high = self._raise_bounds(i)
        return LegalActions(i, facing, not facing, to_call if facing else None, low, high)

    # ----------------------------------------------------------------- actions

    def fold(self) -> None:
        """Fold. Folding when a check is free is allowed and binding (TDA 58), though never offered."""
        i = self._require_actor()
        self.folded[i] = True
        self.acted[i] = True
        self._record("fold", i, None, (), f"p{i + 1} f")
        self._advance(i)

    def accept_idle_check(self, player: int) -> bool:
        """Record a check by a player the engine did not ask: the big blind whose option it skipped because
        nobody left could bet against him (every opponent folded or all-in). Some hand histories (pokerkit's)
        still write that check; it changes nothing. Returns False when it is not such a check."""
        if (
            self.phase is not Phase.DEALING_BOARD or not 0 <= player < self.player_count
            or self.folded[player] or self.stacks[player] == 0 or self.acted[player]
            or any(self.stacks[j] > 0 and not self.folded[j] for j in range(self.player_count) if j != player)
        ):
            return False
        self.acted[player] = True
        self._record("check", player, 0, (), f"p{player + 1} cc")
        return True

    def kill_hand(self, player: int) -> None:
        """Kill ``player``'s hand out of turn: an absent player's hand when the deal ends (TDA 30), or any
        hand the floor rules dead. His blinds, antes and bets stay in the pot; he can win nothing."""
        self._check_player(player)
        if self.phase is Phase.COMPLETE:
            raise DomainError("the hand is over; there is no hand left to kill", "TDA 30")
        if not self.hole[player]:
            raise DomainError(f"p{player + 1} has no cards yet: a hand is killed once it is dealt", "TDA 30")
        if self.folded[player] or self.mucked[player]:
            raise DomainError(f"p{player + 1} has no live hand to kill", "TDA 30")
        if self.folded.count(False) <= 1:
            raise DomainError(f"p{player + 1} holds the last live hand, which wins the pot", "TDA 30")
        self.folded[player] = True
        self.killed[player] = True
        self._record("kill", player, None, (), None)
        if self.phase is Phase.BETTING and self.actor is not None:
            self._advance(self.actor - 1 if self.actor != player else player)
        elif self.phase is Phase.DEALING_BOARD and self.folded.count(False) == 1:
            self._award()
        elif self.phase is Phase.SHOWDOWN:
            self._maybe_resolve()

    def check_or_call(self) -> None:
        """Check when no bet faces the player, otherwise call (all-in for less when short)."""
        i = self._require_actor()
        amount = self._to_call(i)
        self.stacks[i] -= amount
        self.bets[i] += amount
        self.acted[i] = True
        self.matched[i] = self.current_bet
        self._record("call" if amount else "check", i, amount, (), f"p{i + 1} cc")
        self._advance(i)

    def check(self) -> None:
        i = self._require_actor()
        if self.current_bet > self.bets[i]:
            raise DomainError(f"p{i + 1} faces a bet of {self._amount(self.current_bet)} and cannot check", "TDA 43-B")
        self.check_or_call()

    def call(self) -> None:
        """Call; "call" with no bet to call is a check (TDA 55)."""
        self.check_or_call()

    def all_in(self) -> None:
        """Put every chip in: a raise to the all-in total when allowed, otherwise a call."""
        i = self._require_actor()
        reach = self.stacks[i] + self.bets[i]
        if reach <= self.current_bet:
            self.check_or_call()
        else:
            self.bet_or_raise_to(reach)

    def bet_or_raise_to(self, total: int) -> None:
        """Bet, or raise to ``total`` chips for the round (TDA 43-B: "raise to")."""
        i = self._require_actor()
        if not isinstance(total, int) or isinstance(total, bool):
            raise DomainError(f"a bet is a whole number of chips, not {total!r}", "TDA 43-B")
        refusal = self._raise_refusal(i)
        if refusal is not None:
            raise DomainError(f"p{i + 1} may not raise: {refusal[0]}", refusal[1])
        low, high = self._raise_bounds(i)
        reach = self.stacks[i] + self.bets[i]
        word = "raise" if self.current_bet > 0 else "bet"
        if total > reach:
            raise DomainError(f"p{i + 1} has only {self._amount(reach)} for this round and cannot {word} to {self._amount(total)}", "WSOP gloss. All-in")
        if total < low:
            if self.structure is BettingStructure.FIXED_LIMIT:
                raise DomainError(f"in fixed limit a {word} is to exactly {self._amount(low)}, not {self._amount(total)}", "WSOP VIII")
            raise DomainError(
                f"a {word} must be to at least {self._amount(low)} (the largest full bet or raise is "
                f"{self._amount(self.min_increment)}), not {self._amount(total)}",
                self.rules.cite("TDA 43-A", "RRoP No-limit 4"),
            )
        if total > high:
            if self.structure is BettingStructure.FIXED_LIMIT:
                raise DomainError(f"in fixed limit a {word} is to exactly {self._amount(high)}, not {self._amount(total)}", "WSOP VIII")
            half = self.structure is BettingStructure.HALF_POT_LIMIT
            rule = "seed 002" if half else self.rules.cite("TDA 54", "RRoP Pot-limit")
            raise DomainError(f"the pot limit allows a {word} to at most {self._amount(high)}, not {self._amount(total)}", rule)
        self._put_in_raise(i, total)

    def _put_in_raise(self, i: int, total: int) -> None:
        previous_bet = self.current_bet
        players_before = self._can_still_bet()
        self.stacks[i] -= total - self.bets[i]
        self.bets[i] = total
        if self.structure is BettingStructure.FIXED_LIMIT:
            if counts_as_full_limit_wager(total, self.full_level, self.street_bets[self.street]):
                self.full_level = total
                self.full_bets += 1
                self._note_cap(players_before)
        elif total - previous_bet >= self.min_increment:
            self.min_increment = total - previous_bet
        self.current_bet = total
        self.acted[i] = True
        self.matched[i] = total
        self.last_aggressor = i
        self._record("raise" if previous_bet else "bet", i, total, (), f"p{i + 1} cbr {total}")
        self._advance(i)

    # ----------------------------------------------------------------- showdown

    def _can_table(self) -> bool:
        return self.phase is Phase.SHOWDOWN or (self.face_up and self.phase is Phase.DEALING_BOARD)

    def show(self, player: int, cards: Sequence[Card] | str | None = None) -> None:
        """Table a hand (both cards, TDA 13-A). Allowed at showdown and once all hands are face up (TDA 16)."""
        self._check_player(player)
        if cards is not None and isinstance(cards, str):
            cards = parse_cards(cards)
        if self.phase is Phase.COMPLETE:
            self._check_matches_hole(player, cards)
            self._record("show", player, None, cards or self.hole[player], self._show_phh(player, cards))
            return
        if not self._can_table():
            raise DomainError("hands are shown only once the betting is over", "TDA 16")
        if self.folded[player] or self.mucked[player]:
            raise DomainError(f"p{player + 1} has no live hand to show", "TDA 12")
        self._check_matches_hole(player, cards)
        if not self.shown[player]:
            self.shown[player] = True
            self._record("show", player, None, self.hole[player], self._show_phh(player, cards))
        self._maybe_resolve()

    def _table_known_hands(self) -> None:
        """Turn every live hand whose cards are known face up, in showdown order (TDA 16, 17)."""
        for i in self.showdown_order():
            if not self.shown[i] and self.hole[i] and all(c.known for c in self.hole[i]):
                self.shown[i] = True
                self._record("show", i, None, self.hole[i], self._show_phh(i, None))

    def _show_phh(self, player: int, cards: Sequence[Card] | None) -> str:
        return f"p{player + 1} sm {cards_text(cards if cards is not None else self.hole[player])}"

    def _check_matches_hole(self, player: int, cards: Sequence[Card] | None) -> None:
        if cards is None:
            return
        if len(cards) != 2:
            raise DomainError(f"a hand is tabled by showing both hole cards, not {len(cards)}", "TDA 13-A")
        current = self.hole[player] or [UNKNOWN, UNKNOWN]
        updated = []
        for held, shown in zip(current, cards):
            if held.known and shown.known and held != shown:
                raise DomainError(
                    f"p{player + 1} shows {cards_text(cards)} but was dealt {cards_text(current)}", "TDA 13-A"
                )
            updated.append(held if held.known else shown)
        fresh = [c for c, held in zip(updated, current) if not held.known and c.known]
        self._check_new_cards(fresh)
        self.hole[player] = updated
        self._mark_out(fresh)

    def muck(self, player: int) -> None:
        """Throw the hand away at showdown: it can no longer win (TDA 12). The last live hand wins unshown.

        A hand already tabled face up (shown, or turned up for an all-in, TDA 16) stays in: cards speak and
        a tabled hand is read, not killed (TDA 12, 13-A), so mucking it changes nothing."""
        self._check_player(player)
        if self.phase is Phase.COMPLETE:
            self._record("muck", player, None, (), f"p{player + 1} sm")
            return
        if not self._can_table():
            raise DomainError("a hand is mucked at showdown; during the betting, fold", "TDA 12")
        if self.folded[player] or self.mucked[player]:
            raise DomainError(f"p{player + 1} has no live hand to muck", "TDA 12")
        if self.shown[player] and all(card.known for card in self.hole[player]):
            return
        self.mucked[player] = True
        self._record("muck", player, None, (), f"p{player + 1} sm")
        self._maybe_resolve()

    def showdown_order(self) -> list[int]:
        """Who shows first (TDA 17-A): the last bettor or raiser of the final round, otherwise the first
        live player left of the button; then clockwise."""
        live = [i for i in range(self.player_count) if not self.folded[i] and not self.mucked[i]]
        if not live:
            return []
        start = self.last_aggressor if self.last_aggressor in live else live[0]
        return sorted(live, key=lambda i: (i - start) % self.player_count)

    def _contestants(self) -> list[int]:
        return [i for i in range(self.player_count) if not self.folded[i] and not self.mucked[i]]

    def _maybe_resolve(self) -> None:
        if self.phase is not Phase.SHOWDOWN:
            return
        live = self._contestants()
        if len(live) <= 1 or all(self.shown[i] for i in live):
            self.resolve_showdown()

    def resolve_showdown(self) -> bool:
        """Award every pot by the cards (cards speak, TDA 12) once the board is complete.

        Returns False and changes nothing when a contested pot involves a hand whose cards are not known.
        """
        if self.phase is Phase.COMPLETE:
            return True
        if self.phase is not Phase.SHOWDOWN:
            return False
        for pot in self._live_pots():
            contenders = [i for i in pot.eligible if not self.mucked[i]]
            if len(contenders) > 1 and not all(all(c.known for c in self.hole[i]) for i in contenders):
                return False
        self._award()
        return True

    def hand_value(self, player: int) -> HandValue:
        """The player's best five cards and their name (needs known hole cards and a full board)."""
        return evaluate(self.hole[player], self.board)

    def _award(self) -> None:
        if self.folded.count(False) > 1:
            self._table_known_hands()  # cards speak: the hands that decide the pots are tabled (TDA 12)
        awarded = []
        values: dict[int, int] = {}
        last_mucked = [s.player for s in self.history if s.kind == "muck"]
        for pot in self._live_pots(settled=True):
            contenders = [i for i in pot.eligible if not self.mucked[i]]
            if not contenders:
                # Everyone mucked: the last hand thrown in was the last live hand (TDA 17-B).
                contenders = [p for p in reversed(last_mucked) if p in pot.eligible][:1] or list(pot.eligible[:1])
            if len(contenders) == 1:
                winners = contenders
            else:
                for i in contenders:
                    if i not in values:
                        values[i] = strength(self.hole[i] + self.board)
                best = min(values[i] for i in contenders)
                winners = [i for i in contenders if values[i] == best]
            shares = split_pot(
                pot.amount, winners, self.rules.smallest_chip, self.rules.odd_chips == "one_each_clockwise"
            )
            for w, share in zip(winners, shares):
                self.stacks[w] += share
                self._record("win", w, share, (), None)
            awarded.append(Pot(pot.amount, pot.eligible, tuple(winners), tuple(shares)))
        self._awarded = awarded
        self.phase = Phase.COMPLETE
        self.actor = None

    # ----------------------------------------------------------------- reading the state

    def _live_pots(self, settled: bool = False) -> list[Pot]:
        """The pots now. While a round is being bet, a player who has put nothing in is not yet in any pot;
        once the betting is over (``settled``) every live hand is: the last one may have put in nothing
        (a dead small blind when the dead big blind is all that is left to win)."""
        settled = settled or self.phase is not Phase.BETTING
        live = [self.committed[i] + self.bets[i] for i in range(self.player_count)]
        top = max(live)
        leaders = [i for i in range(self.player_count) if live[i] == top]
        if len(leaders) == 1 and any(self.bets) and not self.killed[leaders[0]]:
            # A bet nobody has matched yet belongs to no pot.
            second = max((c for i, c in enumerate(live) if i != leaders[0]), default=0)
            live[leaders[0]] = max(second, self.committed[leaders[0]])
        return build_pots(
            live,
            sum(self.antes_paid),
            [not f for f in self.folded],
            [s == 0 for s in self.stacks],
            # An uncalled bet handed back still means he was in: he may win the dead money (antes).
            [settled or live[i] + self.antes_paid[i] + self.returned[i] > 0 for i in range(self.player_count)],
        )

    def pots(self) -> list[Pot]:
        """Main pot first, then side pots; winners and shares once awarded."""
        return list(self._awarded) if self._awarded is not None else self._live_pots()

    @property
    def complete(self) -> bool:
        return self.phase is Phase.COMPLETE

    @property
    def total_chips(self) -> int:
        return sum(self.stacks) + sum(self.bets) + sum(self.committed) + sum(self.antes_paid) - (
            sum(p.amount for p in self._awarded) if self._awarded is not None else 0
        )
