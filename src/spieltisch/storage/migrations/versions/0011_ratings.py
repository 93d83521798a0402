"""skill ratings per game (storage/ratings.py) and each rated game's change

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-04 05:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Games recorded before this are not rated after the fact: ratings start with the next game.
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(20), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("record_id", sa.Integer(), nullable=False),
        sa.Column("before", sa.Integer(), nullable=False),
        sa.Column("after", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_changes_player_game", "rating_changes", ["player_id", "game"])
    op.create_index("ix_rating_changes_record_id", "rating_changes", ["record_id"])


def downgrade() -> None:
    op.drop_table("rating_changes")
    op.drop_table("ratings")
