"""Reading a TD3 save into a ``TdtTournament``: ``read_tdt(path)`` or ``parse_tdt(data, source)``.

The class names and fields read here are those TD3 3.0 to 3.7 write (learnt from the five sample saves and from
hkhard/tdwpimport's ``tdtfiles/`` and PHP importer): ``Tournament``, ``FinancialConfig`` (3.4 on) or
``GameFinancials`` (3.0), ``BuyConfig`` / ``FeeProfile`` / ``AddOnRebuy``, ``FixedRakeConfig``, ``GamePlayers``
with a map of ``GamePlayer`` (``PlayerName``, ``PlayerInfo``, ``GameBuyin`` with its ``GameBustOut``,
``GameAddOn``), ``GameLevels`` (``GameRound``, ``GameBreak``), ``GamePrizes`` (``GamePrize``) and ``GameHistory``.
Everything else in a save (tables, seats, chips, sounds, screens, the layout) is parsed, so a damaged file is
noticed, but not kept.
"""

from __future__ import annotations

import os
import re
from decimal import Decimal
from pathlib import Path
from tournament_director.imports.tdt.errors import TdtError
from tournament_director.imports.tdt.fields import MAX_NAME_LENGTH, Context, Obj, kind_of
from tournament_director.imports.tdt.literal import MAX_FILE_BYTES, JsObject, decode_save, parse_literal
from tournament_director.imports.tdt.model import (
    Bust, Contact, FeeProfile, Financials, FixedRake, HistoryItem, Level, Player, Prize, Purchase,
    PurchaseKind, PurchaseRules, Status, TdtTournament,
)
from tournament_director.imports.tdt.purchases import build_entries

SUPPORTED = re.compile(r"3\.[0-7](?:\.\d+)*(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?")  # 3.7.0-beta.5: a pre-release
_LOOKS_LIKE_A_SAVE = re.compile(r"\s*\{\s*[\"']?V[\"']?\s*:")
# a player's contact details: the field here, the key in the save
_CONTACT_FIELDS = (("email", "Email1"), ("email2", "Email2"), ("phone", "Phone1"), ("phone2", "Phone2"),
                   ("street", "StreetAddress"), ("city", "City"), ("state", "State"), ("zipcode", "Zipcode"),
                   ("country", "Country"))


def read_tdt(path: str | os.PathLike[str]) -> TdtTournament:
    """Read the save at ``path``; a file that cannot be opened or read is a ``TdtError`` like any other."""
    file = Path(path)
    try:
        with file.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise TdtError(file.name, f"cannot be read ({error.strerror or error})") from None
    return parse_tdt(data, file.name)


def parse_tdt(data: bytes, source: str = "the file") -> TdtTournament:
    """The tournament a save holds, or ``TdtError`` naming ``source`` and the problem."""
    text = decode_save(data, source)
    if not _LOOKS_LIKE_A_SAVE.match(text):
        raise TdtError(source, "is not a TD3 save (a save begins with '{ V: \"3.')")
    root = parse_literal(text, source)
    ctx = Context(source, text)
    if not isinstance(root, JsObject):
        ctx.fail("", f"is not a TD3 save (it holds {kind_of(root)})")
    save = Obj(ctx, root, "")
    version = save.text("V", limit=40)
    if not SUPPORTED.fullmatch(version):
        ctx.fail("V", f"TD3 version {version!r} is not one read here (3.0 to 3.7)", root.position)
    return _tournament(ctx, save.child("T", "Tournament"), version)


