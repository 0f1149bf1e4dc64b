"""League points of a TD3 save, by its own points formula: the variables TD3's formula would see for
each player, worked out from the save (``formula_variables``), and the points (``points_for_players``).

What a variable is taken to be (TD3's help page "Points for Playing Formula", copied in hkhard/tdwpimport, names
them; where it leaves a choice open the choice is said here):

- ``buyins``/``n``: the players who bought in; ``rank``/``r``: the finishing place (``places``), players out
  together sharing the best place (in a game stopped before its end, the busted players placed below those still
  in, who have no place and so no points yet); ``position`` = n + 1 - rank.
- ``numberOfHits``: busts in which the player is one of the hitmen (each hitman of a shared pot counts a hit),
  plus TD3's hits adjustment.
- ``numberOfRebuys``, ``rebuyCost``, ``totalRebuys``, ``totalRebuysAmount``: every purchase after a player's
  first buy-in, bought while still in or after a bust, as TD3 counts them (see ``model``).
- ``prizeWinnings``: what the prizes TD3 awarded give him (a prize awarded to several is divided equally,
  ``prize_shares``);
  ``inTheMoney``: 1 if a prize was awarded to him; ``inTheMoneyRank``: the worst place a prize is for.
- ``totalCost``: everything he paid, bounty chips included; ``take`` = ``totalWinnings`` - ``totalCost``, where
  ``totalWinnings`` is his prize winnings (bounty winnings are not in a save).
- ``playingTime``: the seconds his entries were in play (from the start, or his buy-in if later, to his bust or
  the end).

Variables about the running clock, the seating or the league (``secondsLeft``, ``finalTable``, ``inLeague``, ...)
are not in a save: a formula that reads one is refused, naming it.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from tournament_director.domain.leagues import compile_formula
from tournament_director.domain.leagues.functions import FormulaFault
from tournament_director.imports.tdt.errors import TdtError
from tournament_director.imports.tdt.model import Player, PurchaseKind, PurchaseRules, Status, TdtTournament
from tournament_director.imports.tdt.places import finishing_places
from tournament_director.imports.tdt.totals import Totals, money_totals, prize_shares

_ZERO = Decimal(0)
_KINDS = {"buyin": "buy_ins", "rebuy": "rebuys", "addon": "add_ons"}


def _tournament_variables(t: TdtTournament, totals: Totals) -> dict[str, Decimal | int]:
    money = t.financials
    rounds = [level for level in t.levels if not level.is_break]
    first_ante = next((level for level in rounds if level.ante), None)
    paid_places = [prize.place for prize in t.prizes if prize.kind == 0]
    purchases = [p for player in t.players for p in player.purchases()]

    def of(*kinds: PurchaseKind, what: str) -> Decimal:
        return sum((getattr(p, what) for p in purchases if p.kind in kinds), _ZERO)

    values: dict[str, Decimal | int] = {
        "buyins": totals.players, "totalRebuys": totals.td3_rebuys, "totalAddOns": totals.add_ons,
        "totalBuyinsAmount": totals.buy_ins_amount, "totalRebuysAmount": totals.rebuys_amount,
        "totalAddOnsAmount": totals.add_ons_amount,
        "totalBuyinsRake": of(PurchaseKind.BUY_IN, what="rake"),
        "totalRebuysRake": of(PurchaseKind.REBUY, PurchaseKind.RE_ENTRY, what="rake"),
        "totalAddOnsRake": of(PurchaseKind.ADD_ON, what="rake"),
        "totalBuyinsChips": of(PurchaseKind.BUY_IN, what="chips"),
        "totalRebuysChips": of(PurchaseKind.REBUY, PurchaseKind.RE_ENTRY, what="chips"),
        "totalAddOnsChips": of(PurchaseKind.ADD_ON, what="chips"),
        "totalFixedRake": totals.fixed_rake, "bountyTotal": totals.bounty_chips,
        "houseContribution": money.house_contribution, "guaranteedPot": money.guaranteed_pot,
        "preGuaranteedPot": totals.pot_before_guarantee, "houseAdds": totals.house_adds, "pot": totals.prize_pool,
        "inTheMoneyRank": max(paid_places, default=0),
        "playersLeft": sum(1 for p in t.entrants if p.last_bust is None),
        "state": {Status.NOT_STARTED: 0, Status.IN_PROGRESS: 2, Status.FINISHED: 3}[t.status],
        "firstAnteRound": (first_ante.round_number or 0) if first_ante else 0,
        "firstAnteAmount": first_ante.ante if first_ante else 0,
        "usePlayerBountyChips": int(money.use_bounties),
    }
    for kind, rules in (("Buyin", money.buy_ins), ("Rebuy", money.rebuys), ("AddOn", money.add_ons)):
        default = rules.profiles[rules.default_profile] if rules.profiles else None
        values[f"default{kind}Fee"] = default.fee if default else 0
        values[f"default{kind}Rake"] = default.rake if default else 0
        values[f"default{kind}Chips"] = default.chips if default else 0
    for prefix, rules in (("rebuys", money.rebuys), ("addOns", money.add_ons)):
        values[f"{prefix}LastRound"] = rules.last_round
        values[f"{prefix}MaxPerPlayer"] = rules.max_per_player
        values[f"{prefix}MaxTotal"] = rules.max_total
        values[f"{prefix}MinPlayers"] = rules.min_players
    return values


def _player_variables(t: TdtTournament, player: Player, place: int, n: int,
                      shares: dict[str, Decimal]) -> dict[str, Decimal | int]:
    def paid(*kinds: PurchaseKind, what: str = "amount") -> Decimal:
        return sum((getattr(p, what) for p in player.purchases(*kinds)), _ZERO)

    hits = hits_of(t, player)
    winnings = shares.get(player.uuid, _ZERO)
    rebuy_kinds = (PurchaseKind.REBUY, PurchaseKind.RE_ENTRY)
    cost = paid() + paid(what="bounty")
    return {
        "rank": place, "position": n + 1 - place,
        "numberOfHits": hits,
        "numberOfRebuys": len(player.purchases(*rebuy_kinds)),
        "numberOfAddOns": len(player.purchases(PurchaseKind.ADD_ON)),
        "buyinCost": paid(PurchaseKind.BUY_IN), "rebuyCost": paid(*rebuy_kinds), "addOnCost": paid(PurchaseKind.ADD_ON),
        "buyinRake": paid(PurchaseKind.BUY_IN, what="rake"), "rebuyRake": paid(*rebuy_kinds, what="rake"),
        "addOnRake": paid(PurchaseKind.ADD_ON, what="rake"), "totalRake": paid(what="rake"),
        "bountyChipCost": paid(what="bounty"), "totalCost": cost,
        "prizeWinnings": winnings, "totalWinnings": winnings, "take": winnings - cost,
        "inTheMoney": int(any(player.uuid in prize.awarded_to and prize.awarded > 0 for prize in t.prizes)),
        "roundOut": player.last_bust.round if player.last_bust else 0, "chipStack": player.chip_count,
        "fixedRake": t.financials.fixed_rake.amount / n if n else _ZERO,
        "playingTime": _playing_seconds(t, player),
    }


def hits_of(t: TdtTournament, player: Player) -> int:
    """TD3's hits of a player: the busts he is one of the hitmen of, plus his hits adjustment."""
    busts = sum(1 for other in t.players for entry in other.entries if entry.bust and player.uuid in entry.bust.hitmen)
    return busts + player.hits_adjustment


