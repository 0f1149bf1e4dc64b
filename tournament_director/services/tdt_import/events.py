"""A TD3 save as this program's events: the settings, the blind structure, every purchase, bust and prize.

``save_events(save, player_ids)`` gives the events in the order they are recorded (``player_ids`` maps each
entrant's TD3 UUID to his registry id). What cannot be brought over is refused with ``TdtError`` naming the file
and the problem; what is doubtful is said in the returned warnings.

How the history is ordered: every purchase and bust by its time; at one moment the purchases of players in play
come first, then the busts of that moment (one ``entry.busted`` event: players out at the same moment share the
best place of their block, as TD3 reckons them; the domain ties a group's players of equal starting chips, so
each bust is given the same), then the re-entries of players who just busted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from tournament_director.domain import limits
from tournament_director.domain.clock.structure import Break, Level, Structure
from tournament_director.domain.errors import DomainError
from tournament_director.domain.events import Event
from tournament_director.domain.floor.events import EntryBusted, HistoryAwarded, HistoryBought, HistoryPotSet
from tournament_director.domain.money.settings import MAX_BUY_IN_OPTIONS, STANDARD_OPTION, TournamentSettings
from tournament_director.imports.tdt import PurchaseKind, PurchaseRules, TdtError, TdtTournament, prize_shares

_BETTING = {0: "fixed_limit", 1: "pot_limit", 2: "no_limit"}
_PHASE = {PurchaseKind.BUY_IN: 0, PurchaseKind.REBUY: 0, PurchaseKind.ADD_ON: 0, PurchaseKind.RE_ENTRY: 2}
_BUST_PHASE = 1


@dataclass(frozen=True)
class Planned:
    """The events of one save and the entry each TD3 player ended with."""

    events: list[Event]
    last_entry: dict[str, int]  # TD3 UUID -> entry id of his last entry
    warnings: list[str]


def whole(save: TdtTournament, value: Decimal, what: str) -> int:
    """An amount as this program keeps it (whole units), or a refusal naming the amount."""
    if value != value.to_integral_value():
        raise TdtError(save.source, f"{what} is {value}: this program keeps whole amounts, not cents")
    if not 0 <= value <= limits.MAX_AMOUNT:
        raise TdtError(save.source, f"{what} is {value}: amounts run from 0 to {limits.MAX_AMOUNT:,}")
    return int(value)


def _price(save: TdtTournament, rules: PurchaseRules, what: str) -> tuple[int, int, int]:
    """(price to the pot, fee to the house, chips) of the default profile; TD3's fee includes its rake."""
    if not rules.profiles:
        return 0, 0, 0
    profile = rules.profiles[rules.default_profile]
    fee = whole(save, profile.fee, f"the {what} fee of {profile.name!r}")
    rake = whole(save, profile.rake, f"the {what} rake of {profile.name!r}")
    return max(0, fee - rake), min(rake, fee), whole(save, Decimal(profile.chips), f"the {what} chips")


def settings_for(save: TdtTournament) -> TournamentSettings:
    money = save.financials
    buy_in, fee, stack = _price(save, money.buy_ins, "buy-in")
    rebuy_price, rebuy_fee, rebuy_chips = _price(save, money.rebuys, "rebuy")
    addon_price, addon_fee, addon_chips = _price(save, money.add_ons, "add-on")
    default = money.buy_ins.profiles[money.buy_ins.default_profile] if money.buy_ins.profiles else None
    options: list[dict[str, Any]] = []
    for profile in money.buy_ins.profiles:
        if profile is default or not profile.enabled or profile.chips <= 0 or profile.name == STANDARD_OPTION:
            continue
        if len(options) < MAX_BUY_IN_OPTIONS:
            price = whole(save, profile.fee, f"the buy-in fee of {profile.name!r}")
            rake = min(price, whole(save, profile.rake, f"the buy-in rake of {profile.name!r}"))
            options.append({"name": profile.name, "buy_in": price - rake, "fee": rake, "chips": profile.chips})
    rebuys = money.rebuys
    limit = min(rebuys.max_per_player, limits.MAX_ENTRIES - 1) or limits.MAX_ENTRIES - 1

    def last(round_number: int) -> int | None:
        return min(round_number, limits.MAX_LEVELS) or None

    data: dict[str, Any] = {
        "name": (save.title or save.source.rsplit(".", 1)[0]).strip()[: limits.MAX_NAME_LENGTH] or "Tournament",
        "scheduled_start": save.started.isoformat() if save.started else None,
        "buy_in": buy_in, "fee": fee, "starting_stack": stack or 1, "buy_in_options": options,
        "guarantee": whole(save, money.guaranteed_pot, "the guaranteed pot"),
        "rebuy_limit": limit if rebuys.allowed else 0,
        "rebuy_price": rebuy_price, "rebuy_fee": rebuy_fee, "rebuy_chips": rebuy_chips,
        "rebuy_until_level": last(rebuys.last_round), "rebuy_max_chips": limits.MAX_AMOUNT,
        # TD3 sells a rebuy to a player who is out: that is its re-entry
        "reentry_limit": limit if rebuys.allowed else 0,
        "reentry_until_level": last(rebuys.last_round),
        "addon_enabled": money.add_ons.allowed, "addon_price": addon_price, "addon_fee": addon_fee,
        "addon_chips": addon_chips, "addon_until_level": last(money.add_ons.last_round),
        "late_registration_until_level": last(money.buy_ins.last_round),
    }
    try:
        return TournamentSettings.from_dict(data)
    except DomainError as problem:
        raise TdtError(save.source, f"its money settings cannot be used here: {problem.message}") from None


