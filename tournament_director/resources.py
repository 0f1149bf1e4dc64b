"""One place that finds the program's data files (structures, payout tables, sounds, icons, themes).

They ship inside the package, in ``tournament_director/data/`` (package data, so a wheel or ``pip install .``
carries them, as it carries the migrations); in a frozen bundle (PyInstaller) they are unpacked under
``sys._MEIPASS/resources``.
"""

from __future__ import annotations

import sys
from pathlib import Path


def resources_root() -> Path:
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "resources"
    return Path(__file__).resolve().parent / "data"


def resource_path(*parts: str) -> Path:
    """The path of a resource file, e.g. ``resource_path("structures", "turbo.toml")``.

    Raises FileNotFoundError naming the missing file, so a broken install is reported clearly.
    """
    path = resources_root().joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(f"resource not found: {'/'.join(parts)} (looked in {resources_root()})")
    return path
