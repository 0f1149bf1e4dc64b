"""The floor tool's house rules: one choice per house option where the rulebooks differ (rules-reference section 3),
each "as the rulebook" unless the house says otherwise (TDA 35-E: a deck a card short plays on, or is fouled).

The choices are kept per program in QSettings, beside the rulebook: they are the card room's standing rules, the
same for every tournament it runs and for a blank table with no tournament open; a recorded ruling names the house
rule it applied, so the tournament's log still tells what was ruled and why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from tournament_director.services.floor_tool import HouseOptionForm
from tournament_director.ui.floor_tool.widgets import BASE_POINT_SIZE, point_font

HOUSE_SETTING = "floor_tool/house/"  # + the option's name; absent = as the rulebook


def saved_house_options(settings: QSettings, forms: Sequence[HouseOptionForm]) -> dict[str, str | None]:
    """The house's choices kept in ``settings``; a value no longer offered counts as "as the rulebook"."""
    chosen: dict[str, str | None] = {}
    for form in forms:
        value = settings.value(HOUSE_SETTING + form.name)
        chosen[form.name] = value if value in dict(form.choices) else None
    return chosen


def save_house_options(settings: QSettings, chosen: dict[str, str | None]) -> None:
    for name, value in chosen.items():
        if value is None:
            settings.remove(HOUSE_SETTING + name)
        else:
            settings.setValue(HOUSE_SETTING + name, value)


def changed_count(forms: Sequence[HouseOptionForm]) -> int:
    """How many options the house rules otherwise than the rulebook."""
    return sum(1 for form in forms if form.chosen is not None and form.chosen != form.rulebook_choice)


class HouseRulesDialog(QDialog):
    """One drop-down per house option; OK calls ``accepted_choices(name -> choice or None)``."""

    def __init__(self, forms: Sequence[HouseOptionForm], rulebook_name: str,
                 accepted_choices: Callable[[dict[str, str | None]], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("House rules")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setFont(point_font(BASE_POINT_SIZE))
        layout = QVBoxLayout(self)
        intro = QLabel(f"Where the rulebooks differ, the house may rule otherwise than {rulebook_name}. "
                       "A ruling that applies a house rule says so.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        rows = QFormLayout()
        self.choices: dict[str, QComboBox] = {}
        for form in forms:
            combo = QComboBox()
            labels = dict(form.choices)
            combo.addItem(f"As the rulebook: {labels[form.rulebook_choice]}", None)
            for value, label in form.choices:
                combo.addItem(label, value)
            combo.setCurrentIndex(max(0, combo.findData(form.chosen)) if form.chosen is not None else 0)
            caption = QLabel(form.label)
            caption.setBuddy(combo)
            rows.addRow(caption, combo)
            self.choices[form.name] = combo
        layout.addLayout(rows)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.buttons = buttons
        self.accepted.connect(lambda: accepted_choices(
            {name: combo.currentData() for name, combo in self.choices.items()}))
