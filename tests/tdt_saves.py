"""Synthetic TD3 saves for the tests and the benchmark: invented players, written the way TD3 3.0 to 3.7 write a
save (one JavaScript-like literal, ``{ V: "3.7.2", T: new Tournament({...}), L: {...} }``).

``SaveBuilder`` records what happens the way TD3 does: every chip purchase but an add-on is a ``GameBuyin`` in the
player's ``Buyins``, and a bust is written on his latest ``GameBuyin``. ``text()`` writes the save with TD3 3.7's
maps (``Map.from([[k, v]])``), 3.0-3.4's (``new Map({k: v})``), and 3.0's ``GameFinancials`` when asked;
``data()`` in UTF-8 or, as TD3 before 3.7 did, in Windows-1252.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

START_MS = 1_700_000_000_000  # an invented evening in November 2023


@dataclass
class New:
    name: str
    fields: Any


@dataclass
class Pairs:
    items: list[tuple[str, Any]]


@dataclass
class Raw:
    text: str


def js(value: Any, maps: str) -> str:
    """A value as TD3 writes it; ``maps`` is "from" (3.7) or "object" (3.0 to 3.4)."""
    if isinstance(value, Raw):
        return value.text
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(js(v, maps) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {js(v, maps)}" for k, v in value.items()) + "}"
    if isinstance(value, New):
        return f"new {value.name}({js(value.fields, maps)})"
    if isinstance(value, Pairs):
        if maps == "from":
            return "Map.from([" + ", ".join(f"[{js(k, maps)}, {js(v, maps)}]" for k, v in value.items) + "])"
        return "new Map({" + ", ".join(f"{js(k, maps)}: {js(v, maps)}" for k, v in value.items) + "})"
    raise TypeError(value)


def rake(amount: int) -> New:
    return New("PerPlayerRake", [amount])


def profile(name: str, fee: int, rake_amount: int = 0, chips: int = 10_000, bounty: int = 0) -> New:
    return New("FeeProfile", {"Name": name, "Enabled": True, "AllowChange": False, "Fee": fee,
                              "Rake": rake(rake_amount), "Chips": chips, "Points": 0, "BountyChipCost": bounty})


@dataclass
class _Player:
    uuid: str
    name: str
    buyins: list[dict[str, Any]] = field(default_factory=list)
    addons: list[dict[str, Any]] = field(default_factory=list)
    points_adjustment: int = 0
    hits_adjustment: int = 0


class SaveBuilder:
    def __init__(self, title: str = "Thursday Deepstack", league: str | None = "River Club League",
                 season: str | None = "Autumn") -> None:
        self.title, self.league, self.season = title, league, season
        self.uuid = "11111111-2222-4333-8444-555555555555"  # TD3's id of the game: one game saved again keeps it
        self.players: list[_Player] = []
        self.buy_in_profiles = [profile("Standard", 110, 10), profile("Early Bird", 100, 0, 12_000)]
        self.rebuy_profiles = [profile("Rebuy", 100, 0), profile("Double Rebuy", 200, 0, 20_000)]
        self.addon_profiles = [profile("Add-on", 50, 0, 5_000)]
        self.prizes: list[New] = []
        self.levels: list[New] = [self.round(25, 50), self.round(50, 100), self.pause(10), self.round(100, 200, 25)]
        self.history: list[tuple[int, str]] = []
        self.started: int | None = START_MS
        self.ended: int | None = None
        self.formula = ('assign("points", 1)\nassign("top", round(n/4))\n'
                        'IF(r <= top, assign("points", 10 * (top - r + 1) + nh), 0)')
        self.house_contribution = 0
        self.guaranteed_pot = 0
        self.fixed_rake = 0
        self.layout_screens = 0
        self.chops: list[Any] = []

    # --- the game --------------------------------------------------------------------------------
    def player(self, name: str) -> str:
        uuid = f"00000000-0000-4000-8000-{len(self.players) + 1:012d}"
        self.players.append(_Player(uuid, name))
        return uuid

    def _find(self, uuid: str) -> _Player:
        return next(p for p in self.players if p.uuid == uuid)

    def buy_in(self, uuid: str, minute: float = 0, profile_name: str | None = "Standard", amount: int = 110,
               rake_amount: int = 10, chips: int = 10_000, round_number: int = 1, bounty: int = 0) -> None:
        entry = {"Time": START_MS + int(minute * 60_000) + 17, "Round": round_number, "Amount": amount,
                 "PersonalBounty": bounty, "Rake": rake(rake_amount), "Chips": chips, "Points": 0}
        if profile_name is not None:
            entry["ProfileName"] = profile_name
        self._find(uuid).buyins.append(entry)

    def rebuy(self, uuid: str, minute: float, profile_name: str = "Rebuy", amount: int = 100,
              chips: int = 10_000, round_number: int = 1) -> None:
        self.buy_in(uuid, minute, profile_name, amount, 0, chips, round_number)

    def add_on(self, uuid: str, minute: float, amount: int = 50, chips: int = 5_000, round_number: int = 3,
               profile_name: str | None = "Add-on") -> None:
        entry = {"Time": START_MS + int(minute * 60_000) + 5, "Round": round_number, "Amount": amount,
                 "Rake": rake(0), "Chips": chips, "Points": 0}
        if profile_name is not None:
            entry["ProfileName"] = profile_name
        self._find(uuid).addons.append(entry)

    def bust(self, uuid: str, minute: float, round_number: int, *hitmen: str) -> None:
        """TD3 writes the bust on the player's latest GameBuyin; times of busts are whole seconds."""
        self._find(uuid).buyins[-1]["BustOut"] = New("GameBustOut", {
            "Time": START_MS + int(minute * 60) * 1000, "Round": round_number, "HitmanUUID": list(hitmen),
            "Seat": New("GameSeat", {"TableName": "Table 1", "SeatIndex": 1, "Locked": False, "TableUUID": "t-1"}),
        })

    def finish(self, minute: float = 300) -> None:
        self.ended = START_MS + int(minute * 60_000)

    def prize(self, place: int, amount: float, awarded: float, *to: str, percent: bool = True) -> None:
        self.prizes.append(New("GamePrize", {
            "Description": f"Place {place}", "Type": 0, "Recipient": place, "AmountType": 0 if percent else 1,
            "Amount": amount, "Adjustment": 0, "ShareRemainder": place == 1, "Points": 0,
            "AwardedToPlayers": list(to), "SharedRemainder": 0, "CalculatedAmount": awarded,
            "CalculatedPoints": 0, "EstimatedAmount": 0, "EstimatedSharedRemainder": 0, "Display": True,
            "Lock": False}))

    @staticmethod
    def round(small: int, big: int, ante: int = 0, minutes: int = 20) -> New:
        return New("GameRound", {"Minutes": minutes, "SmallBlind": small, "BigBlind": big, "Ante": ante,
                                 "GameType": 2, "GameName": "Hold'em", "Limits": [0] * 8, "Notes": ""})

    @staticmethod
    def pause(minutes: int) -> New:
        return New("GameBreak", {"Minutes": minutes, "ChipUp": False, "Notes": ""})

    # --- writing ---------------------------------------------------------------------------------
    def _game_player(self, p: _Player, maps: str) -> New:
        buyins = [New("GameBuyin", b) for b in p.buyins]
        addons = [New("GameAddOn", a) for a in p.addons]
        nick = {"UUID": p.uuid, "Nickname": p.name, "Firstname": "", "Lastname": "", "LastModified": START_MS}
        info = {"UUID": p.uuid, "StreetAddress": "", "City": "", "Email1": f"{p.name.split()[0].lower()}@example.org",
                "Phone1": "", "Notes": "", "LastModified": START_MS}
        return New("GamePlayer", {"UUID": p.uuid, "Name": New("PlayerName", nick), "Info": New("PlayerInfo", info),
                                  "Buyins": buyins, "AddOns": addons, "CashAdjustment": 0,
                                  "PointsAdjustment": p.points_adjustment,
                                  "ChipCount": 10_000, "NumberOfTableMoves": 0, "PaidInFull": True,
                                  "HitsAdjustment": p.hits_adjustment})

    def _financials(self, old: bool) -> New:
        formula = New("UserFormula", {"Text": self.formula, "Strict": False})
        if old:
            first = self.buy_in_profiles[0].fields
            again = self.rebuy_profiles[0].fields
            more = self.addon_profiles[0].fields

            def add_on_rebuy(f: dict[str, Any]) -> New:
                return New("AddOnRebuy", {"Allow": True, "Fee": f["Fee"], "Rake": f["Rake"], "Chips": f["Chips"],
                                          "Points": 0, "LastRound": 4, "MaxPerPlayer": 2, "MaxTotal": 0,
                                          "MinPlayers": 0, "BountyChipCost": 0})
            return New("GameFinancials", {
                "EntryFee": first["Fee"], "FixedRake": rake(self.fixed_rake), "PPRake": first["Rake"],
                "HouseContribution": self.house_contribution, "StartingChips": first["Chips"],
                "GuaranteedPot": self.guaranteed_pot, "PointsForBuyin": 0, "PointsForHit": 0,
                "AddOns": add_on_rebuy(more), "Rebuys": add_on_rebuy(again), "PointsForPlaying": formula,
                "UseBounties": False, "AllowInTourneyRebuys": True, "FixedRakeType": 0})

        def config(profiles: list[New], last_round: int) -> New:
            return New("BuyConfig", {"Allow": True, "Profiles": profiles, "DefIndex": 0, "LastRound": last_round,
                                     "MaxPerPlayer": 0, "MaxTotal": 9999, "MinPlayers": 0})
        return New("FinancialConfig", {
            "Buyins": config(self.buy_in_profiles, 0), "AddOns": config(self.addon_profiles, 4),
            "Rebuys": config(self.rebuy_profiles, 4),
            "FixedRake": New("FixedRakeConfig", {"Type": 0, "Real": rake(self.fixed_rake), "Percent": rake(0),
                                                 "Round": 0, "RoundToNearest": 1}),
            "HouseContribution": self.house_contribution, "GuaranteedPot": self.guaranteed_pot,
            "TotalChipsAdjustment": 0, "PointsForHit": 0, "PointsForPlaying": formula, "UseBounties": False,
            "RestrictedBounty": True, "AllowInTourneyRebuys": True, "AllowRebuyOverrideAfterBustout": False})

    def _layout(self) -> dict[str, Any]:
        font = New("Font", {"Name": "Arial", "Size": 14, "Bold": False, "Italic": False, "Color": "#000000",
                            "Shadow": New("FontShadow", {"On": False, "OffsetX": 3, "OffsetY": 3})})
        screens = []
        for s in range(self.layout_screens):
            boxes = [New("LO.Box", {"Text": f"<nobr>Blinds <smallblind> / <bigblind> {b}</nobr>", "Font": font,
                                    "Position": New("Location", {"X": b * 10, "Y": s, "W": 200, "H": 40}),
                                    "Border": New("SBorder", {"Width": 1, "Color": "transparent"}),
                                    "Show": New("UserFormula", {"Text": "isRound and (roundNum % 2 = 0)",
                                                                "Strict": False})})
                     for b in range(12)]
            screens.append((f"Screen {s + 1}", New("LO.Screen", {"Boxes": boxes, "Background": "#101820"})))
        return {"V": "3.7.2", "L": New("LO.Layout", {"Screens": Pairs(screens)})}

    def tournament(self, maps: str = "from", old: bool = False) -> New:
        fields: dict[str, Any] = {"UUID": self.uuid}
        if self.league is not None:
            fields.update(LeagueUUID="l-1", LeagueName=self.league)
        if self.season is not None:
            fields.update(SeasonUUID="s-1", SeasonName=self.season)
        fields.update(Title=self.title, Description="An invented evening", Notes="",
                      Financials=self._financials(old))
        fields["Players"] = New("GamePlayers", {
            "Players": Pairs([(p.uuid, self._game_player(p, maps)) for p in self.players]),
            "Chops": New("GameChops", {"Chops": self.chops})})
        fields["Levels"] = New("GameLevels", {"Levels": self.levels})
        fields["Prizes"] = New("GamePrizes", {"Prizes": self.prizes, "RoundPrizes": 2, "RoundToNearest": 10,
                                              "Automatic": True})
        fields["History"] = New("GameHistory", {"History": [
            New("GameHistoryItem", {"Time": START_MS + m * 60_000, "Text": t, "Source": 0}) for m, t in self.history]})
        if self.started is not None:
            fields["StartTime"] = self.started
        if self.ended is not None:
            fields["EndTime"] = self.ended
        fields.update(CurrentPeriodDuration=1200, AccumulatedSeconds=300, ClockRunning=False, CurrentLevel=3)
        return New("Tournament", fields)

    def text(self, version: str = "3.7.2", maps: str = "from", old: bool = False) -> str:
        parts = [f"V: {js(version, maps)}", f"T: {js(self.tournament(maps, old), maps)}"]
        if self.layout_screens:
            parts.append(f"L: {js(self._layout(), maps)}")
        return "{ " + ", ".join(parts) + " }"

    def data(self, version: str = "3.7.2", maps: str = "from", old: bool = False, encoding: str = "utf-8") -> bytes:
        """The save's bytes; TD3 before 3.7 wrote them in the Windows code page (``encoding="cp1252"``)."""
        return self.text(version, maps, old).encode(encoding)


