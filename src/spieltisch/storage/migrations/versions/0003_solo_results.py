"""Speedgans solo results (Rekordjagd, Tagesstadt) and the kind of each leaderboard entry

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 02:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "solo_results",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("mode", sa.String(length=10), nullable=False),
        sa.Column("day", sa.String(length=10), nullable=True),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("nickname", sa.String(length=40), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("first_attempt", sa.Boolean(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("solo_results", schema=None) as batch_op:
        batch_op.create_index("ix_solo_results_mode_day", ["mode", "day"], unique=False)
        batch_op.create_index("ix_solo_results_player_id", ["player_id"], unique=False)
    with op.batch_alter_table("leaderboard_entries", schema=None) as batch_op:
        batch_op.add_column(sa.Column("kind", sa.String(length=10), server_default="table", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("leaderboard_entries", schema=None) as batch_op:
        batch_op.drop_column("kind")
    with op.batch_alter_table("solo_results", schema=None) as batch_op:
        batch_op.drop_index("ix_solo_results_player_id")
        batch_op.drop_index("ix_solo_results_mode_day")
    op.drop_table("solo_results")
