"""The floor tool's two pages (the hand, the ruling), one shown at a time."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget


class Pages(QWidget):
    """Shows one of its pages. Unlike QStackedWidget it lets word-wrapped labels take the height they need."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._pages: list[QWidget] = []
        self._current = 0

    def addWidget(self, page: QWidget) -> None:  # noqa: N802 - the QStackedWidget name
        self._pages.append(page)
        self._layout.addWidget(page)
        page.setVisible(len(self._pages) == 1)

    def setCurrentIndex(self, index: int) -> None:  # noqa: N802
        self._current = index
        # Hide the old page before showing the new one: for a moment both visible would ask for the height of
        # both, and the window would grow past the bottom of the screen.
        for k, page in enumerate(self._pages):
            if k != index:
                page.setVisible(False)
        self._pages[index].setVisible(True)

    def currentIndex(self) -> int:  # noqa: N802
        return self._current
