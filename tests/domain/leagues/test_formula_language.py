"""TD3's points-formula language: every operator and function, TD3's spellings and aliases, the ``points``
variable, the separators, and each kind of error refused with its line:column."""

from __future__ import annotations

import math

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.leagues import VARIABLES, FormulaError, compile_formula, variable
from tournament_director.domain.leagues import variables as variables_module


def value(text: str, **variables: float) -> float:
    return compile_formula(text).evaluate(variables)


@pytest.mark.parametrize("text, expected", [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("10 - 4 - 3", 3), ("12 / 4 / 3", 1), ("2 * 3 % 4", 2),
    ("12 % 5", 2), ("-7 % 3", -1), ("7 % -3", 1), ("- 2 * 3", -6), ("+4", 4), ("--4", 4), (".5 + 1.25", 1.75),
    ("1e3", 1000), ("2 = 2", 1), ("2 == 3", 0), ("2 is 2", 1), ("2 != 3", 1), ("2 != 2", 0),
    ("1 < 2", 1), ("2 > 1", 1), ("2 <= 2", 1), ("3 >= 4", 0), ("1 < 2 = 1", 1),
    ("1 and 0", 0), ("1 && 2", 1), ("0 or 0", 0), ("0 || 3", 1), ("!1", 0), ("not 0", 1), ("!!5", 1),
    ("1 + 2 > 2 and 3 < 4", 1), ("0 or 1 and 0", 0), ("(10 > 5) and (20 != 10)", 1), ("(10 > 5) or (20 = 10)", 1),
    ("true + false", 1),
])
def test_operators_and_their_precedence(text: str, expected: float) -> None:
    assert value(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("abs(-3)", 3), ("ceil(2.2)", 3), ("ceil(2)", 2), ("floor(2.7)", 2), ("floor(-2.2)", -3),
    ("round(2.2)", 2), ("round(2.7)", 3), ("round(2.5)", 3), ("round(-2.5)", -2), ("round(1.55, 1)", 1.6),
    ("round(1.55555, 3)", 1.556), ("round(1234, -2)", 1200), ("sqrt(16)", 4), ("pow(2, 5)", 32), ("power(5, 2)", 25),
    ("max(2, 5)", 5), ("min(2, 5)", 2), ("max(1, 9, 4)", 9), ("exp(0)", 1), ("log(1)", 0),
    ("log(8, 2)", 3), ("ln(1)", 0), ("log10(1000)", 3), ("roundUpToNearest(371, 25)", 375),
    ("roundUpToNearest(371, 50)", 400), ("roundToNearest(371, 25)", 375), ("roundToNearest(371, 50)", 350),
    ("roundToNearest(371, 100)", 400), ("roundDownToNearest(371, 25)", 350), ("roundDownToNearest(371, 100)", 300),
    ("triangle(6)", 21), ("sum(1, 2, 3, 4, 5, 6)", 21), ("product(1, 2, 3, 4, 5, 6)", 720),
    ("average(1, 2, 3, 4, 5, 6)", 3.5), ("count(1, 2, 3, 4, 5, 6)", 6), ("sum(top(5, 1, 2, 3, 4, 5, 6))", 20),
    ("sum(bottom(5, 1, 2, 3, 4, 5, 6))", 15), ("index(top(2, 7, 1, 9), 0)", 7), ("index([5, 10, 15], 1)", 10),
    ("count(setListLength([5, 10, 15], 5))", 5), ("sum(setListLength([5, 10, 15], 2))", 15),
    ("oneof(4, 2, 4, 12)", 1), ("oneof(5, 2, 4, 12)", 0), ("if(1 < 3, 10, 0)", 10), ("if(3 < 1, 10, 0)", 0),
    ("IF(0, 10)", 0), ("switch(3, 1, 10, 2, 20, 3, 30, 4, 40)", 30), ("switch(6, 1, 10, 2, 20, -1)", -1),
    ("switch(6, 1, 10, 2, 20)", 0), ("lswitch(1, 10, 20, 30, 40)", 10), ("lswitch(4, 10, 20, 30, 40)", 40),
    ("lswitch(10, 10, 20, 30, 40)", 40), ("sum([1, 2], 3)", 6), ("max([4, 8])", 8),
])
def test_functions_as_td3_documents_them(text: str, expected: float) -> None:
    assert value(text) == pytest.approx(expected)


def test_trigonometry() -> None:
    assert value("sin(1)") == pytest.approx(math.sin(1)) and value("cos(1)") == pytest.approx(math.cos(1))
    assert value("tan(1)") == pytest.approx(math.tan(1)) and value("atan(.1)") == pytest.approx(math.atan(0.1))
    assert value("acos(.1)") == pytest.approx(1.4706289056333368) and value("asin(.1)") == pytest.approx(
        0.1001674211615598)


