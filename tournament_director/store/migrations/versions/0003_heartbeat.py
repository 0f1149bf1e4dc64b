"""The clock's heartbeat: when the program was last alive with a tournament's clock running, one row per
tournament, so a restart can put the clock back to the time left at that moment.

Revision ID: 0003
Revises: 0002
Create Date: 2025-01-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "heartbeat",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), primary_key=True, nullable=False),
        sa.Column("beat_at", sa.String(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("heartbeat")
