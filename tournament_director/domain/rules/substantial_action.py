"""Substantial action: the point after which a misdeal can no longer be declared.

TDA 2024 rule 36: substantial action (SA) is either two actions in turn of which at least one puts
chips in the pot, or any three actions in turn (check, bet, raise, call or fold). Posted blinds and
antes never count. Robert's Rules of Poker (*Misdeals*) use a simpler cut-off: action has occurred
once two players after the blinds have acted on their hands, folds included.

>>> substantial_action(["fold", "call"], "tda2024")
True
>>> substantial_action(["check", "check"], "tda2024")
False
>>> substantial_action(["fold", "fold"], "rrop")
True
"""

from __future__ import annotations

from collections.abc import Iterable

from tournament_director.domain.errors import DomainError

RULEBOOKS: tuple[str, ...] = ("tda2024", "rrop")
RULEBOOK_NAMES: dict[str, str] = {"tda2024": "TDA 2024", "rrop": "Robert's Rules of Poker"}

#: Voluntary actions and whether each puts chips in the pot.
CHIP_ACTIONS: frozenset[str] = frozenset({"call", "bet", "raise", "all_in"})
NON_CHIP_ACTIONS: frozenset[str] = frozenset({"check", "fold"})
#: Forced bets: accepted in the list so a caller can pass the hand's whole action log, never counted.
FORCED_BETS: frozenset[str] = frozenset({"post", "blind", "small_blind", "big_blind", "ante"})

_ALIASES = {"allin": "all_in", "all_in": "all_in", "shove": "all_in", "sb": "small_blind", "bb": "big_blind"}

SA_RULE = {"tda2024": "TDA 36", "rrop": "RRoP Misdeals"}


def check_rulebook(rulebook: str) -> str:
    """Return the rulebook key, or refuse an unknown one."""
    if rulebook not in RULEBOOKS:
        raise DomainError(f"unknown rulebook {rulebook!r}: choose one of {', '.join(RULEBOOKS)}")
    return rulebook


def normalise_action(action: str) -> str:
    """Lower-case an action word and map its spellings ("All-in", "all in") onto one name."""
    if not isinstance(action, str):
        raise DomainError(f"an action must be a word such as 'call', not {action!r}")
    word = action.strip().lower().replace("-", "_").replace(" ", "_")
    word = _ALIASES.get(word, word)
    if word not in CHIP_ACTIONS | NON_CHIP_ACTIONS | FORCED_BETS:
        known = ", ".join(sorted(CHIP_ACTIONS | NON_CHIP_ACTIONS | FORCED_BETS))
        raise DomainError(f"unknown action {action!r}: use one of {known}")
    return word


def voluntary_actions(actions_in_turn: Iterable[str]) -> list[str]:
    """The actions that count towards SA: everything but posted blinds and antes, normalised."""
    if isinstance(actions_in_turn, str):
        raise DomainError("actions must be a list of action words, not one string")
    return [word for word in map(normalise_action, actions_in_turn) if word not in FORCED_BETS]


def substantial_action(actions_in_turn: Iterable[str], rulebook: str = "tda2024") -> bool:
    """Whether the actions taken in turn so far (after the blinds) make substantial action.

    ``actions_in_turn`` holds action words in the order they were taken: ``fold``, ``check``,
    ``call``, ``bet``, ``raise``, ``all-in``; ``post``/``blind``/``ante`` entries are accepted and
    ignored because forced bets never count. Under ``"tda2024"`` this is TDA 36 (two actions with
    chips, or any three); under ``"rrop"`` it is two players acting after the blinds.
    """
    check_rulebook(rulebook)
    actions = voluntary_actions(actions_in_turn)
    if rulebook == "rrop":
        return len(actions) >= 2
    if len(actions) >= 3:
        return True
    return len(actions) == 2 and any(action in CHIP_ACTIONS for action in actions)
