"""Tools > Screen layouts, driven as a director drives it: a cell clicked on the drawing, dragged to another place
and resized by its corner, its token chosen from the list, its size typed so its text no longer fits (the editor
says which cell), undone and redone with Ctrl+Z and Ctrl+Shift+Z, the layout named and saved as the room's own,
the dialog opened again on the saved file, the layout used for the tournament (the console's Undo takes the choice
back), moved with the keyboard alone, imported (a bad file refused naming the problem) and exported; a chosen
layout whose picture went missing leaves the screens on the program's own look, and the editor says why."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QColorDialog, QFileDialog

from tests.ui.console.formats_driving import CTRL, CTRL_SHIFT, LEFT
from tests.ui.tournament_setup import console_in_play
from tournament_director.resources import resource_path
from tournament_director.services.screen_layouts import chosen_key, chosen_layout, read_layout
from tournament_director.ui.projector.designed import cell_rect
from tournament_director.ui.projector.window import ProjectorWindow


@pytest.fixture
def window(qtbot, tmp_path, ui_settings, monkeypatch):
    yield from console_in_play(qtbot, tmp_path, ui_settings, monkeypatch)


def open_editor(qtbot, window):
    window.screen_layouts_action.trigger()
    dialog = window.screen_layouts_dialog
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=2000)  # its shortcuts reach it
    return dialog


def centre_of(dialog, cell_id: str) -> QPoint:
    canvas = dialog.canvas
    rect = cell_rect(canvas.inner(), canvas.layout_doc, canvas.layout_doc.cell(cell_id))
    return rect.center().toPoint()


def corner_of(dialog, cell_id: str) -> QPoint:
    canvas = dialog.canvas
    rect = cell_rect(canvas.inner(), canvas.layout_doc, canvas.layout_doc.cell(cell_id))
    return rect.bottomRight().toPoint() - QPoint(4, 4)  # on the resizing handle


def drag(qtbot, canvas, start: QPoint, columns: float, rows: float) -> None:
    cw, ch = canvas.grid_step()
    end = start + QPoint(round(columns * cw), round(rows * ch))
    qtbot.mousePress(canvas, LEFT, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(canvas, start + (end - start) * step / 5)
    qtbot.mouseRelease(canvas, LEFT, pos=end)


def choose_token(qtbot, dialog, token: str) -> None:
    """The token's list opened with F4, walked with the arrows to ``token``, taken with Enter."""
    combo = dialog.token
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_F4)
    view = combo.view()
    qtbot.waitUntil(view.isVisible, timeout=2000)
    wanted = combo.findData(token)
    while view.currentIndex().row() != wanted:
        qtbot.keyClick(view, Qt.Key.Key_Down if view.currentIndex().row() < wanted else Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Return)


def cell(dialog, cell_id: str):
    return dialog.layout_doc.cell(cell_id)


