"""TD3's points-formula language: a tokenizer, a recursive-descent parser and an evaluator. Never Python's eval.

A formula is one or more statements separated by line breaks or ``;`` (inside parentheses, ``(a; b; c)`` is worth
``c``). The points are the variable ``points`` when the formula assigns it (``assign("points", ...)``, the way
league formulas are written: the sample saves' formula first assigns a default, then reassigns it in some
branches), else the value of the last statement.

Syntax, from TD3's help page "Points for Playing Formula" (copied in hkhard/tdwpimport) and the saves:

- numbers (``12``, ``0.66``, ``.5``), strings in double or single quotes (names for ``assign`` and profile
  look-ups), lists ``[1, 2, 3]``, variables (``variables``: every TD3 variable and alias, without regard to case,
  and every name the formula assigns), calls ``name(arg, ...)`` (``functions``), parentheses;
- operators, from the loosest to the tightest: ``or`` ``||``; ``and`` ``&&``; ``=`` ``==`` ``is`` ``!=``;
  ``<`` ``>`` ``<=`` ``>=``; ``+`` ``-``; ``*`` ``/`` ``%``; the prefixes ``-`` ``+`` ``!`` ``not``. Comparisons and
  logic give 1 or 0; ``and``/``or`` and ``if``'s branches are only worked out when needed (``assign`` in a branch
  not taken assigns nothing). ``IF(cond, a)`` without its third argument is worth 0 when ``cond`` is false (the
  sample saves' formula relies on it). ``^`` is not TD3's: ``pow(a, b)`` is.

A formula with an error is refused, when it is read, with the problem and its position as line:column ("unknown
variable 'nn' at 1:14", "')' expected at 3:40, found ','"); ``FormulaError`` also carries the character offset.
Working a formula out is bounded (``MAX_STEPS``) and refuses what TD3 would turn into Infinity or NaN.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from tournament_director.domain.errors import DomainError
from tournament_director.domain.leagues.evaluate import Run
from tournament_director.domain.leagues.syntax import (
    MAX_DEPTH, MAX_FORMULA_LENGTH, POINTS, FormulaError, ProfileLookup, RakeTotal, Seq, Parser, tokenize,
)
from tournament_director.domain.leagues.variables import CONSTANTS, canonical, variable


@dataclass(frozen=True)
class Formula:
    """A formula read and checked; ``evaluate`` works it out for one player's variables."""

    text: str
    tree: Seq
    assigned: frozenset[str]  # case-folded names the formula assigns
    needs: frozenset[str]  # the TD3 variables it reads (canonical, case-folded), unless it assigns them first
    assigns_points: bool = field(default=False)

    def evaluate(self, variables: Mapping[str, Any], profiles: ProfileLookup | None = None,
                 rake_total: RakeTotal | None = None) -> float:
        """The points: ``variables`` maps TD3 variable names (any case, aliases too) to numbers."""
        given = {}
        for name, value in variables.items():
            if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
                raise DomainError(f"the value of {name} must be a number, not {value!r}")
            given[canonical(name)] = float(value)
        run = Run(self.text, given, profiles, rake_total)
        last = run.value(self.tree)
        result = run.known.get(POINTS, last) if self.assigns_points else last
        if not isinstance(result, float):
            raise FormulaError("the formula gives a list or a text, not points", self.text, len(self.text))
        return result


def compile_formula(text: str) -> Formula:
    """Read and check a formula: syntax, functions and their arguments, and that every variable is one of TD3's
    or one the formula assigns; ``FormulaError`` with the position otherwise."""
    if not isinstance(text, str):
        raise DomainError("a formula is text")
    if len(text) > MAX_FORMULA_LENGTH:
        raise FormulaError(f"the formula is {len(text):,} characters long; at most {MAX_FORMULA_LENGTH:,}",
                           text, MAX_FORMULA_LENGTH)
    parser = Parser(text)
    try:
        tree = parser.program()
    except RecursionError:
        raise FormulaError(f"the formula nests more than {MAX_DEPTH} deep", text, parser.tok.offset) from None
    needs = set()
    for var in parser.names:
        if var.key in parser.assigned or var.key in CONSTANTS:
            continue
        if variable(var.name) is None:
            raise FormulaError(f"unknown variable '{var.name}'", text, var.offset)
        needs.add(var.key)
    return Formula(text, tree, frozenset(parser.assigned), frozenset(needs), POINTS in parser.assigned)


__all__ = ["Formula", "FormulaError", "compile_formula", "tokenize"]
