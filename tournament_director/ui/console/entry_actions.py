"""The Players tab's Rebuy, Add-on and Re-entry buttons (and their menu items) as the format and the moment allow:
hidden when the tournament has no such thing, disabled with the reason in the tooltip when the selected entry
cannot do it now, never enabled and then refused. The reasons are the domain's, asked of the settings service.
Beside them, the buy-in option the desk is selling, when the tournament offers more than one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

KEYS = ("rebuy", "add_on", "re_entry")
TITLES = {"rebuy": "Rebuy", "add_on": "Add-on", "re_entry": "Re-entry"}


class EntryActionButtons:
    def __init__(self, session: DirectorSession | None, buttons: dict[str, QPushButton]) -> None:
        self.session = session
        self.buttons = {key: buttons[key] for key in KEYS}
        self.actions: dict[str, QAction] = {}
        self._labels = {key: button.text() for key, button in self.buttons.items()}
        self.states: dict[str, Any] = {}
        self.reasons = QLabel()   # why the buttons shown are off, where the director looks, not only in tooltips
        self.reasons.setWordWrap(True)
        self.reasons.setStyleSheet("color: palette(placeholder-text)")

    def track(self, key: str, action: QAction) -> None:
        """Keep a menu item in step with its button."""
        self.actions[key] = action
        self._apply(key)

    def update(self, entry_id: int | None) -> None:
        service = self.session.settings if self.session is not None else None
        actions = service.entry_actions(entry_id) if service is not None else None
        for key in KEYS:
            self.states[key] = getattr(actions, key) if actions is not None else None
            self._apply(key)
        off = [f"{TITLES[key]}: {state.why}" for key, state in self.states.items()
               if entry_id is not None and state is not None and state.offered and not state.allowed and state.why]
        self.reasons.setText("   ·   ".join(off))

    def allowed(self, key: str) -> bool:
        state = self.states.get(key)
        return state is not None and state.offered and state.allowed

    def why_not(self, key: str) -> str:
        state = self.states.get(key)
        if state is None:
            return "open or create a tournament first (Ctrl+N)"
        return state.why or ""

    def _apply(self, key: str) -> None:
        state = self.states.get(key)
        offered = state is None or state.offered
        allowed = state is not None and state.offered and state.allowed
        tip = "" if allowed else (f"Not now: {state.why}" if state is not None and state.why else "")
        button = self.buttons[key]
        button.setVisible(offered)
        button.setEnabled(allowed)
        button.setToolTip(tip)
        action = self.actions.get(key)
        if action is not None:
            action.setVisible(offered)
            action.setEnabled(allowed)
            action.setToolTip(tip or self._labels[key])
            action.setStatusTip(tip)


class BuyInChoice(QComboBox):
    """The buy-in option of the next registration (shown only when the tournament sells more than one)."""

    def __init__(self, session: DirectorSession | None) -> None:
        super().__init__()
        self.session = session
        self.setToolTip("The buy-in this registration pays for; each entry records it")
        self.setVisible(False)

    def refresh(self) -> None:
        service = self.session.settings if self.session is not None else None
        options = service.buy_in_options() if service is not None else []
        chosen = self.currentData()
        self.blockSignals(True)
        self.clear()
        for option in options:
            self.addItem(f"{option.name}: {option.price:,} for {option.chips:,} chips", option.name)
        self.setCurrentIndex(max(0, self.findData(chosen)))
        self.blockSignals(False)
        self.setVisible(len(options) > 1)

    def option(self) -> str | None:
        """The chosen option's name, None for the standard buy-in."""
        return self.currentData() if not self.isHidden() and self.currentIndex() > 0 else None
