"""The room's sounds and announcements: for each event of the night, a sound and/or a sentence read aloud.

An event (the start, a level change, one minute left, a break, the break's end, a bust, the bubble, the final
table, the winner, a floor call, a colour-up) gets a sound, one of the program's own (data/sounds/, named by its
file's stem: "level_change") or a WAV file of the room's (its full path), and a text with tokens in braces
("Level {level}: blinds {small} and {big}, ante {ante}") filled in when the event happens. The scheme also holds
the volume (0 to 100) and the quiet mode, which silences everything.

The scheme is kept with the room's templates (services/templates.py), in ``sounds.toml`` beside the structures
and payout tables (the room's own sound files copied into ``sounds/`` there), so it survives a restart; it can be
exported and imported as a TOML file. Every text and
every sound file is checked before it is kept: an unknown token or a missing, unreadable or non-WAV file is
refused with a DomainError naming it, and a refused scheme replaces nothing.
"""

from __future__ import annotations

import hashlib
import json
import re
import string
import tomllib
import wave
from dataclasses import dataclass, field, replace
from pathlib import Path

from tournament_director.domain import limits
from tournament_director.domain.errors import DomainError
from tournament_director.resources import resources_root

__all__ = ["COMMON_TOKENS", "EVENTS", "SHIPPED_SOUNDS", "TOKENS", "SCHEME_FILE", "EventCue", "SoundEvent",
           "SoundScheme",
           "check_sound", "check_text", "default_scheme", "fill", "load_scheme", "read_scheme_file", "save_scheme",
           "scheme_from_toml", "scheme_to_toml", "sound_file", "sound_title"]

SCHEME_FILE = "sounds.toml"
FORMAT_VERSION = 1
MAX_TEXT = 300  # a sentence read aloud, not a speech

SHIPPED_SOUNDS = {  # file stem in data/sounds/ -> what a list shows
    "level_change": "Chime",
    "break": "Break bell",
    "warning": "Short beep",
    "floor_call": "Floor call",
}

TOKENS = {  # token -> what it is replaced by
    "tournament": "the tournament's name",
    "level": "the level's number",
    "small": "the small blind",
    "big": "the big blind",
    "ante": "the ante (0 without one)",
    "minutes": "the minutes of the level or the break",
    "players": "the players left",
    "entries": "the entries so far",
    "player": "the player's name",
    "place": "his place (\"12th\")",
    "prize": "his prize",
    "paid": "the places paid",
    "table": "the table's number",
    "seat": "the seat's number",
    "chips": "the chips coming off",
}
COMMON_TOKENS = ("tournament", "level", "small", "big", "ante", "players", "entries")


@dataclass(frozen=True)
class SoundEvent:
    key: str
    title: str
    tokens: tuple[str, ...]  # the tokens its text may use
    sound: str = ""  # the program's choice before the room makes its own
    text: str = ""


EVENTS = (
    SoundEvent("tournament_started", "Start", COMMON_TOKENS + ("minutes",)),
    SoundEvent("level_changed", "Level change", COMMON_TOKENS + ("minutes",), "level_change"),
    SoundEvent("one_minute_warning", "One minute left", COMMON_TOKENS, "warning"),
    SoundEvent("break_started", "Break", COMMON_TOKENS + ("minutes",), "break"),
    SoundEvent("break_ended", "Break ending", COMMON_TOKENS + ("minutes",), "level_change"),
    SoundEvent("player_busted", "A bust", COMMON_TOKENS + ("player", "place", "prize")),
    SoundEvent("bubble", "The bubble", COMMON_TOKENS + ("paid",)),
    SoundEvent("final_table", "The final table", COMMON_TOKENS),
    SoundEvent("winner", "The winner", COMMON_TOKENS + ("player", "prize")),
    SoundEvent("floor_called", "A floor call", COMMON_TOKENS + ("table", "seat"), "floor_call"),
    SoundEvent("colour_up", "A colour-up", COMMON_TOKENS + ("chips",)),
)
_EVENTS = {event.key: event for event in EVENTS}


@dataclass(frozen=True)
class EventCue:
    """What one event does: ``sound`` "" (none), a shipped sound's stem or a WAV file's path; ``text`` "" or a
    sentence with tokens."""

    sound: str = ""
    text: str = ""


@dataclass(frozen=True)
class SoundScheme:
    cues: dict[str, EventCue] = field(default_factory=dict)
    volume: int = 80  # percent
    quiet: bool = False

    def cue(self, key: str) -> EventCue:
        return self.cues.get(key, EventCue())

    def with_cue(self, key: str, cue: EventCue) -> SoundScheme:
        return replace(self, cues={**self.cues, _event(key).key: cue})


