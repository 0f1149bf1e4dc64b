"""Values of every type and size for the generated files of the fuzz tests (PHH hands, structures, payout tables):
numbers small, huge, exact, infinite and NaN; booleans, text and None; lists and tables of them, and the same as
tomli_w can write them."""

from __future__ import annotations

from hypothesis import strategies as st

NUMBERS = st.one_of(
    st.integers(min_value=-10, max_value=10**6),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.floats(allow_nan=True, allow_infinity=True),
)
SCALARS = st.one_of(NUMBERS, st.booleans(), st.text(max_size=12), st.none())
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(min_size=1, max_size=6), inner, max_size=3), max_leaves=12)


def toml_value(value: object) -> object:
    """What tomli_w can write: None becomes a string, non-finite floats stay (TOML has inf and nan)."""
    if value is None:
        return "None"
    if isinstance(value, list):
        return [toml_value(v) for v in value]
    if isinstance(value, dict):
        return {k: toml_value(v) for k, v in value.items()}
    return value
