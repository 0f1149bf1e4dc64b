"""Layouts for the screen layout tests and the benchmark: the richest one shows every token of the list at once."""

from __future__ import annotations

import shutil
from pathlib import Path

from tournament_director.resources import resource_path
from tournament_director.services.screen_layouts import TOKENS, LayoutLibrary, layout_from_dict

RULES = ("Phones off the table during a hand.\nEnglish only at the table.\nOne player to a hand.\n"
         "Chips stay in plain view, the big ones in front.")


def every_token_layout(folder: Path) -> dict:
    """The document of a 24 x 18 layout with a cell for every token (two columns of cells, lists the taller)."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(resource_path("icons", "tournament-director-64.png"), folder / "logo.png")
    cells = []
    x, y = 0, 0
    for token in TOKENS:
        h = 3 if token in ("payouts", "biggest_bounties", "knockouts", "seating_chart", "results", "rules") else 1
        if y + h > 18:
            x, y = x + 8, 0
        cell = {"id": token.replace("_", "-"), "token": token, "x": x, "y": y, "w": 8, "h": h, "size": 0.7,
                "align": "left", "background": "#151c25", "label": token.upper() if h > 1 else ""}
        if token == "text":
            cell["text"] = "{level}: {blinds}, {players} left"
        if token == "image":
            cell["image"] = "logo.png"
        cells.append(cell)
        y += h
    return {"format": "tournament-director/screen-layout", "version": 1, "name": "Every token", "columns": 24,
            "rows": 18, "rules_text": RULES, "logo": "logo.png", "cells": cells}


def save_every_token_layout(room_folder: Path, work: Path) -> str:
    """Keep the every-token layout as the room's own; its key."""
    layout = layout_from_dict(every_token_layout(work), folder=work)
    return LayoutLibrary(room_folder).save(layout)
