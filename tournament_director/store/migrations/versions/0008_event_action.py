"""One director's action, one undo step: the commands recorded by one action (a hand-for-hand hand and the
minutes it takes off the clock, accepted moves and the level they start) carry the seq of the action's first
command, and an undo or a redo takes them all. Rows written before have none: each is its own step.

Revision ID: 0008
Revises: 0007
Create Date: 2025-01-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("event", sa.Column("action_seq", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("event") as table:
        table.drop_column("action_seq")
