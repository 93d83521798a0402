"""A player shown under another name everywhere the name was written down: the lists' rows
(Rätsel results, Speedgans solo results, leaderboard points, each of which keeps the name played
under) and the seats of finished games and their replays.

For an operator's rename (`spieltisch admin rename`) and the renames of migration 0008 that made
names unique; a player's own rename changes only the name he is shown under from now on.

The tables are named here as plain SQL tables, not as the ORM's models, so that a migration can
use this on the schema of its day.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

#: The list tables that keep the name a result was played under.
NAMED_ROWS = tuple(
    sa.table(name, sa.column("player_id", sa.String), sa.column("nickname", sa.String))
    for name in ("puzzle_results", "leaderboard_entries", "solo_results")
)
_game_players = sa.table(
    "game_players", sa.column("record_id", sa.Integer), sa.column("player_id", sa.String)
)
_game_records = sa.table(
    "game_records",
    sa.column("id", sa.Integer),
    sa.column("game_id", sa.String),
    sa.column("players", sa.JSON),
)
_game_logs = sa.table("game_logs", sa.column("game_id", sa.String), sa.column("players", sa.JSON))


def rename_in_records(connection: Connection, player_id: str, nickname: str) -> None:
    """Write `nickname` wherever the player's name was recorded (in the caller's transaction)."""
    for table in NAMED_ROWS:
        connection.execute(sa.update(table).where(table.c.player_id == player_id).values(nickname=nickname))
    sat_at = sa.select(_game_players.c.record_id).where(_game_players.c.player_id == player_id)
    records = connection.execute(
        sa.select(_game_records.c.id, _game_records.c.game_id, _game_records.c.players).where(
            _game_records.c.id.in_(sat_at)
        )
    ).all()
    for record_id, game_id, players in records:
        connection.execute(
            sa.update(_game_records)
            .where(_game_records.c.id == record_id)
            .values(players=_renamed(players, player_id, nickname))
        )
        if game_id is None:
            continue
        logged = connection.execute(
            sa.select(_game_logs.c.players).where(_game_logs.c.game_id == game_id)
        ).scalar_one_or_none()
        if logged is not None:
            connection.execute(
                sa.update(_game_logs)
                .where(_game_logs.c.game_id == game_id)
                .values(players=_renamed(logged, player_id, nickname))
            )


def _renamed(seats: Any, player_id: str, nickname: str) -> Any:
    """A game's seats ([{"player", "nickname", …}, …]) with the player's renamed."""
    if not isinstance(seats, list):
        return seats
    return [
        {**seat, "nickname": nickname} if isinstance(seat, dict) and seat.get("player") == player_id else seat
        for seat in seats
    ]
