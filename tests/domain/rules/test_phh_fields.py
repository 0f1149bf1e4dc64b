"""The PHH reader takes every field of the specification (phh.readthedocs.io, "Required" and "Optional
fields") and what pokerkit's own writer produces; it refuses only what cannot be replayed, with exit 2 and
one line naming the file and the problem."""

from __future__ import annotations

import datetime
import json
import warnings
from pathlib import Path

import pytest
from pokerkit import Automation, HandHistory, Mode, NoLimitTexasHoldem

from tournament_director.domain.rules.phh import PhhFormatError, loads, parse_action, replay
from tournament_director.rules.__main__ import main

AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING, Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
)

SPEC_EXAMPLE = """# A hand with every optional field of the specification, amounts written as floats.
variant = 'NT'
ante_trimming_status = false
antes = [0.0, 3.0, 0.0]
blinds_or_straddles = [1.0, 2.0, 0.0]
min_bet = 2.0
starting_stacks = [200.0, 300, 250]
actions = [
  'd dh p1 AcAd   # commentary after an action',
  'd dh p2 KhKs',
  '  d dh p3 QdQh  ',
  '',
  '# a no-op commentary',
  'p3 cbr 10.0',
  'p1 f',
  'p2 cc',
  'd db 2c3c4c', 'p2 cc', 'p3 cc', 'd db 5h', 'p2 cc', 'p3 cc', 'd db 9d', 'p2 cc', 'p3 cc',
  'p2 sm KhKs', 'p3 sm',
]
author = 'Jane Doe'
event = 'Friday Deepstack'
url = 'https://example.com/events/7'
venue = 'Card Room'
address = '1 Main Street'
city = 'Toronto'
region = 'Ontario'
postal_code = 'M5V 1A1'
country = 'Canada'
time = 20:15:00
time_zone = 'America/Toronto'
time_zone_abbreviation = 'EDT'
day = 5
month = 6
year = 2024
hand = 'Final table #17'
level = 4
seats = [1, 4, 7]
seat_count = 9
table = 2
players = ['Ann', '', 'Cid']
finishing_stacks = [199.0, 311.0, 240.0]
winnings = [0.0, 24.0, 0.0]
currency = 'USD'
currency_symbol = '$'
time_limit = inf
time_banks = [60.5, 60.5, 60.5]
_event_note = 'user-defined fields start with an underscore'
_tags = ['final', {x = 1}]
"""


