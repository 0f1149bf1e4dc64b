"""The director's session over a real SQLite file, and the console that shows it (Log tab, undo, redo)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.domain.clock.structure import structure_from_toml
from tournament_director.resources import resource_path
from tournament_director.services.session import DatabaseRefused, DirectorSession
from tournament_director.ui.console.window import MainWindow

ROOT = Path(__file__).resolve().parents[3]


def turbo_payload() -> dict:
    structure, _chips = structure_from_toml(resource_path("structures", "turbo.toml").read_text(encoding="utf-8"))
    return {"structure": structure.to_dict()}


@pytest.fixture
def session(tmp_path: Path):
    opened = DirectorSession.open(tmp_path / "room.sqlite", backup_dir=tmp_path / "backups")
    yield opened
    opened.close()


def test_tournaments_are_created_listed_and_selected_with_notifications(session) -> None:
    topics: list[str] = []
    session.subscribe(topics.append)
    first = session.create_tournament("Monday Turbo")
    second = session.create_tournament("Tuesday Deep Stack")
    assert [t.name for t in session.list_tournaments()] == ["Monday Turbo", "Tuesday Deep Stack"]
    session.select_tournament(second)
    assert session.tournament_id == second and session.tournament_name == "Tuesday Deep Stack"
    assert topics == ["tournaments", "tournaments", "selected"]
    with pytest.raises(DomainError, match="no tournament number 99"):
        session.select_tournament(99)
    assert session.tournament_id == second
    with pytest.raises(DomainError, match="name"):
        session.create_tournament("   ")
    assert first != second


def test_a_command_survives_reopening_and_undo_redo_go_through_the_session(tmp_path: Path) -> None:
    path = tmp_path / "room.sqlite"
    s = DirectorSession.open(path, backup_dir=tmp_path / "b")
    tid = s.create_tournament("Friday")
    s.select_tournament(tid)
    s.run(s.runner.execute, "structure.replaced", turbo_payload())
    assert s.state.schedule.structure is not None
    s.close()

    again = DirectorSession.open(path, backup_dir=tmp_path / "b")
    again.select_tournament(tid)
    assert again.state.schedule.structure is not None
    assert [e.event_type for e in again.history()] == ["structure.replaced"]
    again.undo()
    assert again.state.schedule.structure is None
    assert again.can_redo()
    again.redo()
    assert again.state.schedule.structure is not None
    again.close()


def test_console_log_tab_shows_who_did_what_and_ctrl_z_undoes(qtbot, session, ui_settings, artifacts_dir) -> None:
    tid = session.create_tournament("Friday Night Hold'em")
    session.select_tournament(tid)
    window = MainWindow(session, settings=ui_settings)
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    window.run_command(session.runner.execute, "structure.replaced", turbo_payload())
    assert window.windowTitle().startswith("Friday Night Hold'em")
    window.refresh_stale_tabs()  # the Log tab in the back, as it is drawn when shown
    log = window.log_tab.model
    assert log.rowCount() == 1
    assert log.data(log.index(0, 1)) == "Structure" and log.data(log.index(0, 2)) == "Structure Turbo loaded"
    assert log.data(log.index(0, 3)) == "director"

    window.tabs.setCurrentWidget(window.log_tab)
    assert window.undo_action.shortcut().toString() == "Ctrl+Z"
    assert window.redo_action.shortcut().toString() == "Ctrl+Shift+Z"
    window.undo_action.trigger()
    assert session.state.schedule.structure is None, window.statusBar().currentMessage()
    assert window.log_tab.redo_button.isEnabled()
    assert any(log.data(log.index(r, 4)) == "undone" for r in range(log.rowCount()))
    window.redo_action.trigger()
    assert session.state.schedule.structure is not None
    window.grab().save(str(artifacts_dir / "console-7-log-with-events.png"))


def test_a_refused_command_is_reported_and_records_nothing(qtbot, session, ui_settings, monkeypatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: shown.append(text))
    session.select_tournament(session.create_tournament("Friday"))
    window = MainWindow(session, settings=ui_settings)
    qtbot.addWidget(window)
    assert window.run_command(session.runner.execute, "structure.replaced", {}) is None
    assert shown and "needs the new structure" in shown[0]
    assert session.history() == []


def test_a_corrupt_database_is_refused_naming_the_file_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "broken.sqlite"
    garbage = b"this is not a database" * 100
    path.write_bytes(garbage)
    with pytest.raises(DatabaseRefused) as refused:
        DirectorSession.open(path, backup_dir=tmp_path / "b")
    assert "broken.sqlite" in str(refused.value)
    assert path.read_bytes() == garbage


def test_smoke_test_opens_both_windows_and_exits_zero(tmp_path: Path) -> None:
    code = ("import sys; from pathlib import Path; from tournament_director.app import run_app; "
            f"sys.exit(run_app(Path({str(tmp_path / 'smoke.sqlite')!r}), smoke_test=True))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin",
                               "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")})
    assert done.returncode == 0, done.stderr


def test_smoke_test_on_a_corrupt_database_says_why_and_exits_one(tmp_path: Path) -> None:
    path = tmp_path / "broken.sqlite"
    path.write_bytes(b"garbage" * 500)
    code = ("import sys; from pathlib import Path; from tournament_director.app import run_app; "
            f"sys.exit(run_app(Path({str(path)!r}), smoke_test=True))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin",
                               "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")})
    assert done.returncode == 1
    assert "broken.sqlite" in done.stderr
    assert path.read_bytes() == b"garbage" * 500


def test_a_wizard_plan_sets_up_settings_tables_and_structure_and_a_bad_plan_creates_nothing(session) -> None:
    from tournament_director.services.session import NewTournamentPlan

    with pytest.raises(DomainError, match="no structure template 'hyper'"):
        session.create_from_plan(NewTournamentPlan("Nightly", "hyper"))
    with pytest.raises(DomainError, match="2 to 10 seats"):
        session.create_from_plan(NewTournamentPlan("Nightly", "turbo", seats_per_table=11))
    assert session.list_tournaments() == []

    tid = session.create_from_plan(NewTournamentPlan("Nightly", "turbo", buy_in=60, fee=6, tables=2,
                                                     seats_per_table=8, late_registration_until_level=3))
    assert session.tournament_id == tid
    floor = session.tournament
    assert (floor.settings.buy_in, floor.settings.fee, floor.settings.late_registration_until_level) == (60, 6, 3)
    assert [(t.number, t.seat_count) for t in floor.tables()] == [(1, 8), (2, 8)]
    assert session.state.schedule.structure.name == "Turbo"
    assert [e.event_type for e in session.history()] == ["tournament.configured", "tables.added",
                                                         "structure.replaced"]


def test_floor_figures_give_chips_in_play_and_the_clock_services_average_stack(session) -> None:
    from tournament_director.services.session import NewTournamentPlan

    session.create_from_plan(NewTournamentPlan("Nightly", "turbo", buy_in=50, starting_stack=10_000, tables=1))
    floor = session.tournament
    for name in ("Ana", "Bernard", "Chloé"):
        session.run(floor.register, name)
    session.run(floor.draw_seats)
    session.run(floor.bust, 1, [2])
    figures = session.floor_figures()
    assert (figures.players_left, figures.entries, figures.chips_in_play) == (2, 3, 30_000)
    assert figures.average_stack == session.clock.figures(2, 3, 30_000).average_stack == 15_000
    assert figures.prize_pool == floor.prize_pool().prize_pool == 150
