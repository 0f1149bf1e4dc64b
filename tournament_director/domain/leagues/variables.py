"""The variables of TD3's formula language, with their aliases and meaning.

The list is TD3's own help page "Points for Playing Formula" (a copy is in hkhard/tdwpimport), plus
``handTimerSecondsLeft``, which TD3's demo save uses in a sound trigger. Names are matched without regard to case
(the league formulas in the sample saves write ``numberofHits``, ``totalBuyInsAmount``, ``Round``, ``Floor`` and
``IF`` where the help page writes ``numberOfHits``, ``totalBuyinsAmount``, ``round``, ``floor`` and ``if``).
Booleans are numbers: 1 for true, 0 for false. Times are seconds since 1970. "Current" means at the moment the
formula is worked out; for a finished tournament the points formula sees the final figures.

The catalogue (name, aliases: meaning) follows; ``VARIABLES`` holds it as data.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Variable:
    name: str
    aliases: tuple[str, ...]
    meaning: str
    per_player: bool


_TOURNAMENT = """\
addOnsAllowed | | 1 if add-ons are currently allowed
addOnsLastRound | | the last round add-ons are allowed
addOnsLeft | | the number of add-ons remaining
addOnsMaxPerPlayer | | the most add-ons one player may buy
addOnsMaxTotal | | the most add-ons all players together may buy
addOnsMinPlayers | | the fewest players in the tournament for add-ons to be allowed
addOnsOver | | 1 if the add-on period has expired
addOnsSecondsLeft | | seconds until the add-on period ends
ante | | the ante of the current round
bigBlind | | the big blind of the current round
bountyTotal | | the money collected for bounty chips
breakNum | | the current (or most recent) break number, 0 before the first break
bustsUntilFinalTable | | busts still needed before everyone left is at the final table
bustsUntilMoney | | busts still needed before everyone left is in the money
buyins | numberofplayers, n | the number of players who bought in
chipCount | | the chips in play, with the chip-count adjustment
chipCountAdjustment | | the "adjust chip count by" figure of the Game tab
chipUp | | 1 if the current level is a chip-up break
clockPaused | | 1 if the clock is paused
clockPausedSeconds | | seconds the clock has been paused
defaultAddOnChips | | the chips of an add-on (default profile)
defaultAddOnFee | | the price of an add-on (default profile)
defaultAddOnRake | | the rake of an add-on (default profile)
defaultBuyinChips | | the chips of a buy-in (default profile)
defaultBuyinFee | | the price of a buy-in (default profile)
defaultBuyinRake | | the rake of a buy-in (default profile)
defaultRebuyChips | | the chips of a rebuy (default profile)
defaultRebuyFee | | the price of a rebuy (default profile)
defaultRebuyRake | | the rake of a rebuy (default profile)
firstAnteAmount | | the ante of the first round with an ante
firstAnteRound | | the number of the first round with an ante
gameName | | the name of the game of the current round
gameType | | the betting of the current round: 0 limit, 1 pot limit, 2 no limit
guaranteedPot | | the guaranteed pot of the Game tab
handTimerSecondsLeft | | seconds left on the hand timer
hasMoreBreaks | | 1 if a break follows the current level
hasMoreRounds | | 1 if a round follows the current level
houseAdds | | what the house adds to reach the guaranteed pot
houseContribution | | the house contribution of the Game tab
inTheMoneyRank | mr | the worst rank that is paid a prize
isBreak | | 1 during a break
isRound | | 1 during a round
lastPlayerBustOutTime | | the time of the latest bust
lastPlayerMoveTime | | the time the latest player move was accepted
lastScreenChangeTime | | the time of the latest screen change
level | | the current level number
levelDuration | | minutes the current level lasts
limit1 | | limit 1 of the current round
limit2 | | limit 2 of the current round
limit3 | | limit 3 of the current round
limit4 | | limit 4 of the current round
limit5 | | limit 5 of the current round
limit6 | | limit 6 of the current round
limit7 | | limit 7 of the current round
limit8 | | limit 8 of the current round
nextAnte | | the ante of the next round
nextBigBlind | | the big blind of the next round
nextChipUp | | 1 if the next break is a chip-up break
nextGameName | | the name of the game of the next round
nextGameType | | the betting of the next round: 0 limit, 1 pot limit, 2 no limit
nextIsBreak | | 1 if the next level is a break
nextIsRound | | 1 if the next level is a round
nextLevelDuration | | minutes the next level lasts
nextLimit1 | | limit 1 of the next round
nextLimit2 | | limit 2 of the next round
nextLimit3 | | limit 3 of the next round
nextLimit4 | | limit 4 of the next round
nextLimit5 | | limit 5 of the next round
nextLimit6 | | limit 6 of the next round
nextLimit7 | | limit 7 of the next round
nextLimit8 | | limit 8 of the next round
nextSmallBlind | | the small blind of the next round
numberOfLeagueMembers | nm | the players of the tournament who are members of its league
playersLeft | players | the players still in the tournament
pot | prizepool, pp | the prize pool
preGuaranteedPot | | the prize pool before the house adds to reach the guarantee
rebuysAllowed | | 1 if rebuys are currently allowed
rebuysLastRound | | the last round rebuys are allowed
rebuysLeft | | the number of rebuys remaining
rebuysMaxPerPlayer | | the most rebuys one player may buy
rebuysMaxTotal | | the most rebuys all players together may buy
rebuysMinPlayers | | the fewest players in the tournament for rebuys to be allowed
rebuysOver | | 1 if the rebuy period has expired
rebuysSecondsLeft | | seconds until the rebuy period ends
restrictBounties | | 1 if "restrict bounties" is checked
roundNum | | the current (or most recent) round number
secondsElapsed | | seconds since the current level (or countdown) began
secondsLeft | | seconds left on the clock
smallBlind | | the small blind of the current round
state | | 0 not started, 1 countdown, 2 in progress, 3 ended
stateDesc | | "before", "countdown", "inprogress" or "after"
tablesLeft | tables | the tables in use
time | | the time now
timeOfDay | | the time of day as a number: 3:45:15 pm is 154515
totalAddOns | totalnumberofaddons, tna | the add-ons bought by all players
totalAddOnsAmount | | the money paid for all add-ons
totalAddOnsChips | | the chips of all add-ons
totalAddOnsRake | | the rake of all add-ons
totalBuyinsAmount | | the money paid for all buy-ins
totalBuyinsChips | | the chips of all buy-ins
totalBuyinsRake | | the rake of all buy-ins
totalFixedRake | | the fixed rake collected
totalRebuys | totalnumberofrebuys, tnr | the rebuys bought by all players
totalRebuysAmount | | the money paid for all rebuys
totalRebuysChips | | the chips of all rebuys
totalRebuysRake | | the rake of all rebuys
unadjustedChipCount | | the chips in play without the adjustment
usePlayerBountyChips | | 1 if "use player bounty chips" is checked
"""

_PLAYER = """\
addOnCost | ac | what the player paid for his add-ons
addOnRake | ar | the rake of his add-ons
bountyChipCost | bcc | what he paid for bounty chips
bountyMoneyKept | bmk | bounty money he paid and kept (his bounty chips not won by others)
bountyWinnings | bw | money he won busting other players
buyinCost | bc | what he paid to buy in
buyinRake | br | the rake of his buy-in
chipStack | | his chip count
finalTable | | 1 if he made the final table
fixedRake | | his share of the fixed rake (the fixed rake divided by the players)
ID | | his ID field
inLeague | | 1 if he is a member of the tournament's league
inTheMoney | m, placed | 1 if he was awarded a prize for his rank
internalID | | the internal ID that identifies him
leagueRank | | his rank among the league members of the tournament, 0 if not a member
numberOfAddOns | addons, na | the add-ons he bought
numberOfBountiesKept | nbk | the bounty chips he kept
numberOfBountiesWon | nb | the bounty chips he won
numberOfBountyChips | nbc | the bounty chips he bought
numberOfHits | nh | the players he busted
numberOfRebuys | rebuys, nr | the rebuys he bought
playersAtSameTable | | the players at his table, him included
playingTime | | seconds he was in the tournament (not busted)
position | | the order of his bust: the first player out has position 1 (the inverse of the rank)
prizeWinnings | pw | money he won by prizes
rank | r | his finishing place
rebuyCost | rc | what he paid for his rebuys
rebuyRake | rr | the rake of his rebuys
roundOut | ro | the round he busted in
take | t | his profit: what he won less what he paid
totalCost | tc | what he paid in all
totalRake | tr | the rake of everything he paid
totalWinnings | tw | everything he won
"""


def _catalogue(table: str, per_player: bool) -> list[Variable]:
    out = []
    for line in table.splitlines():
        name, aliases, meaning = (part.strip() for part in line.split("|"))
        out.append(Variable(name, tuple(a.strip() for a in aliases.split(",") if a.strip()), meaning, per_player))
    return out


VARIABLES: tuple[Variable, ...] = tuple(_catalogue(_TOURNAMENT, False) + _catalogue(_PLAYER, True))
CONSTANTS = {"true": 1.0, "false": 0.0}
_BY_NAME: dict[str, Variable] = {}
for _variable in VARIABLES:
    for _written in (_variable.name, *_variable.aliases):
        _BY_NAME[_written.casefold()] = _variable


def variable(name: str) -> Variable | None:
    """The TD3 variable a name (or alias) stands for, whatever its case."""
    return _BY_NAME.get(name.casefold())


def canonical(name: str) -> str:
    """The key a name is kept under: a TD3 variable's own name, else the name as written, both case-folded."""
    found = _BY_NAME.get(name.casefold())
    return (found.name if found else name).casefold()


__doc__ = (__doc__ or "") + "\nTournament:\n" + "".join(
    f"    {v.name}{' (' + ', '.join(v.aliases) + ')' if v.aliases else ''}: {v.meaning}\n"
    for v in VARIABLES if not v.per_player) + "\nPlayer (the player the points are for):\n" + "".join(
    f"    {v.name}{' (' + ', '.join(v.aliases) + ')' if v.aliases else ''}: {v.meaning}\n"
    for v in VARIABLES if v.per_player)
