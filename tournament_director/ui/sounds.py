"""Sounds for the clock: a chime at a level change, another at a break, a short beep for the warnings, a call
when a table station calls the floor,
and an optional spoken announcement ("Blinds are now 400, 800, ante 800").

The sounds are WAV files in resources/sounds/ played by the platform's player (ui/sound_output.py). Speech uses
QTextToSpeech where the machine has an engine with a voice; where it has none the announcer logs a note once and
stays quiet, so a card room without speech loses nothing else.

``RoomSounds`` plays the room's own scheme (services/sound_scheme.py): per event its sound and its sentence, at
the room's volume, nothing at all in quiet mode. Its ``Speaker`` reads the sentences with espeak-ng where it is
installed (Debian's espeak-ng; scripts/system-deps.sh installs it): espeak-ng writes the sentence as a WAV file
that plays through the same path as the sounds, so a sentence follows the room's volume and audio
output exactly as a chime does, and it speaks without a speech daemon (Qt's QTextToSpeech on Linux needs
speech-dispatcher running, and reports no voice without it). Where espeak-ng is missing (Windows, macOS) the
Speaker falls back on QTextToSpeech and the platform's own voice.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QTemporaryDir, QTimer, Signal

from tournament_director.resources import resource_path
from tournament_director.services.sound_scheme import EventCue, SoundScheme, fill, sound_file
from tournament_director.ui.sound_output import WavSound, output_available

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
        self.has_output = output_available()
        if not self.has_output:
            log.info("no sound player on this computer: the clock will be silent")
        self._effects = {file_name: WavSound(resource_path("sounds", file_name), volume)
                         for file_name in sorted(set(SOUND_FILES.values()))}

    def effect_for(self, kind: str) -> WavSound | None:
        file_name = SOUND_FILES.get(kind)
        return self._effects.get(file_name) if file_name else None

    def play(self, kind: str) -> bool:
        """Play the sound for one event kind; False when it has none or the sound is muted."""
        effect = self.effect_for(kind)
        if effect is None or self.muted or not self.has_output:
            return False
        return effect.play()

    def play_events(self, events: Iterable[Any]) -> int:
        """Play once per kind among the events of one tick (two warnings at once make one beep)."""
        kinds = []
        for event in events:
            kind = getattr(event, "kind", event)
            if kind not in kinds:
                kinds.append(kind)
        return sum(1 for kind in kinds if self.play(kind))

    def all_loaded(self) -> bool:
        return all(e.ready for e in self._effects.values())

    def any_failed(self) -> bool:
        return any(e.error for e in self._effects.values())


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


class Speaker(QObject):
    """Reads sentences aloud: espeak-ng writes each as a WAV file, played at the given volume; QTextToSpeech where
    espeak-ng is not installed. ``spoken`` carries each sentence once it is ready to play (espeak-ng) or handed to
    the engine (QTextToSpeech); ``failed`` the reason a sentence could not be read."""

    spoken = Signal(str)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None, *, program: str | None = None,
                 engine: str | None = None) -> None:
        super().__init__(parent)
        self.program = program if program is not None else (shutil.which("espeak-ng") or "")
        self._engine = engine
        self._fallback: Announcer | None = None
        self._folder = QTemporaryDir()
        self._count = 0
        self._not_before = 0.0  # time.monotonic() before which the sentence waits (the event's sound plays)
        # espeak-ng runs as a plain child process that a timer looks at, so no socket notifier of Qt's watches its
        # pipes: a QProcess deleted from its own finished signal is not safe under PySide6, and the event loop was
        # seen polling a closed descriptor without end.
        self._writing: tuple[subprocess.Popen[bytes], Path, str, float] | None = None
        self._watch = QTimer(self)
        self._watch.setInterval(15)
        self._watch.timeout.connect(self._look_at_the_writer)
        self.effect: WavSound | None = None  # the sentence written last (espeak-ng)
        self._voice_after = QTimer(self)  # the sentence waits for the event's sound to end
        self._voice_after.setSingleShot(True)
        self._voice_after.setTimerType(Qt.TimerType.PreciseTimer)  # a coarse timer may fire 5 % early
        self._voice_after.timeout.connect(self._play_the_sentence)
        self.last_file: Path | None = None
        self.last_said = ""

    @property
    def uses_espeak(self) -> bool:
        return bool(self.program)

    def say(self, text: str, volume: float, *, after_ms: int = 0) -> bool:
        """Start reading ``text`` (a sentence read before is cut short), ``after_ms`` from now at the earliest (once
        the event's sound has played); False when no voice can read it."""
        if not text.strip():
            return False
        self._not_before = time.monotonic() + after_ms / 1000
        if not self.uses_espeak:
            if after_ms:
                QTimer.singleShot(after_ms, lambda: self._say_with_qt(text, volume))
                return self._fallback_announcer().available
            return self._say_with_qt(text, volume)
        self._stop_writing()
        self._count += 1
        path = Path(self._folder.path()) / f"sentence-{self._count}.wav"
        try:
            process = subprocess.Popen([self.program, "-w", str(path), "--stdin"], stdin=subprocess.PIPE,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        except OSError as error:
            self.failed.emit(f"espeak-ng did not start ({error.strerror or error})")
            return False
        try:
            process.stdin.write(text.encode("utf-8"))
            process.stdin.close()
        except OSError:  # espeak-ng ended at once: its exit code and message say why
            pass
        self._writing = (process, path, text, volume)
        self._watch.start()
        return True

    def stop(self) -> None:
        """Stop the sentence being written or played."""
        self._stop_writing()
        self._voice_after.stop()
        if self.effect is not None:
            self.effect.close()

    def _stop_writing(self) -> None:
        """Cut short a sentence still being written (a newer one is to be read)."""
        if self._writing is not None:
            process = self._writing[0]
            process.kill()
            process.wait(timeout=1)
            process.stderr.close()
            self._writing = None
        self._watch.stop()

    def _look_at_the_writer(self) -> None:
        if self._writing is None or self._writing[0].poll() is None:
            return
        self._watch.stop()
        process, path, text, volume = self._writing
        self._writing = None
        with process.stderr:
            error = process.stderr.read().decode("utf-8", "replace").strip()
        self._written(process.returncode, error, path, text, volume)

    def _written(self, code: int, error: str, path: Path, text: str, volume: float) -> None:
        if code != 0 or not path.is_file():
            self.failed.emit(f"espeak-ng could not read the sentence ({error or f'exit code {code}'})")
            return
        self._voice_after.stop()
        if self.effect is not None:
            self.effect.close()
        if self.last_file is not None:
            self.last_file.unlink(missing_ok=True)  # one sentence on disk at a time, however long the night
        self.effect = WavSound(path, volume)
        if self.effect.error:
            self.failed.emit(f"the sentence could not be played: {self.effect.error}")
            return
        self.last_file, self.last_said = path, text
        wait_ms = int((self._not_before - time.monotonic()) * 1000)
        if wait_ms > 0:
            self._voice_after.start(wait_ms)
        else:
            self.effect.play()
        self.spoken.emit(text)

    def _play_the_sentence(self) -> None:
        if self.effect is not None:
            self.effect.play()

    def _fallback_announcer(self) -> Announcer:
        if self._fallback is None:
            self._fallback = Announcer(self, engine=self._engine)
        return self._fallback

    def _say_with_qt(self, text: str, volume: float) -> bool:
        announcer = self._fallback_announcer()
        if not announcer.available:
            self.failed.emit(f"no voice reads the sentences: {announcer.unavailable_reason}")
            return False
        announcer._speech.setVolume(volume)
        announcer.say(text)
        self.last_said = text
        self.spoken.emit(text)
        return True


class RoomSounds(QObject):
    """The room's scheme played: for an event, its sound and its sentence (tokens filled in), at the room's volume;
    nothing in quiet mode or without an audio output."""

    def __init__(self, scheme: SoundScheme, parent: QObject | None = None, *,
                 speaker: Speaker | None = None) -> None:
        super().__init__(parent)
        self.scheme = scheme
        self.has_output = output_available()
        if not self.has_output:
            log.info("no sound player on this computer: the room's sounds will be silent")
        self.speaker = speaker if speaker is not None else Speaker(self)
        self._effects: dict[str, WavSound] = {}
        self.last_effect: WavSound | None = None

    def effect_for(self, sound: str) -> WavSound | None:
        """The read sound of a shipped sound or a room's file; None for no sound."""
        path = sound_file(sound)
        if path is None:
            return None
        effect = self._effects.get(str(path))
        if effect is None:
            effect = self._effects[str(path)] = WavSound(path)
        return effect

    def stop(self) -> None:
        """Silence everything now (the console closing): the sounds playing and the sentence read or being written."""
        for effect in self._effects.values():
            effect.stop()
        self.speaker.stop()

    def play(self, key: str, values: dict[str, Any]) -> list[str]:
        """Play event ``key`` of the scheme; what was done ("sound", and the sentence read), [] when silent."""
        if self.scheme.quiet:
            return []
        return self.play_cue(self.scheme.cue(key), values, self.scheme.volume)

    def play_cue(self, cue: EventCue, values: dict[str, Any], volume: int) -> list[str]:
        """Play one cue now at ``volume`` percent (the dialog's Test button); what was done."""
        done: list[str] = []
        effect = self.effect_for(cue.sound)
        sound_ms = 0
        if effect is not None and self.has_output:
            effect.volume = volume / 100
            if effect.play():
                self.last_effect = effect
                sound_ms = effect.length_ms
                done.append("sound")
        sentence = fill(cue.text, values) if cue.text else ""
        if sentence and self.speaker.say(sentence, volume / 100, after_ms=sound_ms):
            done.append(sentence)
        return done


__all__ = ["SOUND_FILES", "Announcer", "ClockSounds", "RoomSounds", "Speaker", "announcement_for"]
