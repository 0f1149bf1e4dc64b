"""The program as started by ``run_app`` runs the wall-clock jobs: late registration closes at its time of day on a
real database, through the app's own wiring (a separate process, with its own settings folder)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from datetime import datetime
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]

PROGRAM = textwrap.dedent("""
    import sys
    from pathlib import Path
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from tournament_director.app import run_app
    from tournament_director.services.session import DirectorSession, NewTournamentPlan

    database, until = Path(sys.argv[1]), sys.argv[2]
    session = DirectorSession.open(database)
    session.create_from_plan(NewTournamentPlan("Tuesday Turbo", "turbo", tables=1))
    floor = session.tournament
    session.run(floor.configure, {**floor.settings.to_dict(), "late_registration_until_time": until})
    session.close()

    app = QApplication(sys.argv[:1])
    QTimer.singleShot(1500, app.quit)  # the director closes the program after a moment
    run_app(database)

    again = DirectorSession.open(database)
    again.select_tournament(again.list_tournaments()[-1].id)
    print("closed" if again.state.floor.registration_closed else "open")
    again.close()
""")


def test_the_running_program_closes_late_registration_at_its_time_of_day(tmp_path: Path) -> None:
    now = datetime.now().astimezone()
    if now.hour == 0 and now.minute == 0:
        pytest.skip("the current minute would not be today's")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    result = subprocess.run([sys.executable, "-c", PROGRAM, str(tmp_path / "room.sqlite"), now.strftime("%H:%M")],
                            cwd=PROJECT, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "closed"
