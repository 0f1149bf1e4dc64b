"""Folding player names for search and for spotting the same person registered twice."""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher

_NOT_ALNUM = re.compile(r"[^0-9a-z]+")
_APOSTROPHES = re.compile(r"['\u2019\u02bc`]")

# Two names this alike (0..1, difflib ratio of their folded keys) are offered as a possible duplicate.
SIMILAR_NAME_RATIO = 0.85


def name_key(name: str) -> str:
    """'  José  O'Brien-Smith ' -> 'jose obrien smith': lower case, accents and apostrophes dropped, other
    punctuation as single spaces."""
    decomposed = unicodedata.normalize("NFKD", name)
    without_accents = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NOT_ALNUM.sub(" ", _APOSTROPHES.sub("", without_accents.casefold())).strip()


def names_look_alike(key_a: str, key_b: str) -> bool:
    """Same folded name, the same words in another order ("Smith John"), or a small typo apart."""
    if not key_a or not key_b:
        return False
    if key_a == key_b or sorted(key_a.split()) == sorted(key_b.split()):
        return True
    matcher = SequenceMatcher(None, key_a, key_b)
    return matcher.real_quick_ratio() >= SIMILAR_NAME_RATIO and matcher.ratio() >= SIMILAR_NAME_RATIO
