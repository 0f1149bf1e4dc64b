"""What a TD3 save holds that matters here, as plain frozen values (no layout, sounds, screens or seating chart).

Money is ``Decimal`` (TD3 amounts may have cents), chips and rounds are ``int``, times are aware UTC datetimes
(TD3 stores milliseconds since 1970). Where TD3 says "round" it counts levels of play only: breaks are not
rounds, so the first round after the first break is round N+1, not level N+2.

How TD3 records a player's money (seen in every sample save and in hkhard/tdwpimport's ``tdtfiles/``): each chip
purchase is a ``GameBuyin`` in the player's ``Buyins`` list: the first is the buy-in, every later one TD3 calls a
rebuy ("rebought into tournament" in its history). A bust (``BustOut``) is written on the purchase that was the
player's latest when he busted. So a rebuy bought while the previous purchase carries no bust is a rebuy of a live
stack; a rebuy bought after a bust is TD3's way of re-entry. ``Entry`` makes that explicit: an entry opens with
the buy-in or a re-entry, gathers the rebuys and add-ons bought while it lived, and ends with its bust, if any.
TD3's own counters (``numberOfRebuys``, ``totalRebuysAmount``) count re-entries as rebuys.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date as CalendarDate, datetime
from decimal import Decimal
from enum import Enum


class Status(str, Enum):
    """Where the game stood when TD3 saved it (``StartTime`` / ``EndTime`` of the save)."""

    NOT_STARTED = "not started"
    IN_PROGRESS = "in progress"
    FINISHED = "finished"


class PurchaseKind(str, Enum):
    BUY_IN = "buy-in"  # the first GameBuyin of a player
    REBUY = "rebuy"  # a later GameBuyin bought while the player was still in (TD3 "in-tourney" rebuy)
    RE_ENTRY = "re-entry"  # a later GameBuyin bought after a bust: TD3 counts it as a rebuy
    ADD_ON = "add-on"  # a GameAddOn


@dataclass(frozen=True)
class FeeProfile:
    """One price list for chips (TD3 "fee profile"). The player pays ``fee``; ``rake`` of it goes to the house
    (TD3 keeps one amount per named rake; ``rakes`` lists them, ``rake`` is their sum); ``bounty_chip_cost`` is
    paid on top for a bounty chip when bounties are used. Saves of TD3 3.0 have no profiles but one price each for
    a buy-in, a rebuy and an add-on: they are read as profiles named "Buy-in", "Rebuy" and "Add-on"."""

    name: str
    fee: Decimal
    rakes: tuple[Decimal, ...]
    chips: int
    points: Decimal
    bounty_chip_cost: Decimal
    enabled: bool

    @property
    def rake(self) -> Decimal:
        return sum(self.rakes, Decimal(0))


@dataclass(frozen=True)
class PurchaseRules:
    """How one kind of purchase is sold (TD3 ``BuyConfig``): its profiles and limits; 0 in a limit means none."""

    allowed: bool
    profiles: tuple[FeeProfile, ...]
    default_profile: int  # index into ``profiles``
    last_round: int
    max_per_player: int
    max_total: int
    min_players: int

    def profile(self, name: str | None) -> FeeProfile | None:
        return next((p for p in self.profiles if p.name == name), None)


@dataclass(frozen=True)
class FixedRake:
    """TD3's fixed rake, taken once from the pot: ``amounts`` (``Type`` 0) or ``percents`` of it (other types)."""

    kind: int
    amounts: tuple[Decimal, ...]
    percents: tuple[Decimal, ...]
    rounding: int
    round_to_nearest: Decimal

    @property
    def amount(self) -> Decimal:
        return sum(self.amounts, Decimal(0)) if self.kind == 0 else Decimal(0)


@dataclass(frozen=True)
class Financials:
    buy_ins: PurchaseRules
    rebuys: PurchaseRules
    add_ons: PurchaseRules
    fixed_rake: FixedRake
    house_contribution: Decimal
    guaranteed_pot: Decimal
    points_for_hit: Decimal
    points_formula: str | None  # TD3 "points for playing" formula text, as written
    use_bounties: bool
    rebuys_while_alive: bool  # TD3 "AllowInTourneyRebuys"


@dataclass(frozen=True)
class Bust:
    """A bust: when, in which round, and the hitmen (TD3 UUIDs of the players who won the pot; none is possible)."""

    time: datetime
    round: int
    hitmen: tuple[str, ...]


@dataclass(frozen=True)
class Purchase:
    """One buy-in, rebuy, re-entry or add-on: what was paid (``amount``, of which ``rake`` to the house), the
    chips, the points and bounty TD3 noted, and the profile it was bought under (None in 3.0 saves)."""

    kind: PurchaseKind
    time: datetime
    round: int
    amount: Decimal
    rake: Decimal
    chips: int
    points: Decimal
    bounty: Decimal  # TD3 "PersonalBounty": the bounty chip bought with it
    profile: str | None


