"""More rulings through the command line (``python -m tournament_director.rules``): fixed limit and pot limit
in depth, the corners of ``legal``, side pots and showdowns, the Robert's Rules profile and the error report.

Every hand is written as PHH from a rule text and the expected JSON worked out by hand from that rule; where
pokerkit 0.7.7 plays the same game it agrees unless the docstring says otherwise.
"""

from __future__ import annotations

import tomllib

import pytest

from test_cli_rulings import NOBODY, dealt, legal, phh, run
from tournament_director.domain.rules.hand import HandState

LIMIT = "small_bet = 100\nbig_bet = 200"
PREFLOP_LIMPS = ["p3 cc", "p1 cc", "p2 cc"]
CHECKS = ["p1 cc", "p2 cc", "p3 cc"]


def limit_hand(actions: list[str], stacks: list[int] | None = None, bets: str = LIMIT) -> str:
    stacks = stacks or [5000] * 3
    blinds = [50, 100] if len(stacks) == 2 else [50, 100] + [0] * (len(stacks) - 2)
    return phh(stacks, blinds, dealt(len(stacks)) + actions, variant="FT", bets=bets)


TO_TURN = PREFLOP_LIMPS + ["d db 2c3c4c", *CHECKS, "d db 5d"]

# (rule, PHH body, options, expected `legal` output)
LIMIT_CASES = [
    ("WSOP VIII: pre-flop the first player calls the big blind or raises by exactly one small bet",
     limit_hand([]), (), legal(2, True, False, 100, 200, 200)),
    ("seeds 002/004: the small blind completes to the big blind or raises to two small bets",
     limit_hand(["p3 cc"]), (), legal(0, True, False, 50, 200, 200)),
    ("seeds 002/004: the big blind's option in an unraised limit pot: check or raise one small bet",
     limit_hand(["p3 cc", "p1 cc"]), (), legal(1, False, True, None, 200, 200)),
    ("WSOP VIII: the flop is bet in small bets",
     limit_hand(PREFLOP_LIMPS + ["d db 2c3c4c"]), (), legal(0, False, True, None, 100, 100)),
    ("WSOP VIII: the turn is bet in big bets",
     limit_hand(TO_TURN), (), legal(0, False, True, None, 200, 200)),
    ("WSOP VIII: a turn raise is one more big bet",
     limit_hand(TO_TURN + ["p1 cbr 200"]), (), legal(1, True, False, 200, 400, 400)),
    ("TDA 48: on the turn a bet and three raises cap the betting",
     limit_hand(TO_TURN + ["p1 cbr 200", "p2 cbr 400", "p3 cbr 600", "p1 cbr 800"]), (),
     legal(1, True, False, 400, None, None)),
    ("TDA 48: pre-flop the big blind is the bet, so three raises cap it",
     limit_hand(["p3 cbr 200", "p1 cbr 300", "p2 cbr 400"]), (), legal(2, True, False, 200, None, None)),
    ("RRoP Betting & Raising 4: unlimited raising heads-up under Robert's Rules",
     limit_hand(["p2 cbr 200", "p1 cbr 300", "p2 cbr 400", "p1 cbr 500", "p2 cbr 600"], [5000, 5000]),
     ("--rulebook", "rrop"), legal(0, True, False, 100, 700, 700)),
    ("RRoP Betting & Raising 3: three players: a bet and three raises under Robert's Rules too",
     limit_hand(["p3 cbr 200", "p1 cbr 300", "p2 cbr 400"]), ("--rulebook", "rrop"),
     legal(2, True, False, 200, None, None)),
    ("RRoP Betting & Raising 4: heads-up before the cap (one player folded): no cap",
     limit_hand(["p3 cbr 200", "p1 f", "p2 cbr 300", "p3 cbr 400"]), ("--rulebook", "rrop"),
     legal(1, True, False, 100, 500, 500)),
    ("RRoP Betting & Raising 4: once capped three-handed, a fold leaving two heads-up does not uncap",
     limit_hand(["p3 cbr 200", "p1 cbr 300", "p2 cbr 400", "p3 f"]), ("--rulebook", "rrop"),
     legal(0, True, False, 100, None, None)),
    ("RRoP Betting & Raising 3: the cap counts players not all-in; with the third all-in the two left "
     "raise on", limit_hand(["p3 cc", "p1 cbr 200", "p2 cbr 300", "p3 cc", "p1 cbr 400"], [5000, 5000, 150]),
     ("--rulebook", "rrop"), legal(1, True, False, 100, 500, 500)),
    ("TDA 48: the house cap applies heads-up under TDA",
     limit_hand(["p2 cbr 200", "p1 cbr 300", "p2 cbr 400"], [5000, 5000]), (),
     legal(0, True, False, 100, None, None)),
    ("RRoP Betting & Raising 6: on a 20 round a 15 all-in counts as a bet and is raised to 35",
     phh([5000, 35, 5000], [10, 20, 0], dealt(3) + ["p3 cc", "p1 cc", "p2 cc", "d db 2c3c4c", "p1 cc",
                                                   "p2 cbr 15"], variant="FT", bets="small_bet = 20\nbig_bet = 40"),
     (), legal(2, True, False, 15, 35, 35)),
    ("RRoP Betting & Raising 6: an all-in under half a bet may be called or completed to the bet "
     "(pokerkit raises to 25 instead)",
     phh([5000, 25, 5000], [10, 20, 0], dealt(3) + ["p3 cc", "p1 cc", "p2 cc", "d db 2c3c4c", "p1 cc",
                                                   "p2 cbr 5"], variant="FT", bets="small_bet = 20\nbig_bet = 40"),
     (), legal(2, True, False, 5, 20, 20)),
    ("TDA 47-B: a limit all-in raise of half a bet reopens for the bettor; the raise is one bet over it",
     limit_hand(PREFLOP_LIMPS + ["d db 2c3c4c", "p1 cbr 100", "p2 cbr 150", "p3 cc"], [5000, 250, 5000]), (),
     legal(0, True, False, 50, 250, 250)),
    ("RRoP Betting & Raising 6: the big blind facing a small blind all-in 40 short of a raise may call or "
     "complete to 200", phh([140, 5000, 5000], [50, 100, 0], dealt(3) + ["p3 cc", "p1 cbr 140"], variant="FT",
                             bets=LIMIT), (), legal(1, True, False, 40, 200, 200)),
    ("TDA 47-B: the caller who faces only that 40 more (under half a bet) may not raise",
     phh([140, 5000, 5000], [50, 100, 0], dealt(3) + ["p3 cc", "p1 cbr 140", "p2 cc"], variant="FT", bets=LIMIT),
     (), legal(2, True, False, 40, None, None)),
    ("TDA 47-B: once the big blind completes to 200 the caller faces a full bet and may raise to 300",
     phh([140, 5000, 5000], [50, 100, 0], dealt(3) + ["p3 cc", "p1 cbr 140", "p2 cbr 200"], variant="FT",
         bets=LIMIT), (), legal(2, True, False, 100, 300, 300)),
    ("TDA 47-B: a small blind all-in for half a bet more reopens for the caller: raise to 250",
     phh([150, 5000, 5000], [50, 100, 0], dealt(3) + ["p3 cc", "p1 cbr 150", "p2 cc"], variant="FT", bets=LIMIT),
     (), legal(2, True, False, 50, 250, 250)),
    ("TDA 47-B, RRoP Betting & Raising 6: a player who checked faces an all-in bet under half a bet: call "
     "or fold only (pokerkit lets him complete)",
     limit_hand(PREFLOP_LIMPS + ["d db 2c3c4c", "p1 cc", "p2 cc", "p3 cbr 30"], [5000, 5000, 130]), (),
     legal(0, True, False, 30, None, None)),
    ("WSOP gloss. All-in: in limit a stack short of the full raise may only raise all-in",
     limit_hand(PREFLOP_LIMPS + ["d db 2c3c4c", "p1 cbr 100", "p2 cc"], [5000, 5000, 250]), (),
     legal(2, True, False, 100, 150, 150)),
]