def default_scheme() -> SoundScheme:
    """Today's sounds: a chime at a level change and at the end of a break, a bell at a break, a beep one minute
    before the end of a level, the floor call; nothing read aloud."""
    return SoundScheme({event.key: EventCue(event.sound, event.text) for event in EVENTS})


def _event(key: str) -> SoundEvent:
    event = _EVENTS.get(key)
    if event is None:
        raise DomainError(f"there is no sound event {limits.shown(key)} (choose from {limits.listed(_EVENTS)})")
    return event


# --- checking what the room gives ----------------------------------------------------------------------------
def sound_title(sound: str) -> str:
    """What a list shows for a sound: 'Chime' for a shipped one, the file's name for the room's own."""
    if not sound:
        return "No sound"
    return SHIPPED_SOUNDS.get(sound) or Path(sound).name


def sound_file(sound: str) -> Path | None:
    """The file to play for ``sound`` (None for no sound); a shipped stem is looked up in data/sounds/."""
    if not sound:
        return None
    if sound in SHIPPED_SOUNDS:
        return resources_root() / "sounds" / f"{sound}.wav"
    return Path(sound)


LONGEST_SOUND_SECONDS = 30  # an event's sound, not music: the clock's own are under two seconds


def check_sound(sound: object) -> str:
    """A sound the scheme may keep: "", a shipped stem, or a WAV file that exists and reads (its full path);
    DomainError naming the file otherwise."""
    if sound is None or sound == "":
        return ""
    if not isinstance(sound, (str, Path)):
        raise DomainError(f"a sound is named by a file, not {limits.shown(sound)}")
    sound = str(sound)
    if sound in SHIPPED_SOUNDS:
        return sound
    path = Path(limits.check_text(sound, "sound file", max_length=4096)).expanduser()
    name = limits.shown(path.name)
    if not path.is_absolute():
        raise DomainError(f"the sound {name} is neither one of the program's ({limits.listed(SHIPPED_SOUNDS)}) "
                          "nor a file's full path")
    if not path.is_file():
        raise DomainError(f"the sound file {name} does not exist (looked in {path.parent})")
    try:
        with wave.open(str(path), "rb") as sound_data:
            frames, rate, width = sound_data.getnframes(), sound_data.getframerate(), sound_data.getsampwidth()
    except OSError as error:
        raise DomainError(f"the sound file {name} cannot be read ({error.strerror or error})") from None
    except (wave.Error, EOFError, ValueError) as error:
        raise DomainError(f"the sound file {name} is not a WAV sound ({error or 'no sound data'})") from None
    if frames == 0 or rate == 0:
        raise DomainError(f"the sound file {name} holds no sound")
    if width not in (1, 2):
        raise DomainError(f"the sound file {name} has {8 * width}-bit samples; the sounds play from 8- or 16-bit "
                          "WAV files (save it again as 16-bit)")
    if frames / rate > LONGEST_SOUND_SECONDS:
        raise DomainError(f"the sound file {name} plays {frames / rate:.0f} seconds; a sound of the night plays at "
                          f"most {LONGEST_SOUND_SECONDS} seconds")
    return str(path)


def check_text(event_key: str, text: object) -> str:
    """The sentence read at ``event_key`` with its tokens checked; DomainError naming an unknown token."""
    event = _event(event_key)
    if text is None:
        return ""
    clean = limits.check_name(text, f"text for {event.title.lower()}", max_length=MAX_TEXT, allow_empty=True)
    try:
        parts = list(string.Formatter().parse(clean))
    except ValueError:
        raise DomainError(f"the text for {event.title.lower()} has an unmatched brace: write a token as "
                          "{level}") from None
    for _literal, token, spec, conversion in parts:
        if token is None:
            continue
        known = ", ".join("{" + t + "}" for t in event.tokens)
        if spec or conversion:
            written = token + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            raise DomainError(f"the text for {event.title.lower()} has {{{written}}}: a token is written plain, "
                              "as {level}")
        if token not in TOKENS:
            raise DomainError(f"the text for {event.title.lower()} has the unknown token {{{token}}} (known: {known})")
        if token not in event.tokens:
            raise DomainError(f"the text for {event.title.lower()} has the token {{{token}}}, which has no value "
                              f"then (known: {known})")
    return clean