def test_a_cell_is_dragged_resized_given_a_token_undone_saved_and_used_for_the_tournament(
        qtbot, window, tmp_path, artifacts_dir) -> None:
    dialog = open_editor(qtbot, window)
    assert dialog.layout_doc.name == "Dark classic"  # the tournament shows the program's own screen: a start
    canvas = dialog.canvas

    qtbot.mouseClick(canvas, LEFT, pos=centre_of(dialog, "pool"))
    assert canvas.selected == "pool" and "Cell “pool”" in dialog.cell_title.text()
    before = cell(dialog, "pool")
    drag(qtbot, canvas, centre_of(dialog, "pool"), 0, -2)  # two rows up, into the free space over the band
    assert (cell(dialog, "pool").x, cell(dialog, "pool").y) == (before.x, before.y - 2)

    drag(qtbot, canvas, corner_of(dialog, "pool"), 0, 1)  # the corner pulled down a row: a taller cell
    assert (cell(dialog, "pool").w, cell(dialog, "pool").h) == (before.w, before.h + 1)

    choose_token(qtbot, dialog, "chip_leader")
    assert cell(dialog, "pool").token == "chip_leader"

    assert "notice" not in dialog.fit_warnings.text()
    qtbot.mouseClick(canvas, LEFT, pos=centre_of(dialog, "notice"))
    dialog.size_field.setFocus()
    qtbot.keyClick(dialog.size_field, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(dialog.size_field, "1")
    qtbot.keyClick(dialog.size_field, Qt.Key.Key_Return)
    assert cell(dialog, "notice").size == 1.0
    assert "Does not fit" in dialog.fit_warnings.text() and "notice:" in dialog.fit_warnings.text()
    dialog.grab().save(str(artifacts_dir / "screen-layouts-editor.png"))

    canvas.setFocus()  # out of the size field, whose own Ctrl+Z undoes typing
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL)  # the size back
    assert cell(dialog, "notice").size == 0.65 and "notice:" not in dialog.fit_warnings.text()
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL)  # the token back
    assert cell(dialog, "pool").token == "prize_pool"
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL_SHIFT)  # and again the chip leader
    assert cell(dialog, "pool").token == "chip_leader"

    dialog.name_field.setFocus()
    qtbot.keyClick(dialog.name_field, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(dialog.name_field, "Friday screen")
    qtbot.keyClick(dialog.name_field, Qt.Key.Key_Return)
    qtbot.mouseClick(dialog.save_button, LEFT)
    saved = Path(window.session.templates.folder) / "layouts" / "friday-screen.toml"
    assert read_layout(saved).cell("pool").token == "chip_leader"

    dialog.close()
    dialog = open_editor(qtbot, window)
    assert dialog.key == "room:friday-screen"
    reopened = cell(dialog, "pool")
    assert (reopened.token, reopened.y, reopened.h) == ("chip_leader", before.y - 2, before.h + 1)
    assert not dialog.undo_button.isEnabled()

    qtbot.mouseClick(dialog.use_button, LEFT)
    assert chosen_key(window.session) == "room:friday-screen"
    assert "Friday screen" in dialog.in_use.text()
    dialog.close()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    qtbot.keyClick(window, Qt.Key.Key_Z, CTRL)  # the console's Undo: the choice was a recorded change
    assert chosen_key(window.session) == ""
    assert window.refusals == []


def test_the_editor_is_reached_and_worked_with_the_keyboard(qtbot, window) -> None:
    dialog = open_editor(qtbot, window)
    canvas = dialog.canvas
    dialog.layouts.setFocus()
    qtbot.keyClick(dialog.layouts, Qt.Key.Key_Tab)  # from the list to the drawing
    assert canvas.hasFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_Tab)  # the first cell
    first = dialog.layout_doc.cells[0]
    assert canvas.selected == first.id
    qtbot.keyClick(canvas, Qt.Key.Key_Tab)
    second = dialog.layout_doc.cells[1]
    assert canvas.selected == second.id
    qtbot.keyClick(canvas, Qt.Key.Key_Left)  # badges: one column to the left
    assert cell(dialog, second.id).x == second.x - 1
    qtbot.keyClick(canvas, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)  # one row taller
    assert cell(dialog, second.id).h == second.h + 1
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL)
    qtbot.keyClick(canvas, Qt.Key.Key_Z, CTRL)
    assert cell(dialog, second.id) == second


