"""The counts and amounts of a TD3 save, as TD3's formula variables name them.

TD3 facts relied on (checked against the sample saves, where the pot TD3 split by percentages equals this one to
the unit, and against TD3's "Points for Playing Formula" help page in hkhard/tdwpimport): a purchase's ``Amount``
is what the player paid and includes its rake; the bounty chip (``PersonalBounty``) is paid on top and is not in
the pot; the pot is every amount paid less the rake and the fixed rake, plus the house contribution, topped up to
the guaranteed pot (TD3's ``preGuaranteedPot``, ``houseAdds`` and ``pot``). TD3 counts re-entries as rebuys
(``totalRebuys``, ``totalRebuysAmount``). The prizes TD3 awarded may add up to more or less than the pot (fixed
prizes are typed in by the director): ``prizes_awarded`` is their sum, kept apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from tournament_director.imports.tdt.model import PurchaseKind, TdtTournament

_ZERO = Decimal(0)


@dataclass(frozen=True)
class Totals:
    players: int  # who bought in (TD3 buyins, n)
    entries: int  # buy-ins and re-entries
    buy_ins: int
    rebuys: int  # bought while still in
    re_entries: int  # bought after a bust (TD3 counts them among its rebuys)
    add_ons: int
    buy_ins_amount: Decimal  # TD3 totalBuyinsAmount
    rebuys_amount: Decimal  # TD3 totalRebuysAmount: rebuys and re-entries
    add_ons_amount: Decimal  # TD3 totalAddOnsAmount
    rake: Decimal
    fixed_rake: Decimal
    bounty_chips: Decimal  # TD3 bountyTotal
    house_contribution: Decimal
    pot_before_guarantee: Decimal  # TD3 preGuaranteedPot
    house_adds: Decimal  # TD3 houseAdds
    prize_pool: Decimal  # TD3 pot
    prizes_awarded: Decimal

    @property
    def td3_rebuys(self) -> int:
        """TD3's rebuy count (``totalRebuys``): every purchase after a player's first buy-in, rebuys and re-entries
        together (TD3 has no re-entry: a rebuy after a bust is a rebuy to it)."""
        return self.rebuys + self.re_entries

    @property
    def td3_entries(self) -> int:
        """The entries as TD3 users count them: the buy-ins and the rebuys (``td3_rebuys``)."""
        return self.buy_ins + self.td3_rebuys


def money_totals(tournament: TdtTournament) -> Totals:
    counts = {kind: 0 for kind in PurchaseKind}
    amounts = {kind: _ZERO for kind in PurchaseKind}
    rake = bounty = _ZERO
    for player in tournament.players:
        for purchase in player.purchases():
            counts[purchase.kind] += 1
            amounts[purchase.kind] += purchase.amount
            rake += purchase.rake
            bounty += purchase.bounty
    money = tournament.financials
    paid = sum(amounts.values(), _ZERO)
    before = max(_ZERO, paid - rake - money.fixed_rake.amount + money.house_contribution)
    adds = max(_ZERO, money.guaranteed_pot - before)
    return Totals(
        players=len(tournament.entrants),
        entries=counts[PurchaseKind.BUY_IN] + counts[PurchaseKind.RE_ENTRY],
        buy_ins=counts[PurchaseKind.BUY_IN], rebuys=counts[PurchaseKind.REBUY],
        re_entries=counts[PurchaseKind.RE_ENTRY], add_ons=counts[PurchaseKind.ADD_ON],
        buy_ins_amount=amounts[PurchaseKind.BUY_IN],
        rebuys_amount=amounts[PurchaseKind.REBUY] + amounts[PurchaseKind.RE_ENTRY],
        add_ons_amount=amounts[PurchaseKind.ADD_ON], rake=rake, fixed_rake=money.fixed_rake.amount,
        bounty_chips=bounty, house_contribution=money.house_contribution, pot_before_guarantee=before,
        house_adds=adds, prize_pool=before + adds,
        prizes_awarded=sum((prize.awarded for prize in tournament.prizes), _ZERO),
    )


def prize_shares(tournament: TdtTournament) -> dict[str, Decimal]:
    """What the prizes TD3 awarded give each player (by UUID), exactly: a prize awarded to several (a chop) is its
    stored amount divided equally among them, and a player's shares of several prizes are added before anything
    is rounded (1,200 chopped three ways as 600, 400 and 200, each shared by all three, is 400 each, not 401 and
    399). A share that does not come out whole is given to 10 decimals."""
    shares: dict[str, Fraction] = {}
    for prize in tournament.prizes:
        winners = list(dict.fromkeys(prize.awarded_to))
        for uuid in winners:
            shares[uuid] = shares.get(uuid, Fraction(0)) + Fraction(prize.awarded) / len(winners)
    return {uuid: Decimal(share.numerator) if share.denominator == 1
            else (Decimal(share.numerator) / Decimal(share.denominator)).quantize(Decimal("1e-10")).normalize()
            for uuid, share in shares.items()}
