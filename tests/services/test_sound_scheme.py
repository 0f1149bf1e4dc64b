"""The room's sound scheme kept with its templates: written and read back as it was, every text's tokens and every
sound file checked on the way in and out, a refusal naming the file, the event and the problem."""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from tournament_director.domain.errors import DomainError
from tournament_director.services.sound_scheme import (
    EVENTS, SCHEME_FILE, EventCue, check_sound, check_text, default_scheme, fill, read_scheme_file,
)
from tournament_director.services.templates import TemplateLibrary


def room_wav(path: Path) -> Path:
    with wave.open(str(path), "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(2)
        sound.setframerate(8000)
        sound.writeframes(b"\x00\x01" * 4000)
    return path


def test_the_room_scheme_is_kept_beside_the_templates_and_read_back_the_same(tmp_path) -> None:
    library = TemplateLibrary(tmp_path / "templates")
    assert library.sound_scheme() == default_scheme()  # nothing chosen yet: the program's own sounds
    gong = room_wav(tmp_path / "gong.wav")
    scheme = default_scheme().with_cue("level_changed", EventCue(str(gong), "Level {level}: {small} and {big}"))
    kept = library.save_sound_scheme(scheme)
    copy = tmp_path / "templates" / "sounds" / "gong.wav"  # the room's file kept beside its templates
    assert kept.cue("level_changed") == EventCue(str(copy), "Level {level}: {small} and {big}")
    assert copy.read_bytes() == gong.read_bytes()
    assert (tmp_path / "templates" / SCHEME_FILE).is_file()
    gong.unlink()  # the original taken away: the room's copy still plays
    assert TemplateLibrary(tmp_path / "templates").sound_scheme() == kept
    assert kept.cues == {**scheme.cues, "level_changed": kept.cue("level_changed")}


def test_another_file_of_the_same_name_is_kept_beside_the_first(tmp_path) -> None:
    library = TemplateLibrary(tmp_path / "templates")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = room_wav(tmp_path / "a" / "bell.wav")
    second = tmp_path / "b" / "bell.wav"
    with wave.open(str(second), "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(2)
        sound.setframerate(16000)
        sound.writeframes(b"\x00\x02" * 4000)
    kept = library.save_sound_scheme(default_scheme().with_cue("winner", EventCue(str(first)))
                                     .with_cue("bubble", EventCue(str(second))))
    assert Path(kept.cue("winner").sound).read_bytes() == first.read_bytes()
    assert Path(kept.cue("bubble").sound).read_bytes() == second.read_bytes()
    assert kept.cue("winner").sound != kept.cue("bubble").sound


def test_an_unknown_token_a_token_of_another_event_and_a_formatted_token_are_refused() -> None:
    with pytest.raises(DomainError, match=r"the text for a bust has the unknown token \{colour\}"):
        check_text("player_busted", "{player} {colour}")
    with pytest.raises(DomainError, match=r"the text for level change has the token \{player\}, which has no value"):
        check_text("level_changed", "{player} moves up")
    with pytest.raises(DomainError, match=r"has \{big:>9\}: a token is written plain"):
        check_text("level_changed", "{big:>9}")
    with pytest.raises(DomainError, match="unmatched brace"):
        check_text("level_changed", "Level {level")
    assert {event.key for event in EVENTS} >= {"tournament_started", "level_changed", "one_minute_warning",
                                               "break_started", "break_ended", "player_busted", "bubble",
                                               "final_table", "winner", "floor_called", "colour_up"}


def test_a_missing_an_unreadable_and_a_non_wav_sound_are_refused_naming_the_file(tmp_path) -> None:
    with pytest.raises(DomainError, match=r"the sound file 'gone.wav' does not exist"):
        check_sound(str(tmp_path / "gone.wav"))
    text = tmp_path / "notes.wav"
    text.write_text("hello", encoding="utf-8")
    with pytest.raises(DomainError, match=r"the sound file 'notes.wav' is not a WAV sound"):
        check_sound(str(text))
    empty = tmp_path / "silence.wav"
    with wave.open(str(empty), "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(2)
        sound.setframerate(8000)
    with pytest.raises(DomainError, match=r"the sound file 'silence.wav' holds no sound"):
        check_sound(str(empty))
    with pytest.raises(DomainError, match=r"neither one of the program's"):
        check_sound("gong.wav")
    assert check_sound("level_change") == "level_change"


def wav(path, *, width: int = 1, rate: int = 8000, seconds: float = 1.0):
    """A silent mono WAV file of ``width`` bytes a sample."""
    with wave.open(str(path), "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(width)
        sound.setframerate(rate)
        sound.writeframes((b"\x80" if width == 1 else b"\x00" * width) * int(rate * seconds))
    return path


def test_a_sound_the_room_cannot_play_or_far_too_long_is_refused_saying_why(tmp_path) -> None:
    studio = wav(tmp_path / "studio.wav", width=3, rate=48000, seconds=0.1)
    with pytest.raises(DomainError, match=r"'studio.wav' has 24-bit samples; the sounds play from 8- or 16-bit"):
        check_sound(str(studio))
    song = wav(tmp_path / "walk-on song.wav", seconds=95)
    with pytest.raises(DomainError, match=r"'walk-on song.wav' plays 95 seconds; a sound of the night plays at most 30"):
        check_sound(str(song))
    short = wav(tmp_path / "short song.wav", seconds=29)
    assert check_sound(str(short)) == str(short)


def test_an_imported_file_with_a_bad_event_or_version_is_refused_naming_it(tmp_path) -> None:
    wrong_event = tmp_path / "ours.toml"
    wrong_event.write_text('version = 1\n[events.coffee_break]\nsound = ""\ntext = ""\n', encoding="utf-8")
    with pytest.raises(DomainError, match=r"'ours.toml': there is no sound event 'coffee_break'"):
        read_scheme_file(wrong_event)
    newer = tmp_path / "newer.toml"
    newer.write_text("version = 7\n", encoding="utf-8")
    with pytest.raises(DomainError, match=r"'newer.toml' is a sound scheme of version 7"):
        read_scheme_file(newer)
    loud = tmp_path / "loud.toml"
    loud.write_text("volume = 300\n", encoding="utf-8")
    with pytest.raises(DomainError, match=r"'loud.toml': the volume must be 0 to 100"):
        read_scheme_file(loud)


def test_tokens_are_filled_with_the_moments_values() -> None:
    assert fill("Level {level}: blinds {small} and {big}, ante {ante}",
                {"level": 12, "small": 1500, "big": 3000, "ante": 3000}) == \
        "Level 12: blinds 1,500 and 3,000, ante 3,000"
    assert fill("{player} is out in {place} place", {"player": "Ana Souza", "place": "9th"}) == \
        "Ana Souza is out in 9th place"
