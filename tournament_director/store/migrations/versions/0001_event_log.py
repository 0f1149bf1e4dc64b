"""The event log: tournaments, the shared player registry, events, snapshots and file facts.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "app_info",
        sa.Column("key", sa.String(), primary_key=True, nullable=False),
        sa.Column("value", sa.String(), nullable=False),
    )
    op.create_table(
        "tournament",
        sa.Column("id", sa.Integer(), primary_key=True, nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("created_at", sa.String(), nullable=False),
        sa.Column("created_by", sa.String(), nullable=False),
    )
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), primary_key=True, nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("nickname", sa.String(), nullable=True),
        sa.Column("contact", sa.String(), nullable=True),
        sa.Column("notes", sa.Text(), nullable=True),
        sa.Column("created_at", sa.String(), nullable=False),
    )
    op.create_table(
        "event",
        sa.Column("id", sa.Integer(), primary_key=True, nullable=False),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("recorded_at", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("type", sa.String(), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("operator", sa.String(), nullable=False),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("target_seq", sa.Integer(), nullable=True),
        sa.UniqueConstraint("tournament_id", "seq", name="uq_event_tournament_seq"),
    )
    op.create_table(
        "snapshot",
        sa.Column("id", sa.Integer(), primary_key=True, nullable=False),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("recorded_at", sa.String(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.UniqueConstraint("tournament_id", "seq", name="uq_snapshot_tournament_seq"),
    )


def downgrade() -> None:
    op.drop_table("snapshot")
    op.drop_table("event")
    op.drop_table("player")
    op.drop_table("tournament")
    op.drop_table("app_info")
