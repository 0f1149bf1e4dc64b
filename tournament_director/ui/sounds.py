"""Sounds for the clock: a chime at a level change, another at a break, a short beep for the warnings, a call
when a table station calls the floor,
and an optional spoken announcement ("Blinds are now 400, 800, ante 800").

The sounds are WAV files in data/sounds/ played through QSoundEffect. Speech uses QTextToSpeech
where the machine has an engine with a voice; where it has none the announcer logs a note once and
stays quiet, so a card room without speech loses nothing else.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QObject, QUrl
from PySide6.QtMultimedia import QMediaDevices, QSoundEffect

from tournament_director.resources import resource_path

log = logging.getLogger(__name__)

SOUND_FILES = {
    "level_changed": "level_change.wav",
    "break_ended": "level_change.wav",
    "break_started": "break.wav",
    "one_minute_warning": "warning.wav",
    "last_level_before_break": "warning.wav",
    "floor_called": "floor_call.wav",  # a table station calls the floor (ui/console/floor_call_alert.py)
}


def announcement_for(level: Any) -> str:
    """The sentence read out at a level change: 'Blinds are now 400, 800, ante 800'."""
    if getattr(level, "betting", "no_limit") == "fixed_limit" and getattr(level, "small_bet", None):
        return f"Limits are now {level.small_bet}, {level.big_bet}"
    text = f"Blinds are now {level.small_blind}, {level.big_blind}"
    if getattr(level, "ante", 0):
        text += f", {'big blind ante' if getattr(level, 'big_blind_ante', False) else 'ante'} {level.ante}"
    return text


class ClockSounds(QObject):
    """Plays the sound for each clock event the clock service's tick() returns."""

    def __init__(self, parent: QObject | None = None, *, volume: float = 0.8, muted: bool = False) -> None:
        super().__init__(parent)
        self.muted = muted
        self.has_output = bool(QMediaDevices.audioOutputs())
        if not self.has_output:
            log.info("no audio output device: the clock will be silent")
        self._effects: dict[str, QSoundEffect] = {}
        for file_name in sorted(set(SOUND_FILES.values())):
            effect = QSoundEffect(self)
            effect.setSource(QUrl.fromLocalFile(str(resource_path("sounds", file_name))))
            effect.setVolume(volume)
            self._effects[file_name] = effect

    def effect_for(self, kind: str) -> QSoundEffect | None:
        file_name = SOUND_FILES.get(kind)
        return self._effects.get(file_name) if file_name else None

    def play(self, kind: str) -> bool:
        """Play the sound for one event kind; False when it has none or the sound is muted."""
        effect = self.effect_for(kind)
        if effect is None or self.muted or not self.has_output:
            return False
        effect.play()
        return True

    def play_events(self, events: Iterable[Any]) -> int:
        """Play once per kind among the events of one tick (two warnings at once make one beep)."""
        kinds = []
        for event in events:
            kind = getattr(event, "kind", event)
            if kind not in kinds:
                kinds.append(kind)
        return sum(1 for kind in kinds if self.play(kind))

    def all_loaded(self) -> bool:
        return all(e.status() == QSoundEffect.Status.Ready for e in self._effects.values())

    def any_failed(self) -> bool:
        return any(e.status() == QSoundEffect.Status.Error for e in self._effects.values())


class Announcer(QObject):
    """Reads level changes aloud where a speech engine with a voice exists; otherwise stays silent."""

    def __init__(self, parent: QObject | None = None, *, engine: str | None = None) -> None:
        super().__init__(parent)
        self._speech: Any = None
        self.unavailable_reason = ""
        self.last_said = ""  # the latest sentence handed to the speech engine (shown in the console's log)
        try:
            from PySide6.QtTextToSpeech import QTextToSpeech
        except ImportError:  # pragma: no cover - PySide6 without the speech module
            self._give_up("the Qt speech module is not installed")
            return
        engines = QTextToSpeech.availableEngines()
        if engine is not None and engine not in engines:
            self._give_up(f"speech engine {engine!r} is not available (found: {', '.join(engines) or 'none'})")
            return
        if not engines:
            self._give_up("no speech engine is installed")
            return
        speech = QTextToSpeech(engine, self) if engine else QTextToSpeech(self)
        if speech.state() == QTextToSpeech.State.Error or not speech.availableVoices():
            self._give_up(f"the speech engine has no voice ({speech.errorString() or 'no voices'})")
            return
        self._speech = speech

    @property
    def available(self) -> bool:
        return self._speech is not None

    def say(self, text: str) -> bool:
        if self._speech is None:
            return False
        self._speech.say(text)
        self.last_said = text
        return True

    def announce_level(self, level: Any) -> bool:
        return self.say(announcement_for(level))

    def _give_up(self, reason: str) -> None:
        self.unavailable_reason = reason
        log.info("spoken announcements are off: %s", reason)


__all__ = ["ClockSounds", "Announcer", "announcement_for", "SOUND_FILES"]
