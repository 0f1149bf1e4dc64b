"""PHH import and export, and the command line floor staff and scripts use.

Real hands: every hold'em hand in pokerkit's test package (2023 WSOP events 43 and 54 final tables, the
pokerkit paper), written as PHH by hands/make_pokerkit_hands.py, must replay to its recorded finishing
stacks, through the API and through ``python -m tournament_director.rules``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from pokerkit import HandHistory

from random_hands import play_engine_only, random_setup
from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.phh import PhhFormatError, dumps, loads, parse_action, replay

HANDS = sorted((Path(__file__).parent / "hands").glob("*.phh"))
ROOT = Path(__file__).resolve().parents[3]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tournament_director.rules", *args],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )


def write(tmp_path: Path, body: str, name: str = "hand.phh") -> Path:
    path = tmp_path / name
    path.write_text(body)
    return path


def test_real_wsop_hands_are_present_in_both_variants() -> None:
    variants = {loads(p.read_text()).variant for p in HANDS}
    assert len(HANDS) >= 25 and variants == {"NT", "FT"}


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.stem)
def test_real_hand_replays_to_its_recorded_finishing_stacks(path: Path) -> None:
    hand = loads(path.read_text())
    state, error = replay(hand)
    assert error is None
    assert state.complete
    assert state.stacks == hand.finishing_stacks
    assert sum(state.stacks) == sum(state.starting_stacks)  # chips conserved
    assert all(sum(p.shares) == p.amount for p in state.pots())


def test_every_real_hand_through_the_command_line_gives_the_recorded_stacks() -> None:
    for path in HANDS:
        result = run_cli("replay", str(path))
        assert result.returncode == 0, result.stderr
        output = json.loads(result.stdout)
        assert output["complete"] is True
        assert output["stacks"] == loads(path.read_text()).finishing_stacks
        for pot in output["pots"]:
            assert sum(pot["shares"]) == pot["amount"] and pot["winners"] == sorted(pot["winners"])


@pytest.mark.parametrize("path", HANDS[::3], ids=lambda p: p.stem)
def test_exported_hand_loads_in_pokerkit_with_the_same_finishing_stacks(path: Path) -> None:
    state, _ = replay(loads(path.read_text()))
    history = HandHistory.loads(dumps(state))
    *_, final = iter(history)
    assert list(final.stacks) == state.stacks


def test_exported_random_hands_load_in_pokerkit_with_the_same_finishing_stacks() -> None:
    rng = random.Random(77)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(60):
            # No-limit: every TDA action there is legal for pokerkit too (fixed-limit completions are not).
            setup = random_setup(rng, limit=False)
            state = play_engine_only(setup, rng)
            # pokerkit's HandHistory loads cash-game states: odd-chip splits may differ (documented).
            if any(len(p.winners) > 1 for p in state.pots()):
                continue
            *_, final = iter(HandHistory.loads(dumps(state)))
            assert list(final.stacks) == state.stacks
            again, error = replay(loads(dumps(state)))
            assert error is None and again.stacks == state.stacks


NO_LIMIT_HEADER = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 500]
"""


def test_replay_json_shape_with_show_muck_and_unknown_cards(tmp_path: Path) -> None:
    """``pN sm CARDS`` shows, ``pN sm`` mucks (it can no longer win, TDA 12), ``????`` is unknown; hands
    are shown before the all-in run-out (TDA 16)."""
    path = write(tmp_path, NO_LIMIT_HEADER.replace("[1000, 1000, 500]", "[500, 1000, 500]") + """actions = [
  'd dh p1 ????', 'd dh p2 ????', 'd dh p3 KsKd # the button',
  'p3 cbr 500', 'p1 cc', 'p2 cc',
  'p1 sm AhAd', 'p2 sm',
  'd db 2c3c4d', 'd db 7h', 'd db 9s',
]
""")
    result = run_cli("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "complete": True,
        "stacks": [1500, 500, 0],
        "pots": [{"amount": 1500, "eligible": [0, 1, 2], "winners": [0], "shares": [1500]}],
    }


def test_unshown_hand_leaves_the_hand_incomplete_until_cards_are_known(tmp_path: Path) -> None:
    path = write(tmp_path, NO_LIMIT_HEADER + """actions = ['p3 f', 'p1 cc', 'p2 cc',
 'd db 2c3c4d', 'p1 cc', 'p2 cc', 'd db 7h', 'p1 cc', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc']
""")
    output = json.loads(run_cli("replay", str(path)).stdout)
    assert output == {
        "complete": False, "stacks": [900, 900, 500],
        "pots": [{"amount": 200, "eligible": [0, 1], "winners": [], "shares": []}],
    }


def test_illegal_action_exits_3_naming_the_action_and_rule(tmp_path: Path) -> None:
    """TDA 43: facing 100, a raise must be to at least 200."""
    path = write(tmp_path, NO_LIMIT_HEADER + "actions = ['p3 cbr 150']\n")
    result = run_cli("replay", str(path))
    assert result.returncode == 3
    error = json.loads(result.stdout)["error"]
    assert error["action_index"] == 0 and error["action"] == "p3 cbr 150"
    assert error["rule"] == "TDA 43-A" and "200" in error["reason"]


