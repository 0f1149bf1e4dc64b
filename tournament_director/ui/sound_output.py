"""The sound output: a WAV file played by the platform's own player in a child process, at a volume of its own.

On Linux the player is PulseAudio's ``paplay`` (PipeWire serves it too), else PipeWire's ``pw-play``, else ALSA's
``aplay``; on macOS ``afplay``; on Windows the system's own ``winsound``. A child process rather than Qt Multimedia's
sound effects: their real-time audio engine (Qt 6.10 and later) was seen leaving a notifier on a descriptor it had
closed, and the console's event loop then polled it without end, the clock frozen. Whatever the sound server does,
a player in another process cannot stop the clock.

The volume is applied to the samples themselves (a copy of the file at that volume), so every player plays it
alike.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
import tempfile
import time
import wave
from array import array
from pathlib import Path

log = logging.getLogger(__name__)

_scaled_folder: tempfile.TemporaryDirectory[str] | None = None


def player_command() -> list[str] | None:
    """The command that plays a WAV file given after it; None where the platform plays it itself (Windows) or
    where no player is installed (then ``output_available()`` is False)."""
    if sys.platform == "win32":
        return None
    if sys.platform == "darwin":
        return ["afplay"] if shutil.which("afplay") else None
    for program, options in (("paplay", []), ("pw-play", []), ("aplay", ["-q"])):
        found = shutil.which(program)
        if found:
            return [found, *options]
    return None


def output_available() -> bool:
    """Whether this computer has a way to play sounds at all."""
    return sys.platform == "win32" or player_command() is not None


class WavSound:
    """One WAV file, read and checked once, played (again and again) at ``volume`` (0 to 1).

    ``error`` says why it cannot play ("" when it can); ``play()`` cuts short the same sound still playing, as a
    second chime of the same level change would."""

    def __init__(self, path: Path, volume: float = 1.0) -> None:
        self.path = Path(path)
        self.volume = volume
        self.error = ""
        self.length_ms = 0
        self._params: wave._wave_params | None = None
        self._scaled: tuple[float, Path] | None = None  # the copy at the volume last played
        self._process: subprocess.Popen[bytes] | None = None
        self._windows_until = 0.0  # winsound cannot be asked: when the sound it plays ends
        try:
            with wave.open(str(self.path), "rb") as sound:
                self._params = sound.getparams()
        except (OSError, EOFError, wave.Error) as error:
            self.error = f"{self.path.name} cannot be played ({error})"
            return
        if self._params.sampwidth not in (1, 2):
            self.error = f"{self.path.name} cannot be played (only 8- and 16-bit WAV files are)"
            return
        self.length_ms = int(1000 * self._params.nframes / max(1, self._params.framerate))

    @property
    def ready(self) -> bool:
        return not self.error

    def play(self) -> bool:
        """Start playing (the same sound still playing stops first); False when it cannot play."""
        if self.error:
            return False
        self.stop()
        try:
            path = self._file_at_volume()
        except (OSError, EOFError, wave.Error) as error:  # the file gone or changed since it was read
            log.warning("the sound %s could not play: %s", self.path.name, error)
            return False
        if sys.platform == "win32":
            import winsound

            winsound.PlaySound(str(path), winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT)
            self._windows_until = time.monotonic() + self.length_ms / 1000
            return True
        command = player_command()
        if command is None:
            return False
        try:
            self._process = subprocess.Popen([*command, str(path)], stdin=subprocess.DEVNULL,
                                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError as error:
            log.warning("the sound %s could not play: %s", self.path.name, error.strerror or error)
            return False
        return True

    def is_playing(self) -> bool:
        if sys.platform == "win32":
            return time.monotonic() < self._windows_until
        return self._process is not None and self._process.poll() is None

    def stop(self) -> None:
        if sys.platform == "win32":
            if self.is_playing():
                import winsound

                winsound.PlaySound(None, winsound.SND_PURGE)
            self._windows_until = 0.0
            return
        if self._process is not None:
            if self._process.poll() is None:
                self._process.kill()
            self._process.wait()
            if self._process.returncode not in (0, -9):
                log.warning("the sound %s could not play (the player ended with code %s)",
                            self.path.name, self._process.returncode)
            self._process = None

    def close(self) -> None:
        """Stop, and remove the copy at a volume (a sentence read once is not kept all night)."""
        self.stop()
        if self._scaled is not None:
            self._scaled[1].unlink(missing_ok=True)
            self._scaled = None

    def _file_at_volume(self) -> Path:
        """The file itself at full volume; otherwise a copy with every sample scaled, written once per volume."""
        volume = min(1.0, max(0.0, self.volume))
        if volume >= 0.999:
            return self.path
        if self._scaled is not None and self._scaled[0] == volume and self._scaled[1].exists():
            return self._scaled[1]
        assert self._params is not None
        with wave.open(str(self.path), "rb") as sound:  # read when a volume is first asked for, not kept
            frames = sound.readframes(self._params.nframes)
        if self._params.sampwidth == 2:
            samples = array("h")
            samples.frombytes(frames)
            if sys.byteorder == "big":
                samples.byteswap()
            scaled = array("h", (int(sample * volume) for sample in samples))
            if sys.byteorder == "big":
                scaled.byteswap()
            data = scaled.tobytes()
        else:  # 8-bit WAV samples are unsigned, silence at 128
            data = bytes(128 + int((sample - 128) * volume) for sample in frames)
        path = _folder() / f"{id(self)}-{self.path.stem}.wav"
        with wave.open(str(path), "wb") as copy:
            copy.setparams(self._params)
            copy.writeframes(data)
        self._scaled = (volume, path)
        return path


def _folder() -> Path:
    """A folder of the program's own for the sounds' copies at a volume, removed when the program ends."""
    global _scaled_folder
    if _scaled_folder is None:
        _scaled_folder = tempfile.TemporaryDirectory(prefix="tournament-director-sounds-")
    return Path(_scaled_folder.name)


__all__ = ["WavSound", "output_available", "player_command"]