POT_LIMIT_CASES = [
    ("RRoP Pot-limit: several callers before the raiser: pot 175, bet 50, call 50 -> at most 375",
     phh([5000] * 5, [25, 50, 0, 0, 0], dealt(5) + ["p3 cc", "p4 cc", "p5 f", "p1 f", "p2 cc", "d db 2c3c4c",
                                                    "p2 cbr 50", "p3 cc"], variant="PT"),
     legal(3, True, False, 50, 100, 375)),
    ("TDA 54: the pot-size re-raise after a raise counts every bet on the table and the call: 975",
     phh([5000] * 5, [25, 50, 0, 0, 0], dealt(5) + ["p3 cc", "p4 cc", "p5 f", "p1 f", "p2 cc", "d db 2c3c4c",
                                                    "p2 cbr 50", "p3 cbr 200", "p4 cc"], variant="PT"),
     legal(1, True, False, 150, 350, 975)),
    ("TDA 54: pre-flop with antes, the antes are in the pot: 40 + 150 + 100 called -> 390",
     phh([5000] * 4, [50, 100, 0, 0], dealt(4), antes=[10] * 4, variant="PT"), legal(2, True, False, 100, 200, 390)),
    ("TDA 54: the small blind after two limps: 390 in the pot, 50 to call -> 540",
     phh([5000] * 4, [50, 100, 0, 0], dealt(4) + ["p3 cc", "p4 cc"], antes=[10] * 4, variant="PT"),
     legal(0, True, False, 50, 200, 540)),
    ("TDA 54, 47-A: after a short all-in raise to 150 the next pot raise is to 650, the minimum to 250",
     phh([5000, 5000, 5000, 150], [50, 100, 0, 0], dealt(4) + ["p3 cc", "p4 cbr 150"], variant="PT"),
     legal(0, True, False, 100, 250, 650)),
    ("TDA 54: a stack smaller than the pot raise may raise all-in",
     phh([5000, 5000, 200], [25, 50, 0], dealt(3) + ["p3 cc", "p1 cc", "p2 cc", "d db 2c3c4c", "p1 cbr 50",
                                                    "p2 cc"], variant="PT"),
     legal(2, True, False, 50, 100, 150)),
    ("TDA RP-11, 54: the big-blind ante is in the pot: 100 + 150 + 100 -> 450",
     phh([5000] * 4, [50, 100, 0, 0], dealt(4), antes=[0, 100, 0, 0], variant="PT"),
     legal(2, True, False, 100, 200, 450)),
    ("seed 002: half-pot limit pre-flop: half of 150 + 100 over the call -> 225",
     phh([5000] * 4, [50, 100, 0, 0], dealt(4), variant="HT"), legal(2, True, False, 100, 200, 225)),
]


