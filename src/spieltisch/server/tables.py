"""A table: its seats, its life (open → playing → finished → rematch …) and the game on it.

Every change goes through `apply`, which either changes the table and raises its version or raises
RuleError and changes nothing (callers hand in a copy; the store keeps the old one on error).
"""

from __future__ import annotations

import dataclasses
import enum
import hmac
import logging
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.levels import BotLevel
from spieltisch.server import game_log, wire
from spieltisch.server.quick_messages import PHRASES, SAID_KEPT
from spieltisch.server.rules.base import FinishedGame, GameRules, Sitter, played_for_people

log = logging.getLogger(__name__)

TABLE_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
#: Seconds a person may be away (a reload, a lost connection) while others are at the table before
#: a computer plays the seat for him; he takes it back the moment he returns.
GRACE_SECONDS = 30.0
#: Seconds a game goes on with no person present before it stops (nothing is recorded).
ABANDON_SECONDS = 600.0
#: How long a rematch that someone asked for waits for the others present to agree: long enough to
#: read the end of a game, short enough that nobody waits for one who has gone to make tea.
REMATCH_SECONDS = 15.0
#: The level of a computer that plays for an absent person.
STAND_IN_LEVEL: BotLevel = "medium"


class Status(enum.StrEnum):
    OPEN = "open"
    PLAYING = "playing"
    FINISHED = "finished"


def new_table_id() -> str:
    return "".join(secrets.choice(TABLE_ID_ALPHABET) for _ in range(6))


def new_table_secret() -> str:
    """The secret of a private table's invite link: 128 random bits, not to be guessed."""
    return secrets.token_urlsafe(16)


@dataclass
class SeatInfo:
    player: str | None  # None for a computer player
    nickname: str
    bot: BotLevel | None = None
    connected: bool = False
    left: bool = False
    #: Since when the person has been away (disconnected or left); None while present.
    away_since: float | None = None
    #: The host handed this absent person's seat to a computer before the grace time was over.
    handed_over: bool = False

    @property
    def present(self) -> bool:
        return self.player is not None and self.connected and not self.left


