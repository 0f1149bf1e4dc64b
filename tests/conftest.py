"""Fixtures shared by the whole suite: a temporary database path, an open store and a seeded random source.

Area test folders add their own fixtures in their own conftest.py files.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tournament_director.store import Store

TEST_SEED = 20240501


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where a test's database file goes (it does not exist yet)."""
    return tmp_path / "tournament-director.sqlite"


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    """A freshly migrated store on a real SQLite file, closed (with its final backup) after the test."""
    opened = Store.open(db_path)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def rng() -> random.Random:
    """A seeded random source, for code that accepts an injected ``random.Random``."""
    return random.Random(TEST_SEED)