@dataclass(frozen=True)
class Rounds:
    """The blind structure made of a save's rounds, which level each TD3 round became, and what was changed."""

    structure: Structure | None
    level_of_round: dict[int, int]
    warnings: list[str]


def structure_for(save: TdtTournament) -> Rounds:
    """TD3's rounds and breaks as a structure. A round or break of 0 minutes is never played and is left out (so
    TD3's round numbers are mapped to the levels kept); what this program cannot run as it stands (a round
    longer than a day, a round without a big blind) is made runnable and said."""
    periods: list[Level | Break] = []
    level_of_round: dict[int, int] = {}
    warnings: list[str] = []
    longest = limits.MAX_DURATION_SECONDS
    for level in save.levels:
        seconds = int(level.minutes * 60)
        what = "a break" if level.is_break else f"round {level.round_number}"
        if seconds > longest:
            warnings.append(f"{what} lasts {level.minutes} minutes; here it lasts 24 hours")
            seconds = longest
        if seconds <= 0 or (level.is_break and not periods):  # a structure starts with a level here
            continue
        if len(periods) >= limits.MAX_LEVELS:
            warnings.append(f"the structure keeps its first {limits.MAX_LEVELS} levels and breaks")
            break
        if level.is_break:
            periods.append(Break(seconds))
            continue
        number = sum(1 for p in periods if isinstance(p, Level)) + 1
        small = whole(save, level.small_blind, f"the small blind of {what}")
        big = whole(save, level.big_blind, f"the big blind of {what}")
        ante = whole(save, level.ante, f"the ante of {what}")
        if big <= 0 or big < small:
            before = next((p for p in reversed(periods) if isinstance(p, Level)), None)
            fixed = max(small, big, before.big_blind if before else 1, 1)
            warnings.append(f"{what} has blinds {small}/{big}; here its big blind is {fixed}")
            big, small = fixed, min(small, fixed)
        betting = _BETTING.get(level.game_type, "no_limit")
        fixed_limit = betting == "fixed_limit"
        periods.append(Level(number, seconds, small, big, min(ante, big), betting=betting,
                             small_bet=big if fixed_limit else None, big_bet=2 * big if fixed_limit else None))
        if level.round_number is not None:
            level_of_round[level.round_number] = number
    if not periods:
        return Rounds(None, {}, warnings)
    structure = Structure(tuple(periods), name=(save.title or "TD3")[:100])
    try:
        structure.validate()
    except DomainError as problem:
        raise TdtError(save.source, f"its rounds cannot be used as a blind structure: {problem.message}") from None
    return Rounds(structure, level_of_round, warnings)