@dataclass
class Table:
    id: str
    rules: GameRules[Any, Any]
    host: str
    settings: dict[str, Any]
    created: float
    status: Status = Status.OPEN
    seats: list[SeatInfo] = field(default_factory=list)
    version: int = 0
    state: Any = None
    started_at: float | None = None
    #: The id of the game being played (each rematch starts a new one); the records key on it.
    game_id: str | None = None
    #: When each computer seat (by index) places next.
    bot_due: dict[int, float] = field(default_factory=dict)
    #: The step (tile/round) the bot times were planned for.
    bot_step: int | None = None
    #: Set once the finished game has been written to the records (exactly once).
    recorded: bool = False
    #: Extra results computed after the end (e.g. what the strongest computer would have scored).
    extras: dict[str, Any] = field(default_factory=dict)
    #: The game's accepted moves so far (server/game_log.py), kept with its records for replays;
    #: None for a game restored from a snapshot taken before tables kept logs. The log only grows:
    #: the stores keep it apart from the snapshot (`snapshot_json`) and append what is new.
    log: tuple[game_log.Entry, ...] | None = None
    #: Where the table was created from: a keyed hash of the creator's address (server/creation.py),
    #: never the address itself. Caps per address and the lobby's selection count by it.
    origin: str | None = None
    #: Whether its creator had finished a table game when he created it: the lobby lists such
    #: tables first (server/lobby.py).
    creator_played: bool = False
    #: The people who asked for a rematch of the finished game (in order) and when it starts anyway.
    rematch_by: list[str] = field(default_factory=list)
    rematch_at: float | None = None
    #: A match of several games (the setting `match`): this game's number in it, and each seat's
    #: points of the games before (by `match_key`). None: the game stands alone.
    match: dict[str, Any] | None = None
    #: A private table's secret: only its invite link (which carries it) opens the table to one who
    #: holds no seat there, and the lobby does not list it. None: a table anyone may find and join.
    secret: str | None = None
    #: The newest quick messages (server/quick_messages.py), oldest first: `[number, player, phrase,
    #: time]`, numbered from 1 over the table's life (`said_count` the last number): the hub sends
    #: each connection those it has not had.
    said: list[list[Any]] = field(default_factory=list)
    said_count: int = 0

    @property
    def private(self) -> bool:
        return self.secret is not None

    def admits(self, player: str, key: str | None) -> bool:
        """Whether the player may see the table: a private one only with its secret, or with a seat."""
        if self.secret is None or self.seat_of(player) is not None:
            return True
        return key is not None and hmac.compare_digest(key.encode(), self.secret.encode())

    @property
    def game(self) -> str:
        return self.rules.name

    @property
    def anyone_here(self) -> bool:
        """Whether a person is connected to the table (computers do not count)."""
        return any(seat.player and seat.connected and not seat.left for seat in self.seats)

    def copy(self) -> Table:
        """A copy to change: its own seats and bookkeeping. The game state is shared: every engine's
        state is immutable (a move returns a new one), so it is never copied."""
        return dataclasses.replace(
            self,
            settings=dict(self.settings),
            seats=[dataclasses.replace(seat) for seat in self.seats],
            bot_due=dict(self.bot_due),
            extras=dict(self.extras),
            rematch_by=list(self.rematch_by),
            match=None
            if self.match is None
            else {
                **self.match,
                "before": dict(self.match["before"]),
                "games": list(self.match.get("games", [])),
            },
            said=list(self.said),
        )

    def seat_of(self, player: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.player == player:
                return index
        return None

    def finished_game(self) -> FinishedGame[Any]:
        """The game at its end, for the rules' `after_game`."""
        sitters = tuple(
            Sitter(seat.player, seat.nickname, seat.bot, seat.left, seat.present) for seat in self.seats
        )
        started = self.started_at if self.started_at is not None else self.created
        game_id = self.game_id or f"{self.id}-{self.started_at}"  # a table restored from before ids
        return FinishedGame(
            self.id,
            game_id,
            self.settings,
            sitters,
            self.state,
            started,
            self.log,
            self.match_view(),
            self.private,
        )

    def match_view(self) -> dict[str, Any] | None:
        """The match this game is part of, as views and records show it: {"number", "of", "before":
        each seat's points of the match's earlier games, "games": the ids of those games (their
        replays)}; None for a game that stands alone."""
        if self.match is None:
            return None
        before = [self.match["before"].get(match_key(seat), 0) for seat in self.seats]
        return {
            "number": self.match["number"],
            "of": self.settings.get("match", 1),
            "before": before,
            # (absent from snapshots of before: a match begun then names no earlier games)
            "games": list(self.match.get("games", [])),
        }

    # Serialisation (live-state stores) -----------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {**self._fields(), "log": None if self.log is None else list(self.log)}

    def _fields(self) -> dict[str, Any]:
        """Everything of `to_dict` but the log."""
        return {
            "id": self.id,
            "game": self.rules.name,
            "host": self.host,
            "settings": self.settings,
            "created": self.created,
            "status": self.status.value,
            # (A seat's fields are plain values: copied as they are. `asdict` copies deeply, and
            # took most of the time of writing a table after every change.)
            "seats": [dict(vars(seat)) for seat in self.seats],
            "version": self.version,
            "state": None if self.state is None else self.rules.dump(self.state),
            "started_at": self.started_at,
            "game_id": self.game_id,
            "bot_due": {str(seat): due for seat, due in self.bot_due.items()},
            "bot_step": self.bot_step,
            "recorded": self.recorded,
            "extras": self.extras,
            "origin": self.origin,
            "creator_played": self.creator_played,
            "rematch_by": self.rematch_by,
            "rematch_at": self.rematch_at,
            "match": self.match,
            "secret": self.secret,
            "said": self.said,
            "said_count": self.said_count,
        }

    def snapshot_json(self) -> str:
        """The table as compact JSON without its log's entries (`"logged"`: whether it keeps one):
        what a store writes after every change, the same size all game long."""
        return wire.encode({**self._fields(), "logged": self.log is not None})

    @classmethod
    def from_dict(
        cls,
        data: dict[str, Any],
        games: Mapping[str, GameRules[Any, Any]],
        log: Sequence[game_log.Entry] = (),
    ) -> Table:
        """A table from `to_dict`, or from `snapshot_json` with its log's entries as `log`."""
        rules = games[data["game"]]
        if "log" in data:  # a whole table, or a snapshot from before logs were kept apart
            kept = None if data["log"] is None else tuple(data["log"])
        else:
            kept = tuple(log) if data.get("logged") else None
        return cls(
            id=data["id"],
            rules=rules,
            host=data["host"],
            settings=data["settings"],
            created=data["created"],
            status=Status(data["status"]),
            seats=[SeatInfo(**seat) for seat in data["seats"]],
            version=data["version"],
            state=None if data["state"] is None else rules.load(data["state"]),
            started_at=data["started_at"],
            game_id=data.get("game_id"),
            bot_due={int(seat): due for seat, due in data["bot_due"].items()},
            bot_step=data["bot_step"],
            recorded=data["recorded"],
            extras=data["extras"],
            log=kept,
            origin=data.get("origin"),  # (None in a snapshot from before origins were kept)
            creator_played=data.get("creator_played", False),
            rematch_by=list(data.get("rematch_by", ())),  # (absent from snapshots of before)
            rematch_at=data.get("rematch_at"),
            match=data.get("match"),  # (absent from snapshots of before)
            secret=data.get("secret"),  # (absent from snapshots of before private tables)
            said=[list(entry) for entry in data.get("said", ())],
            said_count=data.get("said_count", 0),
        )

    def log_after(self, game_id: str | None, count: int) -> tuple[bool, Sequence[game_log.Entry]]:
        """What turns a stored log (of game `game_id`, `count` entries long) into this table's:
        (whether to empty it first, the entries to append)."""
        log = self.log or ()
        if game_id != self.game_id or count > len(log):
            return True, log
        return False, log[count:]

    # Views ---------------------------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        host = next((seat.nickname for seat in self.seats if seat.player == self.host), "")
        return {
            "id": self.id,
            "game": self.game,
            "status": self.status.value,
            "host": host,
            "seats": self.rules.seat_limit(self.settings),
            "taken": len(self.seats),
            "players": [seat.nickname for seat in self.seats],
            # (A computer may bear a person's name: the lobby says which seats are computers.)
            "computers": [seat.bot is not None for seat in self.seats],
            "settings": self.settings,
            "created": self.created,
            # (A private table's line is in no lobby: only its own players see it, among their tables.)
            **({"private": True} if self.private else {}),
        }

    def view(self, player: str | None, now: float) -> dict[str, Any]:
        """What one player (None: a watcher without a seat) sees of the table now."""
        return {**self.views([player])[player], "version": self.version, "server_time": now}

    def views(self, players: Iterable[str | None]) -> dict[str | None, dict[str, Any]]:
        """Each player's view without its version and time. What all of them see alike (the seats,
        the settings, most of the game) is worked out once."""
        seat_of = {player: self.seat_of(player) if player else None for player in players}
        games: Mapping[int | None, dict[str, Any]] = {}
        if self.state is not None:
            games = self.rules.views(self.state, set(seat_of.values()))
            if self.status is Status.FINISHED:
                # Who played whose seat besides him (a computer standing in, the clock): the end says.
                extras = {**self.extras, "played_for": played_for_people(self.rules, self.finished_game())}
                if self.recorded and self.log is not None and not self.extras.get("abandoned"):
                    extras["game_id"] = self.game_id  # its replay exists once it is recorded
                with_extras: dict[int, dict[str, Any]] = {}  # (seats that saw alike still do)
                games = {
                    seat: with_extras.setdefault(id(game), {**game, **extras}) for seat, game in games.items()
                }
        seats = [
            {
                "player": s.player,
                "nickname": s.nickname,
                "bot": s.bot,
                "connected": s.connected or bool(s.bot),
                "left": s.left,
                # When a computer plays (or will play) for this absent person, on the server's clock.
                "stand_in_at": self.stand_in_due(i),
            }
            for i, s in enumerate(self.seats)
        ]
        match = self.match_view()
        rematch = None
        if self.rematch_at is not None:
            by = [self.seat_of(player) for player in self.rematch_by]
            rematch = {"by": [seat for seat in by if seat is not None], "at": self.rematch_at}
        return {
            player: {
                "id": self.id,
                "kind": self.game,
                "status": self.status.value,
                "host": self.host,
                "settings": self.settings,
                "seats": seats,
                "you": seat,
                # Why an operator closed the table (`spieltisch admin close-table`); else null.
                "closed": self.extras.get("closed"),
                # A rematch someone asked for: who agreed (seats) and when it starts anyway.
                "rematch": rematch,
                # The match the game is part of (`match_view`), null for a game on its own.
                "match": match,
                # A private table: its seated players have its invite link's secret to pass on.
                "private": self.private,
                **({"invite": self.secret} if self.private and seat is not None else {}),
                "game": games.get(seat),
            }
            for player, seat in seat_of.items()
        }

    def shown_views(self, players: Iterable[str | None]) -> dict[str | None, tuple[dict[str, Any], bytes]]:
        """`views` as (each view without its game, the game's view as JSON): a game's view that
        several players see alike (every city once a Speedgans round is scored) is encoded once for
        all of them, and goes into each one's message as it is (`wire.Encoded`)."""
        encoded: list[tuple[Any, bytes]] = []  # (a game's view, its JSON); alike views are one object
        found: dict[str | None, tuple[dict[str, Any], bytes]] = {}
        for player, view in self.views(players).items():
            game = view.pop("game")
            data = next((data for seen, data in encoded if seen is game), None)
            if data is None:
                data = wire.encode_bytes(game)
                encoded.append((game, data))
            found[player] = (view, data)
        return found

    def next_due(self) -> float | None:
        if self.status is Status.FINISHED:
            return self.rematch_at
        if self.status is not Status.PLAYING:
            return None
        stand_ins = [
            self.stand_in_due(i)
            for i in range(len(self.seats))
            if i not in self.bot_due and self.rules.waiting_for(self.state, i)
        ]
        times = [self.rules.due(self.state), *self.bot_due.values(), *stand_ins, self.abandon_due()]
        return min((t for t in times if t is not None), default=None)

    def stand_in_due(self, index: int) -> float | None:
        """When a computer starts to play this absent person's seat: only in a game with computers,
        and only while another person is there (nobody else waits otherwise)."""
        seat = self.seats[index]
        if seat.player is None or seat.left or seat.connected or seat.away_since is None:
            return None
        if not self.rules.computers.names or self.rules.starts_alone or self.status is not Status.PLAYING:
            return None
        if not any(other.present for i, other in enumerate(self.seats) if i != index):
            return None
        return seat.away_since if seat.handed_over else seat.away_since + GRACE_SECONDS

    def stood_in(self, index: int, now: float) -> bool:
        due = self.stand_in_due(index)
        return due is not None and now >= due

    def abandon_due(self) -> float | None:
        """When a game nobody is at any more stops (None while someone is there)."""
        persons = [seat for seat in self.seats if seat.player is not None]
        if self.status is not Status.PLAYING or not persons or any(seat.present for seat in persons):
            return None
        gone = [seat.away_since for seat in persons if seat.away_since is not None]
        since = max(gone) if gone else (self.started_at or self.created)
        return since + ABANDON_SECONDS


# What can be done at a table besides the game's own moves ---------------------------------------
@dataclass(frozen=True, slots=True)
class Join:
    pass


@dataclass(frozen=True, slots=True)
class Leave:
    pass


@dataclass(frozen=True, slots=True)
class AddBot:
    level: BotLevel


@dataclass(frozen=True, slots=True)
class RemoveSeat:
    seat: int


@dataclass(frozen=True, slots=True)
class StandIn:
    """The host hands an absent person's seat to a computer now, without waiting out the grace time."""

    seat: int


@dataclass(frozen=True, slots=True)
class Start:
    pass


@dataclass(frozen=True, slots=True)
class Rematch:
    pass


@dataclass(frozen=True, slots=True)
class Say:
    """A quick message (an id of server/quick_messages.py: PHRASES) from a seated player."""

    phrase: str


TableAction = Join | Leave | AddBot | RemoveSeat | StandIn | Start | Rematch | Say


def create_table(
    rules: GameRules[Any, Any],
    host: str,
    nickname: str,
    raw_settings: Mapping[str, Any],
    now: float,
    pacing: float,
    private: bool = False,
) -> Table:
    """A new table with its host seated; a solo table's game starts at once. A private one (a table
    game's only) gets the secret of its invite link."""
    if private and (rules.starts_alone or not rules.listed):
        raise RuleError(ErrorCode.BAD_SETTINGS, f"a {rules.name} table is private anyway")
    table = Table(
        id=new_table_id(),
        rules=rules,
        host=host,
        settings=rules.settings(raw_settings, now),
        created=now,
        secret=new_table_secret() if private else None,
    )
    table.seats.append(SeatInfo(player=host, nickname=nickname, connected=True))
    table.version = 1
    if rules.starts_alone:
        table = apply(table, host, nickname, Start(), now, pacing)
    return table


def apply(table: Table, player: str, nickname: str, action: object, now: float, pacing: float) -> Table:
    """A player's action (a `TableAction` or a move of the table's game) on a copy of the table; the
    copy is returned with a new version. RuleError, and nothing changed, if it is not allowed."""
    table = table.copy()
    match action:
        case Join():
            _join(table, player, nickname)
        case Leave():
            _leave(table, player, now)
        case AddBot(level):
            _add_bot(table, player, level)
        case RemoveSeat(index):
            _remove_seat(table, player, index)
        case StandIn(index):
            _hand_over(table, player, index)
        case Start():
            _require_host(table, player)
            _require_open(table)
            _begin(table, now)
        case Rematch():
            _rematch(table, player, now)
        case Say(phrase):
            _say(table, player, phrase, now)
        case _ if isinstance(action, table.rules.actions):
            if table.status is not Status.PLAYING:
                raise RuleError(
                    ErrorCode.NOT_PLAYING,
                    "the game has not started" if table.status is Status.OPEN else "the game is over",
                )
            seat = _own_seat(table, player)
            table.state = table.rules.act(table.state, seat, action, now, by_bot=False)
            _log(table, game_log.move(now, seat, action, by_bot=False))
        case _:
            raise RuleError(ErrorCode.BAD_ACTION, f"this is no move of {table.game}")
    _settle(table, now, pacing)
    table.version += 1
    return table


#: Computer players' moves worked out ahead for one version of a table: (version, {seat: moves}).
Decided = tuple[int, dict[int, Sequence[object]]]


def bot_moves(table: Table, now: float) -> Decided:
    """What each computer player due at `now` will do, without changing the table. The strongest
    levels think for tens of milliseconds: the server calls this in a thread and hands the result to
    `tick`, so that the event loop (every other table's clock and socket) never waits for them."""
    moves: dict[int, Sequence[object]] = {}
    if table.status is Status.PLAYING:
        for seat, due in table.bot_due.items():
            if due <= now and table.rules.waiting_for(table.state, seat):
                try:
                    moves[seat] = _think(table, seat)
                except Exception:  # `tick` works it out again and deals with the failure
                    continue
    return table.version, moves


def _level(table: Table, seat: int) -> BotLevel:
    return table.seats[seat].bot or STAND_IN_LEVEL


def _think(table: Table, seat: int) -> Sequence[object]:
    """A computer player's actions for the game's current step. Its randomness comes from the game
    alone, so that a move worked out ahead (`bot_moves`) equals one worked out in `tick`."""
    rng = random.Random(f"{table.rules.seed(table.state)}:{table.rules.step(table.state)}:{seat}")
    level = _level(table, seat)
    kin = sum(1 for other in table.seats[:seat] if other.bot == level)
    return table.rules.bot_actions(table.state, seat, level, rng, kin=kin)


def tick(table: Table, now: float, pacing: float, decided: Decided | None = None) -> Table | None:
    """The clock reached a due time: computer players place, deadlines pass. None if nothing changed.
    `decided`: moves from `bot_moves`, used while the table is still the version they were worked
    out for (and its game still at the same step); anything else is worked out here."""
    if table.status is Status.FINISHED and table.rematch_at is not None and now >= table.rematch_at:
        table = table.copy()
        _begin_rematch(table, now)
        _settle(table, now, pacing)
        table.version += 1
        return table
    if table.status is not Status.PLAYING:
        return None
    before = table.version
    ahead = decided[1] if decided is not None and decided[0] == table.version else {}
    step = table.rules.step(table.state)
    table = table.copy()
    abandon = table.abandon_due()
    if abandon is not None and now >= abandon:
        # Nobody has been here for long: the game stops, and nothing of it is recorded.
        table.status = Status.FINISHED
        table.recorded = True
        table.extras = {"abandoned": True}
        table.bot_due = {}
        table.version += 1
        return table
    for index in range(len(table.seats)):
        waited_for = index not in table.bot_due and table.rules.waiting_for(table.state, index)
        if waited_for and table.stood_in(index, now):
            table.bot_due[index] = now  # a computer plays for the absent person from now on
    for seat, due in sorted(table.bot_due.items()):
        if due <= now and not table.rules.waiting_for(table.state, seat):
            del table.bot_due[seat]  # the game no longer waits for this computer (e.g. a new phase)
            table.version += 1
            continue
        if due <= now:
            try:
                state = table.state
                actions = ahead.get(seat) if table.rules.step(state) == step else None
                if actions is None:
                    actions = _think(table, seat)
                for bot_action in actions:
                    state = table.rules.act(state, seat, bot_action, now, by_bot=True)
                table.state = state
                _log(table, *(game_log.move(now, seat, a, by_bot=True) for a in actions))
            except Exception:
                # A failing computer player must never stall the table: it moves as the clock would.
                log.exception(
                    "computer player (%s) failed at table %s; moving for it", _level(table, seat), table.id
                )
                table.state = table.rules.abandon(table.state, seat, now)
                _log(table, game_log.abandon(now, seat))
            table.bot_due.pop(seat, None)
            if table.rules.waiting_for(table.state, seat):
                # A game where a computer acts in several steps (e.g. tile by tile): think again,
                # counting from when this step was due, so that a busy server costs it no time.
                table.bot_due[seat] = _bot_time(table, seat, due, pacing)
            table.version += 1
    deadline = table.rules.due(table.state)
    if deadline is not None and deadline <= now:
        table.state = table.rules.on_deadline(table.state, now)
        _log(table, game_log.deadline(now))
        table.version += 1
    if table.version == before:
        return None
    _settle(table, now, pacing)
    return table


def end_alone(table: Table, now: float, pacing: float) -> Table | None:
    """A solo run (its rules `starts_alone`) ended by the server as if its player gave it up: he
    started a newer one past the limit (server/creation.py). What it had counts, as the rules say
    for a run given up; the log says so (an abandoned seat), so its replay ends the same way. None
    if it is over already."""
    if table.status is not Status.PLAYING:
        return None
    table = table.copy()
    table.state = table.rules.abandon(table.state, 0, now)
    _log(table, game_log.abandon(now, 0))
    _settle(table, now, pacing)
    table.version += 1
    return table


def close(table: Table, reason: str, now: float) -> Table | None:
    """An operator closed the table (`spieltisch admin close-table`): its game stops where it is and
    nothing of it is recorded; its players see why. None if it is closed already."""
    if table.extras.get("closed") is not None:
        return None
    table = table.copy()
    table.status = Status.FINISHED  # (an open table keeps no game: its waiting room says why)
    table.recorded = True  # nothing to record: the operator stopped it
    table.extras = {"closed": reason}
    table.bot_due = {}
    table.rematch_by, table.rematch_at = [], None
    table.version += 1
    return table


def rename_seat(table: Table, player: str, nickname: str) -> Table | None:
    """An operator renamed a player: his seat at this table bears the new name from now on (the game's
    record, written at its end, too). None if he has no seat here or it has that name already."""
    seat = table.seat_of(player)
    if seat is None or table.seats[seat].nickname == nickname:
        return None
    table = table.copy()
    table.seats[seat].nickname = nickname
    table.version += 1
    return table


def set_connected(table: Table, player: str, connected: bool, now: float) -> Table | None:
    """A player's browser came or went. An open table whose host is gone passes the host on to
    someone present, so that it can still start (and a host who comes back to an empty one, or
    finds nobody else there, takes it back). A person who returns plays his seat again."""
    seat = table.seat_of(player)
    if seat is None or table.seats[seat].connected == connected:
        return None
    table = table.copy()
    table.seats[seat].connected = connected
    table.seats[seat].away_since = None if connected else now
    table.seats[seat].handed_over = False
    if connected and not table.seats[seat].bot:
        table.bot_due.pop(seat, None)  # the computer that stood in stops
    if table.status is Status.OPEN:
        present = [s.player for s in table.seats if s.player and s.connected and not s.left]
        if present and table.host not in present:
            table.host = present[0]
    table.version += 1
    return table


def set_away(table: Table, players: frozenset[str], now: float) -> Table | None:
    """Players whose pages went without a word (the process they were on died): away, as if each
    had closed his page (one change)."""
    changed: Table | None = None
    for player in sorted(players):
        after = set_connected(changed or table, player, False, now)
        if after is not None:
            changed = after
    if changed is not None:
        changed.version = table.version + 1
    return changed


# The actions on the table itself (everything else is a move in the game) --------------------------
def _own_seat(table: Table, player: str) -> int:
    seat = table.seat_of(player)
    if seat is None:
        raise RuleError(ErrorCode.NOT_SEATED, "you have no seat at this table")
    return seat


def _require_host(table: Table, player: str) -> None:
    if player != table.host:
        raise RuleError(ErrorCode.NOT_HOST, "only the host can do that")


def _require_open(table: Table) -> None:
    if table.status is not Status.OPEN:
        raise RuleError(ErrorCode.ALREADY_STARTED, "the game has already started")


def _join(table: Table, player: str, nickname: str) -> None:
    seat = table.seat_of(player)
    if seat is not None:
        table.seats[seat].left = False  # coming back to a running game
        table.seats[seat].connected = True
        table.seats[seat].away_since = None
        table.seats[seat].handed_over = False
        if not table.seats[seat].bot:
            table.bot_due.pop(seat, None)
        return
    _require_open(table)
    if len(table.seats) >= table.rules.seat_limit(table.settings):
        raise RuleError(ErrorCode.TABLE_FULL, "every seat is taken")
    table.seats.append(SeatInfo(player=player, nickname=_distinct(table, nickname), connected=True))


def _distinct(table: Table, nickname: str) -> str:
    """The nickname, with a number added when someone at the table already has it ("Ann 2")."""
    taken = {seat.nickname.casefold() for seat in table.seats}
    name, number = nickname, 2
    while name.casefold() in taken:
        name, number = f"{nickname} {number}", number + 1
    return name


def _leave(table: Table, player: str, now: float) -> None:
    seat = _own_seat(table, player)
    if table.status is Status.OPEN:
        del table.seats[seat]
        _pass_host(table)
        return
    table.seats[seat].left = True
    table.seats[seat].connected = False
    table.seats[seat].away_since = now
    _cancel_rematch_of(table, player)
    if player == table.host:
        _pass_host(table)


def _pass_host(table: Table) -> None:
    humans = [seat.player for seat in table.seats if seat.player and not seat.left]
    if table.host not in humans and humans:
        table.host = humans[0]


def _add_bot(table: Table, player: str, level: BotLevel) -> None:
    _require_host(table, player)
    _require_open(table)
    if not table.rules.computers.names:
        raise RuleError(ErrorCode.BAD_ACTION, f"{table.game} has no computer players")
    if len(table.seats) >= table.rules.seat_limit(table.settings):
        raise RuleError(ErrorCode.TABLE_FULL, "every seat is taken")
    # A computer is called by a name of its level (the table shows its level beside it), the first
    # that nobody at the table goes by; a number only if every one is taken.
    taken = {seat.nickname.casefold() for seat in table.seats}
    names = table.rules.computers.names[level]
    free = [name for name in names if name.casefold() not in taken]
    count = sum(1 for seat in table.seats if seat.bot) + 1
    name = free[0] if free else f"{names[0]} {count}"
    table.seats.append(SeatInfo(player=None, nickname=name, bot=level))


def _remove_seat(table: Table, player: str, index: int) -> None:
    _require_host(table, player)
    _require_open(table)
    if index >= len(table.seats):
        raise RuleError(ErrorCode.BAD_SEAT, f"there is no seat {index}")
    if table.seats[index].player == player:
        raise RuleError(ErrorCode.BAD_SEAT, "leave the table instead of removing yourself")
    del table.seats[index]


def _hand_over(table: Table, player: str, index: int) -> None:
    _require_host(table, player)
    if table.status is not Status.PLAYING:
        raise RuleError(ErrorCode.NOT_PLAYING, "a computer can stand in only during a game")
    if not table.rules.computers.names or table.rules.starts_alone:
        raise RuleError(ErrorCode.BAD_ACTION, f"{table.game} has no computer players")
    if index >= len(table.seats):
        raise RuleError(ErrorCode.BAD_SEAT, f"there is no seat {index}")
    seat = table.seats[index]
    if seat.player is None or seat.connected or seat.left:
        raise RuleError(ErrorCode.BAD_SEAT, "a computer can stand in only for a person who is away")
    seat.handed_over = True  # `tick` lets the computer play from the next clock tick on


def _rematch(table: Table, player: str, now: float) -> None:
    """Someone asks for a rematch. It starts once every person present agrees (at once when nobody
    else is there), or `REMATCH_SECONDS` after the first asked: nobody is thrown into a running
    clock while still reading the end of the last game."""
    seat = _own_seat(table, player)
    if table.status is not Status.FINISHED:
        raise RuleError(ErrorCode.NOT_FINISHED, "a rematch can start only after the game")
    if table.extras.get("closed") is not None:
        raise RuleError(ErrorCode.GAME_OVER, "an operator closed this table")
    if table.seats[seat].left:
        raise RuleError(ErrorCode.NOT_SEATED, "you have left this table")
    if player not in table.rematch_by:
        table.rematch_by.append(player)
    if table.rematch_at is None:
        table.rematch_at = now + REMATCH_SECONDS
    present = {s.player for s in table.seats if s.present} | {player}
    if present <= set(table.rematch_by):
        _begin_rematch(table, now)


def _say(table: Table, player: str, phrase: str, now: float) -> None:
    """A seated player's quick message (one who left a running game has no say there any more)."""
    seat = _own_seat(table, player)
    if table.seats[seat].left:
        raise RuleError(ErrorCode.NOT_SEATED, "you have left this table")
    if phrase not in PHRASES:
        raise RuleError(ErrorCode.UNKNOWN_PHRASE, "no such quick message: send one of the phrases' ids")
    table.said_count += 1
    table.said = [*table.said, [table.said_count, player, phrase, now]][-SAID_KEPT:]


def _begin_rematch(table: Table, now: float) -> None:
    # Only those present play again (and the computers): an absent player is not seated anew. Those
    # who asked are seated even if their connection just dropped (they asked for it).
    asked = set(table.rematch_by)
    carried = _next_in_match(table)  # (by the seats that played the game that ended)
    table.seats = [s for s in table.seats if s.bot or s.present or (s.player in asked and not s.left)]
    if not any(s.player for s in table.seats):
        table.rematch_by, table.rematch_at = [], None  # everybody went: no rematch
        return
    _pass_host(table)
    _begin(table, now)
    if carried is not None:
        table.match = carried


def _cancel_rematch_of(table: Table, player: str) -> None:
    """One who asked for a rematch left the table: if nobody else asked, the countdown stops."""
    if player in table.rematch_by:
        table.rematch_by.remove(player)
        if not table.rematch_by:
            table.rematch_at = None


def _begin(table: Table, now: float) -> None:
    if not table.seats:
        raise RuleError(ErrorCode.NO_PLAYERS, "nobody is seated")
    # The seed is kept with the game: it alone decides the draw, so the game can be replayed.
    table.state = table.rules.new(table.settings, len(table.seats), secrets.randbits(48), now)
    table.status = Status.PLAYING
    table.started_at = now
    table.game_id = f"{table.id}-{secrets.token_hex(6)}"
    table.recorded = False
    table.extras = {}
    table.bot_due = {}
    table.bot_step = None
    table.log = ()  # a new game, a new log
    table.rematch_by, table.rematch_at = [], None
    table.match = {"number": 1, "before": {}, "games": []} if table.settings.get("match", 1) > 1 else None


def match_key(seat: SeatInfo) -> str:
    """Whose points a match adds up: a person's (by his id), or a computer's (by its name)."""
    return seat.player if seat.player is not None else f"computer:{seat.nickname}"


def _next_in_match(table: Table) -> dict[str, Any] | None:
    """The match the next game goes on (the finished game's points added to each seat's, its id to
    the match's games), or None when the finished game ended its match (the next game begins a new
    one) or stood alone."""
    if table.match is None or table.match["number"] >= table.settings.get("match", 1):
        return None
    before = dict(table.match["before"])
    for seat, points in zip(table.seats, table.rules.match_points(table.state), strict=True):
        before[match_key(seat)] = before.get(match_key(seat), 0) + points
    games = list(table.match.get("games", []))
    if table.game_id is not None:
        games.append(table.game_id)
    return {"number": table.match["number"] + 1, "before": before, "games": games}


def _log(table: Table, *entries: game_log.Entry) -> None:
    """Add what the game's engine just accepted to the game's log (a new tuple: copies share it)."""
    if table.log is not None:
        table.log = (*table.log, *entries)


def _settle(table: Table, now: float, pacing: float) -> None:
    """After any change: nobody waits for a player who left, bots plan their next move, the end is noted."""
    if table.status is not Status.PLAYING:
        return
    for index, seat in enumerate(table.seats):
        if seat.left and table.rules.waiting_for(table.state, index):
            table.state = table.rules.abandon(table.state, index, now)
            _log(table, game_log.abandon(now, index))
    if table.rules.finished(table.state):
        table.status = Status.FINISHED
        table.bot_due = {}
        return
    step = table.rules.step(table.state)
    if step != table.bot_step:
        table.bot_step = step
        table.bot_due = {}
        for index, seat in enumerate(table.seats):
            if (seat.bot or table.stood_in(index, now)) and table.rules.waiting_for(table.state, index):
                table.bot_due[index] = _bot_time(table, index, now, pacing)


def _bot_time(table: Table, seat: int, now: float, pacing: float) -> float:
    """When a computer player acts next: after a human-like moment that the game chooses (counted
    from when the game says the moment began, if it does), or at once where the game lets nobody
    wait for the computers once every person has acted."""
    rules = table.rules
    policy = rules.computers
    if policy.never_keep_people_waiting and not any(
        rules.waiting_for(table.state, index)
        for index, other in enumerate(table.seats)
        if not other.bot and not table.stood_in(index, now)
    ):
        return now
    step = rules.step(table.state)
    rng = random.Random(f"{rules.seed(table.state)}:{step}:{seat}:{now}:pace")
    since = None if policy.thinking_since is None else policy.thinking_since(table.state)
    start = now if since is None else min(since, now)
    due = max(now, start + pacing * policy.thinking(table.state, seat, _level(table, seat), rng))
    deadline = rules.due(table.state)
    if deadline is not None and policy.beats_clock:
        due = min(due, max(now, deadline - 0.5))  # a computer never lets the clock move for it
    return due
