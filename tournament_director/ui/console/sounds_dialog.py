"""Tools > Sounds and announcements…: the room chooses, per event, a sound and a sentence read aloud.

One row per event (services/sound_scheme.py): its sound (none, one of the program's, or a WAV file of the room's,
"Choose a file…"), the sentence with tokens, and a Test button that plays the row as it stands, at the volume
shown. Below: the volume, the quiet mode, Import…/Export… of the scheme as a TOML file, and Save, which keeps the
scheme with the room's templates. A missing or unreadable file, an unknown token or a broken import is refused
in the line under the rows, naming the problem; nothing is saved until every row reads.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QGridLayout, QHBoxLayout, QLabel, QLineEdit,
    QPushButton, QSlider, QVBoxLayout, QWidget,
)

from tournament_director.domain.errors import DomainError
from tournament_director.services.sound_scheme import (
    COMMON_TOKENS, EVENTS, SHIPPED_SOUNDS, EventCue, SoundScheme, check_sound, check_text, read_scheme_file,
    scheme_to_toml, sound_title,
)
from tournament_director.services.templates import export_toml

CHOOSE_FILE = "Choose a file…"
SAMPLE_VALUES = {  # what Test reads where the open tournament has no value (nothing open, no bust yet)
    "tournament": "Friday Night Hold'em", "level": 3, "small": 200, "big": 400, "ante": 50, "minutes": 20,
    "players": 27, "entries": 40, "player": "Ana Souza", "place": "12th", "prize": 150, "paid": 6, "table": 3,
    "seat": 5, "chips": "25",
}


def tokens_help() -> str:
    """'Tokens at every event: {tournament} {level} …; {minutes} at start, level change, …' from the events."""
    extra: dict[str, list[str]] = {}
    for event in EVENTS:
        for token in event.tokens:
            if token not in COMMON_TOKENS:
                extra.setdefault(token, []).append(event.title.lower())
    parts = [f"{{{token}}} at {', '.join(titles)}" for token, titles in extra.items()]
    return f"Tokens at every event: {' '.join('{' + t + '}' for t in COMMON_TOKENS)}; " + "; ".join(parts)


class SoundRow:
    """The widgets of one event's row."""

    def __init__(self, dialog: SoundsDialog, key: str, title: str, tokens: tuple[str, ...]) -> None:
        self.key = key
        self.label = QLabel(title)
        self.sound = QComboBox()
        self.sound.setAccessibleName(f"Sound for {title.lower()}")
        self.sound.setMinimumContentsLength(14)
        self.sound.addItem("No sound", "")
        for stem, name in SHIPPED_SOUNDS.items():
            self.sound.addItem(name, stem)
        self.sound.addItem(CHOOSE_FILE, None)
        self.label.setBuddy(self.sound)
        self.text = QLineEdit()
        self.text.setAccessibleName(f"Text read at {title.lower()}")
        self.text.setPlaceholderText("Nothing read aloud")
        self.text.setToolTip("Tokens: " + ", ".join("{" + t + "}" for t in tokens))
        self.text.setMinimumWidth(420)
        self.test = QPushButton("Test")
        self.test.setAccessibleName(f"Test {title.lower()}")
        self.test.setToolTip(f"Play {title.lower()} now, as the row stands, at the volume below")
        self._previous = 0
        self.sound.activated.connect(lambda index: dialog.sound_picked(self, index))
        self.test.clicked.connect(lambda: dialog.test(self))

    def set_cue(self, cue: EventCue) -> None:
        for index in reversed(range(self.sound.count())):  # the room's files listed before: only this one stays
            if self.sound.itemData(index) not in ("", None, *SHIPPED_SOUNDS):
                self.sound.removeItem(index)
        self.select_sound(cue.sound)
        self.text.setText(cue.text)

    def select_sound(self, sound: str) -> None:
        index = self.sound.findData(sound)
        if index < 0:  # a file of the room's: listed before "Choose a file…"
            index = self.sound.count() - 1
            self.sound.insertItem(index, sound_title(sound), sound)
            self.sound.setItemData(index, sound, Qt.ItemDataRole.ToolTipRole)
        self.sound.setCurrentIndex(index)
        self._previous = index

    def keep_choice(self) -> None:
        self._previous = self.sound.currentIndex()

    def undo_choice(self) -> None:
        self.sound.setCurrentIndex(self._previous)

    def chosen_sound(self) -> str:
        return self.sound.currentData() or ""


