"""Hypothesis over generated and mutated files (issue 14): whatever the bytes, reading a save either gives a
tournament or raises TdtError (and its places, totals and points either come out or are refused); no other
exception escapes."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tdt_saves import Raw, SaveBuilder, evening, js
from tournament_director.imports.tdt import TdtError, TdtTournament, finishing_places, money_totals, parse_tdt
from tournament_director.imports.tdt.points import points_for_players
from tournament_director.domain.leagues import FormulaError

SAVE = evening().data()
# TDT_FUZZ_EXAMPLES=5000 runs a longer search outside the suite
FUZZ = settings(max_examples=int(os.environ.get("TDT_FUZZ_EXAMPLES", "150")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def read_or_refuse(data: bytes) -> TdtTournament | None:
    try:
        tournament = parse_tdt(data, "fuzz.tdt")
    except TdtError as refusal:
        assert str(refusal).startswith("fuzz.tdt: ")
        return None
    finishing_places(tournament)
    money_totals(tournament)
    try:
        points_for_players(tournament)
    except (TdtError, FormulaError):
        pass
    return tournament


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes(data: bytes) -> None:
    read_or_refuse(data)


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_after_a_valid_beginning(tail: bytes) -> None:
    read_or_refuse(b'{ V: "3.7.2", T: new Tournament({Title: "x", ' + tail)


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(SAVE) - 1), st.integers(0, 255)), min_size=1, max_size=8))
def test_a_save_with_bytes_changed(changes: list[tuple[int, int]]) -> None:
    data = bytearray(SAVE)
    for position, byte in changes:
        data[position] = byte
    read_or_refuse(bytes(data))


@FUZZ
@given(st.integers(0, len(SAVE) - 1), st.integers(1, 400), st.binary(max_size=40))
def test_a_save_with_a_slice_replaced(start: int, length: int, insert: bytes) -> None:
    read_or_refuse(SAVE[:start] + insert + SAVE[start + length:])


TOKENS = ["{", "}", "[", "]", "(", ")", ",", ":", '"', "'", "\\", "new ", "Map.from(", "new Map(", "null",
          "undefined", "true", "-", ".", "e999", "9" * 60, "NaN", "Infinity", "\\ud800", "\\u{110000}", "\x00",
          "\u2028", "new GameBuyin({", "BustOut: ", "Time: ", "[[", "]]"]


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(SAVE)), st.sampled_from(TOKENS)), min_size=1, max_size=6))
def test_a_save_with_javascript_tokens_inserted(inserts: list[tuple[int, str]]) -> None:
    text = SAVE.decode()
    for position, token in sorted(inserts, reverse=True):
        text = text[:position] + token + text[position:]
    read_or_refuse(text.encode())


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20), st.sampled_from([Raw("undefined"), Raw("NaN"), Raw("1e400"), Raw("-0"), Raw("[]"),
                                           Raw("{}"), Raw("new Map({})"), Raw("Map.from([])"), Raw("new X()")]),
)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["Time", "Amount", "Name", "A"]), inner, max_size=3)),
    max_leaves=12)
FIELDS = ["Amount", "Time", "Round", "Chips", "Rake", "ProfileName", "BustOut", "HitmanUUID", "Nickname", "Buyins",
          "AddOns", "Players", "Levels", "Prizes", "Recipient", "AmountType", "AwardedToPlayers", "Minutes",
          "SmallBlind", "GameType", "StartTime", "EndTime", "Title", "LeagueName", "Financials", "Profiles",
          "DefIndex", "Text", "History", "UUID", "Name", "Info", "CalculatedAmount", "HitsAdjustment"]


@FUZZ
@given(st.sampled_from(FIELDS), values, st.integers(1, 3))
def test_wrong_values_where_the_fields_are(field: str, value: object, nth: int) -> None:
    text = SAVE.decode()
    marker = f"{field}: "
    at = -1
    for _ in range(nth):
        at = text.find(marker, at + 1)
    if at < 0:
        return
    start = at + len(marker)
    end = _end_of_value(text, start)
    read_or_refuse((text[:start] + js(value, "from") + text[end:]).encode())


def _end_of_value(text: str, start: int) -> int:
    depth, i, quoted = 0, start, False
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\":
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return i
            depth -= 1
        elif c == "," and depth == 0:
            return i
        i += 1
    return i


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(["buy", "rebuy", "add", "bust"]), st.integers(0, 3),
                          st.integers(0, 300), st.integers(0, 3)), max_size=25), st.booleans())
def test_generated_games_read_and_place_every_entrant(actions: list[tuple[str, int, int, int]],
                                                      finished: bool) -> None:
    b = SaveBuilder()
    uuids = [b.player(name) for name in ("Mo Ash", "Ny Elm", "Oz Fir", "Pi Oak")]
    for action, who, minute, other in actions:
        uuid = uuids[who]
        bought = b._find(uuid).buyins
        if action == "buy" or (action != "add" and not bought):
            b.buy_in(uuid, minute)
        elif action == "rebuy":
            b.rebuy(uuid, minute)
        elif action == "add":
            b.add_on(uuid, minute)
        else:
            b.bust(uuid, minute, 1 + minute // 20, uuids[other])
    if finished:
        b.finish(400)
    tournament = read_or_refuse(b.data())
    if tournament is None:
        return
    places = finishing_places(tournament)
    assert set(places) == {p.uuid for p in tournament.entrants}
    if finished and places:
        assert min(places.values()) == 1
        assert all(1 <= place <= len(places) for place in places.values())
