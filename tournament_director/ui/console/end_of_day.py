"""The end of a day in the console's Tournament menu: New multi-day event…, Where the day stops…, End of day: bag and
tag…, Start the next day, Next day from the bags…; and the notice when the tournament in front reaches its set point
(the end of a level, a share or a number of players left), which offers the end of the day."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMessageBox, QWidget

from tournament_director.ui.console.bag_dialog import BagDialog
from tournament_director.ui.console.festival_dialogs import NewFestivalDialog, NextDayDialog, SetPointDialog


def watch_set_points(w: Any) -> None:
    """Tell the director, on any change the console draws, when the tournament in front reaches its set point."""
    w.set_point_seen = set()  # (tournament, why) the director was told of
    w.set_point_notice = None
    w.refresh_listeners.append(lambda _topics: watch_set_point(w))


def _open(w: Any, dialog: Any, name: str) -> Any:
    dialog.finished.connect(dialog.deleteLater)
    setattr(w, name, dialog)
    dialog.open()  # window-modal: the clock keeps running behind it
    return dialog


def open_new_festival(w: Any) -> NewFestivalDialog | None:
    if w.session is None:
        w.tell("No database is open")
        return None
    return _open(w, NewFestivalDialog(w.session, w, w), "new_festival_dialog")


def open_set_point(w: Any) -> SetPointDialog | None:
    if w.session is None or w.session.days is None:
        w.tell("No tournament is open: create one with Ctrl+N")
        return None
    return _open(w, SetPointDialog(w.session, w, w), "set_point_dialog")


def open_bags(w: Any, reason: str = "") -> BagDialog | None:
    if w.session is None or w.session.days is None:
        w.tell("No tournament is open: create one with Ctrl+N")
        return None
    view = w.session.days.view()
    if view.ended is not None:
        w.tell(f"Day {view.day} has ended with the chips bagged: Tournament > Start the next day plays on")
        return None
    return _open(w, BagDialog(w.session, w, w, reason=reason), "bag_dialog")


def start_next_day(w: Any) -> None:
    days = w.session.days if w.session is not None else None
    if days is None:
        w.tell("No tournament is open: create one with Ctrl+N")
        return
    if days.view().festival and days.view().carries_pool:
        w.tell("A flight's survivors play on in the next day of their event: Tournament > Next day from the bags…")
        return
    if w.attempt(days.start_next_day).ok:
        view = days.view()
        w.tell(f"Day {view.day} started: the clock runs on from where the day before stopped")


def open_next_day(w: Any) -> NextDayDialog | None:
    if w.session is None:
        w.tell("No database is open")
        return None
    where = w.session.festivals.day_of(w.session.tournament_id)
    if where is None and not w.session.festivals.all():
        w.tell("No multi-day event yet: Tournament > New multi-day event… creates one")
        return None
    return _open(w, NextDayDialog(w.session, w, w, None if where is None else where.festival.id), "next_day_dialog")


class SetPointNotice(QMessageBox):
    """"Set point reached": End the day… (the bag dialog) or Not yet."""

    def __init__(self, text: str, parent: QWidget) -> None:
        super().__init__(QMessageBox.Icon.Information, "Set point reached", text, QMessageBox.StandardButton.NoButton,
                         parent)
        self.end_day_button = self.addButton("End the day…", QMessageBox.ButtonRole.AcceptRole)
        self.not_yet_button = self.addButton("Not yet", QMessageBox.ButtonRole.RejectRole)


def watch_set_point(w: Any) -> SetPointNotice | None:
    """Once the tournament in front reaches its set point: say so, and offer the end of the day."""
    days = w.session.days if w.session is not None and w.session.tournament_id else None
    why = days.set_point_reached() if days is not None else None
    if why is None or (w.session.tournament_id, why) in w.set_point_seen:
        return None
    w.set_point_seen.add((w.session.tournament_id, why))
    view = days.view()
    where = f"{view.festival}, Day {view.flight}" if view.festival else f"{w.session.tournament_name}, Day {view.day}"
    w.tell(f"{where} has reached its set point: {why}")
    box = SetPointNotice(f"{where} has reached its set point: {why}.\n\nEnd the day now? Play stops, every "
                         "survivor's chips are bagged and counted, and the clock keeps where it stopped.", w)
    box.finished.connect(lambda _r: open_bags(w, why) if box.clickedButton() is box.end_day_button else None)
    box.finished.connect(lambda _r: setattr(w, "set_point_notice", None))
    box.finished.connect(box.deleteLater)
    w.set_point_notice = box
    box.open()
    return box


__all__ = ["SetPointNotice", "open_bags", "open_new_festival", "open_next_day", "open_set_point", "start_next_day",
           "watch_set_point", "watch_set_points"]