def _tournament(ctx: Context, t: Obj, version: str) -> TdtTournament:
    started, ended = t.time("StartTime", None), t.time("EndTime", None)
    status = Status.FINISHED if ended else Status.IN_PROGRESS if started else Status.NOT_STARTED
    players_obj = t.child("Players", "GamePlayers")
    players = _players(ctx, players_obj)
    chops_obj = players_obj.child("Chops", "GameChops", default=None)
    chops = chops_obj.items("Chops", []) if chops_obj else []
    if chops:
        ctx.warnings.append(f"TD3 recorded {len(chops)} deal(s) (chops); the prizes are read as TD3 awarded them")
    known = {p.uuid for p in players}
    for player in players:
        for entry in player.entries:
            for hitman in entry.bust.hitmen if entry.bust else ():
                if hitman not in known:
                    ctx.warnings.append(f"{player.name} was busted by {hitman}, who is not a player of this save")
    prizes_obj = t.child("Prizes", "GamePrizes", default=None)
    prizes = tuple(_prize(p) for p in prizes_obj.objects("Prizes", "GamePrize", default=[])) if prizes_obj else ()
    for prize in prizes:
        for uuid in prize.awarded_to:
            if uuid not in known:
                ctx.warnings.append(f"the prize {prize.description!r} went to {uuid}, who is not a player of this save")
    levels_obj = t.child("Levels", "GameLevels", default=None)
    history_obj = t.child("History", "GameHistory", default=None)
    return TdtTournament(
        source=ctx.source, version=version, uuid=t.text("UUID", "", limit=100),
        title=t.text("Title", "", limit=MAX_NAME_LENGTH), description=t.text("Description", ""),
        notes=t.text("Notes", ""),
        league_uuid=t.text("LeagueUUID", None, limit=100), league=t.text("LeagueName", None, limit=MAX_NAME_LENGTH),
        season_uuid=t.text("SeasonUUID", None, limit=100), season=t.text("SeasonName", None, limit=MAX_NAME_LENGTH),
        started=started, ended=ended, status=status, current_level=t.integer("CurrentLevel", 0),
        level_elapsed_seconds=t.integer("AccumulatedSeconds", 0, high=10**9),
        level_seconds=t.integer("CurrentPeriodDuration", 0, high=10**9), clock_running=t.flag("ClockRunning", False),
        financials=_financials(ctx, t.child("Financials", "FinancialConfig", "GameFinancials")),
        players=players,
        levels=_levels(levels_obj) if levels_obj else (),
        prizes=prizes,
        prize_rounding=prizes_obj.integer("RoundPrizes", 0) if prizes_obj else 0,
        prize_round_to_nearest=prizes_obj.amount("RoundToNearest", 1) if prizes_obj else Decimal(1),
        history=tuple(HistoryItem(h.time("Time"), h.text("Text", ""))
                      for h in history_obj.objects("History", "GameHistoryItem", default=[])) if history_obj else (),
        warnings=tuple(dict.fromkeys(ctx.warnings)),
    )


# --- money -------------------------------------------------------------------------------------------
def _financials(ctx: Context, f: Obj) -> Financials:
    formula = f.child("PointsForPlaying", "UserFormula", default=None)
    text = formula.text("Text", None) if formula else None
    if f.class_name == "GameFinancials":  # TD3 3.0: one price each, no profiles
        buy_ins = PurchaseRules(True, (FeeProfile(
            "Buy-in", f.amount("EntryFee", 0), f.rakes("PPRake"), f.integer("StartingChips", 0, high=10**15),
            f.number("PointsForBuyin", 0), Decimal(0), True),), 0, 0, 0, 0, 0)
        rebuys = _add_on_rebuy(f.child("Rebuys", "AddOnRebuy", default=None), "Rebuy")
        add_ons = _add_on_rebuy(f.child("AddOns", "AddOnRebuy", default=None), "Add-on")
        fixed = FixedRake(f.integer("FixedRakeType", 0), f.rakes("FixedRake"), f.rakes("FixedRakePercent"),
                          f.integer("FixedRakeRounding", 0), f.amount("FixedRakeRoundToNearest", 1))
        rebuys_while_alive = f.flag("AllowInTourneyRebuys", False)
    else:
        buy_ins = _buy_config(f.child("Buyins", "BuyConfig", default=None))
        rebuys = _buy_config(f.child("Rebuys", "BuyConfig", default=None))
        add_ons = _buy_config(f.child("AddOns", "BuyConfig", default=None))
        rake = f.child("FixedRake", "FixedRakeConfig", default=None)
        fixed = FixedRake(rake.integer("Type", 0), rake.rakes("Real"), rake.rakes("Percent"),
                          rake.integer("Round", 0), rake.amount("RoundToNearest", 1)) if rake else \
            FixedRake(0, (), (), 0, Decimal(1))
        rebuys_while_alive = f.flag("AllowInTourneyRebuys", False)
    return Financials(
        buy_ins=buy_ins, rebuys=rebuys, add_ons=add_ons, fixed_rake=fixed,
        house_contribution=f.number("HouseContribution", 0), guaranteed_pot=f.amount("GuaranteedPot", 0),
        points_for_hit=f.number("PointsForHit", 0), points_formula=text,
        use_bounties=f.flag("UseBounties", False), rebuys_while_alive=rebuys_while_alive,
    )


