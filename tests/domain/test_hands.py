"""Hand strength and names: best five of seven, ranking, kickers, the wheel, suits never break ties."""

from __future__ import annotations

import pytest

from tournament_director.domain.cards import parse_cards
from tournament_director.domain.errors import DomainError
from tournament_director.domain.hands import Category, compare, evaluate


def value(hole: str, board: str):  # type: ignore[no-untyped-def]
    return evaluate(parse_cards(hole), parse_cards(board))


@pytest.mark.parametrize(
    "hole, board, name",
    [
        ("AhKh", "QhJhTh2c3d", "Royal flush"),
        ("9s8s", "7s6s5sAhAd", "Straight flush, nine high"),
        ("AhAd", "AcAs2c3d4h", "Four of a kind, aces, four kicker"),
        ("KhKd", "Kc5s5h2c3d", "Full house, kings full of fives"),
        ("Ah2h", "9h7h4hKcQd", "Flush, ace-nine-seven-four-two"),
        ("9c8d", "7h6s5c2d2h", "Straight, nine high"),
        ("Ah2d", "3c4s5h9dKc", "Straight, five high"),
        ("7h7d", "7c2s4h9dKc", "Three of a kind, sevens, king-nine kickers"),
        ("KhKd", "5c5sAh2d3c", "Two pair, kings and fives, ace kicker"),
        ("JhJd", "Ac7sKh2d3c", "Pair of jacks, ace-king-seven kickers"),
        ("Ah9d", "2c4s6h8dJc", "High card, ace-jack-nine-eight-six"),
        ("6h6d", "6c2s4h9dKc", "Three of a kind, sixes, king-nine kickers"),
    ],
)
def test_hand_names_for_people(hole: str, board: str, name: str) -> None:
    assert value(hole, board).name == name


def test_ranking_order_royal_flush_down_to_high_card() -> None:
    ladder = [
        value("AhKh", "QhJhTh2c3d"), value("AhAd", "AcAs2c3d4h"), value("KhKd", "Kc5s5h2c3d"),
        value("Ah2h", "9h7h4hKcQd"), value("9c8d", "7h6s5c2d2h"), value("7h7d", "7c2s4h9dKc"),
        value("KhKd", "5c5sAh2d3c"), value("JhJd", "Ac7sKh2d3c"), value("Ah9d", "2c4s6h8dJc"),
    ]
    assert [v.category for v in ladder] == sorted((v.category for v in ladder), reverse=True)
    assert all(compare(a, b) == -1 for a, b in zip(ladder, ladder[1:]))


def test_wheel_is_the_lowest_straight_and_does_not_wrap() -> None:
    """seed 002: 5-4-3-2-A is the lowest straight; Q-K-A-2-3 is no straight."""
    assert compare(value("Ah2d", "3c4s5h9dJc"), value("6h2d", "3c4s5h9dJc")) == 1
    assert value("QhKd", "Ac2s3h8d9c").category is Category.HIGH_CARD
    assert [str(c) for c in value("Ah2d", "3c4s5h9dJc").best_five][0][0] == "5"


def test_suits_never_break_ties_and_kickers_do() -> None:
    """seed 000 F, RRoP Ties: equal best fives split; the fifth card decides between pairs."""
    assert compare(value("AhKd", "Qs9c8d4h2s"), value("AsKc", "Qs9c8d4h2s")) == 0
    assert compare(value("AhQd", "AsKc9d4h2s"), value("AcJd", "AsKc9d4h2s")) == -1


def test_only_the_best_five_count() -> None:
    """Cards outside the best five never count: both play the board straight."""
    a, b = value("2c3d", "TsJhQdKcAs"), value("4h5h", "TsJhQdKcAs")
    assert compare(a, b) == 0 and a.name == "Straight, ace high" and len(a.best_five) == 5


def test_unknown_cards_cannot_be_judged() -> None:
    with pytest.raises(DomainError, match="both cards"):
        value("????", "2c4s6h8dJc")


@pytest.mark.parametrize(
    "winner, loser, board, winner_name, loser_name",
    [
        # seed 002: flushes are compared card by card; the names show the card that decides it.
        ("Kh4c", "QhQc", "Ah9h5h2h3d", "Flush, ace-king-nine-five-two", "Flush, ace-queen-nine-five-two"),
        # seed 002: quads on the board, the kicker decides.
        ("Ac3d", "KcKd", "7c7d7h7s2c", "Four of a kind, sevens, ace kicker", "Four of a kind, sevens, king kicker"),
        # A board pair above a pocket pair counterfeits it: the ace kicker wins.
        ("Ac3d", "7c7d", "9h9s8c8dKh", "Two pair, nines and eights, ace kicker",
         "Two pair, nines and eights, king kicker"),
    ],
)
def test_names_read_out_the_card_that_decides_between_two_hands(winner: str, loser: str, board: str,
                                                                winner_name: str, loser_name: str) -> None:
    first, second = value(winner, board), value(loser, board)
    assert first.beats(second)
    assert (first.name, second.name) == (winner_name, loser_name)


def test_wheel_loses_to_a_six_high_straight() -> None:
    """seed 002: 5-4-3-2-A is the lowest straight, the ace counting as one."""
    wheel, six_high = value("Ah5d", "2c3d4h9sKc"), value("5c6d", "2c3d4h9sKc")
    assert six_high.beats(wheel)
    assert (wheel.name, six_high.name) == ("Straight, five high", "Straight, six high")
