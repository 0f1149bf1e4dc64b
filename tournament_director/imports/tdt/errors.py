"""The one refusal a TD3 save can earn: ``TdtError``, naming the file, the problem and (where useful) the place."""

from __future__ import annotations

from tournament_director.domain.errors import DomainError


def line_and_column(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset (TD3 writes a save on one line, so mostly line 1)."""
    offset = max(0, min(offset, len(text)))
    line = text.count("\n", 0, offset) + 1
    start = text.rfind("\n", 0, offset) + 1
    return line, offset - start + 1


class TdtError(DomainError):
    """A ``.tdt`` file refused: ``source`` is the file, ``problem`` what is wrong, ``position`` a character offset.

    The message reads ``"<file>: <problem> (at line L, column C)"``; the position is left out when the problem is
    not at one place (a file too large, an encoding error names its byte offset in the problem itself).
    """

    def __init__(self, source: str, problem: str, position: int | None = None, text: str | None = None) -> None:
        self.source = source
        self.problem = problem
        self.position = position
        where = ""
        if position is not None and text is not None:
            line, column = line_and_column(text, position)
            self.line: int | None = line
            self.column: int | None = column
            where = f" (at line {line}, column {column})"
        else:
            self.line = self.column = None
        super().__init__(f"{source}: {problem}{where}")
