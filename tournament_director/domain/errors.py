"""Errors shared by every layer.

A refused command raises ``DomainError`` with a message that names the problem and, where a rulebook
or the house rules decide it, the rule (for example ``"TDA 47-A"``). Nothing is recorded when a
command is refused.
"""

from __future__ import annotations


class DomainError(ValueError):
    """A command or action refused by the rules; ``rule`` names where the refusal comes from."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message