def test_names_are_matched_without_regard_to_case_and_aliases_are_the_same_variable() -> None:
    assert value("n - r + 1", n=10, r=3) == 8
    assert value("numberofplayers - RANK + 1", buyins=10, rank=3) == 8
    assert value("NumberOfHits * 10 + nh", numberofhits=2) == 22
    assert value("Round(TotalBuyInsAmount / Buyins)", totalBuyinsAmount=1000, n=3) == 333
    assert value("M + placed + inTheMoney", inTheMoney=1) == 3
    assert variable("pp").name == "pot" and variable("TNR").name == "totalRebuys"


def test_points_is_the_assigned_variable_else_the_last_value() -> None:
    league = ('assign("points", 1)\nassign("top", round(n / 4))\n'
              'IF(r <= top, assign("points", 10 * (top - r + 1) + nh), 0)')
    assert value(league, n=12, r=1, nh=2) == 32
    assert value(league, n=12, r=3, nh=0) == 10
    assert value(league, n=12, r=4, nh=5) == 1  # the branch not taken assigns nothing
    assert value("assign(\"a\", 6); assign(\"b\", 3); a * b") == 18
    assert value("(assign(\"a\", 6); assign(\"b\", 3); a * b)") == 18
    assert compile_formula("n - r").assigns_points is False


def test_line_breaks_separate_statements_except_inside_parentheses_or_after_an_operator() -> None:
    assert value("1\n2\n3") == 3
    assert value("max(1,\n 7)") == 7
    assert value("1 +\n 2") == 3
    assert value("\n\n  4  \n\n") == 4
    assert value("assign (\"x\", 2)\r\nx * 5") == 10


def test_and_or_and_if_work_out_only_what_they_need() -> None:
    assert value("0 and (1 / 0)") == 0
    assert value("1 or (1 / 0)") == 1
    assert value("if(1, 5, 1 / 0)") == 5
    assert value("if(0, 1 / 0, 6)") == 6
    assert value("switch(1, 1, 7, 2, 1 / 0)") == 7


def test_what_the_formula_needs_and_assigns() -> None:
    f = compile_formula('assign("monies", totalBuyinsAmount + totalRebuysAmount)\nmonies / buyins + nh + m')
    assert f.needs == {"totalbuyinsamount", "totalrebuysamount", "buyins", "numberofhits", "inthemoney"}
    assert f.assigned == {"monies"}


@pytest.mark.parametrize("text, message", [
    ("n-r+1+nn", "unknown variable 'nn' at 1:7"),
    ("assign(\"a\", 1)\nb + 1", "unknown variable 'b' at 2:1"),
    ("round(n/3", "')' or ',' expected in round(), found the end of the formula at 1:10"),
    ("IF(r < 3, 10 0)", "')' or ',' expected in IF(), found '0' at 1:14"),
    ("(1 + 2", "')' expected to close the parentheses, found the end of the formula at 1:7"),
    ("1 + 2)", "an operator, a line break or ';' expected between two statements, found ')' at 1:6"),
    ("1 +", "the formula ends where a value is expected at 1:4"),
    ("1 + * 2", "a value expected, found '*' at 1:5"),
    ("2 ^ 3", "unexpected '^'; use pow(a, b) at 1:3"),
    ("1 # 2", "unexpected '#' at 1:3"),
    ("1 <> 2", "a value expected, found '>' at 1:4"),
    ("\"open", "a string is not closed at 1:1"),
    ("foo(1)", "unknown function 'foo' at 1:1"),
    ("round(1, 2, 3)", "round() takes 1 or 2 arguments, not 3 at 1:1"),
    ("pow(2)", "pow() takes 2 arguments, not 1 at 1:1"),
    ("sqrt()", "sqrt() takes 1 argument, not 0 at 1:1"),
    ("if(1)", "if() takes 2 or 3 arguments, not 1 at 1:1"),
    ("assign(points, 1)", "assign() takes a variable name in quotes first"),
    ("random() * 10", "random() is not supported: league points must come out the same every time at 1:1"),
    ("", "the formula is empty at 1:1"),
    ("\n  \n", "the formula is empty at 3:1"),
    ("1 2", "found '2' at 1:3"),
    ("max(1,)", "a value expected, found ')' at 1:7"),
    ("[1, 2", "']' or ',' expected in the list, found the end of the formula at 1:6"),
])
def test_formula_errors_are_refused_with_the_position(text: str, message: str) -> None:
    with pytest.raises(FormulaError) as refused:
        compile_formula(text)
    assert message in str(refused.value)
    assert isinstance(refused.value, DomainError)


def test_the_error_carries_offset_line_and_column() -> None:
    with pytest.raises(FormulaError) as refused:
        compile_formula('assign("a", 1)\nassign("b", a + zz)')
    error = refused.value
    assert (error.offset, error.line, error.column) == (31, 2, 17) and error.problem == "unknown variable 'zz'"


