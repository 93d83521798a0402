"""All reads and writes of records, behind plain methods (synchronous; the server calls them in a thread)."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, Engine, case, delete, func, select, text
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from spieltisch.storage.db import session_factory, upgrade
from spieltisch.storage.models import (
    AdminAction,
    AttemptStart,
    Device,
    GameLog,
    GamePlayer,
    GameRecord,
    LeaderboardEntry,
    LiveLogEntry,
    LiveTable,
    Player,
    PuzzleResult,
    SoloResult,
)
from spieltisch.storage.nickname_keys import nickname_keys
from spieltisch.storage.ratings import RatedSeat, player_ratings, rate_game, rating_list, with_ranks

#: A live table's snapshot: id, game, status, version, its JSON.
LiveTableRow = tuple[str, str, str, int, str]
#: What a change adds to a live table's log: the table's id, whether its log starts anew (a new
#: game, or a log to write whole again), the position of the first entry, the entries as JSON.
LiveLogAppend = tuple[str, bool, int, Sequence[str]]
R = TypeVar("R", GameRecord, PuzzleResult, SoloResult)


#: The label of a player's first device where its browser is not known (a player made before
#: devices were named by their User-Agent): the client names it.
FIRST_DEVICE = ""
#: A deleted player's name key (storage/own_data.py): unique per player, and no name typed in has it.
DELETED_KEY = "\x00deleted:"


def is_deleted(player: Player) -> bool:
    return player.nickname_key.startswith(DELETED_KEY)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


#: The kinds of leaderboard entries a table game writes (solo runs write "record" and "daily").
TABLE_KINDS = ("table", "computer")


def _earned_meanwhile(session: Session, player_id: str, since: datetime) -> bool:
    """Whether the player earned points from a table game that ended after `since` (the start of the
    game being recorded): two such games ran at once."""
    found = session.scalar(
        select(func.count(LeaderboardEntry.id))
        .join(GameRecord, GameRecord.id == LeaderboardEntry.record_id)
        .where(
            LeaderboardEntry.player_id == player_id,
            LeaderboardEntry.kind.in_(TABLE_KINDS),
            GameRecord.finished_at > since,
        )
    )
    return bool(found)


def _capped(
    session: Session, entry: dict[str, Any], cap: tuple[datetime, float] | None
) -> dict[str, Any] | None:
    """The entry, its points cut to what is left of the cap on games against computers (None once
    nothing is left: the game is not counted at all)."""
    if cap is None or entry.get("kind") != "computer" or entry["points"] <= 0:
        return entry
    since, most = cap
    earned = session.scalar(
        select(func.coalesce(func.sum(LeaderboardEntry.points), 0.0)).where(
            LeaderboardEntry.player_id == entry["player"],
            LeaderboardEntry.kind == "computer",
            LeaderboardEntry.created_at >= since,
        )
    )
    left = round(most - float(earned or 0.0), 2)
    return {**entry, "points": min(entry["points"], left)} if left > 0 else None


class NicknameTaken(Exception):
    """Another player's name is the same name: equal but for case or width, or drawn alike
    (storage/nickname_keys.py)."""


def check_nickname_free(session: Session, nickname: str, player_id: str | None = None) -> None:
    """NicknameTaken if either key of `nickname` is either key of another player's name (than
    `player_id`'s: a player may write his own name otherwise, „paul“ for „Paul“)."""
    keys = nickname_keys(nickname)
    query = select(Player.id).where(Player.nickname_key.in_(keys) | Player.nickname_look.in_(keys))
    if player_id is not None:
        query = query.where(Player.id != player_id)
    if session.scalar(query.limit(1)) is not None:
        raise NicknameTaken("another player has this name (or one that looks the same)")


@contextlib.contextmanager
def nickname_conflict_as_taken() -> Iterator[None]:
    """The unique key settles two players who take the same name at once: the second one's
    transaction fails on it, and is told as NicknameTaken."""
    try:
        yield
    except IntegrityError as error:
        if "nickname_key" not in str(error.orig):
            raise
        raise NicknameTaken("another player has this name (or one that looks the same)") from None


