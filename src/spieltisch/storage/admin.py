"""What an operator may do to records (`spieltisch admin`): find players and their results, rename a
player, block one from every list, hide a result from every list. Nothing is deleted, and every
action is written to `admin_actions` with who did it and why, in the same transaction."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Literal, cast

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from spieltisch.storage.db import session_factory
from spieltisch.storage.models import (
    AdminAction,
    GamePlayer,
    GameRecord,
    LeaderboardEntry,
    LiveTable,
    Player,
    PuzzleResult,
    SoloResult,
)
from spieltisch.storage.nickname_keys import nickname_key, nickname_keys, nickname_look
from spieltisch.storage.renames import rename_in_records
from spieltisch.storage.repository import Repository, check_nickname_free, nickname_conflict_as_taken

ResultKind = Literal["puzzle", "solo", "game"]
RESULT_KINDS: tuple[ResultKind, ...] = ("puzzle", "solo", "game")
#: Where each kind of result's leaderboard points are (LeaderboardEntry.kind).
_POINTS_KINDS: dict[ResultKind, tuple[str, ...]] = {
    "puzzle": (),
    "solo": ("record", "daily"),
    "game": ("table",),
}


_MODELS: dict[ResultKind, type[PuzzleResult] | type[SoloResult] | type[GameRecord]] = {
    "puzzle": PuzzleResult,
    "solo": SoloResult,
    "game": GameRecord,
}


#: The action that asks the servers to close a live table (server/moderation.py carries it out).
CLOSE_TABLE = "close-table"


class NotFound(LookupError):
    """No player or result with that id."""


class Admin:
    def __init__(self, repository: Repository) -> None:
        """On the records of a repository (made first: it brings the schema up to date)."""
        self._session = session_factory(repository.engine)

    # Looking -------------------------------------------------------------------------------------
    def players(self, name_part: str | None = None, limit: int = 200) -> list[Player]:
        """Players, newest first; `name_part`: those whose name contains it (ignoring case, width and
        look-alikes: „paul“ finds „PAUL“, „Pau1“ and „PauI“)."""
        query = select(Player).order_by(Player.created_at.desc(), Player.id).limit(limit)
        if name_part:
            query = query.where(
                Player.nickname.contains(name_part, autoescape=True)
                | Player.nickname_key.contains(nickname_key(name_part), autoescape=True)
                | Player.nickname_look.contains(nickname_look(name_part), autoescape=True)
            )
        with self._session() as session:
            return list(session.scalars(query))

    def results(self, player_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """A player's results of every kind, newest first, as `hide-result` names them:
        {"kind", "id", "at", "what", "hidden"}."""
        with self._session() as session:
            self._player(session, player_id)
            found: list[dict[str, Any]] = []
            for puzzle in session.scalars(
                select(PuzzleResult)
                .where(PuzzleResult.player_id == player_id)
                .order_by(PuzzleResult.id.desc())
            ):
                what = f"Rätsel {puzzle.puzzle_id}: {puzzle.score} of {puzzle.optimum}"
                found.append(_result("puzzle", puzzle.id, puzzle.created_at, what, puzzle.hidden))
            for solo in session.scalars(
                select(SoloResult).where(SoloResult.player_id == player_id).order_by(SoloResult.id.desc())
            ):
                what = f"Speedgans {solo.mode} {solo.day or ''}: {solo.points:g} points".replace("  ", " ")
                found.append(_result("solo", solo.id, solo.created_at, what, solo.hidden))
            for record in session.scalars(
                select(GameRecord)
                .join(GamePlayer, GamePlayer.record_id == GameRecord.id)
                .where(GamePlayer.player_id == player_id)
                .order_by(GameRecord.id.desc())
            ):
                what = f"{record.game} at table {record.table_id}"
                found.append(_result("game", record.id, record.finished_at, what, record.hidden))
        found.sort(key=lambda entry: entry["at"], reverse=True)
        return found[:limit]

    def actions(self, target: str | None = None) -> list[AdminAction]:
        """What operators did (to one target, if given), oldest first."""
        query = select(AdminAction).order_by(AdminAction.id)
        if target is not None:
            query = query.where(AdminAction.target == target)
        with self._session() as session:
            return list(session.scalars(query))

    # Acting --------------------------------------------------------------------------------------
    def rename(self, player_id: str, nickname: str, *, actor: str, reason: str) -> tuple[str, str]:
        """Rename a player everywhere his name is written down (lists, finished games, replays);
        returns (old name, new name). NicknameTaken, NotFound."""
        with nickname_conflict_as_taken(), self._session.begin() as session:
            player = self._player(session, player_id)
            check_nickname_free(session, nickname, player_id)
            before = player.nickname
            player.nickname = nickname
            player.nickname_key, player.nickname_look = nickname_keys(nickname)
            session.flush()
            rename_in_records(session.connection(), player_id, nickname)
            _record(session, actor, "rename", player_id, reason, {"from": before, "to": nickname})
        return before, nickname

    def set_blocked(self, player_id: str, blocked: bool, *, actor: str, reason: str) -> bool:
        """Block a player from every list (or let him back on); returns whether he was blocked
        before. NotFound."""
        with self._session.begin() as session:
            player = self._player(session, player_id)
            before = player.blocked
            player.blocked = blocked
            _record(session, actor, "block" if blocked else "unblock", player_id, reason, {"before": before})
        return before

    def hide_result(self, kind: ResultKind, result_id: int, *, actor: str, reason: str) -> bool:
        """Take one result off every list, with the leaderboard points it brought; returns whether
        it was hidden before. NotFound."""
        model: type[PuzzleResult] | type[SoloResult] | type[GameRecord] = _MODELS[kind]
        with self._session.begin() as session:
            row = cast("PuzzleResult | SoloResult | GameRecord | None", session.get(model, result_id))
            if row is None:
                raise NotFound(f"there is no {kind} result {result_id}")
            before = row.hidden
            row.hidden = True
            if _POINTS_KINDS[kind]:
                session.execute(
                    update(LeaderboardEntry)
                    .where(
                        LeaderboardEntry.kind.in_(_POINTS_KINDS[kind]),
                        LeaderboardEntry.record_id == result_id,
                    )
                    .values(hidden=True)
                )
            _record(session, actor, "hide-result", f"{kind}:{result_id}", reason, {"before": before})
        return before

    # Live tables ---------------------------------------------------------------------------------
    def tables(self) -> list[dict[str, Any]]:
        """The open and running tables as the database keeps them (a single process writes every
        change; with Redis, each process copies the tables it changed every few seconds): {"id",
        "game", "status", "players", "updated_at"}, the newest first."""
        found = []
        with self._session() as session:
            query = (
                select(LiveTable).where(LiveTable.status != "finished").order_by(LiveTable.updated_at.desc())
            )
            for row in session.scalars(query):
                try:
                    seats = json.loads(row.data).get("seats", [])
                except ValueError:
                    seats = []
                players = [
                    f"{seat.get('nickname')}{' (computer)' if seat.get('bot') else ''}" for seat in seats
                ]
                found.append(
                    {
                        "id": row.id,
                        "game": row.game,
                        "status": row.status,
                        "players": players,
                        "updated_at": row.updated_at,
                    }
                )
        return found

    def close_table(self, table_id: str, *, actor: str, reason: str) -> None:
        """Ask the servers to close a live table (they look every few seconds: `CLOSE_TABLE` actions
        newer than the last they saw); its players are told why, nothing of its game is recorded.
        NotFound for a table that is not live."""
        with self._session.begin() as session:
            row = session.get(LiveTable, table_id)
            if row is None or row.status == "finished":  # (one closed already is finished too)
                raise NotFound(
                    f"there is no running or open table {table_id!r} (see `spieltisch admin tables`)"
                )
            _record(session, actor, CLOSE_TABLE, table_id, reason, {})

    @staticmethod
    def _player(session: Session, player_id: str) -> Player:
        player = session.get(Player, player_id)
        if player is None:
            raise NotFound(f"there is no player {player_id!r}")
        return player


def _result(kind: ResultKind, result_id: int, at: datetime, what: str, hidden: bool) -> dict[str, Any]:
    return {"kind": kind, "id": result_id, "at": at, "what": what, "hidden": hidden}


def _record(
    session: Session, actor: str, action: str, target: str, reason: str, details: dict[str, Any]
) -> None:
    session.add(AdminAction(actor=actor, action=action, target=target, reason=reason, details=details))
