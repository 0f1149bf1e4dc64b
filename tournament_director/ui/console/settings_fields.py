"""Every tournament setting as the console offers it: its section, its label, its kind of field and the line of
help that explains it (naming the rule where one applies). The new-tournament wizard and Tournament > Settings
are both built from this table, so a setting appears in both, with the same words."""

from __future__ import annotations

from dataclasses import dataclass

SECTIONS = ("Buy-in", "Rebuys and add-on", "Re-entry and late registration", "Bounties", "Payouts", "Floor")


@dataclass(frozen=True)
class Field:
    name: str  # the TournamentSettings field
    section: str
    label: str
    kind: str  # money | chips | count | percent | level | bool | choice | time | datetime | tables | options |
    # tournament (another tournament of the database, offered by the dialog: SettingsPages.offer_tournaments)
    help: str
    choices: tuple[tuple[str, str], ...] = ()  # (value, label) of a choice
    none_text: str = ""  # what an empty level / count means
    minimum: int = 0
    maximum: int = 1_000_000_000
    suffix: str = ""


FIELDS: tuple[Field, ...] = (
    # --- buy-in ---------------------------------------------------------------------------------------------
    Field("buy_in", "Buy-in", "&Buy-in", "money",
          "What an entry pays into the prize pool (less the rake); with the bounty set as a share of the buy-in, "
          "that share of it goes to the bounty instead. The entry fee is on top."),
    Field("fee", "Buy-in", "Entry &fee", "money", "Kept by the house; not part of the prize pool."),
    Field("rake_percent", "Buy-in", "&Rake", "percent",
          "Per cent of every buy-in, rebuy and add-on price kept by the house.", maximum=100),
    Field("starting_stack", "Buy-in", "Starting s&tack", "chips",
          "Chips of a standard entry. It follows the chosen structure's chip set.", minimum=1),
    Field("buy_in_options", "Buy-in", "Other buy-in &options", "options",
          "Buy-ins sold beside the standard one (a deep stack, a late price), each with its own price, fee and "
          "chips. Each entry records which it bought; the desk picks it beside the Buy in button."),
    Field("guarantee", "Buy-in", "&Guarantee", "money",
          "The house tops the prize pool up to this amount (0: no guarantee)."),
    # --- rebuys and add-on ----------------------------------------------------------------------------------
    Field("rebuy_limit", "Rebuys and add-on", "Rebuys per &entry", "count",
          "0: no rebuys (the Rebuy button is hidden). A rebuy is recorded between hands (TDA 27).",
          maximum=100),
    Field("rebuy_price", "Rebuys and add-on", "Rebuy &price", "money", "Into the prize pool (less the rake)."),
    Field("rebuy_fee", "Rebuys and add-on", "Rebuy fee", "money", "Kept by the house."),
    Field("rebuy_chips", "Rebuys and add-on", "Rebuy &chips", "chips", "Chips a rebuy adds."),
    Field("rebuy_until_level", "Rebuys and add-on", "Rebuys &until level", "level",
          "Rebuys end after this level; the break after it still counts.", none_text="no end set"),
    Field("rebuy_max_chips", "Rebuys and add-on", "Rebuy at or below", "chips",
          "A player may rebuy only with this many chips or fewer.", none_text="the stack bought"),
    Field("addon_enabled", "Rebuys and add-on", "&Add-on offered", "bool", "One add-on per entry."),
    Field("addon_price", "Rebuys and add-on", "Add-on pr&ice", "money", "Into the prize pool (less the rake)."),
    Field("addon_fee", "Rebuys and add-on", "Add-on fee", "money", "Kept by the house."),
    Field("addon_chips", "Rebuys and add-on", "Add-on c&hips", "chips", "Chips the add-on adds."),
    Field("addon_until_level", "Rebuys and add-on", "Add-on until le&vel", "level",
          "The add-on ends after this level; the break after it still counts.", none_text="no end set"),
    Field("addon_only_on_break", "Rebuys and add-on", "Add-on only on a brea&k", "bool",
          "Taken only while the clock is on a break (the break after the add-on level, or one before it)."),
    # --- re-entry and late registration ---------------------------------------------------------------------
    Field("reentry_limit", "Re-entry and late registration", "&Re-entries per player", "count",
          "0: a player out is out (the Re-entry button is hidden). A re-entry is a new entry with a new stack "
          "and a drawn seat (WSOP 13; TDA 8-A).", maximum=100),
    Field("reentry_until_level", "Re-entry and late registration", "Re-entry until &level", "level",
          "Players out may re-enter until the end of this level.", none_text="while registration is open"),
    Field("late_registration_until_level", "Re-entry and late registration", "Late registration until le&vel",
          "level", "Registration (and re-entry) closes after this level (TDA 8-A).",
          none_text="closed by hand"),
    Field("late_registration_until_time", "Re-entry and late registration", "…or until the &time", "time",
          "Registration closes at this time of day; a time after midnight belongs to the same night (TDA 8-A)."),
    # --- bounties -------------------------------------------------------------------------------------------
    Field("bounty_mode", "Bounties", "&Bounty format", "choice",
          "Fixed: the eliminator gets the whole bounty. Progressive (PKO): part in cash, the rest onto the "
          "eliminator's own head.",
          choices=(("none", "No bounties"), ("fixed", "Fixed bounty"), ("progressive", "Progressive knockout"))),
    Field("bounty", "Bounties", "Bounty per &entry", "money", "Paid by every entry beside the buy-in."),
    Field("pko_cash_percent", "Bounties", "&Cash share (PKO)", "percent",
          "Per cent of a bounty paid in cash to the eliminator in a progressive knockout; the rest goes onto "
          "his own bounty.", maximum=100),
    # --- payouts --------------------------------------------------------------------------------------------
    Field("payout_unit", "Payouts", "Round prizes to", "money",
          "Each prize is rounded down to this unit (for example 5 or 25); what is left goes to first place.",
          minimum=1),
    Field("satellite_target", "Payouts", "Satellite &to", "tournament",
          "A satellite pays seats to this event instead of money: each seat is worth the event's whole price "
          "(buy-in, fee and bounty), as many seats as the prize pool buys, the rest in cash to the next place. "
          "Each winner's seat becomes his paid entry there.", none_text="Not a satellite: prizes in money"),
    Field("satellite_remainder", "Payouts", "Cash left o&ver goes", "choice",
          "What the pool leaves after the last whole seat: paid in cash to the next place, the first without a "
          "seat (as card rooms commonly do), or shared in cash by the seat winners.",
          choices=(("next_place", "To the next place (the first without a seat)"),
                   ("seat_winners", "Shared by the seat winners"))),
    # --- floor ----------------------------------------------------------------------------------------------
    Field("button_mode", "Floor", "&Button", "choice",
          "Dead button (TDA 32): the big blind always moves on, the button may be dead. Moving button: the "
          "button always moves to the next player.",
          choices=(("dead", "Dead button (TDA 32)"), ("moving", "Moving button"))),
    Field("new_player_rule", "Floor", "&New players", "choice",
          "A new player seated between the small blind and the button waits for the button (TDA 8-A, 10-A); "
          "the seed rule also makes him wait in the small blind or button seat (seed 004 T 8).",
          choices=(("tda", "Wait between the small blind and the button (TDA 8-A)"),
                   ("seed", "Also wait in the small blind or button seat (seed 004 T 8)"))),
    Field("few_tables", "Floor", "Many tables: more &than", "count",
          "With more tables than this the wider balancing tolerance applies (seed 004 T 6: six).", minimum=1,
          maximum=2000, suffix=" tables"),
    Field("tolerance_many_tables", "Floor", "Balance many tables &within", "count",
          "Tables are kept within this many players of each other while many tables play (seed 004 T 6: two).",
          minimum=1, maximum=10, suffix=" players"),
    Field("tolerance_few_tables", "Floor", "Balance few tables w&ithin", "count",
          "Tolerance once that many tables or fewer play (seed 004 T 6: one).", minimum=1, maximum=10,
          suffix=" players"),
    Field("halt_short_by", "Floor", "&Halt a table short by", "count",
          "A table this many players short of the fullest is flagged to halt (TDA 11-D).", minimum=1,
          maximum=10, suffix=" players"),
    Field("break_order", "Floor", "Break &order", "tables",
          "Tables break in this order, for example 5, 4, 3 (seed 004 T 5; TDA 11-C). Empty: the highest number "
          "first."),
    Field("final_table_size", "Floor", "&Final table players", "count",
          "Players at the final table (TDA RP-9).", none_text="a full table", minimum=0, maximum=10,
          suffix=" players"),
    Field("redraw_final_table", "Floor", "Re&draw seats for the final table", "bool",
          "Draw new seats when the final table forms (common practice)."),
    Field("final_table_next_level", "Floor", "Final table starts the ne&xt level", "bool",
          "The clock moves on to the next level when the final table forms (seed 000 E)."),
    Field("trust_table_stations", "Floor", "Trust table &stations", "bool",
          "A bust reported from a table's station is recorded at once; otherwise it waits for you to confirm "
          "it (Tools > Table stations)."),
)

FIELD_BY_NAME = {f.name: f for f in FIELDS}
