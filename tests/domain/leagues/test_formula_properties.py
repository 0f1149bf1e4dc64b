"""Properties of the formula language: any text is either read or refused with a FormulaError (never another
exception), and generated arithmetic gives what the same tree computes directly."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament_director.domain.errors import DomainError
from tournament_director.domain.leagues import FormulaError, compile_formula

PIECES = ["n", "r", "nh", "(", ")", "[", "]", ",", ";", "\n", "+", "-", "*", "/", "%", "=", "==", "!=", "<", ">",
          "<=", ">=", "and", "or", "not", "!", "&&", "||", "1", "0", "2.5", "1e308", "assign(\"p\", ", "p",
          "assign(\"points\", ", "IF(", "round(", "sqrt(", "log(", "pow(", "max(", "sum(", "top(", "index(",
          "setListLength(", "switch(", "lswitch(", "\"", "'x'", "^", "#", "random(", "buyinProfileFee("]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30), st.floats(-1e6, 1e6), st.integers(1, 50))
def test_any_text_is_read_or_refused_with_a_formula_error(pieces: list[str], hits: float, rank: int) -> None:
    text = " ".join(pieces)
    try:
        formula = compile_formula(text)
    except FormulaError as error:
        assert 1 <= error.line and 1 <= error.column and 0 <= error.offset <= len(text)
        return
    try:
        result = formula.evaluate({"n": 50, "r": rank, "nh": hits})
    except FormulaError:
        return
    assert isinstance(result, float) and math.isfinite(result)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_unicode_text_is_read_or_refused(text: str) -> None:
    try:
        compile_formula(text).evaluate({})
    except DomainError:
        pass


numbers = st.integers(0, 1000).map(float) | st.sampled_from([0.5, 2.25, 10.75])


def trees(depth: int):
    if depth == 0:
        return numbers.map(lambda v: ("num", v))
    sub = trees(depth - 1)
    return st.one_of(
        numbers.map(lambda v: ("num", v)),
        st.tuples(st.sampled_from(["+", "-", "*", "<", "=", "and", "or"]), sub, sub),
        st.tuples(st.just("neg"), sub),
        st.tuples(st.just("max"), sub, sub),
        st.tuples(st.just("round"), sub),
    )


def render(tree) -> str:
    kind = tree[0]
    if kind == "num":
        return repr(tree[1])
    if kind == "neg":
        return f"-({render(tree[1])})"
    if kind in ("max", "round"):
        return f"{kind}({', '.join(render(t) for t in tree[1:])})"
    return f"({render(tree[1])} {kind} {render(tree[2])})"


def compute(tree) -> float:
    kind = tree[0]
    if kind == "num":
        return tree[1]
    if kind == "neg":
        return -compute(tree[1])
    if kind == "max":
        return max(compute(tree[1]), compute(tree[2]))
    if kind == "round":
        return float(math.floor(compute(tree[1]) + 0.5))
    a, b = compute(tree[1]), compute(tree[2])
    return {"+": a + b, "-": a - b, "*": a * b, "<": float(a < b), "=": float(a == b),
            "and": float(bool(a) and bool(b)), "or": float(bool(a) or bool(b))}[kind]


@settings(max_examples=300, deadline=None)
@given(trees(4))
def test_generated_arithmetic_gives_what_the_tree_computes(tree) -> None:
    assert compile_formula(render(tree)).evaluate({}) == compute(tree)


EXTREMES = ["0", "-0", "1", "-1", "0.5", "2.5", "-2.5", "1e308", "-1e308", "1e-308", "4e-324", "1e16", "15", "16",
            "-16", "10000", "10001", "[]", "[1, 2]", "[1e308, 1e308]", "setListLength([1e308], 10000)", "\"\"",
            "\"Standard\"", "n", "r"]
FUNCTION_NAMES = sorted(__import__("tournament_director.domain.leagues.functions",
                                   fromlist=["FUNCTIONS"]).FUNCTIONS)


@settings(max_examples=1500, deadline=None)
@given(st.sampled_from(FUNCTION_NAMES), st.lists(st.sampled_from(EXTREMES), max_size=4),
       st.sampled_from(["", " + 1", " * 1e308", " / 3"]))
def test_every_function_with_extreme_arguments_is_worked_out_or_refused(name: str, args: list[str],
                                                                        tail: str) -> None:
    text = f"{name}({', '.join(args)}){tail}"
    try:
        formula = compile_formula(text)
        result = formula.evaluate({"n": 8, "r": 1}, profiles=lambda *a: 1e308, rake_total=lambda name: 1e308)
    except FormulaError:
        return
    assert isinstance(result, float) and math.isfinite(result)
