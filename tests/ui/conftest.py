"""Shared set-up for the console and projector tests: headless Qt (the settings and the screenshots folder are
the whole suite's, tests/conftest.py)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def refusals(monkeypatch) -> list[str]:
    """A refusal box would wait for a click: the text of each one is recorded instead, for the test to check."""
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: shown.append(text))
    return shown


@pytest.fixture(autouse=True)
def _a_loop_polling_a_closed_socket_ends_the_run(request):
    """Qt disables a socket notifier whose descriptor was closed, with one warning; the same warning without end
    means the event loop spins on it, and pytest-qt keeps each message in memory until the machine runs out. The run
    then stops at once, saying which notifiers and descriptors the process had, instead of hanging for an hour."""
    if "qtbot" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("qtbot")  # pytest-qt's own message handler first, this one in front of it
    from PySide6.QtCore import qInstallMessageHandler

    seen = [0]
    previous = None

    def handle(mode, context, message) -> None:
        if "QSocketNotifier: Invalid socket" in message:
            seen[0] += 1
            if seen[0] == 1000:
                request.config.pluginmanager.getplugin("capturemanager").suspend_global_capture(in_=True)
                _stop_the_run(request.node.nodeid, message)
        if previous is not None:
            previous(mode, context, message)

    previous = qInstallMessageHandler(handle)
    yield
    qInstallMessageHandler(previous)


def _stop_the_run(test: str, message: str) -> None:
    import gc
    import sys

    from PySide6.QtCore import QSocketNotifier

    import faulthandler
    import threading

    from PySide6.QtCore import QCoreApplication, QThread

    out = sys.stderr
    out.write(f"\n{test}: the event loop polls a closed descriptor without end ({message})\n")
    thread = QThread.currentThread()
    out.write(f"  in thread {threading.current_thread().name!r} (Qt: {thread.objectName()!r}, "
              f"{'the GUI thread' if thread == QCoreApplication.instance().thread() else 'not the GUI thread'})\n")
    out.flush()
    faulthandler.dump_traceback(out, all_threads=True)
    for thing in gc.get_objects():
        if isinstance(thing, QSocketNotifier):
            try:
                out.write(f"  notifier on {thing.socket()} ({thing.type()}), enabled {thing.isEnabled()}, "
                          f"parent {thing.parent()!r}\n")
            except RuntimeError:  # its C++ side is gone
                continue
    for fd in sorted(os.listdir("/proc/self/fd"), key=int):
        try:
            out.write(f"  descriptor {fd}: {os.readlink(f'/proc/self/fd/{fd}')}\n")
        except OSError:
            continue
    out.flush()
    os._exit(3)
