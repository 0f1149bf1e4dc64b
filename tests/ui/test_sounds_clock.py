"""Clock sounds load and play offscreen; the announcer speaks where a voice exists and stays quiet where none."""

from __future__ import annotations

import logging
import wave

import pytest

from tournament_director.domain.clock.machine import ClockEvent
from tournament_director.domain.clock.structure import Level
from tournament_director.resources import resource_path
from tournament_director.ui.sounds import SOUND_FILES, Announcer, ClockSounds, announcement_for


def test_every_clock_sound_is_a_short_wav_file() -> None:
    for file_name in set(SOUND_FILES.values()):
        with wave.open(str(resource_path("sounds", file_name))) as sound:
            seconds = sound.getnframes() / sound.getframerate()
        assert 0.1 < seconds < 2.0, file_name


def test_sounds_load_without_error_and_play_for_clock_events(qtbot) -> None:
    sounds = ClockSounds()
    if not sounds.has_output:
        pytest.skip("this machine has no audio output device (e.g. no PulseAudio server): nothing can play")
    assert sounds.all_loaded() and not sounds.any_failed()
    for kind in ("level_changed", "break_started", "break_ended", "one_minute_warning", "last_level_before_break"):
        assert sounds.effect_for(kind).ready
    events = [ClockEvent("level_changed", 1, 0.0), ClockEvent("last_level_before_break", 1, 0.0),
              ClockEvent("structure_ended", 1, 0.0)]
    assert sounds.play_events(events) == 2  # the end of the structure has no sound
    sounds.muted = True
    assert sounds.play("level_changed") is False


def test_without_an_audio_device_the_clock_is_silent_but_never_fails(qtbot) -> None:
    sounds = ClockSounds()
    if sounds.has_output:
        pytest.skip("this machine has an audio output device")
    assert sounds.play("level_changed") is False
    assert sounds.play_events([ClockEvent("break_started", 2, 0.0)]) == 0


def test_announcement_reads_the_new_blinds() -> None:
    assert announcement_for(Level(9, 1200, 400, 800, ante=800, big_blind_ante=True)) == \
        "Blinds are now 400, 800, big blind ante 800"
    assert announcement_for(Level(2, 1200, 100, 200, ante=25)) == "Blinds are now 100, 200, ante 25"
    assert announcement_for(Level(3, 900, 100, 200, small_bet=200, big_bet=400, betting="fixed_limit")) == \
        "Limits are now 200, 400"


def test_announcer_without_a_voice_stays_quiet_and_says_why(qtbot, caplog) -> None:
    with caplog.at_level(logging.INFO, logger="tournament_director.ui.sounds"):
        announcer = Announcer(engine="no-such-engine")
    assert not announcer.available
    assert announcer.announce_level(Level(1, 600, 25, 50)) is False
    assert "no-such-engine" in announcer.unavailable_reason
    assert "spoken announcements are off" in caplog.text


def test_announcer_speaks_through_an_engine_with_a_voice(qtbot) -> None:
    announcer = Announcer(engine="mock")  # Qt's own test engine: has voices on every machine with Qt speech
    if announcer.available:
        assert announcer.announce_level(Level(9, 1200, 400, 800, ante=800, big_blind_ante=True))
    else:
        assert announcer.unavailable_reason  # degraded quietly, with the reason recorded
