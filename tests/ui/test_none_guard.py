"""The program survives a twelve-hour evening on a PySide6 build that drops references to None (6.12.0 on
Python 3.11 aborts the interpreter after some ten minutes of a running clock without the guard)."""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QObject

from tournament_director.ui.none_guard import NoneReferenceGuard, none_references_lost_per_call


def _drop_references_to_none(count: int) -> None:
    """What the faulty build does on each void call, done here on purpose so the test runs on any build."""
    decrement = ctypes.pythonapi.Py_DecRef
    decrement.argtypes = [ctypes.py_object]
    for _ in range(count):
        decrement(None)


def test_lost_references_to_none_are_given_back(qapp) -> None:
    guard = NoneReferenceGuard()
    guard.top_up()
    level = sys.getrefcount(None)
    _drop_references_to_none(500)
    assert sys.getrefcount(None) <= level - 500 + 5
    assert guard.top_up() >= 490
    assert sys.getrefcount(None) >= level - 5


def test_many_qt_calls_under_the_guard_leave_none_alive(qapp) -> None:
    guard = NoneReferenceGuard()
    level = sys.getrefcount(None)
    probe = QObject()
    for _ in range(20):
        for _ in range(1000):
            probe.setObjectName("clock")
        guard.top_up()
    assert sys.getrefcount(None) >= level - 5


def test_measuring_the_fault_costs_no_references(qapp) -> None:
    level = sys.getrefcount(None)
    lost = none_references_lost_per_call()
    assert lost >= 0
    assert sys.getrefcount(None) >= level - 5
