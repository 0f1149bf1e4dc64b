"""Shared set-up for the console and projector tests: headless Qt, throwaway settings, an artifacts folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture
def artifacts_dir() -> Path:
    """Where screenshots go (ignored by git) so anyone can look at them after a test run."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def ui_settings(tmp_path: Path):
    """A QSettings in a temporary INI file, so tests never read or write the director's real settings."""
    from PySide6.QtCore import QSettings

    settings = QSettings(str(tmp_path / "ui-settings.ini"), QSettings.Format.IniFormat)
    yield settings
    settings.sync()
