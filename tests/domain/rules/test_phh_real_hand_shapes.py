"""Shapes of real published hand histories that the reader and engine must replay: hole cards dealt one card
at a time (WSOP final-table files), amounts in dollars and cents (online cash-game files), and the
informational fields those files carry. Each hand here is written for the test in the same shape; the
results are checked against pokerkit 0.7.7 (a test dependency) where its rules agree with TDA 2024."""

from __future__ import annotations

import json
import warnings
from decimal import Decimal
from pathlib import Path

import pytest
from pokerkit import HandHistory

from tournament_director.domain.rules.phh import loads, replay
from tournament_director.rules.__main__ import main


def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, command: str = "replay") -> tuple[int, dict | None, str]:
    path = tmp_path / "hand.phh"
    path.write_text(body, encoding="utf-8")
    code = main([command, str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


def pokerkit_stacks(body: str) -> list[Decimal]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about informational fields it does not know
        state = None
        for state in HandHistory.loads(body):
            pass
    assert state is not None
    return [Decimal(str(s)) for s in state.stacks]


def as_decimals(values: list) -> list[Decimal]:
    return [Decimal(str(v)) for v in values]


ONE_CARD_AT_A_TIME = """variant = 'NT'
ante_trimming_status = false
antes = [0, 300, 0]
blinds_or_straddles = [100, 200, 0]
min_bet = 200
starting_stacks = [5000, 4000, 6000]
actions = ['d dh p1 As', 'd dh p2 9c', 'd dh p3 Kd', 'd dh p1 Ah', 'd dh p2 9d', 'd dh p3 Qd',
           'p3 cbr 500', 'p1 cc', 'p2 f',
           'd db 2c7d8s', 'p1 cc', 'p3 cbr 600', 'p1 cc',
           'd db 3d', 'p1 cc', 'p3 cc', 'd db Jd', 'p1 cbr 1000', 'p3 cc',
           'p1 sm AsAh', 'p3 sm KdQd']
event = '2023 Hold’em Championship — Final Table'
hand = 12
"""


def test_hole_cards_dealt_one_card_at_a_time_replay_like_two_at_once(tmp_path, capsys) -> None:
    """WSOP final-table files deal ``d dh p1 As`` then, a round later, ``d dh p1 Ah``: one card at a time
    clockwise, two rounds (WSOP IX). The hand is the same as with both cards at once."""
    code, output, err = cli(tmp_path, capsys, ONE_CARD_AT_A_TIME)
    assert code == 0, err
    # p3 makes the diamond flush on the river; the big blind's ante is dead money in the pot (TDA RP-11)
    assert output["complete"] is True and output["stacks"] == [2900, 3500, 8600]
    assert as_decimals(output["stacks"]) == pokerkit_stacks(ONE_CARD_AT_A_TIME)
    both_at_once = ONE_CARD_AT_A_TIME.replace(
        "'d dh p1 As', 'd dh p2 9c', 'd dh p3 Kd', 'd dh p1 Ah', 'd dh p2 9d', 'd dh p3 Qd'",
        "'d dh p1 AsAh', 'd dh p2 9c9d', 'd dh p3 KdQd'",
    )
    assert cli(tmp_path, capsys, both_at_once)[1] == output


def test_betting_waits_until_every_player_holds_two_cards(tmp_path, capsys) -> None:
    """TDA 35-A: the deal is two cards to each player, before any betting: a card dealt once the betting has
    begun, or a third card to the same player, is refused (exit 3 naming the action)."""
    late = ONE_CARD_AT_A_TIME.replace("'d dh p1 Ah', 'd dh p2 9d', 'd dh p3 Qd',", "'p3 cbr 500', 'd dh p1 Ah',", 1)
    code, output, _ = cli(tmp_path, capsys, late)
    assert code == 3 and output["error"]["action"] == "d dh p1 Ah", "betting began: the rest was dealt face down"
    assert output["error"]["rule"] == "TDA 35-A"
    third = ONE_CARD_AT_A_TIME.replace("'d dh p3 Qd',", "'d dh p3 Qd', 'd dh p3 5s',", 1)
    code, output, _ = cli(tmp_path, capsys, third)
    assert code == 3 and output["error"]["action"] == "d dh p3 5s"
    assert "two" in output["error"]["reason"] and output["error"]["rule"] == "TDA 35-A"
    three_at_once = ONE_CARD_AT_A_TIME.replace("'d dh p3 Qd',", "'d dh p3 Qd5s',", 1)
    assert cli(tmp_path, capsys, three_at_once)[0] == 3


def test_a_player_dealt_one_known_card_gets_an_unknown_second_when_the_file_says_no_more(tmp_path, capsys) -> None:
    """A file that writes only some hole cards: the rest were dealt face down (``????``)."""
    partial = ONE_CARD_AT_A_TIME.replace("'d dh p2 9d', ", "", 1).replace("'d dh p1 Ah', ", "", 1)
    partial = partial.replace("'d dh p3 Qd',", "", 1).replace("'p1 sm AsAh', 'p3 sm KdQd'", "'p1 sm AsAh'")
    code, output, err = cli(tmp_path, capsys, partial)
    assert code == 0, err
    assert output["complete"] is False, "p3's hand is not known: the river pot waits for his cards (cards speak)"


CENTS = """variant = 'NT'
ante_trimming_status = false
antes = [0, 0, 0, 0]
blinds_or_straddles = [0.25, 0.50, 0, 0]
min_bet = 0.50
starting_stacks = [50.10, 21.35, 60, 47.05]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????',
           'p3 cbr 1.75', 'p4 f', 'p1 cc', 'p2 cbr 6.00', 'p3 cc', 'p1 f',
           'd db 9s7h2c', 'p2 cbr 15.35', 'p3 cc',
           'd db 9d', 'd db Kc', 'p2 sm 9h9c', 'p3 sm AsAd']
venue = 'An online room'
time = 00:00:09
seats = [6, 3, 5, 1]
table = 'INDIANA ST'
players = ['Zoë', 'Łukasz', '李', 'O’Neil']
winnings = [0, 43.95, 0, 0]
currency_symbol = '$'
"""


def test_dollars_and_cents_replay_exactly_and_print_in_dollars(tmp_path, capsys) -> None:
    """Online histories write money: 0.25/0.50 blinds, stacks like 21.35, raises like 'cbr 1.75'. The hand
    is replayed in cents (no rounding anywhere) and printed back in the file's unit; p2 all-in wins the pot
    of 21.35 + 21.35 + 1.75 (p1's call) = 44.45 with quads (winnings 43.95 in the file: 0.50 rake)."""
    code, output, err = cli(tmp_path, capsys, CENTS)
    assert code == 0, err
    assert output["complete"] is True
    assert output["stacks"] == [48.35, 44.45, 38.65, 47.05]
    assert output["pots"] == [{"amount": 44.45, "eligible": [1, 2], "winners": [1], "shares": [44.45]}]
    assert as_decimals(output["stacks"]) == pokerkit_stacks(CENTS)
    assert sum(as_decimals(output["stacks"])) == Decimal("178.50"), "chips (cents) are conserved"


def test_legal_options_in_dollars_and_cents_match_pokerkit(tmp_path, capsys) -> None:
    """TDA 43: after a raise to 1.75 over a 0.50 blind, the minimum re-raise is to 3.00; the button's
    call is 1.75 and his all-in maximum is his stack of 47.05."""
    hand = loads(CENTS)
    assert hand.unit == 100 and hand.starting_stacks == [5010, 2135, 6000, 4705]
    body = CENTS.replace("'p4 f', 'p1 cc', 'p2 cbr 6.00', 'p3 cc', 'p1 f',", "").split("actions = [")[0]
    body += "actions = ['p3 cbr 1.75']\n"
    code, output, _ = cli(tmp_path, capsys, body, "legal")
    assert code == 0
    assert output == {"actor": 3, "fold": True, "check": False, "call": 1.75, "min_raise_to": 3,
                      "max_raise_to": 47.05}


def test_an_odd_cent_goes_to_the_first_winner_left_of_the_button(tmp_path, capsys) -> None:
    """TDA 20: a split pot with an odd smallest unit (here one cent) gives it to the first winner clockwise
    from the button. p3 raises to 1.01 and folds to a flop bet; p1 (small blind) and p2 (big blind) both
    play the royal flush on the board and split 4.03: 2.02 to p1, 2.01 to p2."""
    body = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.25, 0.50, 0]
min_bet = 0.50
starting_stacks = [10, 10, 10.01]
actions = ['d dh p1 2c3d', 'd dh p2 2d3c', 'd dh p3 4h5h', 'p3 cbr 1.01', 'p1 cc', 'p2 cc',
           'd db AsKsQs', 'p1 cbr 0.50', 'p2 cc', 'p3 f', 'd db Js', 'p1 cc', 'p2 cc',
           'd db Ts', 'p1 cc', 'p2 cc']
"""
    code, output, err = cli(tmp_path, capsys, body)
    assert code == 0, err
    assert output["pots"] == [{"amount": 4.03, "eligible": [0, 1], "winners": [0, 1], "shares": [2.02, 2.01]}]
    assert output["stacks"] == [10.51, 10.50, 9.00]


def test_a_refusal_in_a_dollars_and_cents_hand_names_the_amounts_in_dollars(tmp_path, capsys) -> None:
    """TDA 43-A: over a 0.50 big blind the minimum raise is to 1.00; the refusal says so in the file's unit."""
    body = CENTS.split("actions = [")[0] + "actions = ['p3 cbr 0.75']\n"
    code, output, _ = cli(tmp_path, capsys, body)
    assert code == 3 and output["error"]["rule"] == "TDA 43-A"
    assert "at least 1.00" in output["error"]["reason"] and "not 0.75" in output["error"]["reason"]


def test_amounts_with_more_decimals_than_this_program_reads_exit_2(tmp_path, capsys) -> None:
    code, output, err = cli(tmp_path, capsys, CENTS.replace("min_bet = 0.50", "min_bet = 0.5000001"))
    assert code == 2 and output is None and "decimals" in err and len(err.strip().splitlines()) == 1


def test_a_history_that_leaves_out_a_fold_is_refused_naming_the_missing_action(tmp_path, capsys) -> None:
    """TDA 53: action is taken in turn. A published history that skips a player's fold (the button here)
    is not repaired by guessing; the replay stops at the out-of-turn action and says which fold is missing."""
    body = """variant = 'NT'
antes = [0, 500, 0, 0]
blinds_or_straddles = [250, 500, 0, 0]
min_bet = 500
starting_stacks = [10000, 10000, 10000, 10000]
actions = ['d dh p1 QdJd', 'd dh p2 Ac7c', 'd dh p3 3s3c', 'd dh p4 Td3d', 'p3 cbr 1150', 'p1 cc']
"""
    code, output, _ = cli(tmp_path, capsys, body)
    assert code == 3 and output["error"]["action_index"] == 5 and output["error"]["rule"] == "TDA 53"
    assert "it is p4's turn" in output["error"]["reason"] and "'p4 f'" in output["error"]["reason"]
    code, output, _ = cli(tmp_path, capsys, body.replace("'p1 cc']", "'p4 f', 'p1 cc']"), "legal")
    assert code == 0 and output["actor"] == 1 and output["call"] == 650, "the big blind faces 1150 - 500"


def test_a_phhs_file_of_several_hands_exits_2_and_a_single_table_hand_replays(tmp_path, capsys) -> None:
    """Online datasets ship hands as PHHS: TOML tables [1], [2], ... The command line replays one hand."""
    two = "[1]\n" + CENTS + "\n[2]\n" + CENTS
    code, output, err = cli(tmp_path, capsys, two)
    assert code == 2 and output is None and "2 hands" in err and len(err.strip().splitlines()) == 1
    code, output, err = cli(tmp_path, capsys, "[7]\n" + CENTS)
    assert code == 0 and output["stacks"] == [48.35, 44.45, 38.65, 47.05], err
