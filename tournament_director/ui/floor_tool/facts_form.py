"""The facts form: one input widget per fact of the irregularity being ruled on, read back as the values the floor
tool service rules from."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QLineEdit, QSpinBox, QWidget

from tournament_director.domain.errors import DomainError
from tournament_director.services.floor_tool import FactField, IrregularityForm
from tournament_director.ui.floor_tool.widgets import BASE_POINT_SIZE, point_font


class FactsForm(QWidget):
    """Input widgets for the facts of one irregularity, by kind."""

    def __init__(self, form: IrregularityForm, seats: list[int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.irregularity = form
        self.widgets: dict[str, tuple[FactField, QWidget]] = {}
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for fact in form.facts:
            widget = self._widget(fact, seats)
            widget.setFont(point_font(BASE_POINT_SIZE))
            label = QLabel(fact.prompt)
            label.setFont(point_font(BASE_POINT_SIZE))
            label.setWordWrap(True)
            layout.addRow(label, widget)
            label.setBuddy(widget)
            if fact.hint:
                hint = QLabel(fact.hint)
                hint.setWordWrap(True)
                layout.addRow("", hint)
            self.widgets[fact.name] = (fact, widget)

    @staticmethod
    def _widget(fact: FactField, seats: list[int]) -> QWidget:
        if fact.kind == "bool":
            box = QCheckBox()
            box.setChecked(bool(fact.default))
            return box
        if fact.kind == "choice":
            combo = QComboBox()
            combo.addItems(list(fact.choices))
            if fact.default in fact.choices:
                combo.setCurrentText(fact.default)
            return combo
        if fact.kind == "seat":
            combo = QComboBox()
            combo.addItems([str(s) for s in (seats or range(1, 11))])
            return combo
        if fact.kind == "int":
            spin = QSpinBox()
            spin.setRange(0, 99)
            spin.setValue(int(fact.default) if isinstance(fact.default, int) else 1)
            return spin
        edit = QLineEdit()
        edit.setPlaceholderText("e.g. 1 or 2, 5" if fact.kind == "card_numbers" else "e.g. Ah (optional)")
        return edit

    def values(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for name, (fact, widget) in self.widgets.items():
            if isinstance(widget, QCheckBox):
                values[name] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                values[name] = widget.value()
            elif isinstance(widget, QComboBox):
                text = widget.currentText()
                values[name] = int(text) if fact.kind == "seat" else text
            elif isinstance(widget, QLineEdit):
                text = widget.text().strip()
                if fact.kind == "card_numbers":
                    try:
                        values[name] = [int(part) for part in text.replace(",", " ").split()]
                    except ValueError:
                        raise DomainError(f"{fact.prompt}: write card numbers such as '1' or '2, 5'") from None
                elif text:
                    values[name] = text
        return values

    def first_widget(self) -> QWidget | None:
        return next((w for _, w in self.widgets.values()), None)
