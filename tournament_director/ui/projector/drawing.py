"""The projector's drawing pieces: the dark palette, a text placed in its own rectangle with a font that fits
it, the panels behind them, and the layout that holds them all for one screen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF


class Palette:
    """The dark theme by default: light text on near-black, one accent for the time, a warm one for breaks."""

    background = QColor("#0b0f14")
    panel = QColor("#151c25")
    text = QColor("#f2f4f7")
    dim = QColor("#9aa7b5")
    time = QColor("#ffffff")
    time_paused = QColor("#ffcc33")
    accent = QColor("#4fc3f7")
    break_background = QColor("#10261a")
    break_accent = QColor("#7ee2a8")
    warning = QColor("#ff7043")


@dataclass(frozen=True)
class PlacedText:
    """One line of text on the projector: where it goes, in which font and colour (``role`` names it for tests)."""

    role: str
    rect: QRectF
    text: str
    font: QFont
    colour: QColor
    align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter


@dataclass(frozen=True)
class Panel:
    rect: QRectF
    colour: QColor


@dataclass
class ProjectorLayout:
    """Everything the projector paints for one view at one size: backgrounds first, then the texts."""

    background: QColor
    panels: list[Panel] = field(default_factory=list)
    texts: list[PlacedText] = field(default_factory=list)

    def text(self, role: str) -> PlacedText | None:
        return next((t for t in self.texts if t.role == role), None)

    def add(self, role: str, rect: QRectF, text: str, colour: QColor, *, bold: bool = True,
            align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignCenter, ratio: float = 0.82,
            font: QFont | None = None) -> None:
        if text:
            self.texts.append(PlacedText(role, rect, text, font or _fitted_font(text, rect, bold=bold,
                                                                            max_height_ratio=ratio), colour, align))


def _fitted_font(text: str, rect: QRectF, *, bold: bool = True, family: str | None = None,
                 max_height_ratio: float = 0.82) -> QFont:
    """The largest font whose rendering of ``text`` fits inside ``rect``."""
    font = QFont(family) if family else QFont()
    font.setBold(bold)
    pixel = max(6, int(rect.height() * max_height_ratio))
    font.setPixelSize(pixel)
    width = QFontMetricsF(font).horizontalAdvance(text or " ")
    if width > rect.width() * 0.98 and width > 0:
        font.setPixelSize(max(6, int(pixel * rect.width() * 0.98 / width)))
    return font


def _common_font(items: Sequence[tuple[str, QRectF]], *, bold: bool = True, ratio: float = 0.82) -> QFont:
    """One font for a row of cells (labels, figures), so that neighbours never differ in size: the smallest fit."""
    fonts = [_fitted_font(text, rect, bold=bold, max_height_ratio=ratio) for text, rect in items if text]
    if not fonts:
        font = QFont()
        font.setBold(bold)
        return font
    return min(fonts, key=lambda f: f.pixelSize())