def history_events(save: TdtTournament, player_ids: Mapping[str, int], level_of_round: Mapping[int, int]) -> Planned:
    """Every purchase and bust in order, then the pot's house money and (a finished game) the prizes."""
    happenings: list[tuple[Any, int, int, int, str, Any]] = []
    warnings: list[str] = []
    for order, player in enumerate(save.entrants):
        for entry in player.entries:
            for purchase in entry.purchases:
                time = purchase.time
                if entry.bust is not None and purchase is not entry.opening and time > entry.bust.time:
                    # TD3 files an add-on under the entry it was bought for, even when its time is after that
                    # entry's bust (typed in late): it counts before the bust, as TD3 counts it
                    time = entry.bust.time
                    warnings.append(f"{player.name}'s {purchase.kind.value} at {purchase.time:%H:%M:%S} is "
                                    f"recorded after his bust at {entry.bust.time:%H:%M:%S}; counted before it")
                happenings.append((time, _PHASE[purchase.kind], order, len(happenings), player.uuid, purchase))
            if entry.bust is not None and entry.bust.time < entry.opening.time:
                raise TdtError(save.source, f"{player.name}'s bust at {entry.bust.time:%Y-%m-%d %H:%M:%S} comes "
                                            f"before the buy-in it ends, at {entry.opening.time:%H:%M:%S}")
            if entry.bust is not None:
                happenings.append((entry.bust.time, _BUST_PHASE, order, len(happenings), player.uuid, entry.bust))
    happenings.sort(key=lambda h: h[:4])
    events: list[Event] = []
    live: dict[str, int] = {}
    last_entry: dict[str, int] = {}
    names = {p.uuid: p.name for p in save.players}
    next_entry = 1
    alive = 0
    index = 0
    while index < len(happenings):
        time, phase, _, _, uuid, what = happenings[index]
        if phase != _BUST_PHASE:
            kind = what.kind
            paid = whole(save, what.amount, f"what {names[uuid]} paid at {time:%H:%M:%S}")
            rake = min(paid, whole(save, what.rake, f"the rake {names[uuid]} paid at {time:%H:%M:%S}"))
            payload: dict[str, Any] = {
                "chips": min(what.chips, limits.MAX_AMOUNT), "paid_prize": paid - rake, "paid_house": rake,
                "paid_bounty": whole(save, what.bounty, f"the bounty chip {names[uuid]} bought at {time:%H:%M:%S}"),
                "option": what.profile or "", "level": level_of_round.get(what.round), "time": time.isoformat()}
            if kind in (PurchaseKind.BUY_IN, PurchaseKind.RE_ENTRY):
                payload.update(kind="entry", entry_id=next_entry, name=names[uuid], player_id=player_ids[uuid])
                live[uuid] = last_entry[uuid] = next_entry
                next_entry += 1
                alive += 1
            else:
                if uuid not in live:
                    raise TdtError(save.source, f"{names[uuid]}'s {kind.value} at {time:%Y-%m-%d %H:%M:%S} comes while "
                                                "he is not in play (before buying in, or after his bust)")
                payload.update(kind="rebuy" if kind is PurchaseKind.REBUY else "addon", entry_id=live[uuid])
            events.append(HistoryBought(**payload))
            index += 1
            continue
        block = []
        while index < len(happenings) and happenings[index][0] == time and happenings[index][1] == _BUST_PHASE:
            block.append(happenings[index])
            index += 1
        for b in block:
            if b[4] not in live:
                raise TdtError(save.source, f"{names[b[4]]} busts at {time:%Y-%m-%d %H:%M:%S} while not in play "
                                            "(before buying in, or twice)")
        out = {b[4] for b in block}
        if len(out) != len(block):
            twice = next(names[b[4]] for b in block if sum(1 for c in block if c[4] == b[4]) > 1)
            raise TdtError(save.source, f"{twice} is out twice at {time:%Y-%m-%d %H:%M:%S}")
        if len(block) >= alive:  # TD3 lets the director bust the winner too; here the winner stays in
            kept = block[-1]
            warnings.append(f"{names[kept[4]]} was marked out as the last player; he is the winner here")
            block = block[:-1]
            out.discard(kept[4])
        if not block:
            continue
        busts = []
        for _, _, _, _, uuid, bust in block:
            hitmen = []
            for hitman in bust.hitmen:
                if hitman in live and hitman not in out and live[hitman] not in hitmen:
                    hitmen.append(live[hitman])
                elif hitman in names:
                    warnings.append(f"{names[hitman]} is named as busting {names[uuid]} but was not in play then")
            busts.append({"entry_id": live[uuid], "eliminated_by": hitmen, "start_chips": 0})
        for _, _, _, _, uuid, _ in block:
            del live[uuid]
        alive -= len(block)
        bust_round = block[0][5].round
        events.append(EntryBusted(busts=busts, level=level_of_round.get(bust_round), time=time.isoformat()))
    money = save.financials
    fixed = whole(save, money.fixed_rake.amount, "the fixed rake")
    house = whole(save, money.house_contribution, "the house contribution")
    if fixed or house:
        events.append(HistoryPotSet(fixed_rake=fixed, house_contribution=house))
    if save.finished:
        events.append(HistoryAwarded(awards=_awards(save, last_entry, warnings),
                                     time=save.ended.isoformat() if save.ended else None))
    return Planned(events, last_entry, warnings)


def _awards(save: TdtTournament, last_entry: Mapping[str, int], warnings: list[str]) -> list[list[int]]:
    """The prizes as TD3 awarded them, each player's share to his last entry. This program keeps whole units: a
    share TD3 worked out to the cent is rounded half up here and said (the results show TD3's own figure)."""
    awards: list[list[int]] = []
    names = {p.uuid: p.name for p in save.players}
    for uuid, share in prize_shares(save).items():
        if uuid not in last_entry:
            continue
        amount = share
        if share != share.to_integral_value():
            amount = share.to_integral_value(rounding=ROUND_HALF_UP)
            warnings.append(f"{names.get(uuid, uuid)}'s prize was {share.quantize(Decimal('0.01'))}; here it is "
                            f"{amount}")
        awards.append([last_entry[uuid], whole(save, amount, f"{names.get(uuid, uuid)}'s prize")])
    return awards
