"""A player's own data („Meine Daten“): everything the records hold about him, as one JSON document,
and his deletion.

Deleting a player keeps the games others played with him — their results and replays stay whole —
but nothing in them names him any more: his name becomes „Gelöscht“ wherever it was written down
(lists, the seats of finished games, their replays), his own results leave every list (as a blocked
player's do: the lists are worked out without him), his page is gone, and his token no longer
opens anything. Done in one transaction.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, inspect, select, update

from spieltisch.storage.db import session_factory
from spieltisch.storage.models import (
    AdminAction,
    AttemptStart,
    Device,
    DeviceLink,
    GameLog,
    GamePlayer,
    GameRecord,
    LeaderboardEntry,
    Mute,
    Player,
    PuzzleResult,
    Rating,
    RatingChange,
    SoloResult,
)
from spieltisch.storage.renames import rename_in_records
from spieltisch.storage.repository import DELETED_KEY, Repository, hash_token, is_deleted

#: The name a deleted player's seats and results are shown under.
DELETED_NAME = "Gelöscht"


class OwnData:
    def __init__(self, repository: Repository) -> None:
        self._session = session_factory(repository.engine)

    def export(self, player_id: str) -> dict[str, Any] | None:
        """Everything about the player (None: no such player, or deleted): who he is, each finished
        game he sat at (with its replay's id), his Rätsel and Speedgans solo results, the list points
        they brought, the days' first attempts, and what operators did about him (not who)."""
        with self._session() as session:
            player = session.get(Player, player_id)
            if player is None or is_deleted(player):
                return None
            seats = session.execute(
                select(GamePlayer.seat, GameRecord)
                .join(GameRecord, GameRecord.id == GamePlayer.record_id)
                .where(GamePlayer.player_id == player_id)
                .order_by(GameRecord.started_at)
            ).all()
            logged = set(
                session.scalars(
                    select(GameLog.game_id).where(
                        GameLog.game_id.in_([r.game_id for _, r in seats if r.game_id])
                    )
                )
            )
            games = [
                {
                    **_row(record, exclude={"id", "seed"}),
                    "seat": seat,
                    "replay": f"/replay/{record.game_id}" if record.game_id in logged else None,
                }
                for seat, record in seats
            ]
            mine = {"player_id": player_id}
            return {
                "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
                "player": _row(player, exclude={"token_hash", "nickname_key", "nickname_look"}),
                "devices": [
                    _row(device, exclude={"token_hash", "player_id"})
                    for device in session.scalars(select(Device).where(Device.player_id == player_id))
                ],
                "muted": [
                    m.muted_id for m in session.scalars(select(Mute).where(Mute.player_id == player_id))
                ],
                "games": games,
                "puzzle_results": _rows(session, PuzzleResult, mine),
                "solo_results": _rows(session, SoloResult, mine),
                "list_points": _rows(session, LeaderboardEntry, mine),
                "ratings": _rows(session, Rating, mine),
                "rating_changes": _rows(session, RatingChange, mine),
                "first_attempts": _rows(session, AttemptStart, mine),
                "operator_actions": [
                    _row(action, exclude={"actor", "id"})
                    for action in session.scalars(
                        select(AdminAction).where(AdminAction.target == player_id).order_by(AdminAction.id)
                    )
                ],
            }

    def delete(self, player_id: str) -> bool:
        """Delete the player (see the module's text); False if there is none (or he is deleted)."""
        with self._session.begin() as session:
            player = session.get(Player, player_id)
            if player is None or is_deleted(player):
                return False
            player.nickname = DELETED_NAME
            player.nickname_key = player.nickname_look = f"{DELETED_KEY}{player_id}"
            player.token_hash = hash_token(secrets.token_urlsafe(32))  # nobody holds this one
            player.blocked = True  # on no list from now on
            session.flush()
            rename_in_records(session.connection(), player_id, DELETED_NAME)
            # His own results leave the lists; the games others played with him stay whole.
            for model in (PuzzleResult, SoloResult, LeaderboardEntry):
                session.execute(update(model).where(model.player_id == player_id).values(hidden=True))
            session.execute(delete(AttemptStart).where(AttemptStart.player_id == player_id))
            # His ratings go (the list shows none of a blocked player anyway); the others' stay.
            session.execute(delete(Rating).where(Rating.player_id == player_id))
            session.execute(delete(RatingChange).where(RatingChange.player_id == player_id))
            session.execute(delete(Device).where(Device.player_id == player_id))  # every token dead
            session.execute(delete(DeviceLink).where(DeviceLink.player_id == player_id))
            session.execute(delete(Mute).where(Mute.player_id == player_id))  # his mutes of others
            return True


def _rows(session: Any, model: type[Any], where: dict[str, Any]) -> list[dict[str, Any]]:
    query = select(model).filter_by(**where)
    return [_row(row, exclude={"id", "player_id"}) for row in session.scalars(query)]


def _row(row: Any, exclude: set[str]) -> dict[str, Any]:
    values = {}
    for column in inspect(row).mapper.column_attrs:
        if column.key in exclude:
            continue
        value = getattr(row, column.key)
        values[column.key] = value.isoformat() if isinstance(value, datetime) else value
    return values
