"""Leagues and seasons: a tournament belongs to a season of a league; points adjustments per player and season;
players known by another program's id (a TD3 UUID); what an imported save gave each player for the points formula.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "league",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False, unique=True),
        sa.Column("formula", sa.Text(), nullable=True),
        sa.Column("external_id", sa.String(), nullable=True),
        sa.Column("created_at", sa.String(), nullable=False),
    )
    op.create_table(
        "season",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("league_id", sa.Integer(), sa.ForeignKey("league.id"), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("formula", sa.Text(), nullable=True),
        sa.Column("external_id", sa.String(), nullable=True),
        sa.UniqueConstraint("league_id", "name", name="uq_season_league_name"),
    )
    op.create_table(
        "tournament_season",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), primary_key=True),
        sa.Column("season_id", sa.Integer(), sa.ForeignKey("season.id"), nullable=False),
    )
    op.create_table(
        "points_adjustment",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("season_id", sa.Integer(), sa.ForeignKey("season.id"), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=False),
        sa.Column("points", sa.String(), nullable=False),
        sa.Column("reason", sa.String(), nullable=False, server_default=""),
        sa.Column("created_at", sa.String(), nullable=False),
    )
    op.create_table(
        "player_external_id",
        sa.Column("source", sa.String(), primary_key=True),
        sa.Column("external_id", sa.String(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=False),
    )
    op.create_table(
        "tournament_import",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), primary_key=True),
        sa.Column("source", sa.String(), nullable=False),
        sa.Column("program", sa.String(), nullable=False),
        sa.Column("external_id", sa.String(), nullable=True),
        sa.Column("played_on", sa.String(), nullable=True),
        sa.Column("last_moment", sa.String(), nullable=True),  # the save's latest recorded moment (UTC ISO)
        # JSON: {player_id: {variable: value}}, what the points formula sees for each player of a finished save
        sa.Column("variables", sa.Text(), nullable=False),
        sa.Column("imported_at", sa.String(), nullable=False),
    )


def downgrade() -> None:
    for table in ("tournament_import", "player_external_id", "points_adjustment", "tournament_season", "season",
                  "league"):
        op.drop_table(table)
