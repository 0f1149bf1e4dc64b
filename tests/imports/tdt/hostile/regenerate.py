"""Writes the hostile corpus beside this script: each file is a synthetic save (tests/tdt_saves.py) broken one way,
or something that is not a save at all. ``test_tdt_hostile.py`` names what each must be refused for.

Run from the project folder: ``.venv/bin/python tests/imports/tdt/hostile/regenerate.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tdt_saves import SaveBuilder, evening  # noqa: E402


def small() -> str:
    b = SaveBuilder(title="Small Game")
    one, two = b.player("Jo Wren"), b.player("Kit Moss")
    b.buy_in(one)
    b.buy_in(two)
    b.bust(two, 40, 3, one)
    b.finish(41)
    return b.text()


def replaced(text: str, old: str, new: str, count: int = 1) -> str:
    assert old in text, old
    return text.replace(old, new, count)


def corpus() -> dict[str, bytes]:
    good = small()
    utf8 = good.encode()
    files: dict[str, bytes] = {
        "empty.tdt": b"",
        "random-bytes.tdt": bytes((i * 73 + 41) % 256 for i in range(600)),
        # a Windows-1252 save (read as such) but for a byte that code page leaves undefined
        "neither-utf-8-nor-windows-1252.tdt": replaced(good, "Jo Wren", "Jo Wr\u00e5n").encode("cp1252")
        .replace(b"Kit Moss", b"Kit \x81Moss", 1),
        "utf-16.tdt": good.encode("utf-16"),
        "json-document.tdt": b'{"V": 3.7, "T": {"Title": "not a save"}}',
        "truncated.tdt": utf8[: utf8.index(b"AddOns: [", utf8.index(b"Kit Moss")) + len(b"AddOns: [")],
        "cut-in-a-string.tdt": utf8[: utf8.index(b"Kit Mo") + 4],
        "huge-exponent.tdt": replaced(good, "Amount: 110", "Amount: 1e1000000").encode(),
        "five-thousand-digits.tdt": replaced(good, "Amount: 110", "Amount: " + "9" * 5000).encode(),
        "not-a-number.tdt": replaced(good, "Amount: 110", "Amount: NaN").encode(),
        "infinity.tdt": replaced(good, "Amount: 110", "Amount: Infinity").encode(),
        "deep-nesting.tdt": replaced(good, "Notes: \"\"", "Notes: " + "[" * 5000 + "]" * 5000).encode(),
        "amount-is-text.tdt": replaced(good, "Amount: 110", 'Amount: "ten"').encode(),
        "buyins-is-a-number.tdt": replaced(good, "Buyins: [", "Buyins: 5, Old: [").encode(),
        "players-is-a-call.tdt": replaced(good, "Players: Map.from(", "Players: Array.of(").encode(),
        "no-tournament.tdt": b'{ V: "3.7.2" }',
        "tournament-is-a-call.tdt": replaced(good, "T: new Tournament(", "T: alert(").encode(),
        "function-expression.tdt": replaced(good, "T: new Tournament(",
                                            "T: new Tournament((function(){})(), ").encode(),
        "nul-in-a-name.tdt": replaced(good, "Jo Wren", "Jo\\u0000Wren", 2).encode(),
        "lone-surrogate.tdt": replaced(good, "Jo Wren", "Jo \\ud800Wren", 2).encode(),
        "name-of-ten-thousand.tdt": replaced(good, "Jo Wren", "J" * 10_000, 2).encode(),
        "negative-amount.tdt": replaced(good, "Amount: 110", "Amount: -110").encode(),
        "round-out-of-range.tdt": replaced(good, "Round: 1,", "Round: " + "1" * 30 + ",").encode(),
        "time-out-of-range.tdt": replaced(good, "StartTime: 1700000000000", "StartTime: 99999999999999999").encode(),
        "duplicate-key.tdt": replaced(good, "Title: ", 'Title: "One", Title: ').encode(),
        "unclosed-string.tdt": replaced(good, '"Small Game"', '"Small Game').encode(),
        "garbage-after-the-end.tdt": (good + " alert(1)").encode(),
        "no-players.tdt": replaced(good, "Players: new GamePlayers(", "Guests: new GamePlayers(").encode(),
        "hitman-is-a-number.tdt": replaced(good, 'HitmanUUID: ["', 'HitmanUUID: [12, "').encode(),
        "version-is-a-number.tdt": replaced(good, 'V: "3.7.2"', "V: 3.7").encode(),
        "player-under-another-key.tdt": replaced(good, '["00000000-0000-4000-8000-000000000001", ',
                                                 '["00000000-0000-4000-8000-999999999999", ').encode(),
        "bust-without-time.tdt": replaced(good, "BustOut: new GameBustOut({Time: ",
                                          "BustOut: new GameBustOut({When: ").encode(),
        "map-of-two-arguments.tdt": replaced(good, "Players: Map.from(", "Players: new Map(1, ").encode(),
        "unknown-prize-kind.tdt": _with_prize(7),
        "player-without-a-name.tdt": replaced(good, 'Nickname: "Jo Wren"', 'Nickname: ""').encode(),
        "control-character.tdt": replaced(good, "Jo Wren", "Jo\x07Wren", 2).encode(),
        "add-on-without-buy-in.tdt": _add_on_only(),
    }
    return files


def _with_prize(amount_type: int) -> bytes:
    b = evening()
    b.prize(3, 10, 0)
    return b.text().replace("AmountType: 1", f"AmountType: {amount_type}").replace(
        'Description: "Place 3", Type: 0, Recipient: 3, AmountType: 0', f'Description: "Place 3", Type: 0, '
        f'Recipient: 3, AmountType: {amount_type}').encode()


def _add_on_only() -> bytes:
    b = SaveBuilder(title="Odd Game")
    b.add_on(b.player("Lu Pike"), 10)
    return b.data()


if __name__ == "__main__":
    for name, data in corpus().items():
        (HERE / name).write_bytes(data)
    print(f"{len(corpus())} files written to {HERE}")
