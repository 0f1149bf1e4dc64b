"""The console's menus that several of its parts add items to."""

from __future__ import annotations

from typing import Any


def tools_menu(window: Any) -> Any:
    """The console's Tools menu, made the first time a part of the console adds to it."""
    bar = window.menuBar()
    found = next((a.menu() for a in bar.actions() if a.menu() is not None and a.text() == "T&ools"), None)
    return found if found is not None else bar.addMenu("T&ools")