@pytest.mark.parametrize("rule, body, options, expected", LIMIT_CASES, ids=[c[0][:70] for c in LIMIT_CASES])
def test_fixed_limit_options(tmp_path, capsys, rule: str, body: str, options: tuple, expected: dict) -> None:
    code, output, err = run(tmp_path, capsys, body, "legal", *options)
    assert code == 0, err
    assert output == expected, rule


@pytest.mark.parametrize("rule, body, expected", POT_LIMIT_CASES, ids=[c[0][:70] for c in POT_LIMIT_CASES])
def test_pot_limit_options(tmp_path, capsys, rule: str, body: str, expected: dict) -> None:
    code, output, err = run(tmp_path, capsys, body, "legal")
    assert code == 0, err
    assert output == expected, rule


FLOP = PREFLOP_LIMPS + ["d db AhKd2c"]
FOUR_HANDED = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????"]

# (what is wrong, PHH body, options, action_index, rule, words the reason must contain)
ERROR_CASES = [
    ("out of turn", phh([1000] * 3, [50, 100, 0], dealt(3) + ["p1 cc"]), (), 3, "TDA 53", "p3's turn"),
    ("a flop bet below the big blind", phh([1000] * 3, [50, 100, 0], dealt(3) + FLOP + ["p1 cbr 50"]), (),
     7, "TDA 43-A", "at least 100"),
    ("a raise below the last full raise", phh([1000] * 3, [50, 100, 0], dealt(3) + ["p3 cbr 150"]), (),
     3, "TDA 43-A", "at least 200"),
    ("Robert's Rules: a raise below the last full raise",
     phh([1000] * 3, [50, 100, 0], dealt(3) + ["p3 cbr 150"]), ("--rulebook", "rrop"), 3, "RRoP No-limit 4",
     "at least 200"),
    ("a raise after a short all-in that did not reopen the betting",
     phh([1000, 1000, 1000, 150], [50, 100, 0, 0], FOUR_HANDED + ["p3 cc", "p4 cbr 150", "p1 cc", "p2 cc",
                                                                  "p3 cbr 400"]), (), 8, "TDA 47-A", "not reopened"),
    ("Robert's Rules: the same raise that was not reopened",
     phh([1000, 1000, 1000, 150], [50, 100, 0, 0], FOUR_HANDED + ["p3 cc", "p4 cbr 150", "p1 cc", "p2 cc",
                                                                  "p3 cbr 400"]), ("--rulebook", "rrop"), 8,
     "RRoP No-limit 5", "not reopened"),
    ("limit: a raise after an all-in under half a bet",
     limit_hand(PREFLOP_LIMPS + ["d db 2c3c4c", "p1 cbr 100", "p2 cbr 140", "p3 cc", "p1 cbr 240"],
                [5000, 240, 5000]), (), 10, "TDA 47-B", "less than half a bet"),
    ("Robert's Rules limit: a raise after an all-in under half a bet",
     limit_hand(PREFLOP_LIMPS + ["d db 2c3c4c", "p1 cbr 100", "p2 cbr 140", "p3 cc", "p1 cbr 240"],
                [5000, 240, 5000]), ("--rulebook", "rrop"), 10, "RRoP Betting & Raising 6", "less than half a bet"),
    ("acting after folding", phh([1000] * 3, [50, 100, 0], dealt(3) + ["p3 f", "p1 cc", "p2 cc", "d db AhKd2c",
                                                                      "p3 cc"]), (), 7, "TDA 53", "p3 has folded"),
    ("a flop dealt before the pre-flop betting ends", phh([1000] * 3, [50, 100, 0], dealt(3) + ["p3 cc",
                                                                                              "d db AhKd2c"]),
     (), 4, "TDA RP-5", "premature"),
    ("a four-card flop", phh([1000] * 3, [50, 100, 0], dealt(3) + PREFLOP_LIMPS + ["d db AhKd2c3c"]), (),
     6, "TDA 38", "3 cards, not 4"),
    ("a sixth board card", phh([1000] * 3, [50, 100, 0], dealt(3) + FLOP + CHECKS + ["d db 3c", *CHECKS, "d db 4c",
                                                                                   *CHECKS, "d db 5c"]),
     (), 18, "TDA 38", "no board card is due"),
    ("a raise beyond the stack", phh([1000] * 3, [50, 100, 0], dealt(3) + ["p3 cbr 1500"]), (), 3,
     "WSOP gloss. All-in", "only 1000"),
    ("limit: a pre-flop raise of two bets", limit_hand(["p3 cbr 300"]), (), 3, "WSOP VIII", "exactly 200"),
    ("limit: a river bet of a small bet", limit_hand(FLOP + CHECKS + ["d db 3c", *CHECKS, "d db 4c", "p1 cbr 100"]),
     (), 15, "WSOP VIII", "exactly 200"),
    ("limit: a fourth raise", limit_hand(["p3 cbr 200", "p1 cbr 300", "p2 cbr 400", "p3 cbr 500"]), (), 6,
     "TDA 48", "capped"),
    ("Robert's Rules limit: a fourth raise three-handed",
     limit_hand(["p3 cbr 200", "p1 cbr 300", "p2 cbr 400", "p3 cbr 500"]), ("--rulebook", "rrop"), 6,
     "RRoP Betting & Raising 3", "capped"),
    ("pot limit: a raise over the pot", phh([5000] * 4, [50, 100, 0, 0], dealt(4) + ["p3 cbr 400"], antes=[10] * 4,
                                            variant="PT"), (), 4, "TDA 54", "at most 390"),
    ("a card dealt twice", phh([1000] * 3, [50, 100, 0], ["d dh p1 AsAd", "d dh p2 AsKd"]), (), 1, "TDA 35-A",
     "already out"),
    ("a board card already in a hand",
     phh([1000] * 3, [50, 100, 0], ["d dh p1 AsAd", "d dh p2 QsKd", "d dh p3 ????", *PREFLOP_LIMPS,
                                    "d db AsKh2c"]), (), 6, "TDA 35-A", "already out"),
    ("acting once the hand is over", phh([1000] * 3, [50, 100, 0], dealt(3) + ["p3 f", "p1 f", "p2 cc"]), (),
     5, "TDA 53", "the hand is over"),
    ("acting during the all-in run-out", phh([1000] * 3, [50, 100, 0], dealt(3) + ["p3 cbr 1000", "p1 cc",
                                                                                   "p2 cc", "p1 cc"]),
     (), 6, "TDA 53", "run out"),
    ("showing one card", phh([1000] * 3, [50, 100, 0], dealt(3) + FLOP + CHECKS + ["d db 3c", *CHECKS, "d db 4c",
                                                                                 *CHECKS, "p1 sm Ah"]),
     (), 18, "TDA 13-A", "both hole cards"),
    ("showing before the betting is over", phh([1000] * 3, [50, 100, 0], dealt(3) + FLOP + ["p1 sm AsAd"]), (),
     7, "TDA 16", "betting is over"),
]


