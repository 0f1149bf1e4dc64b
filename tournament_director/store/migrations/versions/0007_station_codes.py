"""The table stations' codes: one per tournament and table, so the table cards printed stay good after the
program restarts (a new code replaces the row).

Revision ID: 0007
Revises: 0006
Create Date: 2025-01-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "station_code",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), primary_key=True, nullable=False),
        sa.Column("table_number", sa.Integer(), primary_key=True, nullable=False),
        sa.Column("code", sa.String(), nullable=False),
        sa.Column("made_at", sa.String(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("station_code")
