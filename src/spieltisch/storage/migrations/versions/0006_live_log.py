"""live tables' game logs apart from their snapshots (appended entry by entry)

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 22:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A snapshot written before this keeps its log inside and is read as it is; the next change
    # of its table moves the log here.
    op.create_table(
        "live_log",
        sa.Column("table_id", sa.String(length=32), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("entry", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("live_log")