def fill(text: str, values: dict[str, object]) -> str:
    """The text with its tokens replaced; a token without a value reads as nothing."""
    def value(match: re.Match[str]) -> str:
        found = values.get(match.group(1))
        if isinstance(found, int) and not isinstance(found, bool):
            return f"{found:,}"
        return "" if found is None else str(found)
    return " ".join(re.sub(r"\{(\w+)\}", value, text).split())


# --- the room's file -----------------------------------------------------------------------------------------
def scheme_to_toml(scheme: SoundScheme) -> str:
    lines = ["# The room's sounds and announcements (Tournament Director)", f"version = {FORMAT_VERSION}",
             f"volume = {scheme.volume}", f"quiet = {'true' if scheme.quiet else 'false'}"]
    for event in EVENTS:
        cue = scheme.cue(event.key)
        lines += ["", f"[events.{event.key}]", f"sound = {_toml_string(cue.sound)}",
                  f"text = {_toml_string(cue.text)}"]
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string


def scheme_from_toml(text: str, origin: str) -> SoundScheme:
    """Read a scheme, every event's sound and text checked; DomainError naming ``origin`` and the problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DomainError(f"{origin} is not a TOML file ({error})") from None
    version = data.get("version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise DomainError(f"{origin} is a sound scheme of version {limits.shown(version)}; "
                          f"this program reads version {FORMAT_VERSION}")
    try:
        volume = limits.check_count(data.get("volume", 80), "volume", 0, 100)
        quiet = limits.check_flag(data.get("quiet", False), "quiet mode")
        events = data.get("events", {})
        if not isinstance(events, dict):
            raise DomainError("[events] must be a table of events")
        cues = dict(default_scheme().cues)
        for key, entry in events.items():
            event = _event(key)
            if not isinstance(entry, dict):
                raise DomainError(f"[events.{event.key}] must hold a sound and a text")
            cues[event.key] = EventCue(check_sound(entry.get("sound", "")), check_text(event.key, entry.get("text")))
    except DomainError as error:
        raise DomainError(f"{origin}: {error}") from None
    return SoundScheme(cues, volume, quiet)


def read_scheme_file(path: object) -> SoundScheme:
    """Import a scheme a room exported (DomainError naming the file and the problem)."""
    path = Path(path) if isinstance(path, (str, Path)) else path
    if not isinstance(path, Path):
        raise DomainError(f"a file is named by its path, not {limits.shown(path)}")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        problem = error.strerror if isinstance(error, OSError) and error.strerror else "not text"
        raise DomainError(f"{limits.shown(path.name)} cannot be read ({problem})") from None
    return scheme_from_toml(text, limits.shown(path.name))


def load_scheme(folder: Path | None) -> SoundScheme:
    """The room's scheme kept in ``folder`` (the room's templates), or the program's own when it has none."""
    if folder is None or not (folder / SCHEME_FILE).is_file():
        return default_scheme()
    return read_scheme_file(folder / SCHEME_FILE)


def save_scheme(folder: Path | None, scheme: SoundScheme) -> SoundScheme:
    """Keep ``scheme`` as the room's (its texts and files checked again) and return it as kept: the room's own
    sound files are copied into the folder's ``sounds/``, so a file later moved or deleted (a USB stick taken
    away) still plays. DomainError when it cannot be written."""
    if folder is None:
        raise DomainError("no database is open: the room's sounds are kept beside it")
    scheme_from_toml(scheme_to_toml(scheme), "the scheme")  # nothing unchecked reaches the file
    path = folder / SCHEME_FILE
    try:
        folder.mkdir(parents=True, exist_ok=True)
        kept = replace(scheme, cues={key: replace(cue, sound=_keep_sound_file(folder / "sounds", cue.sound))
                                     for key, cue in scheme.cues.items()})
        partial = path.with_suffix(".toml.partial")
        partial.write_text(scheme_to_toml(kept), encoding="utf-8")
        partial.replace(path)
    except OSError as error:
        raise DomainError(f"the sounds could not be saved in {folder} ({error.strerror or error})") from None
    return kept


def _keep_sound_file(sounds: Path, sound: str) -> str:
    """The room's file copied into ``sounds`` (a shipped sound, no sound or a file already there: as it is)."""
    source = sound_file(sound)
    if source is None or sound in SHIPPED_SOUNDS or source.parent == sounds:
        return sound
    data = source.read_bytes()
    target = sounds / source.name
    if target.exists() and target.read_bytes() != data:  # another sound of the same name: keep both
        target = sounds / f"{source.stem}-{hashlib.sha1(data).hexdigest()[:8]}{source.suffix}"
    if not target.exists():
        sounds.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".partial")
        partial.write_bytes(data)
        partial.replace(target)
    return str(target)
