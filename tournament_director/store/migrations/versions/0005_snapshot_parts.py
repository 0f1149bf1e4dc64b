"""Checkpoints in parts: a checkpoint (a row of ``snapshot`` whose data says "parts") writes only the entries,
tables and bust-group chunks changed since the previous one; each part's newest version at or before a
checkpoint's seq belongs to it.

Revision ID: 0005
Revises: 0004
Create Date: 2025-01-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "snapshot_part",
        sa.Column("id", sa.Integer(), primary_key=True, nullable=False),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),  # "entry", "table" or "groups"
        sa.Column("number", sa.Integer(), nullable=False),  # entry id, table number, bust-group chunk
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.UniqueConstraint("tournament_id", "kind", "number", "seq", name="uq_snapshot_part_version"),
    )
    op.create_index("ix_snapshot_part_seq", "snapshot_part", ["tournament_id", "seq"])


def downgrade() -> None:
    op.drop_index("ix_snapshot_part_seq", table_name="snapshot_part")
    op.drop_table("snapshot_part")
