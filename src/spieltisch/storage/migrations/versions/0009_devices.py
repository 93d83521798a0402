"""devices: each browser signed in as a player has its own token (a player's first device is the
browser that made him); one-time links that sign another device in

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04 01:20:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "devices",
        sa.Column("id", sa.String(length=20), primary_key=True),
        sa.Column("player_id", sa.String(length=32), nullable=False, index=True),
        sa.Column("token_hash", sa.String(length=64), nullable=False, unique=True),
        sa.Column("label", sa.String(length=80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "device_links",
        sa.Column("code_hash", sa.String(length=64), primary_key=True),
        sa.Column("player_id", sa.String(length=32), nullable=False, index=True),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("used", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    # Every player so far has one device: the browser holding the token he was made with (its label
    # empty: the client calls it the first device).
    op.execute(
        "INSERT INTO devices (id, player_id, token_hash, label, created_at) "
        "SELECT 'd_' || substr(id, 3), id, token_hash, '', created_at FROM players"
    )


def downgrade() -> None:
    op.drop_table("device_links")
    op.drop_table("devices")
