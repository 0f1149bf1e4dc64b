"""Checkpoints in batches: the parts a checkpoint writes (entries, tables, bust-group chunks changed since the
previous one) go into one row per slice, appended in seq order, instead of one row per part scattered over an
index that grows with the field. A checkpoint stands on a whole one (its ``base_seq``): it is put back together
from the batches from that base up to its own seq, the newest version of each part winning. ``snapshot_part``
stays for the checkpoints written before.

Revision ID: 0006
Revises: 0005
Create Date: 2025-01-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "snapshot_batch",
        sa.Column("id", sa.Integer(), primary_key=True, nullable=False),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournament.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),  # JSON: [[kind, number, row], ...]
    )
    op.create_index("ix_snapshot_batch_seq", "snapshot_batch", ["tournament_id", "seq"])
    op.add_column("snapshot", sa.Column("base_seq", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("snapshot") as table:
        table.drop_column("base_seq")
    op.drop_index("ix_snapshot_batch_seq", table_name="snapshot_batch")
    op.drop_table("snapshot_batch")
