"""TD3's points-formula language read: the tokens, the tree of a formula and the parser that checks it.

The language itself (syntax, operators, errors) is described in ``formula``; the evaluator is ``evaluate``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn

from tournament_director.domain.errors import DomainError
from tournament_director.domain.leagues.functions import FUNCTIONS, REFUSED
from tournament_director.domain.leagues.variables import canonical

MAX_FORMULA_LENGTH = 20_000
MAX_DEPTH = 50  # nesting of parentheses, lists, calls and prefix operators
MAX_STEPS = 100_000  # parts of the formula worked out in one evaluation
POINTS = "points"

# A profile look-up: (kind "buyin" | "rebuy" | "addon", field "fee" | "rake" | "chips" | "points", profile name or
# None for the default profile, rake name or None for all rakes) -> value; and a rake total: rake name -> value.
ProfileLookup = Callable[[str, str, "str | None", "str | None"], float]
RakeTotal = Callable[["str | None"], float]

_TOKEN = re.compile(r"""
    (?P<space>[ \t\r\f\v]+)
  | (?P<newline>\n)
  | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<op>&&|\|\||==|!=|<=|>=|[-+*/%=<>!(),;\[\]])
""", re.VERBOSE)
_WORD_OPERATORS = {"and": "&&", "or": "||", "not": "!", "is": "=="}
_OP_NAMES = {"!": "not", "==": "="}


class FormulaError(DomainError):
    """A formula refused: ``problem`` at ``offset`` (0-based character), shown as ``line:column`` (1-based)."""

    def __init__(self, problem: str, text: str, offset: int) -> None:
        offset = max(0, min(offset, len(text)))
        self.problem, self.offset = problem, offset
        self.line = text.count("\n", 0, offset) + 1
        self.column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        super().__init__(f"{problem} at {self.line}:{self.column}")


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # number, string, name, op, sep ("\n" or ";"), end
    text: str
    offset: int


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    depth = 0
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            char = text[pos]
            if char in "\"'":
                raise FormulaError("a string is not closed", text, pos)
            hint = "; use pow(a, b)" if char == "^" else ""
            shown = repr(char) if char.isprintable() else f"character {ord(char):#x}"
            raise FormulaError(f"unexpected {shown}{hint}", text, pos)
        kind, value = match.lastgroup or "", match.group()
        if kind == "newline":
            if depth == 0:
                tokens.append(Token("sep", "\n", pos))
        elif kind == "name" and value.casefold() in _WORD_OPERATORS:
            tokens.append(Token("op", _WORD_OPERATORS[value.casefold()], pos))
        elif kind == "op" and value == ";":
            tokens.append(Token("sep", ";", pos))
        elif kind != "space":
            if kind == "op" and value in "([":
                depth += 1
            elif kind == "op" and value in ")]":
                depth = max(0, depth - 1)
            tokens.append(Token(kind, value, pos))
        pos = match.end()
    tokens.append(Token("end", "", len(text)))
    return tokens


# --- the tree ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Node:
    offset: int


@dataclass(frozen=True, slots=True)
class Num(Node):
    value: float


@dataclass(frozen=True, slots=True)
class Str(Node):
    value: str


@dataclass(frozen=True, slots=True)
class Var(Node):
    name: str  # as written
    key: str  # canonical, case-folded


@dataclass(frozen=True, slots=True)
class Unary(Node):
    op: str
    operand: Node


@dataclass(frozen=True, slots=True)
class Chain(Node):
    """Operators of one precedence, left to right: ``first op1 x1 op2 x2 ...`` (flat, so a long chain of ``+``
    is a loop and not a deep tree)."""

    first: Node
    rest: tuple[tuple[str, int, Node], ...]  # (operator, its offset, operand)


@dataclass(frozen=True, slots=True)
class Call(Node):
    name: str  # as written
    key: str  # case-folded
    args: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Seq(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class ListOf(Node):
    items: tuple[Node, ...]


_BINARY_LEVELS: tuple[frozenset[str], ...] = (
    frozenset({"||"}), frozenset({"&&"}), frozenset({"=", "==", "!="}),
    frozenset({"<", ">", "<=", ">="}), frozenset({"+", "-"}), frozenset({"*", "/", "%"}),
)


class Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0
        self.assigned: set[str] = set()
        self.names: list[Var] = []
        self.depth = 0

    def fail(self, problem: str, token: Token | None = None) -> NoReturn:
        raise FormulaError(problem, self.text, (token or self.tokens[self.i]).offset)

    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def found(self) -> str:
        tok = self.tok
        return {"end": "the end of the formula", "sep": "the end of a line" if tok.text == "\n" else "';'"}.get(
            tok.kind, f"'{tok.text}'")

    def expect(self, text: str, where: str) -> Token:
        if self.tok.kind != "op" or self.tok.text != text:
            self.fail(f"'{text}' expected {where}, found {self.found()}")
        self.i += 1
        return self.tokens[self.i - 1]

    def program(self) -> Seq:
        items = self.statements(until="end")
        if not items:
            self.fail("the formula is empty")
        return Seq(0, tuple(items))

    def statements(self, until: str) -> list[Node]:
        items: list[Node] = []
        while True:
            while self.tok.kind == "sep":
                self.i += 1
            if self.tok.kind == "end" or (self.tok.kind == "op" and self.tok.text == until):
                return items
            items.append(self.expression(0))
            if self.tok.kind not in ("sep", "end") and not (self.tok.kind == "op" and self.tok.text == until):
                where = "to close the parentheses" if until == ")" else "between two statements"
                wanted = "')'" if until == ")" else "an operator, a line break or ';'"
                self.fail(f"{wanted} expected {where}, found {self.found()}")

    def expression(self, level: int) -> Node:
        if level == len(_BINARY_LEVELS):
            return self.unary()
        first = self.expression(level + 1)
        rest: list[tuple[str, int, Node]] = []
        while self.tok.kind == "op" and self.tok.text in _BINARY_LEVELS[level]:
            op = self.tok
            self.i += 1
            rest.append((_OP_NAMES.get(op.text, op.text), op.offset, self.expression(level + 1)))
        return Chain(first.offset, first, tuple(rest)) if rest else first

    def unary(self) -> Node:
        while self.tok.kind == "sep" and self.tok.text == "\n":  # a line ending in an operator goes on
            self.i += 1
        tok = self.tok
        if tok.kind == "op" and tok.text in ("-", "+", "!"):
            self.i += 1
            with_depth = self.nested(tok)
            operand = self.unary()
            self.depth -= with_depth
            return Unary(tok.offset, _OP_NAMES.get(tok.text, tok.text), operand)
        return self.primary()

    def nested(self, tok: Token) -> int:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(f"the formula nests more than {MAX_DEPTH} deep", tok)
        return 1

    def primary(self) -> Node:
        tok = self.tok
        if tok.kind == "number":
            self.i += 1
            if len(tok.text) > 40:
                self.fail("a number of more than 40 characters", tok)
            value = float(tok.text)
            if math.isinf(value):
                self.fail(f"the number {tok.text} is too large", tok)
            return Num(tok.offset, value)
        if tok.kind == "string":
            self.i += 1
            return Str(tok.offset, re.sub(r"\\(.)", r"\1", tok.text[1:-1]))
        if tok.kind == "name":
            self.i += 1
            if self.tok.kind == "op" and self.tok.text == "(":
                return self.call(tok)
            name = Var(tok.offset, tok.text, canonical(tok.text))
            self.names.append(name)
            return name
        if tok.kind == "op" and tok.text in ("(", "["):
            self.i += 1
            depth = self.nested(tok)
            if tok.text == "(":
                items = self.statements(until=")")
                if not items:
                    self.fail("a value expected inside the parentheses")
                self.expect(")", "to close the parentheses")
                node: Node = items[0] if len(items) == 1 else Seq(tok.offset, tuple(items))
            else:
                node = ListOf(tok.offset, tuple(self.arguments("]", "in the list")))
            self.depth -= depth
            return node
        if tok.kind == "end":
            self.fail("the formula ends where a value is expected")
        self.fail(f"a value expected, found {self.found()}")

    def arguments(self, closing: str, where: str) -> list[Node]:
        args: list[Node] = []
        if self.tok.kind == "op" and self.tok.text == closing:
            self.i += 1
            return args
        while True:
            args.append(self.expression(0))
            if self.tok.kind == "op" and self.tok.text == ",":
                self.i += 1
                continue
            if self.tok.kind != "op" or self.tok.text != closing:
                self.fail(f"'{closing}' or ',' expected {where}, found {self.found()}")
            self.i += 1
            return args

    def call(self, name: Token) -> Call:
        key = name.text.casefold()
        if key in REFUSED:
            self.fail(REFUSED[key], name)
        spec = FUNCTIONS.get(key)
        if spec is None:
            self.fail(f"unknown function '{name.text}'", name)
        self.i += 1
        depth = self.nested(name)
        args = tuple(self.arguments(")", f"in {name.text}()"))
        self.depth -= depth
        if len(args) < spec.low or (spec.high is not None and len(args) > spec.high):
            wanted = f"{spec.low}" if spec.low == spec.high else \
                f"at least {spec.low}" if spec.high is None else \
                f"{spec.low} or {spec.high}" if spec.high == spec.low + 1 else f"{spec.low} to {spec.high}"
            plural = "" if wanted in ("1", "at least 1") else "s"
            self.fail(f"{name.text}() takes {wanted} argument{plural}, not {len(args)}", name)
        if key == "assign":
            if not isinstance(args[0], Str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", args[0].value):
                self.fail("assign() takes a variable name in quotes first, such as assign(\"points\", 10)", name)
            self.assigned.add(canonical(args[0].value))
        return Call(name.offset, name.text, key, args)
