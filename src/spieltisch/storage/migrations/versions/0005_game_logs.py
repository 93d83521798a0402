"""game logs (replays) and the players of each finished table game (a player's history)

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 09:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_logs",
        sa.Column("game_id", sa.String(length=48), primary_key=True),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("seed", sa.Text(), nullable=False),
        sa.Column("started", sa.Float(), nullable=False),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    players = op.create_table(
        "game_players",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("record_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
    )
    op.create_index("ix_game_players_record_id", "game_players", ["record_id"])
    op.create_index("ix_game_players_player_id", "game_players", ["player_id"])
    # The games recorded so far: who sat at them, from each record's list of players.
    records = sa.table("game_records", sa.column("id", sa.Integer()), sa.column("players", sa.JSON()))
    rows = [
        {"record_id": record_id, "player_id": sitter["player"], "seat": seat}
        for record_id, sitters in op.get_bind().execute(sa.select(records.c.id, records.c.players))
        for seat, sitter in enumerate(sitters or [])
        if sitter.get("player")
    ]
    if rows:
        op.bulk_insert(players, rows)


def downgrade() -> None:
    op.drop_index("ix_game_players_player_id", table_name="game_players")
    op.drop_index("ix_game_players_record_id", table_name="game_players")
    op.drop_table("game_players")
    op.drop_table("game_logs")