def evening(maps: str = "from") -> SaveBuilder:
    """A finished eight-player evening with everything the tests look for (see the comments)."""
    b = SaveBuilder()
    ada, bo, cy, di, ed, fay, gus, hal = (b.player(n) for n in (
        "Ada Quill", "Bo Marsh", "Cy Fenn", "Di Rook", "Ed Vale", "Fay Lune", "Gus Brae", "Hal Sorrel"))
    for i, uuid in enumerate((ada, bo, cy, di, ed, fay, gus)):
        b.buy_in(uuid, minute=i)
    b.buy_in(hal, minute=8, profile_name="Early Bird", amount=100, rake_amount=0, chips=12_000)
    b.rebuy(cy, 15)  # a rebuy while still in: it adds chips to his entry
    b.bust(bo, 30, 2, ada)  # Bo busts, then re-enters (a rebuy after a bust)
    b.rebuy(bo, 31, "Double Rebuy", 200, 20_000, 2)
    b.add_on(ada, 60)
    b.add_on(bo, 61)
    b.bust(hal, 90, 4, ada)  # 8th
    b.bust(gus, 120, 5, cy)  # Gus and Fay out together: both 6th
    b.bust(fay, 120, 5, cy)
    b.bust(ed, 150, 6, ada, bo)  # a shared pot: two hitmen; 5th
    b.bust(di, 200, 7, ada)  # Di, Cy and Bo out together: all three 2nd
    b.bust(cy, 200, 7, ada)
    b.bust(bo, 200, 7, ada)
    b.finish(201)
    b.prize(1, 60, 720, ada)  # the pot: 1,270 paid less 70 rake is 1,200
    b.prize(2, 40, 480, di, cy, bo)
    b.history = [(0, "Tournament started"), (201, "Ada Quill won the tournament"), (201, "Tournament ended")]
    return b