class SoundsDialog(QDialog):
    """The room's sounds and announcements, edited and tested; Save keeps them with the room's templates."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.console = window
        self.setWindowTitle("Sounds and announcements")
        self.setObjectName("soundsDialog")
        self.file_dialog: QFileDialog | None = None
        self.last_test: list[str] = []
        layout = QVBoxLayout(self)
        layout.setSizeConstraint(QVBoxLayout.SizeConstraint.SetMinimumSize)  # never squeezed below its rows
        intro = QLabel("Each event plays its sound and/or reads its text aloud, with the tokens in braces filled "
                       "in: <i>Level {level}: blinds {small} and {big}, ante {ante}</i>")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        grid = QGridLayout()
        grid.setHorizontalSpacing(10)
        for column, heading in enumerate(("Event", "Sound", "Text read aloud", "")):
            if heading:
                title = QLabel(f"<b>{heading}</b>")
                grid.addWidget(title, 0, column)
        self.rows: dict[str, SoundRow] = {}
        for line, event in enumerate(EVENTS, start=1):
            row = SoundRow(self, event.key, event.title, event.tokens)
            grid.addWidget(row.label, line, 0)
            grid.addWidget(row.sound, line, 1)
            grid.addWidget(row.text, line, 2)
            grid.addWidget(row.test, line, 3)
            self.rows[event.key] = row
        grid.setColumnStretch(2, 1)
        layout.addLayout(grid)
        tokens = QLabel(tokens_help())
        tokens.setObjectName("soundsTokens")
        tokens.setWordWrap(True)
        tokens.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(tokens)

        settings = QHBoxLayout()
        volume_label = QLabel("&Volume")
        self.volume = QSlider(Qt.Orientation.Horizontal)
        self.volume.setRange(0, 100)
        self.volume.setPageStep(10)
        self.volume.setAccessibleName("Volume")
        self.volume.setMinimumWidth(220)
        volume_label.setBuddy(self.volume)
        self.volume_value = QLabel()
        self.volume_value.setMinimumWidth(48)
        self.volume.valueChanged.connect(lambda value: self.volume_value.setText(f"{value} %"))
        self.quiet = QCheckBox("&Quiet mode: no sound, nothing read aloud")
        settings.addWidget(volume_label)
        settings.addWidget(self.volume)
        settings.addWidget(self.volume_value)
        settings.addSpacing(24)
        settings.addWidget(self.quiet)
        settings.addStretch(1)
        layout.addLayout(settings)

        self.problem = QLabel()
        self.problem.setObjectName("soundsProblem")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setMinimumHeight(2 * self.problem.fontMetrics().lineSpacing() + 10)  # a refusal squeezes no row
        layout.addWidget(self.problem)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Close)
        self.import_button = self.buttons.addButton("&Import…", QDialogButtonBox.ButtonRole.ActionRole)
        self.export_button = self.buttons.addButton("&Export…", QDialogButtonBox.ButtonRole.ActionRole)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.clicked.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        self.import_button.clicked.connect(lambda: self._ask_file("import"))
        self.export_button.clicked.connect(lambda: self._ask_file("export"))
        layout.addWidget(self.buttons)
        self.show_scheme(window.sound_cues.scheme)
        first = self.rows[EVENTS[0].key].sound
        first.setFocus()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        layout = self.layout()
        if layout is not None:
            layout.invalidate()  # the theme's style sheet reaches the rows only now: make room for them
        self.resize(self.sizeHint().expandedTo(self.size()))

    # --- the rows --------------------------------------------------------------------------------------------
    def show_scheme(self, scheme: SoundScheme) -> None:
        for key, row in self.rows.items():
            row.set_cue(scheme.cue(key))
        self.volume.setValue(scheme.volume)
        self.volume_value.setText(f"{scheme.volume} %")
        self.quiet.setChecked(scheme.quiet)

    def sound_picked(self, row: SoundRow, index: int) -> None:
        if row.sound.itemData(index) is None:  # "Choose a file…"
            row.undo_choice()
            self._ask_file("sound", row)
        else:
            row.keep_choice()

    def use_sound_file(self, row: SoundRow, path: str) -> bool:
        """A file of the room's for ``row``: kept when it reads as a sound, refused naming it otherwise."""
        try:
            sound = check_sound(path)
        except DomainError as error:
            self.say_problem(f"{row.label.text()}: {error}")
            return False
        row.select_sound(sound)
        self.say(f"{row.label.text()}: {sound_title(sound)} chosen (Save keeps it)")
        return True

    def scheme(self) -> SoundScheme:
        """The scheme as the dialog shows it, every row checked (DomainError naming the row and the problem)."""
        cues = {}
        for key, row in self.rows.items():
            try:
                cues[key] = EventCue(check_sound(row.chosen_sound()), check_text(key, row.text.text()))
            except DomainError as error:
                raise DomainError(f"{row.label.text()}: {error}") from None
        return SoundScheme(cues, self.volume.value(), self.quiet.isChecked())

    # --- the buttons -----------------------------------------------------------------------------------------
    def test(self, row: SoundRow) -> list[str]:
        """Play the row now, as it stands (nothing is saved)."""
        try:
            cue = EventCue(check_sound(row.chosen_sound()), check_text(row.key, row.text.text()))
        except DomainError as error:
            self.say_problem(f"{row.label.text()}: {error}")
            return []
        if self.quiet.isChecked():
            self.say("Quiet mode is on: nothing plays (untick it to hear the test)")
            return []
        cues = self.console.sound_cues
        live = {k: v for k, v in cues.values().items() if v is not None}
        self.last_test = cues.room_sounds().play_cue(cue, {**SAMPLE_VALUES, **live}, self.volume.value())
        if not self.last_test:
            self.say(f"{row.label.text()}: nothing to play (no sound, no text)"
                     if not cue.sound and not cue.text else f"{row.label.text()}: no audio output on this computer")
        else:
            spoken = [part for part in self.last_test if part != "sound"]
            what = [sound_title(cue.sound)] if "sound" in self.last_test else []
            what += [f"reading “{spoken[0]}”"] if spoken else []
            self.say(f"{row.label.text()}: {', '.join(what)}")
        return self.last_test

    def save(self) -> bool:
        session = self.console.session
        try:
            if session is None:
                raise DomainError("no database is open: the room's sounds are kept beside it")
            scheme = session.templates.save_sound_scheme(self.scheme())
        except DomainError as error:
            self.say_problem(f"Not saved: {error}")
            return False
        self.show_scheme(scheme)
        self.console.sound_cues.set_scheme(scheme)
        self.say("Saved with the room's templates: these sounds play from now on")
        return True

    def _ask_file(self, purpose: str, row: SoundRow | None = None) -> QFileDialog:
        """A window-modal file dialog (never a nested loop); ``file_dialog`` is the one open."""
        titles = {"sound": f"A sound for {row.label.text().lower()}" if row else "",
                  "import": "Import sounds and announcements", "export": "Export sounds and announcements"}
        kinds = "WAV sounds (*.wav);;All files (*)" if purpose == "sound" else "TOML files (*.toml);;All files (*)"
        dialog = QFileDialog(self, titles[purpose], "", kinds)
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        if purpose == "export":
            dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
            dialog.setDefaultSuffix("toml")
        else:
            dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        if purpose == "sound" and row is not None:
            dialog.fileSelected.connect(lambda path: self.use_sound_file(row, path))
        elif purpose == "import":
            dialog.fileSelected.connect(self.import_file)
        else:
            dialog.fileSelected.connect(self.export_file)
        dialog.finished.connect(dialog.deleteLater)
        self.file_dialog = dialog
        dialog.open()
        return dialog

    def import_file(self, path: str) -> bool:
        try:
            scheme = read_scheme_file(path)
        except DomainError as error:
            self.say_problem(f"Not imported: {error}")
            return False
        self.show_scheme(scheme)
        self.say("Imported: Save keeps these sounds for the room")
        return True

    def export_file(self, path: str) -> bool:
        try:
            written = export_toml(path, scheme_to_toml(self.scheme()))
        except DomainError as error:
            self.say_problem(f"Not exported: {error}")
            return False
        self.say(f"Exported to {written}")
        return True

    # --- the line under the rows -----------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.problem.setStyleSheet("")
        self.problem.setText(text)

    def say_problem(self, text: str) -> None:
        self.problem.setStyleSheet("QLabel#soundsProblem { color: #ffffff; background: #b71c1c; padding: 4px 8px; "
                                   "font-weight: bold; }")
        self.problem.setText(text)


__all__ = ["CHOOSE_FILE", "SAMPLE_VALUES", "SoundRow", "SoundsDialog", "tokens_help"]
