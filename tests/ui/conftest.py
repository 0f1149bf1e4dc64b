"""Shared set-up for the console and projector tests: headless Qt (the settings and the screenshots folder are
the whole suite's, tests/conftest.py)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
