"""Console themes: Qt stylesheets shipped in data/themes/, the choice kept in QSettings."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QAbstractButton, QWidget

from tournament_director.resources import resource_path, resources_root

THEME_KEY = "console/theme"
DEFAULT_THEME = "light"
# The property naming a button's icon (a drawing in data/themes/icons/), coloured with the theme's text when the
# theme is applied (docs/design.md).
ACTION_ICON = "actionIcon"
INK = {"light": "#14171c", "dark": "#eef1f5"}   # the palette's text role
ON_PRIMARY = "#ffffff"                           # the text of the primary (green) button
ICON_PIXELS = 16
_current_theme = DEFAULT_THEME


def available_themes() -> list[str]:
    folder = resources_root() / "themes"
    return sorted(p.stem for p in folder.glob("*.qss")) if folder.is_dir() else []


def stylesheet(name: str) -> str:
    """The stylesheet of theme ``name``; ValueError naming the choices for an unknown theme."""
    if name not in available_themes():
        raise ValueError(f"there is no theme {name!r} (choose from {', '.join(available_themes()) or 'none'})")
    text = resource_path("themes", f"{name}.qss").read_text(encoding="utf-8")
    # the arrows of spin boxes and drop-down lists are pictures beside the stylesheet
    return text.replace("@THEMES@", resource_path("themes").as_posix())


def saved_theme(settings: QSettings) -> str:
    name = str(settings.value(THEME_KEY, DEFAULT_THEME))
    return name if name in available_themes() else DEFAULT_THEME


def apply_theme(window: QWidget, settings: QSettings, name: str) -> str:
    """Style ``window`` (and every dialog it opens) with theme ``name`` and remember the choice."""
    global _current_theme
    window.setStyleSheet(stylesheet(name))
    settings.setValue(THEME_KEY, name)
    _current_theme = name
    for button in window.findChildren(QAbstractButton):
        if button.property(ACTION_ICON):
            show_action_icon(button, str(button.property(ACTION_ICON)))
    return name


def action_icon(drawing: str, ink: str | None = None) -> QIcon:
    """The icon ``drawing`` (data/themes/icons/<drawing>.svg) in ``ink``, by default the current theme's text."""
    svg = resource_path("themes", "icons", f"{drawing}.svg").read_text(encoding="utf-8")
    svg = svg.replace("@INK@", ink or INK.get(_current_theme, INK[DEFAULT_THEME]))
    icon = QIcon()
    for scale in (1, 2):  # sharp on a high-density screen as well
        pixmap = QPixmap(ICON_PIXELS * scale, ICON_PIXELS * scale)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        QSvgRenderer(QByteArray(svg.encode("utf-8"))).render(painter)
        painter.end()
        pixmap.setDevicePixelRatio(scale)
        icon.addPixmap(pixmap)
    return icon


def set_tone(label: QWidget, tone: str) -> None:
    """Colour ``label`` by its role in the theme: "refusal" (danger), "done" (success), or "" for the text's own."""
    if label.objectName() != tone:
        label.setObjectName(tone)
        label.style().unpolish(label)
        label.style().polish(label)


def show_action_icon(button: QAbstractButton, drawing: str) -> None:
    """Give ``button`` the icon ``drawing`` now and whenever a theme is applied to its window."""
    button.setProperty(ACTION_ICON, drawing)
    button.setIcon(action_icon(drawing, ON_PRIMARY if button.objectName() == "primary" else None))
