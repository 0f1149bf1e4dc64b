"""Tools > Screen layouts: the room designs its clock screen, drawn live as the projector will show it.

The shipped layouts and the room's own in a list; the chosen one drawn at 16:9 by the projector's own painting
(ui/projector/designed.py) with the tournament's figures (or a busy sample night when none runs); a cell picked with
the mouse or Tab, dragged to its place and resized by its corner (or moved with the arrow keys, resized with
Shift+arrows), its token chosen from the documented list and its look set in the side panel. Every change can be
undone (Ctrl+Z) and redone (Ctrl+Shift+Z) inside the editor; a cell whose text cannot fit at its size is named under
the drawing. "Save as the room's own" keeps the layout in the templates folder, "Use for this tournament" records
the choice as a settings change (undone with the console's Undo like any other), and a layout is imported or
exported as a file.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox, QColorDialog, QComboBox, QDialog, QDoubleSpinBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel,
    QLineEdit, QListWidget, QListWidgetItem, QMessageBox, QPlainTextEdit, QPushButton, QSpinBox, QSplitter,
    QVBoxLayout, QWidget,
)

from tournament_director.domain.errors import DomainError
from tournament_director.services.screen_layouts import (
    ALIGNMENTS, MAX_GRID, TOKENS, Cell, LayoutLibrary, ScreenLayout, chosen_key, chosen_problem, export_layout,
    layout_from_dict, room_library,
)
from tournament_director.ui.console.menus import tools_menu
from tournament_director.ui.console.layout_canvas import MOMENTS, SAMPLE, LayoutCanvas, at_moment
from tournament_director.ui.projector.designed import Pictures, designed_screen
from tournament_director.ui.projector.view import ProjectorView, view_from_session

FIT_SIZE = (1280, 720)  # the fit check draws the layout at the smaller of the usual screens


def add_screen_layouts_action(window: Any) -> QAction:
    """Tools > Screen layouts… in the console's menu bar."""
    tools = tools_menu(window)
    action = QAction("Screen layouts…", window)
    action.triggered.connect(lambda _checked=False: open_screen_layouts(window))
    tools.addAction(action)
    window.screen_layouts_action = action
    return action


def open_screen_layouts(window: Any) -> "ScreenLayoutsDialog":
    dialog = getattr(window, "screen_layouts_dialog", None)
    if dialog is None:
        dialog = ScreenLayoutsDialog(window)
        window.screen_layouts_dialog = dialog
    dialog.reload()
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