# The season final's points formula: points for the top four by the average paid (natural log) and the place, plus
# round(2.5) per rebuy and round(totalRebuysAmount / 160): halves that round up (TD3's JavaScript), not to even.
SEASON_FINAL_FORMULA = (
    'assign("points", 1)\n'
    'assign("avg", (totalBuyinsAmount + totalRebuysAmount + totalAddOnsAmount) / buyins)\n'
    'IF(r <= 4, assign("points", round(10 * log(avg) / r)))\n'
    'assign("points", points + round(numberOfRebuys * 2.5) + round(totalRebuysAmount / 160))')


def season_final(finished: bool = True) -> SaveBuilder:
    """A six-player season final saved by TD3 3.4 (so in Windows-1252 when written with ``encoding="cp1252"``),
    with accented names, rebuys bought while in and after a bust, and a three-way chop at the end.

    Björn rebuys while in and is never out; Måns rebuys while in, busts, rebuys (TD3's way back in) and busts
    again; René busts and rebuys; Jörgen busts once. Björn, Åsa and Zoë, the three still in, chop: each of the
    three prizes (600, 400 and 200 of the 1,200 pot) is awarded to all three. ``finished=False``: the save as TD3
    left it before the chop, three players still in and no prize awarded.
    """
    b = SaveBuilder(title="Årsfinal", league="Ölkällarens Liga", season="Säsong 2019")
    bjorn, asa, zoe, jorgen, mans, rene = (b.player(n) for n in (
        "Björn Ek", "Åsa Berg", "Zoë Lund", "Jörgen Öst", "Måns Ahl", "René Côté"))
    for i, uuid in enumerate((bjorn, asa, zoe, jorgen, mans, rene)):
        b.buy_in(uuid, minute=i)
    b.rebuy(mans, 10)  # bought while still in
    b.rebuy(bjorn, 12)
    b.bust(rene, 20, 1, asa)
    b.rebuy(rene, 21)  # after his bust: to TD3 a rebuy like any other
    b.bust(mans, 30, 2, zoe)
    b.rebuy(mans, 31, round_number=2)
    b.bust(jorgen, 60, 3, bjorn)  # 6th
    b.bust(rene, 80, 4, asa)  # 5th
    b.bust(mans, 90, 4, bjorn)  # 4th
    b.house_contribution = 200  # the pot: 660 of buy-ins less 60 rake, 400 of rebuys, 200 from the house
    b.formula = SEASON_FINAL_FORMULA
    if finished:
        b.finish(120)
        for place, percent, amount in ((1, 50, 600), (2, 33.33, 400), (3, 16.67, 200)):
            b.prize(place, percent, amount, bjorn, asa, zoe)
    return b