@pytest.mark.parametrize("text, variables, message", [
    ("1 / 0", {}, "division by zero at 1:3"),
    ("n / (r - r)", {"n": 3, "r": 2}, "division by zero at 1:3"),
    ("5 % 0", {}, "remainder of a division by zero at 1:3"),
    ("log(0)", {}, "log() of 0: the logarithm is only taken of a number above zero at 1:1"),
    ("log(0 - 1)", {}, "log() of -1"),
    ("log(8, 1)", {}, "a base is above zero and not 1"),
    ("log10(-5)", {}, "log10() of -5"),
    ("sqrt(0 - 4)", {}, "sqrt() of -4: the square root is only taken of a number not below zero at 1:1"),
    ("pow(10, 400)", {}, "pow() is too large at 1:1"),
    ("pow(0, -1)", {}, "pow(0, a negative number) divides by zero"),
    ("pow(-8, 0.5)", {}, "a negative number has no fractional power"),
    ("exp(1000)", {}, "exp() is too large"),
    ("1e308 * 10", {}, "the result of '*' is too large at 1:7"),
    ("asin(2)", {}, "asin() of 2: it is defined from -1 to 1"),
    ("roundToNearest(5, 0)", {}, "to the nearest 0 divides by zero"),
    ("average()", {}, "average() takes at least 1 argument"),
    ("index([1, 2], 5)", {}, "index() position 5 is outside the list (0 to 1)"),
    ("setListLength([1], 1e9)", {}, "setListLength() takes a whole length from 0 to 10,000"),
    ("secondsLeft * 2", {}, "the variable 'secondsLeft' (seconds left on the clock) has no value here at 1:1"),
    ("x + 1\nassign(\"x\", 2)", {}, "the variable 'x' is used before it is assigned at 1:1"),
    ("[1, 2] + 1", {}, "the left of '+' must be a number, not a list at 1:8"),
    ("\"text\" * 2", {}, "must be a number, not the text 'text'"),
    ("[1, 2]", {}, "the formula gives a list or a text, not points"),
    ("buyinProfileFee()", {}, "buyinProfileFee() needs the tournament's fee profiles at 1:1"),
    ("totalForRake()", {}, "totalForRake() needs the tournament's rakes"),
])
def test_what_javascript_would_make_infinite_or_nan_is_refused_with_the_position(
        text: str, variables: dict[str, float], message: str) -> None:
    with pytest.raises(FormulaError) as refused:
        compile_formula(text).evaluate(variables)
    assert message in str(refused.value)


def test_profile_functions_ask_the_tournament() -> None:
    asked = []

    def profiles(kind: str, field: str, name: str | None, rake: str | None) -> float:
        asked.append((kind, field, name, rake))
        return 110.0

    f = compile_formula('buyinProfileFee() + rebuyProfileChips("Double") * 0 + addOnProfileRake("", "Year End")')
    assert f.evaluate({}, profiles=profiles) == 220
    assert asked == [("buyin", "fee", None, None), ("rebuy", "chips", "Double", None),
                     ("addon", "rake", None, "Year End")]
    assert compile_formula('totalForRake("House")').evaluate({}, rake_total=lambda name: 40.0) == 40


def test_evaluation_is_bounded() -> None:
    long_sum = " + ".join(["1"] * 3000)
    assert value(long_sum) == 3000  # a long chain is a loop, not a deep tree
    assert value("sum(setListLength([1], 10000))") == 1
    many = " + ".join(["sum(setListLength([1], 10000))"] * 6)
    with pytest.raises(FormulaError, match="takes more than 100,000 steps to work out at 1:"):
        value(many)


def test_reading_is_bounded() -> None:
    with pytest.raises(FormulaError, match="nests more than 50 deep"):
        compile_formula("(" * 60 + "1" + ")" * 60)
    with pytest.raises(FormulaError, match="nests more than 50 deep"):
        compile_formula("-" * 60 + "1")
    with pytest.raises(FormulaError, match="at most 20,000"):
        compile_formula("1+" * 10_001 + "1")
    with pytest.raises(FormulaError, match="more than 40 characters"):
        compile_formula("1" * 50)
    with pytest.raises(FormulaError, match="too large"):
        compile_formula("1e999")


def test_variables_must_be_numbers() -> None:
    with pytest.raises(DomainError, match="the value of n must be a number"):
        compile_formula("n").evaluate({"n": "ten"})
    with pytest.raises(DomainError, match="a formula is text"):
        compile_formula(42)  # type: ignore[arg-type]


def test_every_variable_of_td3s_help_page_is_known_with_a_meaning() -> None:
    names = {v.name for v in VARIABLES}
    for name in ("n", "r", "numberOfHits", "buyins", "totalBuyInsAmount", "totalRebuysAmount", "totalAddOnsAmount",
                 "inTheMoney", "inTheMoneyRank", "pot", "take", "position", "roundOut", "secondsLeft", "isRound"):
        assert variable(name) is not None and variable(name).meaning
    assert len(names) == len(VARIABLES) > 130
    assert "totalRebuys (totalnumberofrebuys, tnr): the rebuys bought by all players" in variables_module.__doc__
    assert "rank (r): his finishing place" in variables_module.__doc__
