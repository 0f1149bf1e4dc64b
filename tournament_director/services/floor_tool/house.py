"""The house options of the floor tool's rulings: where the rulebooks differ (rules-reference section 3), what the
house chose, read from plain values (the UI keeps them in its settings) and shown as forms with their labels."""

from __future__ import annotations

from collections.abc import Mapping

from tournament_director.domain.errors import DomainError
from tournament_director.domain.rules.rulings import HOUSE_OPTION_CHOICES, HOUSE_OPTION_LABELS, HouseOptions, rulebook_choice
from tournament_director.services.floor_tool.views import HouseOptionForm


def house_options_from(options: HouseOptions | Mapping[str, str | None]) -> HouseOptions:
    """``HouseOptions`` from itself or from name -> choice (None: as the rulebook); DomainError naming an unknown
    option or choice."""
    if isinstance(options, Mapping):
        unknown = sorted(str(name) for name in options if name not in HOUSE_OPTION_CHOICES)
        if unknown:
            raise DomainError(f"there is no house option {', '.join(unknown)}")
        options = HouseOptions(**dict(options))
    if not isinstance(options, HouseOptions):
        raise DomainError("house options are a HouseOptions value or name -> choice")
    return options


def house_option_forms(rulebook: str, options: HouseOptions) -> tuple[HouseOptionForm, ...]:
    """Every house option with its label, its choices, what ``rulebook`` rules and what the house chose."""
    return tuple(
        HouseOptionForm(name, HOUSE_OPTION_LABELS[name][0],
                        tuple((value, HOUSE_OPTION_LABELS[name][1][value]) for value in choices),
                        rulebook_choice(rulebook, name), getattr(options, name))
        for name, choices in HOUSE_OPTION_CHOICES.items()
    )
