"""The floor tool's building blocks in its large type: fonts, selectable labels, and buttons that show and answer
their key."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QPushButton, QWidget


BASE_POINT_SIZE = 13


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


def key_button(text: str, key: str | None, slot: Any, parent: QWidget) -> QPushButton:
    button = QPushButton(f"{text}  [{key}]" if key else text)
    button.setFont(point_font(BASE_POINT_SIZE))
    button.clicked.connect(slot)
    if key:
        shortcut = QShortcut(QKeySequence(key), parent)
        shortcut.activated.connect(button.click)
    return button
