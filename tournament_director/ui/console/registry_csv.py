"""Players > Import players from CSV… / Export players as CSV…: the registry as ``name,nickname,contact``, a
registered player named again in the file merged rather than added twice (services/registry_csv.py).

"Also buy them in", ticked in the import's file chooser, buys every player of the file into the open tournament
the way the desk does when it types his name (the Players tab's registration, one undo step each). Registration
closed is refused before anything is written; a player already entered is named and not bought in again."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QCheckBox, QFileDialog, QGridLayout, QWidget

from tournament_director.domain.errors import DomainError
from tournament_director.domain.reading import read_bytes
from tournament_director.services.registration import registration_open
from tournament_director.services.registry_csv import buy_in_list

if TYPE_CHECKING:
    from tournament_director.services.session import DirectorSession

BUY_IN_TEXT = "Also buy them in"


def _dialog(window: Any, title: str, save: bool, then: Any, below: QWidget | None = None) -> QFileDialog:
    dialog = QFileDialog(window, title, "", "Spreadsheet (*.csv);;All files (*)")
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave if save else QFileDialog.AcceptMode.AcceptOpen)
    if not save:
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.selectFile("players.csv")
    dialog.fileSelected.connect(lambda path: then(window, Path(path)))
    dialog.finished.connect(dialog.deleteLater)
    if below is not None:   # under the chooser's buttons, across its width
        layout = dialog.layout()
        if isinstance(layout, QGridLayout):  # Qt's own file dialog lays itself out on a grid
            layout.addWidget(below, layout.rowCount(), 0, 1, layout.columnCount())
    window.registry_file_dialog = dialog
    dialog.open()
    return dialog


def import_players(window: Any, path: Path, buy_in: bool = False) -> Any:
    """Add the file's players to the registry and, with ``buy_in``, buy each into the open tournament."""
    session = window.session
    try:
        if buy_in:
            _check_can_buy_in(session)
        report = session.leagues.import_players_csv(read_bytes(path), path.name)
    except DomainError as problem:
        window.show_error(problem)
        return None
    session.notify("players")
    said = f"Players from {path.name}: {report.added} added, {report.merged} merged with a registered player"
    if buy_in:
        said += _buy_in(window, report.players)
    window.tell(said)
    return report


def _check_can_buy_in(session: DirectorSession) -> None:
    if session.tournament is None:
        raise DomainError("Open or create a tournament first (Ctrl+N): there is none to buy the players into. "
                          "Nothing was imported.")
    if not registration_open(session.state.floor, session.settings.moment()):
        raise DomainError("Registration is closed (late registration ended): the players cannot buy in. Nothing "
                          "was imported; untick “Also buy them in” to add them to the registry only.",
                          rule="TDA 8-A")


def _buy_in(window: Any, players: Any) -> str:
    """Each player registered as the desk registers a typed name; what happened, to add to the status line."""
    tab = window.players_tab
    floor = window.session.tournament
    listed = buy_in_list(players, floor.entries())
    bought = 0
    for name, player_id in listed.to_buy_in:
        if not tab.run(floor.register, name, player_id, option=tab.buy_in_choice.option()).ok:
            break   # the refusal was shown; the players before it stay bought in
        bought += 1
    said = f"; {bought} bought in"
    if bought < len(listed.to_buy_in):
        said += f", {len(listed.to_buy_in) - bought} not (refused, see above)"
    if listed.already_in:
        names = ", ".join(listed.already_in)
        window.show_error(DomainError(f"Not bought in, already entered in this tournament: {names}"))
        said += f"; already entered: {names}"
    return said


def export_players(window: Any, path: Path) -> Path:
    path.write_text(window.session.leagues.export_players_csv(), encoding="utf-8")
    window.tell(f"The player registry saved as {path}")
    return path


def choose_import(window: Any) -> QFileDialog:
    """The file chooser with the "Also buy them in" box below its buttons."""
    box = QCheckBox(BUY_IN_TEXT + " (each a buy-in of the open tournament, as if typed at the desk)")
    box.setEnabled(window.session is not None and window.session.tournament is not None)
    window.registry_buy_in = box
    return _dialog(window, "Import players from CSV", False,
                   lambda window, path: import_players(window, path, buy_in=box.isChecked()), below=box)


def choose_export(window: Any) -> QFileDialog:
    return _dialog(window, "Export players as CSV", True, export_players)
