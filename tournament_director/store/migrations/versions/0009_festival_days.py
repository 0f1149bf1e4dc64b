"""The events of several days: a festival event (its name and the flights' policy) and, for each of its
tournaments, the day it plays and its flight ("1A", "1B", "2"). What each day did stays in its tournament's log.

Revision ID: 0009
Revises: 0008
Create Date: 2025-01-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "festival",
        sa.Column("id", sa.Integer(), primary_key=True, nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("policy", sa.String(), nullable=False),
        sa.Column("created_at", sa.String(), nullable=False),
    )
    op.create_table(
        "festival_day",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), primary_key=True, nullable=False),
        sa.Column("festival_id", sa.Integer(), sa.ForeignKey("festival.id"), nullable=False, index=True),
        sa.Column("day", sa.Integer(), nullable=False),
        sa.Column("flight", sa.String(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("festival_day")
    op.drop_table("festival")