def _profile(p: Obj, name: str | None = None) -> FeeProfile:
    return FeeProfile(
        name=p.text("Name", limit=MAX_NAME_LENGTH) if name is None else name, fee=p.amount("Fee", 0),
        rakes=p.rakes("Rake"), chips=p.integer("Chips", 0, high=10**15), points=p.number("Points", 0),
        bounty_chip_cost=p.amount("BountyChipCost", 0), enabled=p.flag("Enabled", True),
    )


def _buy_config(c: Obj | None) -> PurchaseRules:
    if c is None:
        return PurchaseRules(False, (), 0, 0, 0, 0, 0)
    profiles = tuple(_profile(p) for p in c.objects("Profiles", "FeeProfile", default=[]))
    names = [p.name for p in profiles]
    if len(set(names)) != len(names):
        c.fail("Profiles", "two fee profiles have the same name")
    default = c.integer("DefIndex", 0)
    if profiles and default >= len(profiles):
        c.fail("DefIndex", f"profile {default} does not exist ({len(profiles)} profiles)")
    return PurchaseRules(c.flag("Allow", bool(profiles)), profiles, default, c.integer("LastRound", 0),
                         c.integer("MaxPerPlayer", 0), c.integer("MaxTotal", 0), c.integer("MinPlayers", 0))


def _add_on_rebuy(c: Obj | None, name: str) -> PurchaseRules:
    if c is None:
        return PurchaseRules(False, (), 0, 0, 0, 0, 0)
    return PurchaseRules(c.flag("Allow", False), (_profile(c, name),), 0, c.integer("LastRound", 0),
                         c.integer("MaxPerPlayer", 0), c.integer("MaxTotal", 0), c.integer("MinPlayers", 0))


# --- players -----------------------------------------------------------------------------------------
def _players(ctx: Context, players_obj: Obj) -> tuple[Player, ...]:
    table = players_obj.mapping("Players")
    seen: set[str] = set()
    players = []
    for index, (key, value) in enumerate(table.pairs):
        path = f"Players[{key!r}]" if isinstance(key, str) else f"Players[{index}]"
        player = _player(ctx, Obj(ctx, value, path, "GamePlayer"))
        if player.uuid in seen:
            ctx.fail(path, f"the player {player.uuid} is listed twice", table.position)
        if isinstance(key, str) and key != player.uuid:
            ctx.fail(path, f"is filed under {key!r} but its UUID is {player.uuid!r}", table.position)
        seen.add(player.uuid)
        players.append(player)
    return tuple(players)