class ScreenLayoutsDialog(QDialog):
    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window_ = window
        self.setWindowTitle("Screen layouts")
        self.resize(1500, 860)
        self.layout_doc: ScreenLayout | None = None
        self.key = ""                # the layout's key in the library ("" for one not saved yet)
        self.undo_stack: list[ScreenLayout | None] = []
        self.redo_stack: list[ScreenLayout | None] = []
        self._filling = False

        self.layouts = QListWidget()
        self.layouts.setAccessibleName("Layouts")
        self.layouts.currentItemChanged.connect(self._layout_picked)
        self.in_use = QLabel()
        self.in_use.setWordWrap(True)
        self.use_button = QPushButton("&Use for this tournament")
        self.use_button.clicked.connect(self.use_for_tournament)
        self.save_button = QPushButton("&Save as the room's own")
        self.save_button.clicked.connect(self.save)
        self.import_button = QPushButton("&Import…")
        self.import_button.clicked.connect(self.import_layout)
        self.export_button = QPushButton("E&xport…")
        self.export_button.clicked.connect(self.export)
        left = QVBoxLayout()
        left.addWidget(QLabel("Layouts"))
        left.addWidget(self.layouts, 1)
        left.addWidget(self.in_use)
        for button in (self.use_button, self.save_button, self.import_button, self.export_button):
            left.addWidget(button)
        left_box = QWidget()
        left_box.setLayout(left)

        self.canvas = LayoutCanvas()
        self.canvas.picked.connect(self._cell_picked)
        self.canvas.moved.connect(self._cell_moved)
        self.fit_warnings = QLabel()
        self.fit_warnings.setWordWrap(True)
        self.fit_warnings.setObjectName("fit-warnings")
        self.fit_warnings.setMinimumHeight(self.fit_warnings.fontMetrics().lineSpacing() * 4)
        self.fit_warnings.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setObjectName("refusal")  # the theme's danger colour
        self.moment = QComboBox()
        self.moment.setAccessibleName("Show the screen")
        for title, mode in MOMENTS:
            self.moment.addItem(title, mode)
        self.moment.activated.connect(lambda _i: self._redraw())
        moment_row = QHBoxLayout()
        moment_row.addWidget(QLabel("Sho&w the screen"))
        moment_row.itemAt(0).widget().setBuddy(self.moment)
        moment_row.addWidget(self.moment)
        moment_row.addStretch(1)
        middle = QVBoxLayout()
        middle.addLayout(moment_row)
        middle.addWidget(self.canvas, 1)
        middle.addWidget(self.fit_warnings)
        middle.addWidget(self.problem)
        middle_box = QWidget()
        middle_box.setLayout(middle)

        self.side = QWidget()
        side_column = QVBoxLayout(self.side)
        form = QFormLayout()
        side_column.addLayout(form)
        side_column.addStretch(1)
        self.name_field = QLineEdit()
        self.name_field.editingFinished.connect(lambda: self._change_layout(name=self.name_field.text()))
        form.addRow("Layout &name", self.name_field)
        self.cell_title = QLabel("No cell chosen: click one, or Tab to it")
        form.addRow(self.cell_title)
        self.token = QComboBox()
        for token, meaning in TOKENS.items():
            self.token.addItem(token, token)
            self.token.setItemData(self.token.count() - 1, meaning, Qt.ItemDataRole.ToolTipRole)
        self.token.activated.connect(lambda _i: self._change_cell(token=self.token.currentData()))
        form.addRow("&Token", self.token)
        self.label_field = QLineEdit()
        self.label_field.editingFinished.connect(lambda: self._change_cell(label=self.label_field.text()))
        form.addRow("&Caption", self.label_field)
        self.text_field = QLineEdit()
        self.text_field.setPlaceholderText("Level {level}: {blinds}")
        self.text_field.editingFinished.connect(lambda: self._change_cell(text=self.text_field.text()))
        form.addRow("Te&xt", self.text_field)
        self.image_field = QLineEdit()
        self.image_field.editingFinished.connect(lambda: self._change_cell(image=self.image_field.text()))
        form.addRow("&Picture file", self.image_field)
        self.size_field = QDoubleSpinBox()
        self.size_field.setRange(0.05, 1.0)
        self.size_field.setSingleStep(0.05)
        self.size_field.setDecimals(2)
        self.size_field.editingFinished.connect(lambda: self._change_cell(size=round(self.size_field.value(), 2)))
        form.addRow("Text si&ze (share of the height)", self.size_field)
        self.colour_field = QLineEdit()
        self.colour_field.editingFinished.connect(lambda: self._change_cell(colour=self.colour_field.text().strip()))
        self.colour_button = self._colour_row(form, "&Colour (#RRGGBB)", self.colour_field, "colour")
        self.background_field = QLineEdit()
        self.background_field.setPlaceholderText("none")
        self.background_field.editingFinished.connect(
            lambda: self._change_cell(background=self.background_field.text().strip()))
        self.background_button = self._colour_row(form, "&Background", self.background_field, "background")
        self.align_field = QComboBox()
        self.align_field.addItems(list(ALIGNMENTS))
        self.align_field.activated.connect(lambda _i: self._change_cell(align=self.align_field.currentText()))
        form.addRow("&Alignment", self.align_field)
        self.bold_field = QCheckBox("B&old")
        self.bold_field.toggled.connect(lambda on: self._change_cell(bold=on))
        form.addRow(self.bold_field)
        self.rows_field = QSpinBox()
        self.rows_field.setRange(0, MAX_GRID * 4)
        self.rows_field.setSpecialValueText("as many as fit")
        self.rows_field.editingFinished.connect(lambda: self._change_cell(rows=self.rows_field.value()))
        form.addRow("&Lines of a list", self.rows_field)
        cell_buttons = QHBoxLayout()
        self.add_button = QPushButton("A&dd a cell")
        self.add_button.clicked.connect(self.add_cell)
        self.remove_button = QPushButton("&Remove the cell")
        self.remove_button.clicked.connect(self.remove_cell)
        cell_buttons.addWidget(self.add_button)
        cell_buttons.addWidget(self.remove_button)
        form.addRow(cell_buttons)
        self.rules_field = QPlainTextEdit()
        self.rules_field.setPlaceholderText("The house rules, shown in a rules cell or as a page of their own")
        self.rules_field.setTabChangesFocus(True)
        self.rules_field.setFixedHeight(110)
        form.addRow("&House rules", self.rules_field)
        self.rules_every = QSpinBox()
        self.rules_every.setRange(0, 3600)
        self.rules_every.setSuffix(" s")
        self.rules_every.setSpecialValueText("never")
        form.addRow("Rules page e&very", self.rules_every)
        self.rules_for = QSpinBox()
        self.rules_for.setRange(1, 600)
        self.rules_for.setSuffix(" s")
        form.addRow("… and shown &for", self.rules_for)
        self.rules_apply = QPushButton("Apply the house rules")
        self.rules_apply.clicked.connect(lambda: self._change_layout(rules_text=self.rules_field.toPlainText(),
                                                                     rules_every_seconds=self.rules_every.value(),
                                                                     rules_for_seconds=self.rules_for.value()))
        form.addRow(self.rules_apply)
        undo_row = QHBoxLayout()
        self.undo_button = QPushButton("Undo")
        self.undo_button.clicked.connect(self.undo)
        self.redo_button = QPushButton("Redo")
        self.redo_button.clicked.connect(self.redo)
        undo_row.addWidget(self.undo_button)
        undo_row.addWidget(self.redo_button)
        form.addRow(undo_row)
        QShortcut(QKeySequence.StandardKey.Undo, self, self.undo)
        QShortcut(QKeySequence("Ctrl+Shift+Z"), self, self.redo)
        QShortcut(QKeySequence("Ctrl+Y"), self, self.redo)

        splitter = QSplitter()
        splitter.addWidget(left_box)
        splitter.addWidget(middle_box)
        splitter.addWidget(self.side)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setStretchFactor(2, 0)
        left_box.setMaximumWidth(260)
        self.side.setMaximumWidth(400)
        outer = QVBoxLayout(self)
        outer.addWidget(splitter)
        self.setTabOrder(self.layouts, self.canvas)
        self._live = QTimer(self)  # the drawing follows the tournament's clock while the editor is open
        self._live.setInterval(1000)
        self._live.timeout.connect(self._follow_the_clock)
        for button in self.findChildren(QPushButton):  # Enter in a field takes the field's value, nothing more
            button.setAutoDefault(False)
            button.setDefault(False)
        self._show_cell()

    def _colour_row(self, form: QFormLayout, title: str, field: QLineEdit, name: str) -> QPushButton:
        """A colour typed as #RRGGBB, or chosen in the colour dialog with the button beside it."""
        button = QPushButton("Choose…")
        button.setAccessibleName(f"Choose the {name}")
        button.clicked.connect(lambda: self._choose_colour(field, name))
        row = QHBoxLayout()
        row.addWidget(field, 1)
        row.addWidget(button)
        form.addRow(title, row)
        caption = form.labelForField(row)
        if isinstance(caption, QLabel):
            caption.setBuddy(field)
        return button

    def _choose_colour(self, field: QLineEdit, name: str) -> None:
        colour = QColorDialog.getColor(QColor(field.text() or "#ffffff"), self, f"The cell's {name}")
        if colour.isValid():
            field.setText(colour.name())
            self._change_cell(**{name: colour.name()})

    # ----- the session and the library ------------------------------------------------------------------------
    @property
    def session(self) -> Any:
        return getattr(self.window_, "session", None)

    def library(self) -> LayoutLibrary:
        return room_library(self.session) if self.session is not None and self.session.tournament_id else \
            LayoutLibrary(None)

    def reload(self, select: str | None = None) -> None:
        """List the layouts again, the one ``select`` (or the one open, or the tournament's) chosen."""
        chosen = chosen_key(self.session) if self.session is not None and self.session.tournament_id else ""
        wanted = select or self.key or chosen or "dark_classic"
        self.layouts.blockSignals(True)
        self.layouts.clear()
        for info in self.library().layouts():
            item = QListWidgetItem(f"{info.title}{'  (the room’s)' if info.room else ''}"
                                   f"{'  ✓ in use' if info.key == chosen else ''}")
            item.setData(Qt.ItemDataRole.UserRole, info.key)
            self.layouts.addItem(item)
            if info.key == wanted:
                self.layouts.setCurrentItem(item)
        self.layouts.blockSignals(False)
        shown = next((self.layouts.item(i).text().split("  ")[0] for i in range(self.layouts.count())
                      if self.layouts.item(i).data(Qt.ItemDataRole.UserRole) == chosen), "the program's own screen")
        problem = chosen_problem(self.session) if chosen else ""
        if problem:
            shown = f"the program's own screen: its layout “{chosen}” cannot be drawn ({problem})"
        self.in_use.setText("This tournament shows: " + shown)
        current = self.layouts.currentItem()
        if current is not None and current.data(Qt.ItemDataRole.UserRole) != self.key:
            self._open(current.data(Qt.ItemDataRole.UserRole))
        elif self.layout_doc is not None:
            self._redraw()

    def _layout_picked(self, item: QListWidgetItem | None, _previous: Any = None) -> None:
        if item is not None:
            self._open(item.data(Qt.ItemDataRole.UserRole))

    def _open(self, key: str) -> None:
        try:
            layout = self.library().load(key)
        except DomainError as error:
            self.problem.setText(str(error))
            return
        self.key, self.layout_doc = key, layout
        self.undo_stack.clear()
        self.redo_stack.clear()
        self.canvas.selected = ""
        self._fill_layout_fields()
        self._redraw()
        self._show_cell()

    # ----- changes, each one undoable ---------------------------------------------------------------------------
    def _apply(self, layout: ScreenLayout) -> bool:
        """Take ``layout`` when it can be drawn (the refusal shown under the drawing otherwise)."""
        try:
            layout = layout_from_dict(layout.to_dict(), check_pictures=False,
                                      folder=Path(layout.folder) if layout.folder else None)
        except DomainError as error:
            self.problem.setText(str(error))
            return False
        if layout == self.layout_doc:
            return False
        self.problem.setText("")
        self.undo_stack.append(self.layout_doc)
        self.redo_stack.clear()
        self.layout_doc = layout
        self._redraw()
        return True

    def _change_layout(self, **values: Any) -> None:
        if self.layout_doc is not None and not self._filling:
            self._apply(replace(self.layout_doc, **values))

    def _change_cell(self, **values: Any) -> None:
        if self.layout_doc is None or self._filling or not self.canvas.selected:
            return
        cells = tuple(replace(c, **values) if c.id == self.canvas.selected else c for c in self.layout_doc.cells)
        self._apply(replace(self.layout_doc, cells=cells))
        self._show_cell()

    def _cell_moved(self, cell_id: str, x: int, y: int, w: int, h: int) -> None:
        self.canvas.selected = cell_id
        self._change_cell(x=x, y=y, w=w, h=h)

    def add_cell(self) -> None:
        if self.layout_doc is None:
            return
        ids = {c.id for c in self.layout_doc.cells}
        number = next(n for n in range(1, 1000) if f"cell-{n}" not in ids)
        cell = Cell(f"cell-{number}", "text", 0, 0, min(6, self.layout_doc.columns), 1, text="Your text")
        if self._apply(replace(self.layout_doc, cells=(*self.layout_doc.cells, cell))):
            self._cell_picked(cell.id)

    def remove_cell(self) -> None:
        if self.layout_doc is None or not self.canvas.selected:
            return
        gone = self.canvas.selected
        overrides = {mode: {**o, "cells": {k: v for k, v in o.get("cells", {}).items() if k != gone}}
                     for mode, o in self.layout_doc.overrides.items()}
        if self._apply(replace(self.layout_doc, cells=tuple(c for c in self.layout_doc.cells if c.id != gone),
                               overrides=overrides)):
            self._cell_picked("")

    def undo(self) -> None:
        if self.undo_stack:
            self.redo_stack.append(self.layout_doc)
            self.layout_doc = self.undo_stack.pop()
            self._after_history()

    def redo(self) -> None:
        if self.redo_stack:
            self.undo_stack.append(self.layout_doc)
            self.layout_doc = self.redo_stack.pop()
            self._after_history()

    def _after_history(self) -> None:
        self.problem.setText("")
        self._fill_layout_fields()
        self._redraw()
        self._show_cell()

    # ----- saving, choosing, files ------------------------------------------------------------------------------
    def save(self) -> str:
        """Keep the layout as the room's own; its key ("" when refused)."""
        if self.layout_doc is None:
            return ""
        try:
            key = self.library().save(self.layout_doc)
        except DomainError as error:
            QMessageBox.warning(self, "Screen layouts", str(error))
            return ""
        self.key = ""
        self.reload(select=key)
        self.window_.tell(f"Screen layout “{self.layout_doc.name}” saved as the room's own")
        return key

    def use_for_tournament(self) -> None:
        if self.session is None or not self.session.tournament_id or self.layout_doc is None:
            QMessageBox.warning(self, "Screen layouts", "Open a tournament first: the layout is its choice")
            return
        key = self.key
        if self.undo_stack or not key:  # changed since it was opened: the room keeps it first
            key = self.save()
            if not key:
                return
        outcome = self.window_.attempt(self.session.settings.change, {"screen_layout": key})
        if outcome.ok:
            self.window_.tell(f"The room's screens show the layout “{self.layout_doc.name}”")
            self.reload(select=key)

    def import_layout(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Import a screen layout", "", "Screen layouts (*.toml *.json)")
        if not path:
            return
        try:
            key = self.library().import_file(path)
        except DomainError as error:
            QMessageBox.warning(self, "Screen layouts", str(error))
            return
        self.key = ""
        self.reload(select=key)

    def export(self) -> None:
        if self.layout_doc is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Export the screen layout", f"{self.layout_doc.name}.toml",
                                              "Screen layouts (*.toml)")
        if not path:
            return
        try:
            written = export_layout(self.layout_doc, path)
        except DomainError as error:
            QMessageBox.warning(self, "Screen layouts", str(error))
            return
        self.window_.tell(f"Screen layout exported to {written}")

    # ----- drawing and the side panel ------------------------------------------------------------------------------
    def preview_view(self) -> ProjectorView:
        """The tournament's figures when its clock runs, else a busy sample night; at the moment chosen."""
        view = SAMPLE
        if self.session is not None and self.session.tournament_id:
            live = view_from_session(self.session, seating_chart=False)
            if not live.message:
                view = live
        return at_moment(view, self.moment.currentData())

    def _redraw(self) -> None:
        view = self.preview_view()
        self.canvas.pictures.room_address = getattr(getattr(self.window_, "projector", None), "pictures",
                                                    Pictures()).room_address or "http://192.168.1.10:8080/"
        self.canvas.show_layout(self.layout_doc, view)
        self.fit_warnings.setText(self.fit_check_text(view))
        self.undo_button.setEnabled(bool(self.undo_stack))
        self.redo_button.setEnabled(bool(self.redo_stack))

    def _follow_the_clock(self) -> None:
        if not self.isVisible() or not self.window_.isVisible():
            self._live.stop()  # shown again, it starts again (showEvent)
            return
        if self.layout_doc is not None and self.canvas._drag is None:
            try:
                view = self.preview_view()
            except DomainError:  # the session went away under the editor: keep the drawing as it is
                self._live.stop()
                return
            self.canvas.show_layout(self.layout_doc, view)

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        self._live.start()

    def hideEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        self._live.stop()
        super().hideEvent(event)

    def fit_problems(self, view: ProjectorView | None = None) -> dict[str, str]:
        """The cells whose text cannot fit at their size at 1280x720 (cell -> why)."""
        if self.layout_doc is None:
            return {}
        problems: dict[str, str] = {}
        for candidate in (view or self.preview_view(), SAMPLE):
            screen = designed_screen(QRectF(0, 0, *FIT_SIZE), candidate, self.layout_doc)
            for cell_id, why in screen.shortfalls.items():
                problems.setdefault(cell_id, why)
        return problems

    def fit_check_text(self, view: ProjectorView | None = None) -> str:
        problems = self.fit_problems(view)
        if not problems:
            return "Every cell's text fits at its size (checked at 1280×720)."
        return "⚠ Does not fit at its size (1280×720): " + "; ".join(f"{cell}: {why}" for cell, why in
                                                                      problems.items())

    def _fill_layout_fields(self) -> None:
        if self.layout_doc is None:
            return
        self._filling = True
        self.name_field.setText(self.layout_doc.name)
        self.rules_field.setPlainText(self.layout_doc.rules_text)
        self.rules_every.setValue(self.layout_doc.rules_every_seconds)
        self.rules_for.setValue(self.layout_doc.rules_for_seconds)
        self._filling = False

    def _cell_picked(self, cell_id: str) -> None:
        self.canvas.selected = cell_id
        self.canvas.update()
        self._show_cell()

    def _show_cell(self) -> None:
        cell = self.layout_doc.cell(self.canvas.selected) if self.layout_doc and self.canvas.selected else None
        fields = (self.token, self.label_field, self.text_field, self.image_field, self.size_field, self.colour_field,
                  self.background_field, self.align_field, self.bold_field, self.rows_field, self.remove_button,
                  self.colour_button, self.background_button)
        for field in fields:
            field.setEnabled(cell is not None)
        if cell is None:
            self.cell_title.setText("No cell chosen: click one, or Tab to it")
            return
        self._filling = True
        self.cell_title.setText(f"Cell “{cell.id}”: columns {cell.x}–{cell.x + cell.w - 1}, rows {cell.y}–"
                                f"{cell.y + cell.h - 1}")
        self.token.setCurrentIndex(self.token.findData(cell.token))
        self.label_field.setText(cell.label)
        self.text_field.setText(cell.text)
        self.text_field.setEnabled(cell.token == "text")
        self.image_field.setText(cell.image)
        self.image_field.setEnabled(cell.token == "image")
        self.size_field.setValue(cell.size)
        self.colour_field.setText(cell.colour)
        self.background_field.setText(cell.background)
        self.align_field.setCurrentText(cell.align)
        self.bold_field.setChecked(cell.bold)
        self.rows_field.setValue(cell.rows)
        self._filling = False
