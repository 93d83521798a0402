"""The records that must survive restarts: players, finished games (and who sat at them), their logs
of moves, live-table snapshots, puzzle results, Speedgans solo results, leaderboard points, and
what operators did."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, Index, Integer, String, Text, false, true
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Player(Base):
    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    #: SHA-256 of the player's secret token: a leaked database does not leak the tokens.
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    nickname: Mapped[str] = mapped_column(String(40))
    #: What the name is told apart by (storage/nickname_keys.py): no two players share a key, and
    #: a new name may be neither key of anyone else's.
    nickname_key: Mapped[str] = mapped_column(Text, unique=True, index=True)
    nickname_look: Mapped[str] = mapped_column(Text, index=True)
    #: Set by an operator (`spieltisch admin block`): the player still plays, but is on no list.
    blocked: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Device(Base):
    """A browser signed in as a player: the hash of its own token. A player has one per device (the
    first made with him, more through a one-time link: storage/devices.py); signing one out deletes
    its row, and its token opens nothing any more."""

    __tablename__ = "devices"

    id: Mapped[str] = mapped_column(String(20), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(32), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    #: What the player recognises it by: its browser and system, from its User-Agent.
    label: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DeviceLink(Base):
    """A one-time link that signs another device in as the player: only its code's hash is kept; it
    expires within minutes and works once."""

    __tablename__ = "device_links"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(String(32), index=True)
    expires_at: Mapped[float] = mapped_column(Float)
    used: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class Mute(Base):
    """A player who hears no more quick messages of another (storage/mutes.py): it lasts until he
    lifts it, across his tabs, reloads and tables."""

    __tablename__ = "mutes"

    player_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    muted_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GameRecord(Base):
    """A finished game: enough to replay it (seed, settings) and to show its result."""

    __tablename__ = "game_records"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: The game's own id (a table plays many games): a record is written once per game, however
    #: often a process retries after a fault.
    game_id: Mapped[str | None] = mapped_column(String(48), unique=True, nullable=True)
    game: Mapped[str] = mapped_column(String(20))
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    settings: Mapped[dict] = mapped_column(JSON)
    #: [{"player": id | None, "nickname": str, "bot": level | None}, …] in seat order.
    players: Mapped[list] = mapped_column(JSON)
    #: Game-specific result: for Plan Ahead {"lands": [...], "scores": [...], "ranking": [...]}.
    result: Mapped[dict] = mapped_column(JSON)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: Hidden by an operator (`spieltisch admin hide-result game`): its points are on no list.
    hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class GamePlayer(Base):
    """A person who sat at a finished table game (a row per person and game): a player's history."""

    __tablename__ = "game_players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    record_id: Mapped[int] = mapped_column(Integer, index=True)
    player_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int] = mapped_column(Integer)


class GameLog(Base):
    """The log of moves of a finished game played at a table (Plan Ahead, a Rätsel attempt,
    Speedgans), with all it takes to run the game again: a replay (see server/replays.py)."""

    __tablename__ = "game_logs"

    game_id: Mapped[str] = mapped_column(String(48), primary_key=True)
    game: Mapped[str] = mapped_column(String(20))
    table_id: Mapped[str] = mapped_column(String(32))
    settings: Mapped[dict] = mapped_column(JSON)
    #: [{"player": id | None, "nickname": str, "bot": level | None}, …] in seat order.
    players: Mapped[list] = mapped_column(JSON)
    #: The seed, in decimal: a solo run's seed (drawn from the server's secret) has more bits than
    #: a database's integers.
    seed: Mapped[str] = mapped_column(Text)
    #: The server's clock (seconds) when the game began; the log's times are on the same clock.
    started: Mapped[float] = mapped_column(Float)
    #: The accepted moves in order (server/game_log.py describes an entry).
    log: Mapped[list] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LiveTable(Base):
    """The latest snapshot of a table in the single-process mode, so a restart loses no running game."""

    __tablename__ = "live_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(20))
    version: Mapped[int] = mapped_column(Integer)
    data: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[float] = mapped_column(Float)


class LiveLogEntry(Base):
    """One entry of a live table's game log (single-process mode): appended, never rewritten, so a
    change costs the same at a game's end as at its start. Kept until the table's next game."""

    __tablename__ = "live_log"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry: Mapped[str] = mapped_column(Text)


