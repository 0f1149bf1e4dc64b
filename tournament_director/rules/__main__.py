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
from tournament_director.domain.rules.phh import load_file, replay
from tournament_director.domain.rules.rulebook import HouseRules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tournament_director.rules", description=__doc__)
    parser.add_argument("command", choices=("replay", "legal"))
    parser.add_argument("file")
    parser.add_argument("--rulebook", choices=("tda2024", "rrop"), default="tda2024")
    args = parser.parse_args(argv)
    try:
        hand = load_file(args.file)  # size, encoding, TOML, numbers and types: one refusal type, naming the file
        state, error = replay(hand, HouseRules.for_rulebook(args.rulebook))
    except DomainError as refused:
        message = str(refused)
        print(message if message.startswith(f"{args.file}: ") else f"{args.file}: {message}", file=sys.stderr)
        return 2
    if error is not None:
        print(json.dumps(error.as_dict()))
        return 3
    units = hand.in_file_units  # amounts back in the file's unit (dollars and cents stay dollars and cents)
    if args.command == "replay":
        pots = []
        for pot in state.pots():
            entry = pot.as_dict()
            entry["amount"] = units(pot.amount)
            entry["shares"] = [units(share) for share in pot.shares]
            pots.append(entry)
        output = {"complete": state.complete, "stacks": [units(s) for s in state.stacks], "pots": pots}
    else:
        legal = state.legal_actions()
        output = legal.as_dict()
        output.update(call=units(legal.call), min_raise_to=units(legal.min_raise_to),
                      max_raise_to=units(legal.max_raise_to))
    print(json.dumps(output))
    return 0


if __name__ == "__main__":
    sys.exit(main())