def _playing_seconds(t: TdtTournament, player: Player) -> int:
    seconds = 0
    for entry in player.entries:
        begin = max(entry.opening.time, t.started) if t.started else entry.opening.time
        end = entry.bust.time if entry.bust else t.ended
        if end is not None and end > begin:
            seconds += int((end - begin).total_seconds())
    return seconds


def formula_variables(tournament: TdtTournament) -> dict[str, dict[str, Decimal | int]]:
    """Each entrant with a place (by UUID) with the TD3 variables his points formula sees: every entrant of a
    finished game; of a game stopped before its end, the busted players (``places``), those still in having no
    place to score yet."""
    places = finishing_places(tournament)
    totals = money_totals(tournament)
    common = _tournament_variables(tournament, totals)
    shares = prize_shares(tournament)
    return {player.uuid: {**common, **_player_variables(tournament, player, place, totals.players, shares)}
            for player in tournament.entrants if (place := places[player.uuid]) is not None}


def _profiles(tournament: TdtTournament) -> Callable[[str, str, str | None, str | None], float]:
    def look_up(kind: str, field: str, name: str | None, rake: str | None) -> float:
        rules: PurchaseRules = getattr(tournament.financials, _KINDS[kind])
        profile = rules.profile(name) if name else (rules.profiles[rules.default_profile] if rules.profiles else None)
        if profile is None:
            raise FormulaFault(f"there is no {kind} profile named {name!r}" if name else f"there is no {kind} profile")
        if rake is not None:
            raise FormulaFault(f"the rake {rake!r} is not named in a TD3 save")
        figures: dict[str, Decimal | int] = {"fee": profile.fee, "rake": profile.rake, "chips": profile.chips, "points": profile.points}
        return float(figures[field])
    return look_up


def points_for_players(tournament: TdtTournament, formula_text: str | None = None) -> dict[str, float]:
    """Each placed entrant's points as TD3 gives them: the value of ``points`` by ``formula_text`` (by default the
    save's own formula) plus his points adjustment in the save; a formula error or a variable the save cannot give
    is a ``FormulaError`` with its position."""
    text = tournament.financials.points_formula if formula_text is None else formula_text
    if not text or not text.strip():
        raise TdtError(tournament.source, "has no points formula")
    formula = compile_formula(text)
    totals_rake = float(money_totals(tournament).rake)

    def rake_total(name: str | None) -> float:
        if name is not None:
            raise FormulaFault(f"the rake {name!r} is not named in a TD3 save")
        return totals_rake

    profiles = _profiles(tournament)
    adjustments = {p.uuid: float(p.points_adjustment) for p in tournament.entrants}
    return {uuid: formula.evaluate(values, profiles, rake_total) + adjustments[uuid]
            for uuid, values in formula_variables(tournament).items()}
