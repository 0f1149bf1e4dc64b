"""The ruling panel: the summary in large type, the rule and rulebook, the substantial-action badge, the numbered
procedure and the notes."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget

from tournament_director.services.floor_tool import RulingView
from tournament_director.ui.floor_tool.widgets import BASE_POINT_SIZE, HEADING_POINT_SIZE, NOTE_POINT_SIZE, text_label


class RulingPanel(QWidget):
    """The ruling: summary in large type, rule and rulebook, substantial-action badge, procedure, notes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.summary = text_label(HEADING_POINT_SIZE, bold=True)
        self.rule = text_label(BASE_POINT_SIZE, bold=True)
        self.badge = text_label(BASE_POINT_SIZE, bold=True, wrap=False)
        self.procedure = text_label(BASE_POINT_SIZE)
        self.notes = text_label(NOTE_POINT_SIZE)
        self.notes.setObjectName("help")  # in the theme's muted colour
        for widget in (self.summary, self.rule, self.badge, self.procedure, self.notes):
            layout.addWidget(widget)
        layout.addStretch(1)
        self.show_ruling(None)

    def show_ruling(self, ruling: RulingView | None) -> None:
        if ruling is None:
            for label in (self.summary, self.rule, self.badge, self.procedure, self.notes):
                label.clear()
            self.badge.setStyleSheet("")
            return
        self.summary.setText(ruling.summary)
        self.rule.setText(f"{ruling.rule}  ·  {ruling.rulebook_name}")
        if ruling.substantial_action:
            self.badge.setText(" SUBSTANTIAL ACTION: YES ")
            self.badge.setStyleSheet("background: #c62828; color: white; padding: 4px;")
        else:
            self.badge.setText(" Substantial action: no ")
            self.badge.setStyleSheet("background: #2e7d32; color: white; padding: 4px;")
        self.procedure.setText("\n".join(f"{n}. {step}" for n, step in enumerate(ruling.procedure, start=1)))
        self.notes.setText("\n".join(f"Note: {note}" for note in ruling.notes))
