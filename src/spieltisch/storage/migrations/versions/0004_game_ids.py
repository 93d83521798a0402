"""game ids on every record of a finished game, unique: records are written exactly once in effect

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 02:40:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

TABLES = ("game_records", "puzzle_results", "solo_results")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column("game_id", sa.String(length=48), nullable=True))
            batch_op.create_unique_constraint(f"uq_{table}_game_id", ["game_id"])


def downgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_constraint(f"uq_{table}_game_id", type_="unique")
            batch_op.drop_column("game_id")
