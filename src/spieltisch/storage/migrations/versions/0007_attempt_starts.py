"""the first attempt a player started at a day's Rätsel or Tagesstadt; solo runs kept unranked

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 17:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Attempts started before this have no row: their results keep the earlier rule (the first
    # one recorded is the first attempt).
    op.create_table(
        "attempt_starts",
        sa.Column("player_id", sa.String(length=32), primary_key=True),
        sa.Column("key", sa.String(length=40), primary_key=True),
        sa.Column("game_id", sa.String(length=48), nullable=False),
        sa.Column("started_at", sa.Float(), nullable=False),
    )
    # Runs from before were not checked for a person's pace: they keep their places.
    with op.batch_alter_table("solo_results") as batch:
        batch.add_column(sa.Column("ranked", sa.Boolean(), nullable=False, server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("solo_results") as batch:
        batch.drop_column("ranked")
    op.drop_table("attempt_starts")