def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], body: str, command: str = "replay") -> tuple[int, str, str]:
    path = tmp_path / "hand.phh"
    path.write_text(body)
    code = main([command, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_every_specified_field_float_amounts_and_commentary_are_read(tmp_path, capsys) -> None:
    hand = loads(SPEC_EXAMPLE)
    assert hand.antes == [0, 3, 0] and hand.starting_stacks == [200, 300, 250] and hand.min_bet == 2
    assert hand.players == ["Ann", "p2", "Cid"], "an anonymous player (empty name) keeps his PHH name"
    code, out, err = cli(tmp_path, capsys, SPEC_EXAMPLE)
    assert code == 0, err
    output = json.loads(out)
    assert output["complete"] is True and output["stacks"] == hand.finishing_stacks == [199, 311, 240]
    assert all(isinstance(v, int) for v in output["stacks"])


def test_pokerkit_writer_output_replays_to_pokerkit_finishing_stacks(tmp_path, capsys) -> None:
    """pokerkit's ``HandHistory.from_game_state(...).dumps()``: its field order, quoting, its own showdown
    (``p2 sm KhKs``, ``p3 sm`` for the unknown hand) and user-defined fields."""
    game = NoLimitTexasHoldem(AUTOMATIONS, False, (0, 3, 0), (1, 2, 0), 2, mode=Mode.TOURNAMENT)
    state = game((200, 300, 250), 3)
    for cards in ("AcAd", "KhKs", "????"):
        state.deal_hole(cards)
    state.complete_bet_or_raise_to(10)
    state.fold()
    state.check_or_call()
    for board in ("2c3c4c", "5h", "9d"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            state.deal_board(board)
        if board == "2c3c4c":
            state.check_or_call()
            state.complete_bet_or_raise_to(20)
            state.check_or_call()
        else:
            state.check_or_call()
            state.check_or_call()
    history = HandHistory.from_game_state(game, state)
    history.time = datetime.time(20, 15)
    history.players = ["Ann", "Bob", "Cid"]
    history.seats = [1, 4, 7]
    history.finishing_stacks = list(state.stacks)
    history.user_defined_fields = {"_note": "it's a test", "_tags": ["a", "b"]}
    text = history.dumps()
    assert "time = 20:15:00" in text and "_note = '''it's a test'''" in text
    code, out, err = cli(tmp_path, capsys, text)
    assert code == 0, err
    assert json.loads(out)["stacks"] == list(state.stacks) == [199, 331, 220]


@pytest.mark.parametrize("change, problem", [
    (("starting_stacks = [200.0, 300, 250]", "starting_stacks = [200, inf, 250]"), "starting_stacks[1] (p2) is inf"),
    (("min_bet = 2.0", "min_bet = 2.1234567"), "7 decimals"),
    (("starting_stacks = [200.0, 300, 250]", "starting_stacks = [200, 0, 250]"), "starting_stacks[1] (p2) is 0"),
    (("starting_stacks = [200.0, 300, 250]", "starting_stacks = [200, -5, 250]"), "negative"),
    (("'p1 f'", "'p1 cbr 10.00000001'"), "8 decimals"),
    (("'p1 f'", "'p4 f'"), "p4"),
    (("'p1 f'", "'p0 f'"), "p0"),
    (("'p1 f'", "'p1 sd'"), "p1 sd"),
    (("variant = 'NT'", "variant = 'PO'"), "variant 'PO'"),
    (("blinds_or_straddles = [1.0, 2.0, 0.0]", ""), "blinds_or_straddles"),
    (("antes = [0.0, 3.0, 0.0]", "antes = [0, 3, 0, 0]"), "antes"),
    (("min_bet = 2.0", "min_bet = 'two'"), "min_bet"),
])
def test_what_cannot_be_replayed_exits_2_with_one_line_naming_the_file_and_problem(
    tmp_path, capsys, change: tuple[str, str], problem: str
) -> None:
    old, new = change
    assert old in SPEC_EXAMPLE
    code, out, err = cli(tmp_path, capsys, SPEC_EXAMPLE.replace(old, new, 1))
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(tmp_path / "hand.phh") in lines[0] and problem in lines[0], lines


def test_uniform_amount_written_once_and_whole_floats_in_actions() -> None:
    hand = loads("variant = 'NT'\nantes = 5\nblinds_or_straddles = [10, 20]\nmin_bet = 20\n"
                 "starting_stacks = [500, 500, 500]\nactions = ['p3 cbr 60.0']\n")
    assert hand.antes == [5, 5, 5]
    assert parse_action("p3 cbr 60.0").amount == 60
    state, error = replay(hand)
    assert error is None and state.bets == [10, 20, 60]
    with pytest.raises(PhhFormatError, match="more decimals than the rest of the file"):
        parse_action("p3 cbr 60.5")
    assert parse_action("p3 cbr 60.5", unit=10).amount == 605


def test_export_keeps_the_scheduled_blinds_so_the_pot_limit_maximum_survives_a_round_trip() -> None:
    """TDA 54-B Ex. 1: a dead small blind still counts as 100 in a 100-200 pot-limit game: pot to 700."""
    from tournament_director.domain.rules import BettingStructure, HandState
    from tournament_director.domain.rules.phh import dumps

    hand = HandState([5000] * 4, structure=BettingStructure.POT_LIMIT, blinds=[0, 200], counted_blinds=[100, 200],
                     min_bet=200)
    hand.deal_unknown_hole_cards()
    again, error = replay(loads(dumps(hand)))
    assert error is None and again.legal_actions().max_raise_to == hand.legal_actions().max_raise_to == 700


def test_pokerkit_big_blind_check_nobody_could_answer_is_accepted_as_written_or_left_out(tmp_path, capsys) -> None:
    """The small blind is all-in for 25 and the button folds: nobody can bet against the big blind, so the
    engine does not ask him (``legal``: actor null) and returns his uncalled 75 (TDA 15-B). pokerkit still
    asks him to check and writes ``p2 cc``; both files replay to pokerkit's finishing stacks."""
    game = NoLimitTexasHoldem(AUTOMATIONS, False, 0, (50, 100), 100, mode=Mode.TOURNAMENT)
    state = game((25, 1349, 1050), 3)
    for cards in ("AsAd", "KsKd", "7c2d"):
        state.deal_hole(cards)
    state.fold()
    state.check_or_call()  # the big blind's check that changes nothing
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for board in ("2c3c4d", "7h", "9s"):
            state.deal_board(board)
    text = HandHistory.from_game_state(game, state).dumps()
    assert "'p2 cc'" in text
    for body in (text, text.replace("'p2 cc', ", "")):
        code, out, err = cli(tmp_path, capsys, body)
        assert code == 0, err
        assert json.loads(out)["stacks"] == list(state.stacks) == [50, 1324, 1050]
    code, out, _ = cli(tmp_path, capsys, text.split("'p2 cc'")[0].rstrip(", ") + "]\n", "legal")
    assert json.loads(out)["actor"] is None
