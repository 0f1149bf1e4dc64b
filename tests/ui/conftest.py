"""Shared set-up for the console and projector tests: headless Qt (the settings and the screenshots folder are
the whole suite's, tests/conftest.py)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def refusals(monkeypatch) -> list[str]:
    """A refusal box would wait for a click: the text of each one is recorded instead, for the test to check."""
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: shown.append(text))
    return shown
