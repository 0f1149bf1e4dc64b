"""One table of the Tables tab's map: its seats with the button and blind markers, chips, absent and waiting
players, and its own "Next hand" button."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout


# (background, text) of the button and blind markers: each pair at least 4.5:1 so it reads at a glance.
MARKER_COLOURS = {"D": ("#f9a825", "#000000"), "SB": ("#1565c0", "#ffffff"), "BB": ("#c62828", "#ffffff")}
OTHER_MARKER = ("#616161", "#ffffff")
QUIET_GREY = "#616161"       # empty and locked seats: quiet, still readable on the white card
WAITING_ORANGE = "#bf360c"


def _marker_html(marker: str) -> str:
    spans = []
    for m in marker.split():
        background, text = MARKER_COLOURS.get(m, OTHER_MARKER)
        spans.append(f"<span style='background:{background};color:{text};font-weight:bold'>&nbsp;{m}&nbsp;</span>")
    return " ".join(spans)


def table_card_html(table: Any) -> str:
    rows = []
    for s in table.seats:
        if s.locked:
            rows.append(f"<tr><td align=right>{s.seat}</td><td></td><td style='color:{QUIET_GREY}'>locked</td>"
                        "<td></td></tr>")
            continue
        name = html.escape(s.name) if s.name else f"<span style='color:{QUIET_GREY}'>empty</span>"
        if s.absent:
            name += " <b style='color:#c62828'>ABSENT</b>"
        if s.waiting:
            name += f" <i style='color:{WAITING_ORANGE}'>waits for button</i>"
        chips = f"{s.chips:,}" if s.chips is not None and s.name else ""
        rows.append(f"<tr><td align=right><b>{s.seat}</b></td><td>{_marker_html(s.marker)}</td><td>{name}</td>"
                    f"<td align=right>{chips}</td></tr>")
    note = f"<div style='color:#c62828'><b>{html.escape(table.note)}</b></div>" if table.note else ""
    players = sum(1 for s in table.seats if s.name)
    return (f"<div><b style='font-size:15pt'>Table {table.number}</b> &nbsp; {players} players &nbsp; "
            f"hand {table.hand_number}</div>{note}<table cellspacing=0 cellpadding=3 width='100%'>"
            + "".join(rows) + "</table>")


class TableCard(QFrame):
    def __init__(self, table: Any, on_next_hand: Callable[[int], None]) -> None:
        super().__init__()
        self.setObjectName("tableCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMinimumWidth(300)
        layout = QVBoxLayout(self)
        self.label = QLabel(table_card_html(table))
        self.label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.label)
        self.next_hand = QPushButton(f"Next hand at table {table.number}")
        self.next_hand.clicked.connect(lambda: on_next_hand(table.number))
        layout.addWidget(self.next_hand)