def test_a_cell_s_colours_are_typed_or_chosen_in_the_colour_dialog(qtbot, window, monkeypatch) -> None:
    dialog = open_editor(qtbot, window)
    qtbot.mouseClick(dialog.canvas, LEFT, pos=centre_of(dialog, "blinds"))
    dialog.colour_field.setFocus()
    qtbot.keyClick(dialog.colour_field, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(dialog.colour_field, "#ffd54f")
    qtbot.keyClick(dialog.colour_field, Qt.Key.Key_Return)
    assert cell(dialog, "blinds").colour == "#ffd54f"
    qtbot.waitUntil(lambda: dialog.canvas.drawn_screen.text("cell:blinds").colour.name() == "#ffd54f",
                    timeout=2000)  # drawn so at the next paint
    qtbot.keyClick(dialog.colour_field, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(dialog.colour_field, "yellow")
    qtbot.keyClick(dialog.colour_field, Qt.Key.Key_Return)
    assert "a colour is written #RRGGBB" in dialog.problem.text() and cell(dialog, "blinds").colour == "#ffd54f"
    monkeypatch.setattr(QColorDialog, "getColor", lambda *a, **k: QColor("#1b2540"))
    qtbot.mouseClick(dialog.background_button, LEFT)
    assert cell(dialog, "blinds").background == "#1b2540" and dialog.background_field.text() == "#1b2540"
    assert dialog.problem.text() == ""


def test_a_layout_file_is_imported_a_bad_one_refused_naming_the_problem_and_one_exported(
        qtbot, window, tmp_path, monkeypatch) -> None:
    dialog = open_editor(qtbot, window)
    exported = tmp_path / "shared-screen.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(exported), ""))
    qtbot.mouseClick(dialog.export_button, LEFT)
    assert read_layout(exported).to_dict() == dialog.layout_doc.to_dict()

    bad = tmp_path / "bad.toml"
    bad.write_text(exported.read_text(encoding="utf-8").replace('token = "blinds"', 'token = "blindz"'),
                   encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    qtbot.mouseClick(dialog.import_button, LEFT)
    assert window.refusals and "bad.toml: cell 'blinds' token is 'blindz'" in window.refusals[-1]
    assert not [i for i in dialog.library().layouts() if i.room]

    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(exported), ""))
    qtbot.mouseClick(dialog.import_button, LEFT)
    assert dialog.key == "room:dark-classic"
    assert "(the room’s)" in dialog.layouts.currentItem().text()


def test_the_drawing_shows_the_tournament_and_follows_its_clock(qtbot, window) -> None:
    dialog = open_editor(qtbot, window)
    canvas = dialog.canvas
    qtbot.waitUntil(lambda: canvas.drawn_screen is not None, timeout=2000)
    assert canvas.drawn_screen.text("cell:name").text == window.session.tournament_name
    shown = canvas.drawn_screen.text("cell:clock").text
    qtbot.waitUntil(lambda: canvas.drawn_screen.text("cell:clock").text != shown, timeout=3000)


def test_a_chosen_layout_whose_picture_went_missing_leaves_the_program_s_screen_and_the_editor_says_why(
        qtbot, window, tmp_path) -> None:
    folder = Path(window.session.templates.folder) / "layouts"
    folder.mkdir(parents=True)
    picture = tmp_path / "logo.png"
    picture.write_bytes(resource_path("icons", "tournament-director-64.png").read_bytes())
    (folder / "with-logo.toml").write_text(
        'format = "tournament-director/screen-layout"\nversion = 1\nname = "With logo"\n'
        f'logo = "{picture}"\n\n[[cells]]\nid = "logo"\ntoken = "logo"\nx = 0\ny = 0\nw = 4\nh = 2\n'
        '\n[[cells]]\nid = "clock"\ntoken = "clock"\nx = 4\ny = 0\nw = 20\nh = 12\n', encoding="utf-8")
    dialog = open_editor(qtbot, window)
    row = next(i for i in range(dialog.layouts.count())
               if dialog.layouts.item(i).data(Qt.ItemDataRole.UserRole) == "room:with-logo")
    dialog.layouts.setCurrentRow(row)
    qtbot.mouseClick(dialog.use_button, LEFT)
    assert chosen_layout(window.session).name == "With logo"
    projector = ProjectorWindow(window.session)
    qtbot.addWidget(projector)
    projector.refresh()
    assert projector.screen_layout is not None

    picture.unlink()
    dialog.close()
    dialog = open_editor(qtbot, window)
    assert "cannot be drawn" in dialog.in_use.text() and "logo.png" in dialog.in_use.text()
    projector.refresh()
    assert projector.screen_layout is None  # the room's screen goes on with the program's own look
    assert window.refusals == []
