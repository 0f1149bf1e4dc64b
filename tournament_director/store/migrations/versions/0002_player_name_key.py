"""Player registry search: a folded name key (lower case, no accents or punctuation), indexed, filled for
players already registered.

Revision ID: 0002
Revises: 0001
Create Date: 2025-01-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tournament_director.store.names import name_key

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("name_key", sa.String(), nullable=False, server_default=""))
    connection = op.get_bind()
    players = connection.execute(sa.text("SELECT id, name FROM player")).all()
    for player_id, name in players:
        connection.execute(
            sa.text("UPDATE player SET name_key = :key WHERE id = :id"), {"key": name_key(name), "id": player_id}
        )
    op.create_index("ix_player_name_key", "player", ["name_key"])


def downgrade() -> None:
    op.drop_index("ix_player_name_key", table_name="player")
    with op.batch_alter_table("player") as batch:
        batch.drop_column("name_key")