def test_action_out_of_turn_is_refused_with_tda_53(tmp_path: Path) -> None:
    path = write(tmp_path, NO_LIMIT_HEADER + "actions = ['d dh p1 ????', 'p1 cc']\n")
    result = run_cli("legal", str(path))
    assert result.returncode == 3
    assert json.loads(result.stdout)["error"] == {
        "action_index": 1, "action": "p1 cc",
        "reason": "it is p3's turn to act, not p1's (if p3 folded, the file leaves out 'p3 f')", "rule": "TDA 53",
    }


def test_premature_board_card_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, NO_LIMIT_HEADER + "actions = ['p3 cc', 'd db 2c3c4d']\n")
    result = run_cli("replay", str(path))
    assert result.returncode == 3
    assert json.loads(result.stdout)["error"]["rule"] == "TDA RP-5"


@pytest.mark.parametrize(
    "body, problem",
    [
        ("variant = 'NT'\n", "starting_stacks"),
        ("this is not toml", "TOML"),
        (NO_LIMIT_HEADER.replace("'NT'", "'PO'") + "actions = []\n", "variant"),
        (NO_LIMIT_HEADER + "actions = ['p1 xx']\n", "p1 xx"),
        (NO_LIMIT_HEADER.replace("min_bet = 100\n", "") + "actions = []\n", "min_bet"),
        (NO_LIMIT_HEADER.replace("[1000, 1000, 500]", "[1000]") + "actions = []\n", "2 to 10"),
    ],
)
def test_malformed_file_exits_2_with_one_line_naming_file_and_problem(tmp_path: Path, body: str, problem: str) -> None:
    path = write(tmp_path, body)
    result = run_cli("replay", str(path))
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and problem in lines[0]


def test_legal_reports_the_options_of_the_player_to_act(tmp_path: Path) -> None:
    path = write(tmp_path, NO_LIMIT_HEADER + "actions = ['p3 cbr 300']\n")
    result = run_cli("legal", str(path))
    assert json.loads(result.stdout) == {
        "actor": 0, "fold": True, "check": False, "call": 250, "min_raise_to": 500, "max_raise_to": 1000,
    }


def test_heads_up_follows_phh_the_button_posts_the_small_blind_and_acts_first(tmp_path: Path) -> None:
    """TDA 34-B: heads-up the small blind is the button; PHH lists the button last."""
    path = write(tmp_path, """variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 50]
actions = []
""")
    assert json.loads(run_cli("legal", str(path)).stdout) == {
        "actor": 1, "fold": True, "check": False, "call": 1, "min_raise_to": 4, "max_raise_to": 50,
    }


def test_rrop_rulebook_option_changes_the_cited_rule(tmp_path: Path) -> None:
    path = write(tmp_path, NO_LIMIT_HEADER + "actions = ['p3 cbr 150']\n")
    error = json.loads(run_cli("replay", str(path), "--rulebook", "rrop").stdout)["error"]
    assert error["rule"] == "RRoP No-limit 4"


def test_fixed_limit_and_pot_limit_files_and_ante_trimming_status_are_read() -> None:
    fixed = loads("""variant = 'FT'
ante_trimming_status = true
antes = 5
blinds_or_straddles = [10, 20]
small_bet = 20
big_bet = 40
starting_stacks = [500, 500, 500]
actions = ['p3 cbr 40', 'p1 cbr 60', 'p2 cbr 80', 'p3 cc', 'p1 cc']
""")
    state, error = replay(fixed)
    assert error is None and state.antes_paid == [5, 5, 5]
    assert state.legal_actions().actor is None  # the flop is due
    pot_limit = loads(NO_LIMIT_HEADER.replace("'NT'", "'PT'") + "actions = []\n")
    assert replay(pot_limit)[0].legal_actions().max_raise_to == 350  # 100 + (150 + 100)


def test_parse_action_forms() -> None:
    assert parse_action("p2 sm 7h6h # shows").cards == "7h6h"
    assert parse_action("p2 sm").kind == "muck"
    assert parse_action("# just a comment").kind == "comment"
    assert parse_action("d dh p3 ????").cards == "????"
    with pytest.raises(PhhFormatError):
        parse_action("p1 cbr lots")


def test_a_card_dealt_twice_is_refused() -> None:
    hand = loads(NO_LIMIT_HEADER + "actions = ['d dh p1 AhAd', 'd dh p2 AhKd']\n")
    _, error = replay(hand)
    assert error is not None and error.action_index == 1 and "Ah" in error.reason


def test_bad_card_text_is_a_malformed_file() -> None:
    with pytest.raises(PhhFormatError, match="ZzAd"):
        loads(NO_LIMIT_HEADER + "actions = ['d dh p1 ZzAd']\n")


def test_a_player_not_in_the_hand_is_a_malformed_file() -> None:
    """No rule decides an action by p9 in a three-player hand: the file contradicts itself (exit 2)."""
    with pytest.raises(PhhFormatError, match="p9"):
        loads(NO_LIMIT_HEADER + "actions = ['p9 f']\n")
    with pytest.raises(DomainError, match="deal the hole cards"):
        loads(NO_LIMIT_HEADER + "actions = []\n").new_state().fold()
