"""The child a crash test kills: twenty players seated on FOLDER/room.sqlite, the clock started, and the clock's
heartbeat written every half second, as the console's repaint timer writes it, until SIGKILL ends it.

Run as ``python crash_clock_child.py FOLDER``; it prints ``running`` (flushed) once the clock runs.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tests.ui.tournament_setup import open_session, seated_tournament


def main() -> None:
    session = open_session(Path(sys.argv[1]))
    seated_tournament(session)
    session.run(session.clock.start)
    session.heartbeat(force=True)
    sys.stdout.write("running\n")
    sys.stdout.flush()
    while True:
        time.sleep(0.5)
        session.heartbeat(force=True)


if __name__ == "__main__":
    main()
