"""Busting, from the Players tab or the table map alike: the bust dialog for one player (more can be added when
several are out on the same hand), the bust recorded through the floor service, and what it decided told in a
sentence: the places (shared when equal stacks went out together), what the bounties paid, the moves it calls for,
and the end.

When one player is left while late registration is still open, the director is asked whether to close it and
finish the tournament (TDA 8-A): nobody can enter any more once it is over. In a satellite, once no more players
are left than seats, the console says every player left wins a seat and offers to end the satellite there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from tournament_director.services.results import place_text
from tournament_director.services.satellites import SatelliteView, award_seats_text
from tournament_director.ui.console.bust_dialog import BustDialog, candidate

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _seats_left(satellite: SatelliteView) -> str:
    """"3 players left for 3 seats"."""
    players = f"{satellite.players_left} player{'s' if satellite.players_left != 1 else ''}"
    return f"{players} left for {satellite.seats} seat{'s' if satellite.seats != 1 else ''}"


class Busting(QObject):
    proposal_ready = Signal(object)  # the balancing proposal after a bust (a MoveProposal)
    tournament_over = Signal()

    def __init__(self, session: DirectorSession | None, tell: Callable[[str], None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.tell = tell
        self.dialog: BustDialog | None = None
        self.finish_question: QMessageBox | None = None
        self.seats_question: QMessageBox | None = None

    def open_for(self, entry_id: int, parent: QWidget) -> BustDialog | None:
        """The bust dialog for ``entry_id``: the players at his table first among the eliminators."""
        floor = self.session.tournament if self.session else None
        if floor is None:
            return None
        entries = {e.entry_id: e for e in floor.entries() if not e.busted}
        first = entries.get(entry_id)
        if first is None:
            return None
        others = [candidate(e) for e in entries.values() if e.entry_id != entry_id]
        others.sort(key=lambda c: (c[3] != first.table, c[3] or 0, c[2], c[1]))
        dialog = BustDialog(candidate(first), others, self.record, parent)
        dialog.finished.connect(dialog.deleteLater)
        self.dialog = dialog
        dialog.open()
        return dialog

    def record(self, busts: list[tuple[int, list[int], int | None]]) -> str | None:
        """Record the players out on this hand; the refusal's sentence when the floor refuses (nothing changed)."""
        floor = self.session.tournament
        try:
            result = self.session.run(floor.bust_many, busts)
        except Exception as error:  # DomainError: shown in the dialog, which stays open
            return f"Not recorded: {error}"
        self.report(result)
        return None

    def report(self, result: Any) -> None:
        lines = self.session.results.of([v.entry_id for v in result.busted])
        text = self._places_sentence(lines, result)
        winner = self.session.results.winner()
        if winner is not None:
            prize = f", {winner.prize:,}" if winner.prize else ""
            text += f". {winner.name} wins the tournament (1st{prize})"
        bounties = self.session.bust_bounties([v.entry_id for v in result.busted])
        if bounties:
            text += f". {bounties[0].upper()}{bounties[1:]}"
        moves = len(result.proposal.moves)
        if moves:
            text += f"; {moves} move{'s' if moves != 1 else ''} proposed (Tables tab)"
        satellite = self.session.satellite()
        if satellite is not None and satellite.due:
            text += (f". {_seats_left(satellite)}: every player left wins a seat to {satellite.target_name}")
        self.tell(text)
        self.proposal_ready.emit(result.proposal)
        if satellite is not None and satellite.due:
            self.offer_seats(satellite)
        elif result.finished:
            self.tournament_over.emit()
        elif result.one_left:
            self.ask_to_finish()

    @staticmethod
    def _places_sentence(lines: list[Any], result: Any) -> str:
        if not lines:
            return f"{_names([v.name for v in result.busted])} out"
        if len(lines) == 1:
            line = lines[0]
            prize = f", wins {line.prize:,}" if line.prize else ""
            by = f" (eliminated by {_names(list(line.eliminated_by))})" if line.eliminated_by else ""
            return f"{line.name} is out in {line.place_text} place{prize}{by}"
        parts = []
        for span in sorted({(line.place, line.place_to) for line in lines}):
            members = [line for line in lines if (line.place, line.place_to) == span]
            prize = f", {members[0].prize:,} each" if members[0].prize and len(members) > 1 else (
                f", {members[0].prize:,}" if members[0].prize else "")
            if len(members) > 1:
                parts.append(f"{_names([m.name for m in members])} share {place_text(*span)} place{prize} "
                             "(equal stacks, seed 004 T 11)")
            else:
                parts.append(f"{members[0].name} {place_text(*span)}{prize}")
        return "Out on the same hand: " + "; ".join(parts)

    def ask_to_finish(self) -> QMessageBox:
        """One player left, registration open: close it and finish? (asked in a window-modal box)."""
        floor = self.session.tournament
        last = next(e.name for e in floor.entries() if not e.busted)
        parent = self.parent()
        box = QMessageBox(QMessageBox.Icon.Question, "One player left",
                          f"{last} is the only player left, but late registration is still open.\n\n"
                          "Close registration and finish the tournament?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          parent if isinstance(parent, QWidget) else None)
        box.button(QMessageBox.StandardButton.Yes).setText("Close registration and finish")
        box.button(QMessageBox.StandardButton.No).setText("Keep registration open")
        box.setDefaultButton(QMessageBox.StandardButton.No)  # right after a bust, a second Enter finishes nothing
        box.buttonClicked.connect(lambda button: self._finish_answered(box.standardButton(button)))
        box.finished.connect(box.deleteLater)
        self.finish_question = box
        box.open()
        return box

    def offer_seats(self, satellite: SatelliteView) -> QMessageBox:
        """Every player left holds a seat: end the satellite and award them now? (a window-modal box)."""
        parent = self.parent()
        box = QMessageBox(QMessageBox.Icon.Question, "The seats are won",
                          f"{_seats_left(satellite)} to {satellite.target_name}: every player left wins a seat.\n\n"
                          f"End the satellite and enter each winner in {satellite.target_name}, paid by his seat?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          parent if isinstance(parent, QWidget) else None)
        box.button(QMessageBox.StandardButton.Yes).setText("End the satellite and award the seats")
        box.button(QMessageBox.StandardButton.No).setText("Not yet")
        box.setDefaultButton(QMessageBox.StandardButton.No)  # right after a bust, a second Enter awards nothing
        box.buttonClicked.connect(lambda button: self._seats_answered(box.standardButton(button)))
        box.finished.connect(box.deleteLater)
        self.seats_question = box
        box.open()
        return box

    def _seats_answered(self, answer: QMessageBox.StandardButton) -> None:
        if answer != QMessageBox.StandardButton.Yes:
            self.tell("The satellite goes on: award the seats on the Payouts tab when you end it")
            return
        try:
            award = self.session.run(self.session.award_satellite_seats)
        except Exception as error:
            self.tell(f"Refused: {error}")
            return
        self.tell(award_seats_text(award))
        self.tournament_over.emit()

    def _finish_answered(self, answer: QMessageBox.StandardButton) -> None:
        if answer != QMessageBox.StandardButton.Yes:
            self.tell("Registration stays open: the tournament finishes when you close it (Players menu)")
            return
        floor = self.session.tournament
        try:
            self.session.run(floor.close_registration)
        except Exception as error:
            self.tell(f"Refused: {error}")
            return
        winner = self.session.results.winner()
        if winner is not None:
            prize = f", {winner.prize:,}" if winner.prize else ""
            self.tell(f"Registration closed. {winner.name} wins the tournament (1st{prize})")
            self.tournament_over.emit()


__all__ = ["Busting"]
