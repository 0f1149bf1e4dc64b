"""Working a read formula out (``formula.Formula.evaluate``): numbers are doubles as in TD3's JavaScript, every
result is checked to be finite, and the parts worked out (each item of a list counts) are counted against
``formula.MAX_STEPS``."""

from __future__ import annotations

import math
from typing import Any, NoReturn

from tournament_director.domain.leagues import syntax as f
from tournament_director.domain.leagues.functions import FUNCTIONS, PROFILE_FUNCTIONS, FormulaFault, finite, number
from tournament_director.domain.leagues.variables import CONSTANTS, canonical, variable


class Run:
    """One evaluation: the variables given, those assigned so far (``known``), the steps taken."""

    def __init__(self, text: str, given: dict[str, float], profiles: f.ProfileLookup | None,
                 rake_total: f.RakeTotal | None) -> None:
        self.text = text
        self.known: dict[str, Any] = dict(given)
        self.profiles = profiles
        self.rake_total = rake_total
        self.steps = 0

    def fail(self, problem: str, offset: int) -> NoReturn:
        raise f.FormulaError(problem, self.text, offset)

    def count(self, steps: int, node: f.Node) -> None:
        """A part worked out is a step, and so is each item of a list a function reads or makes."""
        self.steps += steps
        if self.steps > f.MAX_STEPS:
            self.fail(f"the formula takes more than {f.MAX_STEPS:,} steps to work out", node.offset)

    def value(self, node: f.Node) -> Any:
        self.count(1, node)
        if isinstance(node, f.Num):
            return node.value
        if isinstance(node, f.Str):
            return node.value
        if isinstance(node, f.Var):
            return self.variable(node)
        if isinstance(node, f.Chain):
            return self.chain(node)
        if isinstance(node, f.Unary):
            return self.unary(node)
        if isinstance(node, f.Call):
            return self.call(node)
        if isinstance(node, f.Seq):
            result: Any = 0.0
            for item in node.items:
                result = self.value(item)
            return result
        if isinstance(node, f.ListOf):
            items = [self.number(self.value(item), "a list's item", item.offset) for item in node.items]
            return tuple(items)
        raise AssertionError(type(node))  # pragma: no cover

    def number(self, value: Any, what: str, offset: int) -> float:
        try:
            return number(value, what)
        except FormulaFault as fault:
            self.fail(str(fault), offset)

    def variable(self, node: f.Var) -> Any:
        if node.key in self.known:
            return self.known[node.key]
        if node.key in CONSTANTS:
            return CONSTANTS[node.key]
        found = variable(node.name)
        if found is not None and node.key == found.name.casefold():
            self.fail(f"the variable '{node.name}' ({found.meaning}) has no value here", node.offset)
        self.fail(f"the variable '{node.name}' is used before it is assigned", node.offset)

    def unary(self, node: f.Unary) -> float:
        operand = self.number(self.value(node.operand), f"the operand of '{node.op}'", node.offset)
        if node.op == "-":
            return -operand
        if node.op == "+":
            return operand
        return 0.0 if operand else 1.0

    def chain(self, node: f.Chain) -> Any:
        left = self.value(node.first)
        for op, offset, operand in node.rest:
            if op == "||" or op == "&&":
                truth = self.truth(left, offset)
                if (op == "||" and truth) or (op == "&&" and not truth):
                    left = 1.0 if truth else 0.0
                    continue
                left = 1.0 if self.truth(self.value(operand), offset) else 0.0
                continue
            right = self.value(operand)
            left = self.binary(op, left, right, offset)
        return left

    def truth(self, value: Any, offset: int) -> bool:
        return self.number(value, "a condition", offset) != 0

    def binary(self, op: str, left: Any, right: Any, offset: int) -> float:
        if op in ("=", "!="):
            same = left == right
            return 1.0 if same == (op == "=") else 0.0
        a = self.number(left, f"the left of '{op}'", offset)
        b = self.number(right, f"the right of '{op}'", offset)
        if op == "+":
            result = a + b
        elif op == "-":
            result = a - b
        elif op == "*":
            result = a * b
        elif op == "/":
            if b == 0:
                self.fail("division by zero", offset)
            result = a / b
        elif op == "%":
            if b == 0:
                self.fail("remainder of a division by zero", offset)
            result = math.fmod(a, b)
        else:
            return 1.0 if {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op] else 0.0
        if math.isinf(result) or math.isnan(result):
            self.fail(f"the result of '{op}' is too large", offset)
        return result

    # --- calls -----------------------------------------------------------------------------------
    def call(self, node: f.Call) -> Any:
        key = node.key
        if key == "if":
            if self.truth(self.value(node.args[0]), node.offset):
                return self.value(node.args[1])
            return self.value(node.args[2]) if len(node.args) == 3 else 0.0
        if key == "assign":
            name, value = node.args[0], self.value(node.args[1])
            assert isinstance(name, f.Str)  # the parser let through a name in quotes only
            self.known[canonical(name.value)] = value
            return value
        if key == "switch":
            return self.switch(node)
        if key == "lswitch":
            return self.lswitch(node)
        if key in PROFILE_FUNCTIONS or key == "totalforrake":
            return self.look_up(node)
        spec = FUNCTIONS[key]
        args = [self.value(arg) for arg in node.args]
        if spec.numbers:
            args = [self.number(arg, f"{node.name}()'s argument {i}", node.args[i - 1].offset)
                    for i, arg in enumerate(args, start=1)]
        try:
            assert spec.run is not None  # only the functions worked out above run without it
            result = spec.run(*args)
        except FormulaFault as fault:
            self.fail(str(fault), node.offset)
        except (OverflowError, ValueError, ZeroDivisionError):  # the checks above should leave none of these
            self.fail(f"{node.name}() cannot be worked out for these numbers", node.offset)
        self.count(sum(len(a) for a in args if isinstance(a, tuple)), node)
        if isinstance(result, tuple):
            self.count(len(result), node)
        if isinstance(result, float):
            try:
                return finite(result, f"{node.name}()")
            except FormulaFault as fault:
                self.fail(str(fault), node.offset)
        return result

    def switch(self, node: f.Call) -> Any:
        """switch(value, case1, result1, case2, result2, ..., [default]): the result of the first equal case."""
        subject = self.value(node.args[0])
        rest = node.args[1:]
        for i in range(0, len(rest) - 1, 2):
            if self.value(rest[i]) == subject:
                return self.value(rest[i + 1])
        return self.value(rest[-1]) if len(rest) % 2 == 1 else 0.0

    def lswitch(self, node: f.Call) -> Any:
        """lswitch(n, result1, result2, ...): the n-th result, the last one for any n beyond the list."""
        n = self.number(self.value(node.args[0]), "lswitch()'s first argument", node.offset)
        results = node.args[1:]
        if n == math.floor(n) and 1 <= n <= len(results):
            return self.value(results[int(n) - 1])
        return self.value(results[-1])

    def look_up(self, node: f.Call) -> float:
        names = []
        for arg in node.args:
            value = self.value(arg)
            if not isinstance(value, str):
                self.fail(f"{node.name}() takes names in quotes", arg.offset)
            names.append(value or None)
        try:
            if node.key == "totalforrake":
                if self.rake_total is None:
                    self.fail(f"{node.name}() needs the tournament's rakes", node.offset)
                return finite(float(self.rake_total(names[0] if names else None)), f"{node.name}()")
            if self.profiles is None:
                self.fail(f"{node.name}() needs the tournament's fee profiles", node.offset)
            kind, field = PROFILE_FUNCTIONS[node.key]
            profile = names[0] if names else None
            rake = names[1] if len(names) > 1 else None
            return finite(float(self.profiles(kind, field, profile, rake)), f"{node.name}()")
        except FormulaFault as fault:
            self.fail(str(fault), node.offset)
