"""the Bestenliste says which points came from games a computer partly played for the person

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-04 01:50:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Points earned before this were not told apart: they count as the person's own.
    with op.batch_alter_table("leaderboard_entries") as batch:
        batch.add_column(sa.Column("stood_in", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("leaderboard_entries") as batch:
        batch.drop_column("stood_in")