def _player(ctx: Context, g: Obj) -> Player:
    uuid = g.uuid("UUID")
    name_obj = g.child("Name", "PlayerName", default=None)
    nickname = name_obj.text("Nickname", "", limit=MAX_NAME_LENGTH) if name_obj else ""
    first = name_obj.text("Firstname", "", limit=MAX_NAME_LENGTH) if name_obj else ""
    last = name_obj.text("Lastname", "", limit=MAX_NAME_LENGTH) if name_obj else ""
    name = (nickname.strip() or f"{first.strip()} {last.strip()}".strip())
    if not name:
        g.fail("Name", f"the player {uuid} has no name")
    if len(name) > MAX_NAME_LENGTH or "\n" in name or "\r" in name or "\t" in name:
        g.fail("Name", "a player's name is one line of at most 200 characters")
    info = g.child("Info", "PlayerInfo", default=None)
    contact = Contact(**{field: info.text(key, "", limit=1000) for field, key in _CONTACT_FIELDS},
                      notes=info.text("Notes", "")) if info else Contact()
    buy_ins = [_purchase(b, "Buyin") for b in g.objects("Buyins", "GameBuyin", default=[])]
    add_ons = [_purchase(a, "AddOn") for a in g.objects("AddOns", "GameAddOn", default=[])]
    if add_ons and not buy_ins:
        g.fail("AddOns", f"{name} has add-ons but never bought in")
    entries = build_entries(buy_ins, add_ons)
    return Player(
        uuid=uuid, name=name, nickname=nickname, first_name=first, last_name=last, contact=contact,
        entries=entries, cash_adjustment=g.number("CashAdjustment", 0),
        points_adjustment=g.number("PointsAdjustment", 0),
        hits_adjustment=g.integer("HitsAdjustment", 0, low=-10**6), chip_count=g.integer("ChipCount", 0, high=10**15),
    )


def _purchase(p: Obj, what: str) -> tuple[Purchase, Bust | None]:
    time = p.time("Time")
    if time is None:
        p.fail("Time", f"a {what} has no time")
    purchase = Purchase(
        kind=PurchaseKind.ADD_ON if what == "AddOn" else PurchaseKind.BUY_IN, time=time, round=p.integer("Round", 0),
        amount=p.amount("Amount", 0), rake=sum(p.rakes("Rake"), Decimal(0)), chips=p.integer("Chips", 0, high=10**15),
        points=p.number("Points", 0), bounty=p.amount("PersonalBounty", 0),
        profile=p.text("ProfileName", None, limit=MAX_NAME_LENGTH),
    )
    bust_obj = p.child("BustOut", "GameBustOut", default=None) if what == "Buyin" else None
    bust = None
    if bust_obj is not None:
        bust_time = bust_obj.time("Time")
        if bust_time is None:
            bust_obj.fail("Time", "a bust has no time")
        bust = Bust(bust_time, bust_obj.integer("Round", 0), bust_obj.uuids("HitmanUUID"))
    return purchase, bust


# --- structure and prizes ----------------------------------------------------------------------------
def _levels(levels_obj: Obj) -> tuple[Level, ...]:
    out = []
    rounds = 0
    for level in levels_obj.objects("Levels", "GameRound", "GameBreak", default=[]):
        minutes = level.amount("Minutes", 0)
        if level.class_name == "GameBreak":
            out.append(Level(True, minutes, chip_up=level.flag("ChipUp", False), notes=level.text("Notes", "")))
            continue
        rounds += 1
        out.append(Level(
            False, minutes, small_blind=level.amount("SmallBlind", 0), big_blind=level.amount("BigBlind", 0),
            ante=level.amount("Ante", 0), game=level.text("GameName", "", limit=MAX_NAME_LENGTH),
            game_type=level.integer("GameType", 2, high=10), round_number=rounds, notes=level.text("Notes", ""),
        ))
    return tuple(out)


def _prize(p: Obj) -> Prize:
    amount_type = p.integer("AmountType", 0, high=10)
    if amount_type not in (0, 1):
        p.fail("AmountType", f"prize amount type {amount_type} is not one read here (0 percent, 1 fixed)")
    return Prize(
        description=p.text("Description", "", limit=MAX_NAME_LENGTH), kind=p.integer("Type", 0, high=100),
        place=p.integer("Recipient", 0), percent=amount_type == 0, amount=p.amount("Amount", 0),
        adjustment=p.number("Adjustment", 0), shares_remainder=p.flag("ShareRemainder", False),
        awarded=p.number("CalculatedAmount", 0), shared_remainder=p.number("SharedRemainder", 0),
        points=p.number("Points", 0), awarded_points=p.number("CalculatedPoints", 0),
        awarded_to=p.uuids("AwardedToPlayers"),
    )
