"""``python -m tournament_director.rules replay|legal HAND.phh [--rulebook tda2024|rrop]``

``replay`` prints ``{"complete", "stacks", "pots"}``; ``legal`` prints the options of the player to act.
An illegal action exits with status 3 and ``{"error": {...}}``; a malformed file exits with status 2 and
one line naming the file and the problem.
"""

from __future__ import annotations

import argparse
import json
import sys

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.phh import PhhFormatError, loads, replay
from tournament_director.domain.rules.rulebook import HouseRules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tournament_director.rules", description=__doc__)
    parser.add_argument("command", choices=("replay", "legal"))
    parser.add_argument("file")
    parser.add_argument("--rulebook", choices=("tda2024", "rrop"), default="tda2024")
    args = parser.parse_args(argv)
    try:
        with open(args.file, "rb") as handle:
            text = handle.read().decode("utf-8")
        hand = loads(text)
        state, error = replay(hand, HouseRules.for_rulebook(args.rulebook))
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{args.file}: cannot read the file: {exc}", file=sys.stderr)
        return 2
    except (PhhFormatError, DomainError) as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 2
    if error is not None:
        print(json.dumps(error.as_dict()))
        return 3
    if args.command == "replay":
        output = {
            "complete": state.complete,
            "stacks": list(state.stacks),
            "pots": [pot.as_dict() for pot in state.pots()],
        }
    else:
        output = state.legal_actions().as_dict()
    print(json.dumps(output))
    return 0


if __name__ == "__main__":
    sys.exit(main())
