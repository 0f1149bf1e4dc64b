"""The tables of the durable store (the schema at the newest migration; migrations/ builds it).

Times are stored as ISO 8601 UTC text ("2025-03-01T19:02:11.123456+00:00") so they keep their time zone in SQLite.
Event payloads and snapshots are JSON text.
"""

from __future__ import annotations

from typing import Optional

from sqlalchemy import Column, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

# Which rows of the event table are commands and which record an undo or a redo of a command.
KIND_COMMAND = "command"
KIND_UNDO = "undo"
KIND_REDO = "redo"


class AppInfo(SQLModel, table=True):
    """Key/value facts about the file: which program version created it and which last opened it."""

    __tablename__ = "app_info"
    key: str = Field(primary_key=True)
    value: str


class TournamentRow(SQLModel, table=True):
    __tablename__ = "tournament"
    id: Optional[int] = Field(default=None, primary_key=True)
    name: str
    created_at: str
    created_by: str


class PlayerRow(SQLModel, table=True):
    """The player registry shared by every tournament in the file."""

    __tablename__ = "player"
    __table_args__ = (Index("ix_player_name_key", "name_key"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    name: str
    # name folded for search and duplicate detection: lower case, accents and punctuation removed
    name_key: str = Field(default="")
    nickname: Optional[str] = None
    contact: Optional[str] = None
    notes: Optional[str] = Field(default=None, sa_column=Column(Text, nullable=True))
    created_at: str


class EventRow(SQLModel, table=True):
    """The append-only log. ``seq`` numbers every row of one tournament, undo and redo records included."""

    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("tournament_id", "seq", name="uq_event_tournament_seq"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id")
    seq: int
    recorded_at: str
    kind: str = Field(default=KIND_COMMAND)
    type: str
    payload: str = Field(sa_column=Column(Text, nullable=False))
    operator: str
    undone: bool = Field(default=False)
    # for undo and redo records: the seq of the command they undo or redo
    target_seq: Optional[int] = None
    # for a command recorded by a director's action: the seq of the action's first command (an undo or a redo
    # takes every command of the action); None: the command is a step of its own
    action_seq: Optional[int] = None


class SnapshotRow(SQLModel, table=True):
    """The aggregate folded from every active command with seq <= ``seq``."""

    __tablename__ = "snapshot"
    __table_args__ = (UniqueConstraint("tournament_id", "seq", name="uq_snapshot_tournament_seq"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id")
    seq: int
    recorded_at: str
    data: str = Field(sa_column=Column(Text, nullable=False))
    # a checkpoint in batches: the seq of the whole checkpoint its batches start from (None: not in batches)
    base_seq: Optional[int] = None


class SnapshotBatchRow(SQLModel, table=True):
    """One slice of a checkpoint in batches: the parts it wrote at ``seq``, as JSON [[kind, number, row], ...]."""

    __tablename__ = "snapshot_batch"
    __table_args__ = (Index("ix_snapshot_batch_seq", "tournament_id", "seq"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id")
    seq: int
    data: str = Field(sa_column=Column(Text, nullable=False))


class SnapshotPartRow(SQLModel, table=True):
    """One version of one part of a checkpoint in parts, as written before checkpoints in batches (0006): an entry,
    a table or a chunk of bust groups; read only to open such a checkpoint."""

    __tablename__ = "snapshot_part"
    __table_args__ = (
        UniqueConstraint("tournament_id", "kind", "number", "seq", name="uq_snapshot_part_version"),
        Index("ix_snapshot_part_seq", "tournament_id", "seq"),
    )
    id: Optional[int] = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id")
    kind: str
    number: int
    seq: int
    data: str = Field(sa_column=Column(Text, nullable=False))


class HeartbeatRow(SQLModel, table=True):
    """The last moment the program was alive with this tournament's clock running (store/heartbeat.py)."""

    __tablename__ = "heartbeat"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    beat_at: str



class StationCodeRow(SQLModel, table=True):
    """The code of one table's station (store/station_codes.py): printed on the table card as a QR code."""

    __tablename__ = "station_code"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    table_number: int = Field(primary_key=True)
    code: str
    made_at: str

class FestivalRow(SQLModel, table=True):
    """An event of several days (store/festivals.py): its name and the flights' policy (first or best stack)."""

    __tablename__ = "festival"
    id: Optional[int] = Field(default=None, primary_key=True)
    name: str
    policy: str
    created_at: str


class FestivalDayRow(SQLModel, table=True):
    """One tournament of a festival event: the day it plays and its flight ("1A", "2")."""

    __tablename__ = "festival_day"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    festival_id: int = Field(foreign_key="festival.id", index=True)
    day: int
    flight: str


class LeagueRow(SQLModel, table=True):
    """A league: its points formula (TD3's formula language, domain/leagues) and another program's id."""

    __tablename__ = "league"
    id: Optional[int] = Field(default=None, primary_key=True)
    name: str = Field(sa_column_kwargs={"unique": True})
    formula: Optional[str] = Field(default=None, sa_column=Column(Text, nullable=True))
    external_id: Optional[str] = None
    created_at: str


class SeasonRow(SQLModel, table=True):
    __tablename__ = "season"
    __table_args__ = (UniqueConstraint("league_id", "name", name="uq_season_league_name"),)
    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league.id")
    name: str
    # the season's own points formula (a TD3 save brings the one it was played with); None: the league's
    formula: Optional[str] = Field(default=None, sa_column=Column(Text, nullable=True))
    external_id: Optional[str] = None


class TournamentSeasonRow(SQLModel, table=True):
    """The season a tournament counts in (at most one)."""

    __tablename__ = "tournament_season"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    season_id: int = Field(foreign_key="season.id")


class PointsAdjustmentRow(SQLModel, table=True):
    """Points added to (or taken from) a player's season total by the director; ``points`` is decimal text."""

    __tablename__ = "points_adjustment"
    id: Optional[int] = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season.id")
    player_id: int = Field(foreign_key="player.id")
    points: str
    reason: str = Field(default="", sa_column_kwargs={"server_default": ""})
    created_at: str


class PlayerExternalIdRow(SQLModel, table=True):
    """A registry player as another program knows him (``source`` "td3": his TD3 UUID)."""

    __tablename__ = "player_external_id"
    source: str = Field(primary_key=True)
    external_id: str = Field(primary_key=True)
    player_id: int = Field(foreign_key="player.id")


class TournamentImportRow(SQLModel, table=True):
    """Where an imported tournament came from, and what its save gave each player for the points formula."""

    __tablename__ = "tournament_import"
    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True)
    source: str
    program: str
    external_id: Optional[str] = None
    played_on: Optional[str] = None
    last_moment: Optional[str] = None  # the save's latest recorded moment: a later save of the same game wins
    variables: str = Field(sa_column=Column(Text, nullable=False))
    imported_at: str
