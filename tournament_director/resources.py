"""One place that finds the program's data files (structures, payout tables, screen layouts, sounds, icons, themes).

They live in the top-level ``resources/`` folder of the checkout, where a source checkout and an editable install
(``pip install -e .``, what ``make setup`` does) read them. The build copies that folder into the package as
``tournament_director/data/`` (setup.py), so a wheel or ``pip install .`` carries them as it carries the
migrations; a frozen bundle (PyInstaller) unpacks them under ``sys._MEIPASS/resources``.
"""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def resources_root() -> Path:
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "resources"
    checkout = PACKAGE.parent
    if (checkout / "resources").is_dir() and (checkout / "pyproject.toml").is_file():
        return checkout / "resources"
    return PACKAGE / "data"  # installed from a wheel


def resource_path(*parts: str) -> Path:
    """The path of a resource file, e.g. ``resource_path("structures", "turbo.toml")``.

    Raises FileNotFoundError naming the missing file, so a broken install is reported clearly.
    """
    path = resources_root().joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(f"resource not found: {'/'.join(parts)} (looked in {resources_root()})")
    return path
