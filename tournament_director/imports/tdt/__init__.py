"""Saves of The Tournament Director 3 (``.tdt``, versions 3.0 to 3.7), read safely into plain values.

``read_tdt(path)`` / ``parse_tdt(data, source)`` give a ``TdtTournament`` (see ``model``) or raise ``TdtError``;
``finishing_places`` gives the places as TD3 reckons them, ``money_totals`` the counts and amounts TD3's
formulas see, ``prize_shares`` what the awarded prizes give each player, and ``points_for_players`` the league
points of the save's own formula.
"""

from tournament_director.imports.tdt.errors import TdtError
from tournament_director.imports.tdt.model import (
    Bust, Contact, Entry, FeeProfile, Financials, FixedRake, HistoryItem, Level, Player, Prize, Purchase,
    PurchaseKind, PurchaseRules, Status, TdtTournament,
)
from tournament_director.imports.tdt.places import finishing_places, places_from_last_busts
from tournament_director.imports.tdt.points import formula_variables, hits_of, points_for_players
from tournament_director.imports.tdt.reader import parse_tdt, read_tdt
from tournament_director.imports.tdt.totals import Totals, money_totals, prize_shares

__all__ = [
    "Bust", "Contact", "Entry", "FeeProfile", "Financials", "FixedRake", "HistoryItem", "Level", "Player", "Prize",
    "Purchase", "PurchaseKind", "PurchaseRules", "Status", "TdtError", "TdtTournament", "Totals", "finishing_places",
    "formula_variables", "hits_of", "money_totals", "parse_tdt", "places_from_last_busts", "points_for_players", "prize_shares",
    "read_tdt",
]
