"""mutes: a player who hears no more quick messages of another, for good

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-04 04:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mutes",
        sa.Column("player_id", sa.String(length=32), primary_key=True),
        sa.Column("muted_id", sa.String(length=32), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("mutes")
