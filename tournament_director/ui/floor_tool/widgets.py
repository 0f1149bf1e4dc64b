"""The floor tool's building blocks in its large type: fonts, selectable labels, and buttons that show and answer
their key."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QWidget


# the floor tool's steps of the type scale (docs/design.md): it is read standing at a table
NOTE_POINT_SIZE = 11
BASE_POINT_SIZE = 13
HEADING_POINT_SIZE = 16
PROMPT_POINT_SIZE = 22


def point_font(size: int, bold: bool = False) -> QFont:
    font = QFont()
    font.setPointSize(size)
    font.setBold(bold)
    return font


def text_label(size: int = BASE_POINT_SIZE, bold: bool = False, wrap: bool = True) -> QLabel:
    label = QLabel()
    label.setFont(point_font(size, bold))
    label.setWordWrap(wrap)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class ElidedTitle(QLabel):
    """One bold line that ends in '…' when the window is narrower than it (the whole text on hover), instead of
    widening the window past a laptop's screen."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self._full = ""
        self.setFont(point_font(size, True))
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        self._full = text
        self.setToolTip(text)
        self._elide()

    def text(self) -> str:
        return self._full

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        super().setText(self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, max(self.width(), 1)))


def key_button(text: str, key: str | None, slot: Any, parent: QWidget) -> QPushButton:
    button = QPushButton(f"{text}  [{key}]" if key else text)
    button.setFont(point_font(BASE_POINT_SIZE))
    button.clicked.connect(slot)
    if key:
        shortcut = QShortcut(QKeySequence(key), parent)
        shortcut.activated.connect(button.click)
    return button
