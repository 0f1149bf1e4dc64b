"""The Structure tab: the structure in play and its editor, the shipped and the room's templates, structure files
imported and exported, and a suggested structure for a target length, field and stack."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
)

from tournament_director.domain.errors import DomainError
from tournament_director.services.clock import suggested_structure
from tournament_director.ui.console.files import ask_name
from tournament_director.ui.console.structure_editor import StructureEditor
from tournament_director.ui.console.tab import Runs, Tab

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession
    from tournament_director.services.structures import StructureService


def structure_html(structure: Any, current_index: int | None = None) -> str:
    rows = []
    for index, period in enumerate(structure.periods):
        style = " style='background:#fff59d;color:black;font-weight:bold'" if index == current_index else ""
        minutes = period.duration_seconds // 60
        if hasattr(period, "small_blind"):
            ante = f"{period.ante:,}{' (BB)' if period.big_blind_ante else ''}" if period.ante else ""
            rows.append(f"<tr{style}><td align=right>{period.number}</td><td align=right>{period.small_blind:,}</td>"
                        f"<td align=right>{period.big_blind:,}</td><td align=right>{ante}</td>"
                        f"<td align=right>{minutes} min</td></tr>")
        else:
            rows.append(f"<tr{style}><td colspan=4 align=center><i>{html.escape(period.name)}</i></td>"
                        f"<td align=right>{minutes} min</td></tr>")
    return ("<table cellspacing=0 cellpadding=4><tr><th>Level</th><th>Small blind</th><th>Big blind</th>"
            "<th>Ante</th><th>Length</th></tr>" + "".join(rows) + "</table>")


class StructureTab(Tab):
    """The structure in play and its editor; the templates; "Use this template" loads one through the structure
    service, which keeps what was already played."""

    def __init__(self, session: DirectorSession | None, run: Runs) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Structure template:"))
        self.templates = QComboBox()
        self.templates.setMinimumWidth(220)
        bar.addWidget(self.templates, 1)
        self.apply_button = QPushButton("Use this template")
        self.import_button = QPushButton("Import…")
        self.export_button = QPushButton("Export…")
        self.template_button = QPushButton("Save as template…")
        for button in (self.apply_button, self.import_button, self.export_button, self.template_button):
            bar.addWidget(button)
        layout.addLayout(bar)
        self.file_dialog: Any = None
        self._named_in_play: str | None = None
        self.name_dialog: Any = None
        suggest_bar = QHBoxLayout()
        suggest_bar.addWidget(QLabel("Or suggest one lasting"))
        self.target_hours = QDoubleSpinBox()
        self.target_hours.setRange(1.0, 16.0)
        self.target_hours.setSingleStep(0.5)
        self.target_hours.setValue(5.0)
        self.target_hours.setSuffix(" h")
        self.field_size = QSpinBox()
        self.field_size.setRange(2, 20_000)
        self.field_size.setValue(60)
        self.field_size.setSuffix(" players")
        self.stack = QSpinBox()
        self.stack.setRange(100, 10_000_000)
        self.stack.setSingleStep(1000)
        self.stack.setGroupSeparatorShown(True)
        self.stack.setValue(20_000)
        self.stack.setPrefix("stack ")
        self.suggest_button = QPushButton("Suggest")
        self.use_suggestion_button = QPushButton("Use the suggestion")
        self.use_suggestion_button.setEnabled(False)
        for widget in (self.target_hours, self.field_size, self.stack, self.suggest_button,
                       self.use_suggestion_button):
            suggest_bar.addWidget(widget)
        suggest_bar.addStretch(1)
        layout.addLayout(suggest_bar)
        self._suggestion: tuple[Any, Any] | None = None
        self._suggestion_defaults_for: int | None = None
        self._suggestion_inputs_edited = False
        for spin in (self.target_hours, self.field_size, self.stack):
            spin.editingFinished.connect(lambda: setattr(self, "_suggestion_inputs_edited", True))
        self.in_play = QLabel()
        layout.addWidget(self.in_play)
        panes = QHBoxLayout()
        self.editor = StructureEditor(self.run)
        self.editor.changed.connect(lambda text: self.message.emit(text) if text else None)
        self.preview = QTextBrowser()
        self.preview.setMinimumWidth(400)
        panes.addWidget(self.editor, 3)
        panes.addWidget(self.preview, 2)
        layout.addLayout(panes, 1)
        self.templates.currentIndexChanged.connect(self._show_template)
        self.apply_button.clicked.connect(self.use_selected_template)
        self.import_button.clicked.connect(self.import_structure)
        self.export_button.clicked.connect(self.export_structure)
        self.template_button.clicked.connect(lambda: self.save_as_template())
        self.suggest_button.clicked.connect(self.suggest)
        self.use_suggestion_button.clicked.connect(self.use_suggestion)
        self._fill_templates()
        self._show_template()

    def suggest(self) -> Any:
        """Show a structure for the target length, field and stack (nothing is recorded until it is used)."""
        outcome = self.run(suggested_structure, round(self.target_hours.value() * 60), self.stack.value(),
                           self.field_size.value())
        if not outcome.ok:
            return None
        self._suggestion = outcome.value
        structure = self._suggestion[0]
        self.preview.setHtml(f"<h3>Suggested for {self.target_hours.value():g} h, {self.field_size.value():,} players,"
                             f" {self.stack.value():,} chips</h3>" + structure_html(structure))
        self.use_suggestion_button.setEnabled(True)
        return structure

    def use_suggestion(self) -> bool:
        service = self.session.structures if self.session else None
        if self._suggestion is None or service is None:
            self.message.emit("Open or create a tournament first (Ctrl+N), then suggest a structure")
            return False
        if self.run(service.use, *self._suggestion).ok:
            self.message.emit("Structure in play: the suggested structure")
            return True
        return False

    def _fill_templates(self) -> None:
        chosen = self.templates.currentData()
        self.templates.blockSignals(True)
        self.templates.clear()
        if self.session is not None and self.session.store_is_open:
            for info in self.session.templates.structures():
                self.templates.addItem(info.title, info.key)
        self.templates.setCurrentIndex(max(0, self.templates.findData(chosen)))
        self.templates.blockSignals(False)

    def selected_template(self) -> str | None:
        return self.templates.currentData() or None

    def _show_template(self) -> None:
        key = self.selected_template()
        if key is None:
            self.preview.setPlainText("No templates.")
            return
        try:
            structure, _chips = self.session.templates.load_structure(key)
        except DomainError as error:  # a broken template file (named in the message): say so instead of nothing
            self.preview.setPlainText(str(error))
            return
        self.preview.setHtml(f"<h3>Template: {html.escape(structure.name)}</h3>" + structure_html(structure))

    def _service(self) -> StructureService | None:
        service = self.session.structures if self.session else None
        if service is None:
            self.message.emit("Open or create a tournament first (Ctrl+N)")
        return service

    def use_selected_template(self) -> bool:
        key = self.selected_template()
        service = self._service()
        if key is None or service is None:
            return False
        outcome = self.run(service.use_template, key)
        if outcome.ok:
            self.message.emit(f"Structure in play: {outcome.value.name or self.templates.currentText()}")
        return outcome.ok

    def import_structure(self) -> QFileDialog | None:
        service = self._service()
        if service is None:
            return None
        return self.import_file("Import a structure", "Structures (*.toml)", service.import_file,
                                lambda structure, path: f"Structure in play: {structure.name or path.stem}, "
                                                        f"imported from {path.name}")

    def export_structure(self) -> QFileDialog | None:
        service = self._service()
        if service is None:
            return None
        return self.export_file("Export the structure", "Structures (*.toml)", "structure.toml", service.export_file,
                                lambda saved: f"Structure saved: {saved}")

    def save_as_template(self, title: str | None = None) -> Any:
        """Save the structure in play as the room's template, under ``title`` or the name the director types."""
        service = self._service()
        if service is None:
            return None
        if title is None:
            current = service.in_play()
            self.name_dialog = ask_name(self, "Save as template", "Name of the room's structure:",
                                        current.structure.name if current else "", self.save_as_template)
            return self.name_dialog
        outcome = self.run(service.save_as_template, title)
        if outcome.ok:
            self._fill_templates()
            self.message.emit(f"Saved as the room's structure {outcome.value.title}")
        return outcome.ok

    def refresh(self) -> None:
        clock = self.session.clock if self.session and self.session.tournament_id else None
        floor = self.session.tournament if clock else None
        if self._suggestion_defaults_for != self.session.tournament_id:
            self._suggestion_defaults_for, self._suggestion_inputs_edited = self.session.tournament_id, False
        if floor is not None and not self._suggestion_inputs_edited:   # the director's own figures stay
            self.stack.setValue(floor.settings.starting_stack)
            self.field_size.setValue(max(2, floor.prize_pool().entries or self.field_size.value()))
        structure = self.session.state.schedule.structure if clock else None
        self.editor.show_structure(self.session.structures if structure is not None else None)
        if structure is not None and structure.name != self._named_in_play:
            self._named_in_play = structure.name   # show the template in play, once, when it changes
            for title in (structure.name, f"{structure.name} (room template)"):
                if self.templates.findText(title) >= 0:
                    self.templates.setCurrentIndex(self.templates.findText(title))
                    break
        if structure is None:
            self.in_play.setText("No structure in play yet: choose a template and press “Use this template”.")
            return
        self.in_play.setText(f"<b>In play:</b> {html.escape(structure.name)}   <span style='color:gray'>(select a "
                             "level or break to edit it; the levels already played are greyed out)</span>")
