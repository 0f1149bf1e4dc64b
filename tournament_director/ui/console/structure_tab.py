"""The Structure tab: the structure in play, the shipped templates, and a suggested structure for a target
length, field and stack."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
)

from tournament_director.domain.clock.structure import structure_from_toml
from tournament_director.services.clock import suggested_structure
from tournament_director.ui.console.dialogs import template_title
from tournament_director.ui.console.tab import Tab, shipped_templates


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
    """The structure in play and the shipped templates; "Use this template" loads one through the clock service."""

    folder = "structures"

    def __init__(self, session: Any, run: Callable[..., Any]) -> None:
        super().__init__(session, run)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Structure template:"))
        self.templates = QComboBox()
        for path in shipped_templates(self.folder):
            self.templates.addItem(template_title(path.stem), str(path))
        bar.addWidget(self.templates, 1)
        self.apply_button = QPushButton("Use this template")
        bar.addWidget(self.apply_button)
        layout.addLayout(bar)
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
        self.current = QTextBrowser()
        self.preview = QTextBrowser()
        panes.addWidget(self.current, 1)
        panes.addWidget(self.preview, 1)
        layout.addLayout(panes, 1)
        self.templates.currentIndexChanged.connect(self._show_template)
        self.apply_button.clicked.connect(self.use_selected_template)
        self.suggest_button.clicked.connect(self.suggest)
        self.use_suggestion_button.clicked.connect(self.use_suggestion)
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
        clock = self.session.clock if self.session else None
        if self._suggestion is None or clock is None:
            self.message.emit("Open or create a tournament first (Ctrl+N), then suggest a structure")
            return False
        if self.run(clock.load_structure, *self._suggestion).ok:
            self.message.emit("Structure in play: the suggested structure")
            return True
        return False

    def selected_template(self) -> Path | None:
        data = self.templates.currentData()
        return Path(data) if data else None

    def _show_template(self) -> None:
        path = self.selected_template()
        if path is None:
            self.preview.setPlainText("No templates shipped.")
            return
        try:
            structure, _chips = structure_from_toml(path.read_text(encoding="utf-8"))
        except Exception as error:  # a broken template file: say so instead of showing nothing
            self.preview.setPlainText(f"{path.name}: {error}")
            return
        self.preview.setHtml(f"<h3>Template: {html.escape(structure.name)}</h3>" + structure_html(structure))

    def use_selected_template(self) -> bool:
        path = self.selected_template()
        clock = self.session.clock if self.session else None
        if path is None or clock is None:
            self.message.emit("Open or create a tournament first (Ctrl+N)")
            return False
        if self.run(clock.load_template, path.stem).ok:
            self.message.emit(f"Structure in play: {template_title(path.stem)}")
            return True
        return False

    def refresh(self) -> None:
        clock = self.session.clock if self.session and self.session.tournament_id else None
        floor = self.session.tournament if clock else None
        if self._suggestion_defaults_for != self.session.tournament_id:
            self._suggestion_defaults_for, self._suggestion_inputs_edited = self.session.tournament_id, False
        if floor is not None and not self._suggestion_inputs_edited:   # the director's own figures stay
            self.stack.setValue(floor.settings.starting_stack)
            self.field_size.setValue(max(2, floor.prize_pool().entries or self.field_size.value()))
        structure = getattr(getattr(self.session.state, "schedule", None), "structure", None) if clock else None
        if structure is None:
            self.in_play.setText("No structure in play yet: choose a template and press “Use this template”.")
            self.current.setHtml("")
            return
        view = clock.view()
        self.in_play.setText(f"<b>In play:</b> {html.escape(structure.name)}")
        self.current.setHtml(f"<h3>In play: {html.escape(structure.name)}</h3>"
                             + structure_html(structure, view.period_index if view else None))