@dataclass(frozen=True)
class Entry:
    """One life of a player in the tournament: ``opening`` is the buy-in (number 1) or a re-entry (2, 3, ...)."""

    number: int
    opening: Purchase
    rebuys: tuple[Purchase, ...]
    add_ons: tuple[Purchase, ...]
    bust: Bust | None

    @property
    def purchases(self) -> tuple[Purchase, ...]:
        return tuple(sorted((self.opening, *self.rebuys, *self.add_ons), key=lambda p: p.time))


@dataclass(frozen=True)
class Contact:
    email: str = ""
    email2: str = ""
    phone: str = ""
    phone2: str = ""
    street: str = ""
    city: str = ""
    state: str = ""
    zipcode: str = ""
    country: str = ""
    notes: str = ""


@dataclass(frozen=True)
class Player:
    uuid: str
    name: str  # the nickname, or else "first last"
    nickname: str
    first_name: str
    last_name: str
    contact: Contact
    entries: tuple[Entry, ...]  # empty for a player listed but never bought in
    cash_adjustment: Decimal
    points_adjustment: Decimal
    hits_adjustment: int
    chip_count: int

    @property
    def last_bust(self) -> Bust | None:
        """The bust that ended his last entry, or None when that entry is still in (or he never bought in)."""
        return self.entries[-1].bust if self.entries else None

    def purchases(self, *kinds: PurchaseKind) -> tuple[Purchase, ...]:
        every = [p for entry in self.entries for p in entry.purchases]
        return tuple(p for p in every if not kinds or p.kind in kinds)


@dataclass(frozen=True)
class Level:
    """A level of the structure: a round of play (blinds, ante) or a break. ``round_number`` counts rounds only."""

    is_break: bool
    minutes: Decimal
    small_blind: Decimal = Decimal(0)
    big_blind: Decimal = Decimal(0)
    ante: Decimal = Decimal(0)
    game: str = ""
    game_type: int = 2  # TD3: 0 limit, 1 pot limit, 2 no limit
    chip_up: bool = False
    round_number: int | None = None
    notes: str = ""


@dataclass(frozen=True)
class Prize:
    """A prize as TD3 configured and awarded it. ``place`` is the rank it goes to (TD3 ``Recipient``); ``amount``
    is a percentage of the pot when ``percent`` is true, else a fixed amount; ``awarded`` is the amount TD3
    calculated (its ``CalculatedAmount``, which includes any remainder shared into it); ``awarded_to`` the UUIDs
    TD3 gave it to (empty until awarded)."""

    description: str
    kind: int  # TD3 "Type" (0 in every save seen: a prize for a rank)
    place: int
    percent: bool
    amount: Decimal
    adjustment: Decimal
    shares_remainder: bool
    awarded: Decimal
    shared_remainder: Decimal
    points: Decimal
    awarded_points: Decimal
    awarded_to: tuple[str, ...]


@dataclass(frozen=True)
class HistoryItem:
    time: datetime | None  # None where TD3 wrote no time
    text: str


@dataclass(frozen=True)
class TdtTournament:
    """One TD3 save. ``players`` keep TD3's order; ``warnings`` name things read but doubtful (a hitman who is not
    a player of the save, say), which an import shows rather than hides."""

    source: str
    version: str
    uuid: str
    title: str
    description: str
    notes: str
    league_uuid: str | None
    league: str | None
    season_uuid: str | None
    season: str | None
    started: datetime | None
    ended: datetime | None
    status: Status
    # The clock as saved: TD3's CurrentLevel is an index into ``levels`` counted from 0 (in every sample save the
    # level at that index is the round its history last started); AccumulatedSeconds had run in it out of
    # CurrentPeriodDuration.
    current_level: int
    level_elapsed_seconds: int
    level_seconds: int
    clock_running: bool
    financials: Financials
    players: tuple[Player, ...]
    levels: tuple[Level, ...]
    prizes: tuple[Prize, ...]
    prize_rounding: int  # TD3 "RoundPrizes"
    prize_round_to_nearest: Decimal
    history: tuple[HistoryItem, ...]
    warnings: tuple[str, ...]

    @property
    def date(self) -> CalendarDate | None:
        """The UTC date the game started, else of the first buy-in, else None."""
        if self.started is not None:
            return self.started.date()
        times = [p.time for player in self.players for p in player.purchases()]
        return min(times).date() if times else None

    @property
    def finished(self) -> bool:
        return self.status is Status.FINISHED

    def player(self, uuid: str) -> Player | None:
        return next((p for p in self.players if p.uuid == uuid), None)

    @property
    def entrants(self) -> tuple[Player, ...]:
        """The players who bought in (TD3's ``buyins``, alias ``n``)."""
        return tuple(p for p in self.players if p.entries)
