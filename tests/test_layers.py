"""The layers stay honest: import-linter's contracts in pyproject.toml (domain has no Qt or SQL, the store has no
Qt, the UI never reaches the store) are checked on every run of the suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint_imports), "--no-cache"], cwd=PROJECT, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "broken" in result.stdout and " 0 broken" in result.stdout