@pytest.mark.parametrize("problem, body, options, index, rule, words", ERROR_CASES,
                         ids=[c[0][:60] for c in ERROR_CASES])
def test_illegal_action_reports_index_text_reason_and_rule(tmp_path, capsys, problem: str, body: str,
                                                           options: tuple, index: int, rule: str,
                                                           words: str) -> None:
    actions = tomllib.loads(body)["actions"]
    for command in ("replay", "legal"):
        code, output, _ = run(tmp_path, capsys, body, command, *options)
        assert code == 3, problem
        error = output["error"]
        assert error["action_index"] == index and error["action"] == actions[index], problem
        assert error["rule"] == rule and words in error["reason"], (problem, error)


def test_action_index_counts_comment_lines_and_the_action_is_quoted_as_written(tmp_path, capsys) -> None:
    """The error names the k-th entry of ``actions`` (from 0, comments included) exactly as the file has it."""
    body = phh([1000] * 3, [50, 100, 0], dealt(3) + ["# the button thinks", "p1  cc   # out of turn"])
    code, output, _ = run(tmp_path, capsys, body)
    assert code == 3
    assert output["error"]["action_index"] == 4 and output["error"]["action"] == "p1  cc   # out of turn"


@pytest.mark.parametrize("actions, expected_stacks", [
    (["p1 cbr 100", "p2 cc"], [800, 800, 900]),  # PHH cc facing a bet is a call
    (["p1 cc"], [900, 900, 900]),  # PHH cc with nothing to call is a check (TDA 55 input mapping)
])
def test_phh_cc_is_check_or_call(tmp_path, capsys, actions: list[str], expected_stacks: list[int]) -> None:
    code, output, _ = run(tmp_path, capsys, phh([1000] * 3, [50, 100, 0], dealt(3) + FLOP + actions))
    assert code == 0 and output["stacks"] == expected_stacks


