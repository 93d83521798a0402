"""leaderboard entries: the points each player earned in each finished game (Speedgans)

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29 13:02:38.802274
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leaderboard_entries",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("nickname", sa.String(length=40), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("game_points", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("record_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("leaderboard_entries", schema=None) as batch_op:
        batch_op.create_index("ix_leaderboard_entries_game_player", ["game", "player_id"], unique=False)
        batch_op.create_index("ix_leaderboard_entries_record_id", ["record_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("leaderboard_entries", schema=None) as batch_op:
        batch_op.drop_index("ix_leaderboard_entries_record_id")
        batch_op.drop_index("ix_leaderboard_entries_game_player")
    op.drop_table("leaderboard_entries")
