"""Leagues and seasons: a tournament belongs to a league and a season, and a league gives points by a formula.

- ``formula``: TD3's points-formula language (``compile_formula(text).evaluate(variables)``), read and worked
  out safely by a small tokenizer, parser and evaluator of its own (never Python's eval); ``FormulaError`` names
  the problem and its line:column.
- ``variables``: TD3's formula variables with their aliases and meaning.
- ``functions``: TD3's formula functions, worked out the way TD3 (JavaScript) works them out.
"""

from tournament_director.domain.leagues.formula import Formula, FormulaError, compile_formula
from tournament_director.domain.leagues.variables import VARIABLES, Variable, variable

__all__ = ["VARIABLES", "Formula", "FormulaError", "Variable", "compile_formula", "variable"]