def pot(amount: int, eligible: list[int], winners: list[int], shares: list[int]) -> dict:
    return {"amount": amount, "eligible": eligible, "winners": winners, "shares": shares}


def test_side_pots_keep_a_folded_players_chips_at_every_level_he_reached(tmp_path, capsys) -> None:
    """WSOP gloss. All-in, TDA 15-B/21: p1 all-in 100, p2 all-in 250, p3 and p4 put in 300 pre-flop; p4 folds
    to p3's flop bet, which goes back. p4's 300 stays: 100 in the main pot, 150 in the first side pot and
    50 in the top one, which only p3 can win. p2's aces win the main and first side pot."""
    body = phh([100, 250, 2000, 2000], [10, 20, 0, 0], [
        "d dh p1 2c3d", "d dh p2 AsAd", "d dh p3 KsKd", "d dh p4 QsQd", "p3 cbr 300", "p4 cc", "p1 cc", "p2 cc",
        "d db 7h8h9c", "p3 cbr 500", "p4 f", "d db Tc", "d db 2h"])
    code, output, _ = run(tmp_path, capsys, body)
    assert code == 0
    assert output == {"complete": True, "stacks": [0, 850, 1800, 1700], "pots": [
        pot(400, [0, 1, 2], [1], [400]), pot(450, [1, 2], [1], [450]), pot(100, [2], [2], [100])]}