def listed(model: type[PuzzleResult] | type[SoloResult] | type[LeaderboardEntry]) -> ColumnElement[bool]:
    """The rows of a list that are shown: not hidden, not of a blocked player (the query joins
    Player on the row's player)."""
    return model.hidden.is_(False) & Player.blocked.is_not(True)


#: The solo runs that can be a record (personal best, the player page's bests): laid by hand and with
#: at least one point. A run of 0 is no record, so the next run with points is „Dein erster Rekord!“,
#: never „Neuer Rekord! Bisher: 0,0 Punkte“.
SOLO_RECORD: ColumnElement[bool] = SoloResult.ranked.is_(True) & (SoloResult.points > 0)


class Repository:
    def __init__(self, engine: Engine, *, migrate: bool = True) -> None:
        if migrate:
            upgrade(engine)
        self.engine = engine
        self._session = session_factory(engine)

    def _insert(self, model: type[Any]) -> Any:
        """An INSERT of this database's dialect (for its ON CONFLICT clauses)."""
        insert = sqlite_insert if self.engine.dialect.name == "sqlite" else postgresql_insert
        return insert(model)

    def _once(self, model: type[R], game_id: str | None, write: Callable[[Session], R]) -> R:
        """Write the record of a finished game unless it exists: a process that retries after a
        fault (or two processes recording the same end) write it once. The unique game id settles
        a race between two writers; the loser reads the winner's row."""
        for _ in range(2):
            try:
                with self._session.begin() as session:
                    if game_id is not None:
                        found = session.scalar(select(model).where(model.game_id == game_id))
                        if found is not None:
                            session.expunge(found)
                            return found
                    row = write(session)
                    session.flush()
                    session.expunge(row)
                    return row
            except IntegrityError:
                if game_id is None:
                    raise
        raise RuntimeError(f"record of game {game_id} neither written nor found")

    # Players -------------------------------------------------------------------------------------
    def create_player(self, nickname: str, device: str = FIRST_DEVICE) -> tuple[Player, str]:
        """A new player and its secret token (returned once; only its hash is stored).
        NicknameTaken if another player's name is the same name."""
        token = secrets.token_urlsafe(24)
        key, look = nickname_keys(nickname)
        player = Player(
            id="p_" + secrets.token_hex(8),
            token_hash=hash_token(token),
            nickname=nickname,
            nickname_key=key,
            nickname_look=look,
        )
        with nickname_conflict_as_taken(), self._session.begin() as session:
            check_nickname_free(session, nickname)
            session.add(player)
            # The browser that made him is his first device (storage/devices.py).
            session.add(
                Device(
                    id="d_" + player.id[2:],
                    player_id=player.id,
                    token_hash=player.token_hash,
                    label=device,
                )
            )
        return player, token

    def player_by_token(self, token: str) -> Player | None:
        """The player a device's token belongs to (None: no such token, or its device signed out)."""
        with self._session() as session:
            return session.scalar(
                select(Player)
                .join(Device, Device.player_id == Player.id)
                .where(Device.token_hash == hash_token(token))
            )

    def rename_player(self, player_id: str, nickname: str) -> Player | None:
        """The player under a new name from now on (results keep the name they were played
        under); NicknameTaken if another player's name is the same name. None: no such player."""
        with nickname_conflict_as_taken(), self._session.begin() as session:
            player = session.get(Player, player_id)
            if player is None:
                return None
            check_nickname_free(session, nickname, player_id)
            player.nickname = nickname
            player.nickname_key, player.nickname_look = nickname_keys(nickname)
            session.flush()
            session.expunge(player)
            return player

    # Finished games ------------------------------------------------------------------------------
    def save_game(
        self,
        *,
        game_id: str | None = None,
        game: str,
        table_id: str,
        seed: int,
        settings: dict[str, Any],
        players: list[dict[str, Any]],
        result: dict[str, Any],
        started_at: float,
        leaderboard: Sequence[dict[str, Any]] = (),
        computer_cap: tuple[datetime, float] | None = None,
        rated: Sequence[RatedSeat] = (),
    ) -> int:
        """A finished table game and the leaderboard points it brought ([{"player", "nickname",
        "points", "game_points", "place", "kind"?}, …]), in one transaction; once per `game_id` (a
        retry returns the record written before).

        Lists only people playing can top: a player earns from one table game at a time (none from a
        game that overlaps one that earned already: farming many tables at once), and from games of
        one person against computers (kind "computer") at most `computer_cap`'s points since its
        moment (a day's start). `rated`: each seat as the skill ratings see it (storage/ratings.py),
        rated by the result's `ranking`."""

        def write(session: Session) -> GameRecord:
            begun = datetime.fromtimestamp(started_at, UTC)
            earning = [
                _capped(session, entry, computer_cap)
                for entry in leaderboard
                if not _earned_meanwhile(session, entry["player"], begun)
            ]
            record = GameRecord(
                game_id=game_id,
                game=game,
                table_id=table_id,
                seed=seed,
                settings=settings,
                players=players,
                result=result,
                started_at=datetime.fromtimestamp(started_at, UTC),
            )
            session.add(record)
            session.flush()
            session.add_all(
                GamePlayer(record_id=record.id, player_id=sitter["player"], seat=seat)
                for seat, sitter in enumerate(players)
                if sitter.get("player")
            )
            session.add_all(
                LeaderboardEntry(
                    game=game,
                    player_id=entry["player"],
                    nickname=entry["nickname"],
                    points=entry["points"],
                    game_points=entry["game_points"],
                    place=entry["place"],
                    kind=entry.get("kind", "table"),
                    stood_in=bool(entry.get("stood_in", False)),
                    record_id=record.id,
                )
                for entry in earning
                if entry is not None
            )
            if rated:
                rate_game(session, game, record.id, rated, result["ranking"], datetime.now(UTC))
            return record

        return self._once(GameRecord, game_id, write).id

    def note_result(self, game_id: str, notes: Mapping[str, Any]) -> None:
        """Add notes to a recorded game's result (worked out after the game, e.g. the move analysis)."""
        with self._session.begin() as session:
            record = session.scalar(select(GameRecord).where(GameRecord.game_id == game_id))
            if record is not None:
                record.result = {**(record.result or {}), **notes}

    def game_result(self, game_id: str) -> dict[str, Any] | None:
        """A recorded table game's result, with its notes (None: no such record)."""
        with self._session() as session:
            return session.scalar(select(GameRecord.result).where(GameRecord.game_id == game_id))

    def save_game_log(
        self,
        *,
        game_id: str,
        game: str,
        table_id: str,
        settings: dict[str, Any],
        players: list[dict[str, Any]],
        seed: int,
        started: float,
        log: Sequence[list[Any]],
    ) -> None:
        """A finished game's log of moves (a replay's source), once per game id."""
        row = {
            "game_id": game_id,
            "game": game,
            "table_id": table_id,
            "settings": settings,
            "players": players,
            "seed": str(seed),
            "started": started,
            "log": list(log),
            "created_at": datetime.now(UTC),
        }
        with self._session.begin() as session:
            session.execute(
                self._insert(GameLog).values(**row).on_conflict_do_nothing(index_elements=["game_id"])
            )

    def game_log(self, game_id: str) -> GameLog | None:
        with self._session() as session:
            return session.get(GameLog, game_id)

    def games(self, *, table_id: str | None = None, limit: int = 50) -> list[GameRecord]:
        """The latest finished table games (none an operator hid)."""
        query = (
            select(GameRecord).where(GameRecord.hidden.is_(False)).order_by(GameRecord.id.desc()).limit(limit)
        )
        if table_id is not None:
            query = query.where(GameRecord.table_id == table_id)
        with self._session() as session:
            return list(session.scalars(query))

    def ping(self) -> None:
        """Returns once the database has answered (raises its driver's error if it cannot)."""
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    # Live table snapshots (single-process mode) --------------------------------------------------
    def save_live_tables(
        self, rows: Sequence[LiveTableRow], logs: Sequence[LiveLogAppend], now: float
    ) -> None:
        """Write the newest snapshot of several tables and append to their logs, in one
        transaction (an older version than the one stored is left out: a snapshot never goes
        back). One upsert for all snapshots, one insert for all entries: under load this runs for
        every change at every table."""
        values = [
            {
                "id": table_id,
                "game": game,
                "status": status,
                "version": version,
                "data": data,
                "updated_at": now,
            }
            for table_id, game, status, version, data in rows
        ]
        restarted = [table_id for table_id, reset, _, _ in logs if reset]
        entries = [
            {"table_id": table_id, "seq": start + offset, "entry": entry}
            for table_id, _, start, added in logs
            for offset, entry in enumerate(added)
        ]
        with self.engine.begin() as connection:
            if values:
                connection.execute(self._snapshot_upsert, values)
            if restarted:
                connection.execute(delete(LiveLogEntry).where(LiveLogEntry.table_id.in_(restarted)))
            if entries:
                connection.execute(self._log_insert, entries)

    @functools.cached_property
    def _snapshot_upsert(self) -> Any:
        """Built once: building the statement (its `excluded` columns) cost more than running it."""
        statement = self._insert(LiveTable)
        return statement.on_conflict_do_update(
            index_elements=[LiveTable.id],
            set_={
                "status": statement.excluded.status,
                "version": statement.excluded.version,
                "data": statement.excluded.data,
                "updated_at": statement.excluded.updated_at,
            },
            where=LiveTable.version < statement.excluded.version,
        )

    @functools.cached_property
    def _log_insert(self) -> Any:
        return self._insert(LiveLogEntry)

    def delete_live_table(self, table_id: str) -> None:
        with self._session.begin() as session:
            session.execute(delete(LiveTable).where(LiveTable.id == table_id))
            session.execute(delete(LiveLogEntry).where(LiveLogEntry.table_id == table_id))

    def live_tables(self) -> list[tuple[LiveTable, list[str]]]:
        """Every snapshot with its log's entries (as JSON, in order)."""
        with self._session() as session:
            tables = list(session.scalars(select(LiveTable)))
            logs: dict[str, list[str]] = {}
            query = select(LiveLogEntry.table_id, LiveLogEntry.entry).order_by(
                LiveLogEntry.table_id, LiveLogEntry.seq
            )
            for table_id, entry in session.execute(query):
                logs.setdefault(table_id, []).append(entry)
        return [(table, logs.get(table.id, [])) for table in tables]

    # Puzzles -------------------------------------------------------------------------------------
    def note_start(self, player_id: str, key: str, game_id: str, started_at: float) -> None:
        """An attempt at a game everyone plays alike on a day has started: the player's first one
        is kept (GameRules.attempt_key; a later start changes nothing)."""
        with self._session.begin() as session:
            session.execute(
                self._insert(AttemptStart)
                .values(player_id=player_id, key=key, game_id=game_id, started_at=started_at)
                .on_conflict_do_nothing(index_elements=["player_id", "key"])
            )

    @staticmethod
    def _first_attempt(session: Session, player_id: str, key: str, game_id: str | None, earlier: int) -> bool:
        """Whether the attempt `game_id` is the player's first: the first one started, where its
        start was noted; else (an attempt from before starts were noted) the first one recorded."""
        started = session.get(AttemptStart, (player_id, key))
        return started.game_id == game_id if started is not None else earlier == 0

    def add_puzzle_result(
        self,
        *,
        game_id: str | None = None,
        puzzle_id: str,
        player_id: str,
        nickname: str,
        score: int,
        optimum: int,
        land: str,
        seconds_used: float,
        on_its_day: bool = True,
    ) -> PuzzleResult:
        """An attempt at a puzzle, once per `game_id`. It is `first_attempt` (it ranks) when it is
        the first one the player started at this puzzle and was started on the puzzle's own day
        (afterwards the day's replays show its tiles)."""

        def write(session: Session) -> PuzzleResult:
            earlier = session.scalar(
                select(func.count())
                .select_from(PuzzleResult)
                .where(PuzzleResult.puzzle_id == puzzle_id, PuzzleResult.player_id == player_id)
            )
            first = on_its_day and self._first_attempt(
                session, player_id, f"puzzle:{puzzle_id}", game_id, earlier or 0
            )
            result = PuzzleResult(
                game_id=game_id,
                puzzle_id=puzzle_id,
                player_id=player_id,
                nickname=nickname,
                score=score,
                optimum=optimum,
                land=land,
                first_attempt=first,
                seconds_used=seconds_used,
            )
            session.add(result)
            return result

        return self._once(PuzzleResult, game_id, write)

    def puzzle_results(self, puzzle_id: str) -> list[PuzzleResult]:
        """A day's Rätsel attempts as its lists show them (none hidden, none of a blocked player)."""
        with self._session() as session:
            return list(
                session.scalars(
                    select(PuzzleResult)
                    .outerjoin(Player, Player.id == PuzzleResult.player_id)
                    .where(PuzzleResult.puzzle_id == puzzle_id, listed(PuzzleResult))
                    .order_by(PuzzleResult.id)
                )
            )

    # Ratings (storage/ratings.py) ----------------------------------------------------------------
    def rating_list(self, game: str, limit: int = 50) -> list[dict[str, Any]]:
        with self._session() as session:
            return rating_list(session, game, limit)

    def player_ratings(self, player_id: str, history: int = 30) -> dict[str, Any]:
        with self._session() as session:
            return player_ratings(session, player_id, history)

    # Leaderboard ---------------------------------------------------------------------------------
    def leaderboard(
        self, game: str, limit: int = 50, *, since: datetime | None = None, player: str | None = None
    ) -> dict[str, Any]:
        """Players by their summed points (table games and a tenth of solo runs), best first:
        {"entries": [{"rank", "player", "nickname", "points", "games", "stood_in"}], "you": that row of
        `player` (also when it is not among the first `limit`) or None}. `since`: only points
        earned from then on (e.g. this week). Equal points share a rank. Sums are rounded to two
        decimals (the finest a row's points have: a tenth of a one-decimal solo score), so a float
        sum's noise (53.699999999999996) neither shows nor splits a tie."""
        total = func.sum(LeaderboardEntry.points)
        query = (
            select(
                LeaderboardEntry.player_id,
                func.max(LeaderboardEntry.nickname),
                Player.nickname,
                total,
                func.count(LeaderboardEntry.id),
                func.sum(case((LeaderboardEntry.stood_in, 1), else_=0)),
            )
            .outerjoin(Player, Player.id == LeaderboardEntry.player_id)
            .where(LeaderboardEntry.game == game, listed(LeaderboardEntry))
            .group_by(LeaderboardEntry.player_id, Player.nickname)
        )
        if since is not None:
            query = query.where(LeaderboardEntry.created_at >= since)
        with self._session() as session:
            summed = [
                # The player's current nickname (renames show), else the one he played under.
                (player_id, current or played, round(float(points), 2), games, int(stood_in or 0))
                for player_id, played, current, points, games, stood_in in session.execute(query)
            ]
        # Ranked on the rounded sums (two equal sums the database added in another order differ in
        # their last bits), then by id.
        summed.sort(key=lambda row: (-row[2], row[0]))
        rows = with_ranks(
            [
                {
                    "player": player_id,
                    "nickname": nickname,
                    "points": points,
                    "games": games,
                    # of those, games a computer partly played for him while he was away
                    "stood_in": stood_in,
                }
                for player_id, nickname, points, games, stood_in in summed
            ],
            "points",
        )
        you = next((row for row in rows if row["player"] == player), None) if player else None
        return {"entries": rows[:limit], "you": you}

    # Speedgans solo runs -------------------------------------------------------------------------
    def add_solo_result(
        self,
        *,
        game_id: str | None = None,
        mode: str,
        day: str | None,
        player_id: str,
        nickname: str,
        points: float,
        leaderboard_points: float,
        result: dict[str, Any],
        on_its_day: bool = True,
        ranked: bool = True,
    ) -> SoloResult:
        """A finished Rekordjagd or Tagesstadt attempt, with its tenth on the leaderboard, once per
        `game_id`. A Tagesstadt attempt is `first_attempt` when it is the first one the player
        started at that day, on that day, and `ranked` (played at a person's pace); only those rank
        on the day's list and earn leaderboard points. A run not `ranked` is kept for its player."""

        def write(session: Session) -> SoloResult:
            first = True
            if day is not None:
                earlier = session.scalar(
                    select(func.count(SoloResult.id)).where(
                        SoloResult.mode == mode, SoloResult.day == day, SoloResult.player_id == player_id
                    )
                )
                first = (
                    ranked
                    and on_its_day
                    and self._first_attempt(session, player_id, f"{mode}:{day}", game_id, earlier or 0)
                )
            row = SoloResult(
                game_id=game_id,
                mode=mode,
                day=day,
                player_id=player_id,
                nickname=nickname,
                points=points,
                first_attempt=first,
                ranked=ranked,
                result=result,
            )
            session.add(row)
            session.flush()
            if first and leaderboard_points > 0:
                session.add(
                    LeaderboardEntry(
                        game="speedgans",
                        player_id=player_id,
                        nickname=nickname,
                        points=leaderboard_points,
                        game_points=0,
                        place=0,
                        kind=mode,
                        record_id=row.id,
                    )
                )
            return row

        return self._once(SoloResult, game_id, write)

    def solo_best(self, mode: str, player_id: str, before: int | None = None) -> float | None:
        """The player's record in a mode (runs before the one with id `before`, if given); None
        while there is none: a run without a point is no record (`SOLO_RECORD`)."""
        query = select(func.max(SoloResult.points)).where(
            SoloResult.mode == mode, SoloResult.player_id == player_id, SOLO_RECORD
        )
        if before is not None:
            query = query.where(SoloResult.id < before)
        with self._session() as session:
            best = session.scalar(query)
        return None if best is None else float(best)

    def solo_results(self, mode: str, day: str) -> list[SoloResult]:
        """Every attempt at one day's Tagesstadt as its list shows them (none hidden, none of a
        blocked player), oldest first."""
        with self._session() as session:
            return list(
                session.scalars(
                    select(SoloResult)
                    .outerjoin(Player, Player.id == SoloResult.player_id)
                    .where(SoloResult.mode == mode, SoloResult.day == day, listed(SoloResult))
                    .order_by(SoloResult.id)
                )
            )

    # What operators asked the servers to do (server/moderation.py) -------------------------------
    def operator_requests(
        self, actions: Sequence[str], after: int
    ) -> list[tuple[int, str, str, str, dict[str, Any]]]:
        """Operators' actions of these kinds after the id `after`: (id, action, target, reason,
        details), oldest first."""
        query = (
            select(
                AdminAction.id,
                AdminAction.action,
                AdminAction.target,
                AdminAction.reason,
                AdminAction.details,
            )
            .where(AdminAction.action.in_(actions), AdminAction.id > after)
            .order_by(AdminAction.id)
        )
        with self._session() as session:
            return [
                (int(i), str(action), str(target), str(reason), dict(details or {}))
                for i, action, target, reason, details in session.execute(query)
            ]

    def last_operator_action(self, before: datetime) -> int:
        """The id of the newest operator's action before a moment (0: none)."""
        query = select(func.max(AdminAction.id)).where(AdminAction.at < before)
        with self._session() as session:
            return int(session.scalar(query) or 0)

    # A player's history (server/routes/players.py) -----------------------------------------------
    def player(self, player_id: str) -> Player | None:
        """The player whose page this is (None: no such player, or one who deleted himself)."""
        with self._session() as session:
            player = session.get(Player, player_id)
            return None if player is None or is_deleted(player) else player

    def player_moments(self, player_id: str) -> list[tuple[str, datetime]]:
        """When the player finished each table game and each Rätsel and Speedgans solo attempt, as
        (kind, moment): kind is a table game's name ("planahead", "speedgans"), "puzzle" or a solo
        mode ("record", "daily")."""
        with self._session() as session:
            tables = session.execute(
                select(GameRecord.game, GameRecord.finished_at)
                .join(GamePlayer, GamePlayer.record_id == GameRecord.id)
                .where(GamePlayer.player_id == player_id)
            )
            found = [(game, moment) for game, moment in tables]
            puzzles = session.scalars(
                select(PuzzleResult.created_at).where(PuzzleResult.player_id == player_id)
            )
            found.extend(("puzzle", moment) for moment in puzzles)
            solos = session.execute(
                select(SoloResult.mode, SoloResult.created_at).where(SoloResult.player_id == player_id)
            )
            found.extend((mode, moment) for mode, moment in solos)
        return found

    def player_table_games(
        self, player_id: str, *, game: str | None = None, limit: int = 30
    ) -> list[tuple[GameRecord, int]]:
        """A player's finished table games (of one game, if given), newest first, each with the
        player's seat."""
        query = (
            select(GameRecord, GamePlayer.seat)
            .join(GamePlayer, GamePlayer.record_id == GameRecord.id)
            .where(GamePlayer.player_id == player_id)
            .order_by(GameRecord.id.desc())
            .limit(limit)
        )
        if game is not None:
            query = query.where(GameRecord.game == game)
        with self._session() as session:
            return [(record, seat) for record, seat in session.execute(query)]

    def has_played(self, player_id: str) -> bool:
        """Whether the player sat at a finished table game (the lobby lists such hosts' tables
        first: accounts made to fill it have played none). One indexed look-up."""
        query = select(GamePlayer.id).where(GamePlayer.player_id == player_id).limit(1)
        with self._session() as session:
            return session.execute(query).first() is not None

    def player_puzzle_results(self, player_id: str) -> list[PuzzleResult]:
        """Every Rätsel attempt of a player, oldest first."""
        with self._session() as session:
            return list(
                session.scalars(
                    select(PuzzleResult).where(PuzzleResult.player_id == player_id).order_by(PuzzleResult.id)
                )
            )

    def player_solo_results(self, player_id: str, *, limit: int = 30) -> list[SoloResult]:
        """A player's latest Rekordjagd and Tagesstadt runs, newest first."""
        with self._session() as session:
            return list(
                session.scalars(
                    select(SoloResult)
                    .where(SoloResult.player_id == player_id)
                    .order_by(SoloResult.id.desc())
                    .limit(limit)
                )
            )

    def player_solo_best(self, player_id: str, mode: str, *, first_only: bool = False) -> SoloResult | None:
        """A player's best run of a mode (the earliest of equal ones; none without a point, as
        `solo_best`); `first_only`: of first attempts (a Tagesstadt's that rank)."""
        query = (
            select(SoloResult)
            .where(SoloResult.player_id == player_id, SoloResult.mode == mode, SOLO_RECORD)
            .order_by(SoloResult.points.desc(), SoloResult.id)
            .limit(1)
        )
        if first_only:
            query = query.where(SoloResult.first_attempt.is_(True))
        with self._session() as session:
            return session.scalar(query)

    def puzzle_first_attempts(self, puzzle_ids: Sequence[str]) -> list[PuzzleResult]:
        """Everyone's first attempts at these puzzles, as the days' lists show them."""
        if not puzzle_ids:
            return []
        with self._session() as session:
            return list(
                session.scalars(
                    select(PuzzleResult)
                    .outerjoin(Player, Player.id == PuzzleResult.player_id)
                    .where(
                        PuzzleResult.puzzle_id.in_(list(puzzle_ids)),
                        PuzzleResult.first_attempt.is_(True),
                        listed(PuzzleResult),
                    )
                )
            )

    def daily_first_attempts(self, days: Sequence[str]) -> list[tuple[int, str, float]]:
        """Everyone's first Tagesstadt attempts of these days as the days' lists show them, as
        (id, day, points)."""
        if not days:
            return []
        with self._session() as session:
            rows = session.execute(
                select(SoloResult.id, SoloResult.day, SoloResult.points)
                .outerjoin(Player, Player.id == SoloResult.player_id)
                .where(
                    SoloResult.mode == "daily",
                    SoloResult.day.in_(list(days)),
                    SoloResult.first_attempt.is_(True),
                    listed(SoloResult),
                )
            )
            return [(row_id, day or "", float(points)) for row_id, day, points in rows]

    def logged_games(self, game_ids: Sequence[str]) -> set[str]:
        """Those of the game ids whose log of moves is kept: their replays can be shown."""
        if not game_ids:
            return set()
        with self._session() as session:
            return set(session.scalars(select(GameLog.game_id).where(GameLog.game_id.in_(list(game_ids)))))
