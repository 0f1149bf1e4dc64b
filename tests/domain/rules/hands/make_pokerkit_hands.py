"""Write pokerkit's real hold'em hands (WSOP final tables, the pokerkit paper) as PHH files here.

Runs pokerkit's own test methods, keeps every no-limit and fixed-limit hold'em state they play to the end,
and writes it with ``HandHistory.from_game_state`` plus the finishing stacks pokerkit reached. Run once:
``.venv/bin/python tests/domain/rules/hands/make_pokerkit_hands.py``.
"""

from __future__ import annotations

import importlib
import unittest
import warnings
from pathlib import Path

import pokerkit.games as games
from pokerkit import FixedLimitTexasHoldem, HandHistory, NoLimitTexasHoldem

MODULES = ("pokerkit.tests.test_wsop.test_2023_43_5", "pokerkit.tests.test_wsop.test_2023_54_4", "pokerkit.tests.test_papers")
HERE = Path(__file__).parent


def main() -> None:
    recorded: list[tuple[object, object]] = []
    original_call = games.Poker.__call__

    def recording_call(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        state = original_call(self, *args, **kwargs)
        if type(self) in (NoLimitTexasHoldem, FixedLimitTexasHoldem):
            recorded.append((self, state))
        return state

    games.Poker.__call__ = recording_call  # type: ignore[method-assign]
    written = 0
    seen: set[str] = set()
    try:
        for module_name in MODULES:
            module = importlib.import_module(module_name)
            for case in unittest.defaultTestLoader.loadTestsFromModule(module):
                for test in case:  # type: ignore[union-attr]
                    recorded.clear()
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        result = unittest.TestResult()
                        test.run(result)
                    if not result.wasSuccessful():
                        continue
                    for k, (game, state) in enumerate(recorded):
                        if state.status:
                            continue  # not played to the end
                        if not all(isinstance(s, int) for s in state.starting_stacks):
                            continue  # a stack recorded as unknown (infinite) is no real finishing stack
                        history = HandHistory.from_game_state(game, state)
                        history.finishing_stacks = list(state.stacks)
                        text = history.dumps() + "\n"
                        if text in seen:
                            continue  # the same hand replayed by another assertion
                        seen.add(text)
                        short = module_name.rsplit(".", 1)[1]
                        name = f"{short}__{test._testMethodName}__{k}.phh"  # type: ignore[attr-defined]
                        (HERE / name).write_text(text)
                        written += 1
    finally:
        games.Poker.__call__ = original_call  # type: ignore[method-assign]
    print(f"{written} hands written to {HERE}")


if __name__ == "__main__":
    main()