THREE_WAY_SPLIT = [
    "d dh p1 2c3d", "d dh p2 4h5s", "d dh p3 Tc4d", "d dh p4 Td5c", "d dh p5 Th6c",
    "p3 cbr 100", "p4 cc", "p5 cc", "p1 cc", "p2 cc",
    "d db AhKdQc", "p2 cc", "p3 cbr 11", "p4 cc", "p5 cc", "p2 f",
    "d db Js", "p3 cc", "p4 cc", "p5 cc", "d db 9h", "p3 cc", "p4 cc", "p5 cc",
]


@pytest.mark.parametrize("options", [(), ("--rulebook", "rrop")])
def test_three_way_split_of_main_and_side_pot_one_odd_chip_each_clockwise(tmp_path, capsys, options) -> None:
    """TDA 20, 21 and RRoP Ties: p1 is all-in for 50; p3, p4 and p5 each hold a broadway straight; p2 folds
    on the flop after putting 100 in. Main 250 (p2's chips stay) splits 84/83/83; the side pot of 200 + 33
    splits 78/78/77: each pot on its own, leftover chips one per winner from the left of the button."""
    code, output, _ = run(tmp_path, capsys, phh([50, 1000, 1000, 1000, 1000], [5, 10, 0, 0, 0], THREE_WAY_SPLIT),
                          "replay", *options)
    assert code == 0
    assert output == {"complete": True, "stacks": [0, 900, 1051, 1050, 1049], "pots": [
        pot(250, [0, 2, 3, 4], [2, 3, 4], [84, 83, 83]), pot(233, [2, 3, 4], [2, 3, 4], [78, 78, 77])]}


def heads_up_showdown(first: str, second: str, board: str) -> str:
    """Heads-up at 5-10, limped and checked down: a 20-chip pot."""
    streets = [board[:6], board[6:8], board[8:10]]
    actions = [f"d dh p1 {first}", f"d dh p2 {second}", "p2 cc", "p1 cc"]
    for cards in streets:
        actions += [f"d db {cards}", "p1 cc", "p2 cc"]
    return phh([1000, 1000], [5, 10], actions)


@pytest.mark.parametrize("rule, first, second, board, stacks", [
    ("a pair on the board counterfeits 7-7: the ace kicker plays", "Ac3d", "7c7d", "9h9s8c8dKh", [1010, 990]),
    ("6-5 two pair counterfeited by a paired queen: 7-7 plays higher", "6c5d", "7c7d", "6h5s2cQdQc", [990, 1010]),
    ("seed 002: the wheel is the lowest straight and loses to six high", "Ah5d", "5c6d", "2c3d4h9sKc", [990, 1010]),
    ("seed 002: flushes compared card by card, king second beats queen", "Kh4c", "QhQc", "Ah9h5h2h3d", [1010, 990]),
    ("seed 002: full house by its three of a kind first: kings full beats fives full", "Kc5d", "5h5s",
     "KhKd5c9s2s", [1010, 990]),
    ("seed 002: quads on the board, the ace kicker wins", "Ac3d", "KcKd", "7c7d7h7s2c", [1010, 990]),
    ("seed 000 F: quads and an ace on the board, both play the board and split", "2d3d", "2h4h", "7c7d7h7sAc",
     [1000, 1000]),
    ("TDA 19: a royal flush on the board is shared", "2d3d", "2h4h", "AsKsQsJsTs", [1000, 1000]),
])
def test_showdown_ranking_by_cards_speak(tmp_path, capsys, rule, first, second, board, stacks) -> None:
    code, output, _ = run(tmp_path, capsys, heads_up_showdown(first, second, board))
    assert code == 0 and output["complete"], rule
    assert output["stacks"] == stacks, rule


