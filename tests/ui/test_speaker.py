"""The Speaker's espeak-ng path when the voice cannot read: the reason reaches the console, nothing is left running."""

from __future__ import annotations

import shutil

import pytest

from tournament_director.ui.sounds import Speaker


def test_a_voice_program_that_is_missing_is_said_and_nothing_is_read(qtbot, tmp_path) -> None:
    speaker = Speaker(program=str(tmp_path / "no-such-espeak"))
    with qtbot.waitSignal(speaker.failed, timeout=2000) as failed:
        assert speaker.say("Blinds are now 100, 200", 0.5) is False
    assert failed.args[0].startswith("espeak-ng did not start (")
    assert speaker.last_said == ""


def test_a_voice_program_that_fails_is_said_with_its_exit_code(qtbot) -> None:
    false = shutil.which("false")
    if false is None:
        pytest.skip("no false program")
    speaker = Speaker(program=false)
    with qtbot.waitSignal(speaker.failed, timeout=3000) as failed:
        assert speaker.say("Blinds are now 100, 200", 0.5) is True
    assert failed.args[0] == "espeak-ng could not read the sentence (exit code 1)"
    assert speaker.last_said == "" and speaker.effect is None


def test_a_newer_sentence_cuts_the_one_being_written_short(qtbot) -> None:
    if shutil.which("espeak-ng") is None:
        pytest.fail("espeak-ng is missing: run bash scripts/system-deps.sh")
    speaker = Speaker()
    spoken: list[str] = []
    speaker.spoken.connect(spoken.append)
    speaker.say("Player one is out in ninth place", 0.5)
    speaker.say("Player two is out in eighth place", 0.5)
    qtbot.waitUntil(lambda: speaker.last_said == "Player two is out in eighth place", timeout=5000)
    assert spoken == ["Player two is out in eighth place"]
    assert speaker.last_file is not None and speaker.last_file.stat().st_size > 1000


def test_the_room_sounds_stop_at_once_when_told(qtbot) -> None:
    """The console closing silences what is playing: the sound and the sentence read after it."""
    from tournament_director.services.sound_scheme import EventCue, default_scheme
    from tournament_director.ui.sound_output import output_available
    from tournament_director.ui.sounds import RoomSounds

    if not output_available():
        pytest.skip("no sound player (PulseAudio missing: run bash scripts/system-deps.sh)")
    player = RoomSounds(default_scheme())
    assert player.play_cue(EventCue("level_change", "Blinds are now 100, 200"), {}, 50)[0] == "sound"
    qtbot.waitUntil(player.last_effect.is_playing, timeout=3000)
    player.stop()
    assert not player.last_effect.is_playing()
    qtbot.wait(1500)  # past the chime: the sentence, cut short while it was written or waiting, never plays
    assert player.speaker.effect is None or not player.speaker.effect.is_playing()


def test_a_long_night_of_sentences_keeps_one_on_disk(qtbot) -> None:
    """Every sentence is written, played at the room's volume and then let go: the files do not pile up."""
    from tournament_director.ui import sound_output

    if shutil.which("espeak-ng") is None:
        pytest.fail("espeak-ng is missing: run bash scripts/system-deps.sh")
    speaker = Speaker()
    folder = sound_output._folder()
    before = set(folder.iterdir())
    for place in ("ninth", "eighth", "seventh"):
        speaker.say(f"Player out in {place} place", 0.5)
        qtbot.waitUntil(lambda place=place: speaker.last_said == f"Player out in {place} place", timeout=5000)
    copies = sorted(set(folder.iterdir()) - before)  # the sentences' copies at half volume
    assert len(copies) == 1 and copies[0].name.endswith("sentence-3.wav")
    assert [path.name for path in speaker.last_file.parent.iterdir()] == ["sentence-3.wav"]
    speaker.stop()  # the console closing
    assert not copies[0].exists()
