"""The design (docs/design.md) holds: both themes give every palette role a value and use it where it belongs,
every font size in the stylesheets is one of the type scale's, the clock header and the table cards are drawn at
their arm's-length sizes, and every main action of the real console shows its icon in the theme's own ink."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from tests.ui.tournament_setup import open_session, running_tournament
from tournament_director.ui.console.main_actions import main_action_buttons
from tournament_director.ui.console.table_card import MAP_STYLE, TableCard
from tournament_director.ui.console.window import MainWindow
from tournament_director.ui.themes import INK, stylesheet

DESIGN = Path(__file__).resolve().parents[2] / "docs" / "design.md"
PAGES = Path(__file__).resolve().parents[2] / "tournament_director" / "web" / "pages"
UI = Path(__file__).resolve().parents[2] / "tournament_director" / "ui"
ROLES = ("background", "surface", "raised", "line", "text", "muted", "accent", "danger", "warning", "success",
         "bounty", "clock")
SCALE_POINTS = {9, 11, 13, 16, 22, 30, 112}  # five for text, two for the clock
THEMES = ("light", "dark")


def palette(theme: str) -> dict[str, str]:
    """The roles the theme's stylesheet declares in its palette comment."""
    block = re.search(r"palette:(.*?)\*/", stylesheet(theme), re.S)
    assert block, f"the {theme} theme declares no palette"
    return dict(re.findall(r"([a-z]+) (#[0-9a-f]{6})", block.group(1)))


def rule(sheet: str, selector: str) -> str:
    found = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", sheet)
    assert found, selector
    return found.group(1)


def documented_palette() -> dict[str, tuple[str, str]]:
    rows = re.findall(r"^\| (\w+)\s*\| `(#[0-9a-f]{6})` \| `(#[0-9a-f]{6})` \|", DESIGN.read_text(), re.M)
    return {role: (light, dark) for role, light, dark in rows}


@pytest.mark.parametrize("theme", THEMES)
def test_each_theme_gives_every_role_the_documented_value_and_uses_it(theme) -> None:
    roles = palette(theme)
    assert sorted(roles) == sorted(ROLES)
    documented = documented_palette()
    for role in ROLES:
        assert roles[role] == documented[role][THEMES.index(theme)], f"{theme} {role}: docs/design.md says otherwise"
    sheet = stylesheet(theme)
    assert f"background: {roles['background']}" in rule(sheet, "QMainWindow, QDialog")
    assert f"color: {roles['text']}" in rule(sheet, "QPushButton")
    assert f"border-bottom: 3px solid {roles['accent']}" in rule(sheet, "QTabBar::tab:selected")
    assert f"color: {roles['clock']}" in rule(sheet, "QLabel#miniClockTime")
    assert f"color: {roles['muted']}" in rule(sheet, "QLabel#help")
    assert INK[theme] == roles["text"]  # the icons are drawn in the text's colour


def test_the_pages_declare_the_dark_palette() -> None:
    dark = palette("dark")
    for page in ("room.css", "station.css"):
        root = re.search(r":root\s*\{([^}]*)\}", (PAGES / page).read_text()).group(1)
        declared = dict(re.findall(r"--([a-z]+):\s*(#[0-9a-f]{6})", root))
        for role in ROLES:
            assert declared.get(role) == dark[role], f"{page}: --{role}"


def test_every_font_size_in_the_stylesheets_is_on_the_scale() -> None:
    """The themes, and every size the console's and the floor tool's code writes into a style or a rich text."""
    sources = [path.read_text() for folder in ("console", "floor_tool") for path in (UI / folder).glob("*.py")]
    sheets = [stylesheet(theme) for theme in THEMES] + [MAP_STYLE] + sources
    sizes = [size for sheet in sheets for size in re.findall(r"font-size:\s*([\d.]+)pt", sheet)]
    assert sizes and all(float(size) in SCALE_POINTS for size in sizes), sizes
    assert not [s for sheet in sheets for s in re.findall(r"font-size:\s*[\d.]+px", sheet)], "sizes in points only"


@pytest.mark.parametrize("theme", THEMES)
def test_the_header_and_the_cards_read_at_arms_length_and_the_main_actions_show_icons(qtbot, tmp_path, ui_settings,
                                                                                      theme) -> None:
    session = open_session(tmp_path)
    running_tournament(session)
    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    window.show()
    window.set_theme(theme)
    window.tabs.setCurrentIndex(1)
    qtbot.wait(20)
    clock = window.mini_clock
    assert clock.time_label.font().pointSize() == 22 and clock.time_label.font().bold()
    assert clock.level_label.font().pointSize() == 11
    card = window.findChildren(TableCard)[0]
    seat = card.seat_rows[1]
    assert seat.labels[2].font().pointSize() == 11, "a seat's name at reading size"
    assert "font-size:16pt" in card.label.text()
    for name_label in (row.labels[2] for c in window.findChildren(TableCard) for row in c.seat_rows):
        assert name_label.height() >= name_label.heightForWidth(name_label.width()) - 1, f"{name_label.text()} is cut"

    ink = QColor(INK[theme])
    for button, drawing in main_action_buttons(window).items() | {(card.next_hand, "next-hand")}:
        icon = button.icon()
        assert not icon.isNull(), f"{button.text()} has no icon"
        picture = icon.pixmap(16, 16).toImage()
        colours = {picture.pixelColor(x, y).rgb() for x in range(picture.width()) for y in range(picture.height())
                   if picture.pixelColor(x, y).alpha() == 255}
        expected = QColor("#ffffff") if button.objectName() == "primary" else ink
        assert expected.rgb() in colours, f"{button.text()} ({drawing}) is not drawn in the {theme} theme's ink"
    window.close()
    session.close()


def test_the_floor_tool_writes_in_the_scale_s_sizes(qtbot, tmp_path, ui_settings) -> None:
    session = open_session(tmp_path)
    running_tournament(session)
    window = MainWindow(session, settings=ui_settings, sounds=False)
    qtbot.addWidget(window)
    window.show()
    floor_tool = window.open_floor_tool()
    sizes = {widget.font().pointSize() for widget in floor_tool.findChildren(QWidget)}
    assert sizes <= SCALE_POINTS, f"off the scale: {sorted(sizes - SCALE_POINTS)}"
    floor_tool.close()
    window.close()
    session.close()