RIVER_CHECKED = ["p3 cc", "p1 cc", "p2 cc", "d db AhKd2c", *CHECKS, "d db 7s", *CHECKS, "d db 8s", *CHECKS]


@pytest.mark.parametrize("holes, showdown, stacks, winners", [
    # TDA 12: the best hand mucked before showing cannot win, even though its cards are written in the file.
    (["AsAd", "3c4d", "5c6d"], ["p1 sm", "p2 sm 3c4d", "p3 sm 5c6d"], [900, 900, 1200], [2]),
    # TDA 17-B: every player but one mucks: the last hand wins unshown.
    (["????"] * 3, ["p1 sm", "p2 sm"], [900, 900, 1200], [2]),
    # TDA 12 cards speak: hole cards known, nobody shows: the best hand wins.
    (["AsAd", "3c4d", "5c6d"], [], [1200, 900, 900], [0]),
])
def test_mucking_and_cards_speak_at_showdown(tmp_path, capsys, holes, showdown, stacks, winners) -> None:
    deal = [f"d dh p{k + 1} {cards}" for k, cards in enumerate(holes)]
    code, output, _ = run(tmp_path, capsys, phh([1000] * 3, [50, 100, 0], deal + RIVER_CHECKED + showdown))
    assert code == 0
    assert output == {"complete": True, "stacks": stacks, "pots": [pot(300, [0, 1, 2], winners, [300])]}


def test_unknown_hands_not_shown_leave_the_pot_unawarded(tmp_path, capsys) -> None:
    """Cards speak only for cards that are known: with p2's and p3's hands unknown the pot waits."""
    deal = ["d dh p1 AsAd", "d dh p2 ????", "d dh p3 ????"]
    code, output, _ = run(tmp_path, capsys, phh([1000] * 3, [50, 100, 0], deal + RIVER_CHECKED))
    assert code == 0
    assert output == {"complete": False, "stacks": [900, 900, 900], "pots": [pot(300, [0, 1, 2], [], [])]}
    code, output, _ = run(tmp_path, capsys, phh([1000] * 3, [50, 100, 0], deal + RIVER_CHECKED), "legal")
    assert output == NOBODY


@pytest.mark.parametrize("muck_at", [4, 7])
def test_an_all_in_hand_tabled_face_up_is_not_killed_by_a_muck(tmp_path, capsys, muck_at: int) -> None:
    """TDA 16, 12, 13-A: once both players are all-in the known hands are turned face up; a later ``sm``
    without cards (before the run-out or after it) does not kill the tabled aces: they win by the cards."""
    actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 1000", "p1 cc", "d db 2c3d7h", "d db 8s", "d db 9c"]
    actions.insert(muck_at, "p1 sm")
    code, output, _ = run(tmp_path, capsys, phh([1000, 1000], [50, 100], actions))
    assert code == 0
    assert output == {"complete": True, "stacks": [2000, 0], "pots": [pot(2000, [0, 1], [0], [2000])]}


def test_an_unknown_all_in_hand_mucked_before_the_run_out_concedes(tmp_path, capsys) -> None:
    """PHH ``pN sm`` before the run-out for a hand nobody saw: it gives up the pot."""
    actions = ["d dh p1 ????", "d dh p2 ????", "p2 cbr 1000", "p1 cc", "p1 sm", "d db 2c3d7h", "d db 8s", "d db 9c"]
    code, output, _ = run(tmp_path, capsys, phh([1000, 1000], [50, 100], actions))
    assert code == 0
    assert output == {"complete": True, "stacks": [0, 2000], "pots": [pot(2000, [0, 1], [1], [2000])]}


def test_tda_55_call_with_no_bet_to_call_is_a_check() -> None:
    """TDA 55 (rules-reference 1.3 input mapping): saying "call" when nothing is bet is a check, not a refusal."""
    hand = HandState([1000] * 3, blinds=[50, 100])
    hand.deal_unknown_hole_cards()
    hand.check_or_call()
    hand.check_or_call()
    assert hand.legal_actions().check and hand.actor == 1
    hand.call()  # the big blind's option: nothing to call
    assert hand.history[-1].kind == "check" and hand.stacks == [900, 900, 900] and hand.street == 0
    assert hand.actor is None and not hand.complete
