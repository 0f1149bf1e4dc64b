"""The sound output: WAV files played by the platform's player in a child process, at their own volume, with a clear
reason for a file that cannot play, and never Qt Multimedia inside the console's process."""

from __future__ import annotations

import math
import os
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from tournament_director.ui.sound_output import WavSound, output_available, player_command


def tone(path: Path, *, seconds: float = 0.3, width: int = 2, rate: int = 22050) -> Path:
    """A sine tone at full scale, as a WAV file of ``width`` bytes a sample."""
    frames = int(seconds * rate)
    with wave.open(str(path), "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(width)
        sound.setframerate(rate)
        if width == 2:
            sound.writeframes(b"".join(struct.pack("<h", int(32000 * math.sin(i / 8))) for i in range(frames)))
        elif width == 1:
            sound.writeframes(bytes(128 + int(120 * math.sin(i / 8)) for i in range(frames)))
        else:
            sound.writeframes(b"\x00" * width * frames)
    return path


def samples_of(path: Path) -> list[int]:
    with wave.open(str(path), "rb") as sound:
        data = sound.readframes(sound.getnframes())
        if sound.getsampwidth() == 1:
            return [sample - 128 for sample in data]
        return [value for (value,) in struct.iter_unpack("<h", data)]


@pytest.mark.parametrize("width", [2, 1])
def test_a_sound_at_half_volume_plays_a_copy_with_every_sample_halved(tmp_path, width) -> None:
    source = tone(tmp_path / f"tone-{width}.wav", width=width)
    sound = WavSound(source, volume=0.5)
    assert sound.ready and sound.length_ms == 300
    played = sound._file_at_volume()
    assert played != source and source.read_bytes() == tone(tmp_path / "again.wav", width=width).read_bytes()
    original, halved = samples_of(source), samples_of(played)
    assert len(halved) == len(original)
    assert max(abs(s) for s in halved) == pytest.approx(max(abs(s) for s in original) / 2, abs=1)
    assert all(abs(h - o / 2) <= 1 for h, o in zip(halved, original, strict=True))
    sound.volume = 1.0
    assert sound._file_at_volume() == source  # at full volume the file itself plays


def test_a_file_that_is_not_a_playable_wav_says_why_and_never_plays(tmp_path) -> None:
    text = tmp_path / "gong.wav"
    text.write_text("not a sound", encoding="utf-8")
    wide = tone(tmp_path / "studio.wav", width=3)
    missing = WavSound(tmp_path / "gone.wav")
    for sound in (WavSound(text), WavSound(wide), missing):
        assert not sound.ready and sound.play() is False and not sound.is_playing()
    assert WavSound(text).error.startswith("gong.wav cannot be played (")
    assert WavSound(wide).error == "studio.wav cannot be played (only 8- and 16-bit WAV files are)"
    assert missing.error.startswith("gone.wav cannot be played (")


def test_a_sound_whose_file_is_gone_since_it_was_read_does_not_play_and_nothing_fails(tmp_path) -> None:
    source = tone(tmp_path / "stick.wav")
    sound = WavSound(source, volume=0.5)
    source.unlink()  # the USB stick taken away
    assert sound.play() is False and not sound.is_playing()


def test_without_a_player_program_nothing_can_play(monkeypatch) -> None:
    if sys.platform == "win32":
        pytest.skip("Windows plays sounds itself")
    monkeypatch.setenv("PATH", "")
    assert player_command() is None and not output_available()


def test_a_sound_plays_through_the_sound_server_and_stops_when_told(qtbot, tmp_path) -> None:
    if not output_available():
        pytest.skip("no sound player (PulseAudio missing: run bash scripts/system-deps.sh)")
    sound = WavSound(tone(tmp_path / "long.wav", seconds=3.0), volume=0.3)
    assert sound.play() is True
    assert sound.is_playing()
    sound.play()  # again: the first is cut short, one plays
    assert sound.is_playing()
    sound.stop()
    assert not sound.is_playing()


def test_the_consoles_sounds_and_sentences_never_load_qt_multimedia(tmp_path) -> None:
    """Qt Multimedia's sound effects once left the console's event loop polling a closed descriptor without end:
    the room's sounds and its sentences play without it, in a process of their own."""
    script = """
import sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from tournament_director.services.sound_scheme import EventCue, default_scheme
from tournament_director.ui.sounds import RoomSounds
player = RoomSounds(default_scheme())
print(player.play_cue(EventCue("level_change", "Blinds are now 100, 200"), {}, 50))
with open("/proc/self/maps", encoding="utf-8") as maps:
    print("Multimedia" in maps.read(), "PySide6.QtMultimedia" in sys.modules)
"""
    if not Path("/proc/self/maps").exists():
        pytest.skip("no /proc here to see the libraries a process loaded")
    shown = subprocess.run([sys.executable, "-c", script], check=False, capture_output=True, text=True, timeout=60,
                           env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[-1] == "False False"
