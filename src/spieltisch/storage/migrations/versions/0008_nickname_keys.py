"""names that identify: each player's nickname keys (unique), blocked players, hidden results, and
the record of what operators did. Players that shared a name (or names that look the same) before
are told apart once: the older account keeps the name, each newer one gets „ (2)“, „ (3)“, …

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03 17:30:00
"""

import sqlalchemy as sa
from alembic import op

from spieltisch.storage.nickname_keys import nickname_keys
from spieltisch.storage.renames import rename_in_records

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

MAX_LENGTH = 20
HIDEABLE = ("game_records", "puzzle_results", "solo_results", "leaderboard_entries")
ACTOR = "migration 0008"

players = sa.table(
    "players",
    sa.column("id", sa.String),
    sa.column("nickname", sa.String),
    sa.column("nickname_key", sa.Text),
    sa.column("nickname_look", sa.Text),
    sa.column("created_at", sa.DateTime(timezone=True)),
)


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("nickname_key", sa.Text(), nullable=True))
        batch.add_column(sa.Column("nickname_look", sa.Text(), nullable=True))
        batch.add_column(sa.Column("blocked", sa.Boolean(), nullable=False, server_default=sa.false()))
    for table in HIDEABLE:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("hidden", sa.Boolean(), nullable=False, server_default=sa.false()))
    actions = op.create_table(
        "admin_actions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(length=64), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=False),
        sa.Column("target", sa.String(length=64), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
    )
    op.create_index("ix_admin_actions_target", "admin_actions", ["target"])
    tell_apart(op.get_bind(), actions)
    with op.batch_alter_table("players") as batch:
        batch.alter_column("nickname_key", existing_type=sa.Text(), nullable=False)
        batch.alter_column("nickname_look", existing_type=sa.Text(), nullable=False)
        batch.create_index("ix_players_nickname_key", ["nickname_key"], unique=True)
        batch.create_index("ix_players_nickname_look", ["nickname_look"])


def tell_apart(connection: sa.engine.Connection, actions: sa.Table) -> None:
    """Fill every player's keys, oldest first; a player whose name looks like an older one's is
    renamed (everywhere his name was written down) and the rename recorded."""
    from datetime import UTC, datetime

    taken: set[str] = set()
    rows = connection.execute(
        sa.select(players.c.id, players.c.nickname).order_by(players.c.created_at, players.c.id)
    ).all()
    for player_id, nickname in rows:
        name, keys = nickname, set(nickname_keys(nickname))
        copy = 1
        while keys & taken:
            copy += 1
            name = numbered(nickname, copy)
            keys = set(nickname_keys(name))
        taken |= keys
        key, look = nickname_keys(name)
        connection.execute(
            sa.update(players)
            .where(players.c.id == player_id)
            .values(nickname=name, nickname_key=key, nickname_look=look)
        )
        if name != nickname:
            rename_in_records(connection, player_id, name)
            connection.execute(
                sa.insert(actions).values(
                    at=datetime.now(UTC),
                    actor=ACTOR,
                    action="migration-rename",
                    target=player_id,
                    reason="nicknames are unique: an older account had this name",
                    details={"from": nickname, "to": name},
                )
            )


def numbered(nickname: str, copy: int) -> str:
    """„Paul6 (2)“: the name with its number, shortened to fit the 20 characters a name may have."""
    suffix = f" ({copy})"
    return nickname[: MAX_LENGTH - len(suffix)].rstrip() + suffix


def downgrade() -> None:
    op.drop_index("ix_admin_actions_target", table_name="admin_actions")
    op.drop_table("admin_actions")
    for table in HIDEABLE:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("hidden")
    with op.batch_alter_table("players") as batch:
        batch.drop_index("ix_players_nickname_look")
        batch.drop_index("ix_players_nickname_key")
        batch.drop_column("blocked")
        batch.drop_column("nickname_look")
        batch.drop_column("nickname_key")
