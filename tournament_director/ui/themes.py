"""Console themes: Qt stylesheets shipped in data/themes/, the choice kept in QSettings."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QWidget

from tournament_director.resources import resource_path, resources_root

THEME_KEY = "console/theme"
DEFAULT_THEME = "light"


def available_themes() -> list[str]:
    folder = resources_root() / "themes"
    return sorted(p.stem for p in folder.glob("*.qss")) if folder.is_dir() else []


def stylesheet(name: str) -> str:
    """The stylesheet of theme ``name``; ValueError naming the choices for an unknown theme."""
    if name not in available_themes():
        raise ValueError(f"there is no theme {name!r} (choose from {', '.join(available_themes()) or 'none'})")
    return resource_path("themes", f"{name}.qss").read_text(encoding="utf-8")


def saved_theme(settings: QSettings) -> str:
    name = str(settings.value(THEME_KEY, DEFAULT_THEME))
    return name if name in available_themes() else DEFAULT_THEME


def apply_theme(window: QWidget, settings: QSettings, name: str) -> str:
    """Style ``window`` (and every dialog it opens) with theme ``name`` and remember the choice."""
    window.setStyleSheet(stylesheet(name))
    settings.setValue(THEME_KEY, name)
    return name