class PuzzleResult(Base):
    """One attempt at a Plan Ahead puzzle (Rätsel)."""

    __tablename__ = "puzzle_results"
    __table_args__ = (Index("ix_puzzle_results_puzzle_player", "puzzle_id", "player_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str | None] = mapped_column(String(48), unique=True, nullable=True)
    puzzle_id: Mapped[str] = mapped_column(String(20))
    player_id: Mapped[str] = mapped_column(String(32))
    nickname: Mapped[str] = mapped_column(String(40))
    score: Mapped[int] = mapped_column(Integer)
    optimum: Mapped[int] = mapped_column(Integer)
    land: Mapped[str] = mapped_column(String(100))
    first_attempt: Mapped[bool] = mapped_column(Boolean)
    seconds_used: Mapped[float] = mapped_column(Float)
    #: Hidden by an operator (`spieltisch admin hide-result puzzle`): on no list, kept all the same.
    hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AttemptStart(Base):
    """The first attempt a player started at a game everyone plays alike on a day (a day's Rätsel, a
    Tagesstadt), noted when it starts: that one is the player's first attempt, however long it stays
    open and whichever of his attempts is recorded first."""

    __tablename__ = "attempt_starts"

    player_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    #: The rules' `attempt_key`, e.g. "puzzle:2026-12-03" or "daily:2026-12-03".
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(48))
    started_at: Mapped[float] = mapped_column(Float)


class LeaderboardEntry(Base):
    """Leaderboard points one player earned in one finished game; the board sums them per player."""

    __tablename__ = "leaderboard_entries"
    __table_args__ = (Index("ix_leaderboard_entries_game_player", "game", "player_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(20))
    player_id: Mapped[str] = mapped_column(String(32))
    nickname: Mapped[str] = mapped_column(String(40))
    #: 3 per game point plus the place bonus, halved against an easy computer (may end in .5).
    points: Mapped[float] = mapped_column(Float)
    game_points: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    #: Where the points come from: a finished table game ("table", record_id in game_records) or a
    #: tenth of a solo run's points ("record" / "daily", record_id in solo_results).
    kind: Mapped[str] = mapped_column(String(10), default="table", server_default="table")
    #: A computer played some of the person's turns of that game while he was away (not most: then
    #: the game brings no points). The Bestenliste says so beside his points.
    stood_in: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    record_id: Mapped[int] = mapped_column(Integer, index=True)
    #: The result the points come from is hidden (set with it: the board sums without a join).
    hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SoloResult(Base):
    """One finished Speedgans solo run: a Rekordjagd or a Tagesstadt attempt (Übung keeps nothing)."""

    __tablename__ = "solo_results"
    __table_args__ = (Index("ix_solo_results_mode_day", "mode", "day"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str | None] = mapped_column(String(48), unique=True, nullable=True)
    mode: Mapped[str] = mapped_column(String(10))
    #: The Tagesstadt's day (ISO date); None for a Rekordjagd.
    day: Mapped[str | None] = mapped_column(String(10), nullable=True)
    player_id: Mapped[str] = mapped_column(String(32), index=True)
    nickname: Mapped[str] = mapped_column(String(40))
    points: Mapped[float] = mapped_column(Float)
    #: Tagesstadt: the player's first attempt at this day (only those rank).
    first_attempt: Mapped[bool] = mapped_column(Boolean)
    #: Played at a person's pace (games/speedgans/solo.py: by_hand): else kept and shown to its
    #: player, but no best, no list, no Bestenliste points.
    ranked: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    #: The run as the engine summarises it (cities, points per city, hints, seconds).
    result: Mapped[dict] = mapped_column(JSON)
    #: Hidden by an operator (`spieltisch admin hide-result solo`): on no list, kept all the same.
    hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AdminAction(Base):
    """What an operator did (`spieltisch admin …`), who did it, when and why: nothing an operator
    does goes unrecorded."""

    __tablename__ = "admin_actions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    #: The operating-system user who ran the command.
    actor: Mapped[str] = mapped_column(String(64))
    #: "rename", "block", "unblock", "hide-result"; "migration-rename" for the one-off renames
    #: that made names unique.
    action: Mapped[str] = mapped_column(String(20))
    #: A player's id, or "KIND:ID" of a result.
    target: Mapped[str] = mapped_column(String(64), index=True)
    reason: Mapped[str] = mapped_column(Text)
    #: What changed, e.g. {"from": old name, "to": new name}.
    details: Mapped[dict] = mapped_column(JSON, default=dict)


class Rating(Base):
    """A person's skill rating in one game (storage/ratings.py): the Plackett–Luce model's belief,
    a mean and its uncertainty, and how many rated games it rests on."""

    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(20), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingChange(Base):
    """A person's rating after one rated game (his page charts them)."""

    __tablename__ = "rating_changes"
    __table_args__ = (Index("ix_rating_changes_player_game", "player_id", "game"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(String(32))
    game: Mapped[str] = mapped_column(String(20))
    #: The game's record (game_records.id).
    record_id: Mapped[int] = mapped_column(Integer, index=True)
    before: Mapped[int] = mapped_column(Integer)
    after: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
