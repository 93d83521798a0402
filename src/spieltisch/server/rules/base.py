"""The one contract between the server and a kind of table (a game, a solo mode): `GameRules`.

The server knows no game by name. A table holds its `GameRules`; `server/tables.py` hands it the
settings, the seats' moves and the clock, and forwards the views it computes for each seat; the
scheduler asks it when its clock is next due and what to record after the end (and writes that:
server/records.py). A new kind of
table is one module here implementing this class plus one line in `registry.py`.

Each rules class is generic in its game's state `S` (an immutable value from `games/`, replaced by
every move) and in its moves `A` (small dataclasses from `games/`, listed in `actions` so that the
table can refuse another game's move before the engine sees it).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from spieltisch.games.levels import BotLevel

if TYPE_CHECKING:
    from spieltisch.server.puzzles import Optima
    from spieltisch.server.records import AfterGame

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Sitter:
    """Who sat at a seat of a finished game."""

    player: str | None  # None for a computer
    nickname: str
    bot: BotLevel | None
    #: The person left the game before its end.
    left: bool = False
    #: The person was at the table when the game ended (not left, not away).
    present: bool = True


@dataclass(frozen=True, slots=True)
class FinishedGame(Generic[S]):
    """A game at its end, as the rules' `after_game` gets it."""

    table_id: str
    #: Unique per game (a table plays many): the records are written once per game id.
    game_id: str
    settings: Mapping[str, Any]
    sitters: tuple[Sitter, ...]
    state: S
    started_at: float
    #: The game's accepted moves (server/game_log.py); None if the table lost them (an old snapshot).
    log: tuple[list[Any], ...] | None = None
    #: The match the game is part of (Table.match_view), None for a game on its own.
    match: Mapping[str, Any] | None = None
    #: Played at a private table: its record, log and replay are its players' alone.
    private: bool = False

    def kept_settings(self, rules: GameRules[S, Any]) -> dict[str, Any]:
        """The settings its record and its log keep (`"private": true` for a private table's)."""
        kept = rules.logged_settings(self.settings)
        return {**kept, "private": True} if self.private else kept

    def players(self) -> list[dict[str, Any]]:
        """Who sat where, as the records keep it (a person who left before the end: `left`, the
        rest of that game played for him by a computer)."""
        return [
            {"player": s.player, "nickname": s.nickname, "bot": s.bot, **({"left": True} if s.left else {})}
            for s in self.sitters
        ]


@dataclass(frozen=True, slots=True)
class PlayedFor:
    """Who played a person's seat besides him: the turns (1-based: a tile's number in Plan Ahead, a
    round's in Speedgans) a computer standing in for him made, and those the clock made, of `of`."""

    computer: tuple[int, ...] = ()
    clock: tuple[int, ...] = ()
    of: int = 0

    @property
    def anyone(self) -> bool:
        return bool(self.computer or self.clock)

    def note(self) -> dict[str, Any] | None:
        """As results, the end of a game and replays show it (None: the person played it all)."""
        if not self.anyone:
            return None
        return {
            "computer": list(self.computer),
            "clock": list(self.clock),
            "of": self.of,
            "mostly": mostly_played_for(self),
        }


def mostly_played_for(played: PlayedFor) -> bool:
    """A game the computer and the clock played more than half of for the person (more than half of
    his turns): it is kept in the results, marked, but earns him no list points — else letting the
    computer play would be a way to points."""
    return 2 * len(set(played.computer) | set(played.clock)) > played.of


def played_for_people(rules: GameRules[S, Any], game: FinishedGame[S]) -> list[dict[str, Any] | None]:
    """Per seat, what the computer or the clock played for the person there (None: a computer's seat,
    or a person who played every turn himself), as results and the end of a game show it."""
    return [
        rules.played_for(game.state, index).note() if sitter.player is not None else None
        for index, sitter in enumerate(game.sitters)
    ]


def _no_thinking(state: Any, seat: int, level: BotLevel, rng: random.Random) -> float:
    return 0.0


@dataclass(frozen=True, slots=True)
class ComputerPolicy(Generic[S]):
    """How a game's computer players are named and paced, given per game as its rules' `computers`
    (what a game leaves out takes the default; a game without names has no computers)."""

    #: Names by level, given in this order (the first free one at a table): proper names that read
    #: alike in every language, the level shown beside them; empty: no computers.
    names: Mapping[BotLevel, tuple[str, ...]] = field(default_factory=dict)
    #: Whether they always act before the game's next deadline (`GameRules.due`).
    beats_clock: bool = True
    #: Whether they act at once when every person has acted and the game waits only for them (a
    #: game of turns, as Plan Ahead; not a race, where their pace is the point).
    never_keep_people_waiting: bool = False
    #: Seconds a computer "thinks" before its next moves (before the server's pacing factor), of
    #: the state, its seat, its level and a random source.
    thinking: Callable[[S, int, BotLevel, random.Random], float] = _no_thinking
    #: When the computers' present moment began, if their thinking counts from then (and `thinking`
    #: is the same whenever asked within it) rather than from when the table plans it: the table may
    #: then plan again within the moment (a game whose `step` changes with every person's move)
    #: without starting their thinking afresh. None: from when the table plans it.
    thinking_since: Callable[[S], float | None] | None = None


class Lookups(Protocol):
    """What a game may look up after its end (never write: the scheduler writes what it returns):
    the puzzles' optima and the clock."""

    @property
    def optima(self) -> Optima: ...

    def now(self) -> float: ...


class GameRules(ABC, Generic[S, A]):
    """A kind of table's rules. Its state and moves come from `games/`; a method that is only the
    engine's function may be that function (`on_deadline = staticmethod(game.on_deadline)`: the
    engine's parameters may be named otherwise, hence the positional-only `/`)."""

    #: The name on the wire (`create_table.game`, `TableView.kind`) and in the records.
    name: ClassVar[str]
    #: The move classes of this game (a move of another class is refused before `act`).
    actions: ClassVar[tuple[type, ...]]
    #: Whether its tables appear in the lobby (solo tables do not).
    listed: ClassVar[bool] = True
    #: A solo table: its one seat is taken by whoever creates it, and the game starts at once.
    starts_alone: ClassVar[bool] = False
    #: How its computer players are named and paced (the defaults: none, no computers).
    computers: ClassVar[ComputerPolicy[Any]] = ComputerPolicy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        # A table is copied for every change; its rules are not part of its state.
        return self

    # Settings and the start ------------------------------------------------------------------------
    @abstractmethod
    def settings(self, raw: Mapping[str, Any], now: float) -> dict[str, Any]:
        """Checked settings with defaults filled in, as plain JSON (RuleError on anything wrong)."""

    def seat_limit(self, settings: Mapping[str, Any]) -> int:
        """The most seats at a table of these settings: its `seats` (without that setting: one)."""
        return int(settings.get("seats", 1))

    @abstractmethod
    def new(self, settings: Mapping[str, Any], seat_count: int, seed: int, now: float) -> S: ...

    # Moves, views and the clock --------------------------------------------------------------------
    @abstractmethod
    def act(self, state: S, seat: int, action: A, now: float, *, by_bot: bool) -> S:
        """Apply a seat's move; RuleError if the rules forbid it. `by_bot`: a computer's move, worked
        out ahead; one that the game's clock has overtaken meanwhile is void, not an error."""

    @abstractmethod
    def view(self, state: S, seat: int | None, /) -> dict[str, Any]:
        """What one seat may see (None: a spectator): never what the rules hide."""

    def views(self, state: S, seats: Iterable[int | None], /) -> dict[int | None, dict[str, Any]]:
        """`view` for several seats at once (after a change every seat at the table gets one): a
        game whose seats see much alike works that out once."""
        return {seat: self.view(state, seat) for seat in seats}

    @abstractmethod
    def due(self, state: S, /) -> float | None:
        """When the game's own clock next changes something (a deadline), if at all."""

    @abstractmethod
    def on_deadline(self, state: S, now: float, /) -> S:
        """Everything the clock has brought about by `now`."""

    @abstractmethod
    def abandon(self, state: S, seat: int, now: float, /) -> S:
        """The seat's player has left (or its computer failed): go on without waiting for it. A
        solo run (`starts_alone`) ends here, as if given up: the server ends a player's oldest run
        this way when he starts one too many."""

    def attempt_key(self, settings: Mapping[str, Any]) -> str | None:
        """For a game everyone plays alike on a day, whose first attempt per player ranks: the key
        of that day's game (e.g. "puzzle:2026-12-03"). A player holds one open attempt per key, and
        his first is the first he started. None: no such game."""
        return None

    def sealed_until(self, settings: Mapping[str, Any]) -> float | None:
        """Until when a game of these settings shows what others must not know yet (the same day's
        puzzle tiles or tasks, which everyone plays): before then only its own players see its
        replay. None: never sealed."""
        return None

    def waiting_for(self, state: S, seat: int, /) -> bool:
        """Whether the game waits for this seat to act (computers act while it does)."""
        return False

    @abstractmethod
    def step(self, state: S) -> int:
        """A number that changes whenever the seats are asked to act anew (a new tile, a new round)."""

    @abstractmethod
    def finished(self, state: S, /) -> bool: ...

    @abstractmethod
    def seed(self, state: S) -> int:
        """The seed that decided the game's chance (kept with the records, for replays)."""

    def played_for(self, state: S, seat: int, /) -> PlayedFor:
        """The turns of a seat that a computer (standing in for the person) or the clock made."""
        return PlayedFor()

    def match_points(self, state: S) -> Sequence[int]:
        """Each seat's points of a finished game that a match of several games adds up (only games
        whose settings offer `match` have matches)."""
        raise NotImplementedError(f"{self.name} has no matches")

    def played_by_hand(self, state: S, seat: int) -> bool:
        """Whether the seat's moves came as a hand makes them (not a whole Speedgans city in one
        message: a script's); a seat that did not moves no rating."""
        return True

    # Computer players ------------------------------------------------------------------------------
    def bot_actions(
        self, state: S, seat: int, level: BotLevel, rng: random.Random, *, kin: int = 0
    ) -> Sequence[A]:
        """A computer player's next moves; it is asked again while `waiting_for` stays true. `kin`:
        how many computers of the same level sit before this one (so that they play apart)."""
        return ()

    # Replays -------------------------------------------------------------------------------------
    def logged_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The settings a game's log keeps: the table's, and whatever this server decided besides
        that `new` depends on (an operator's time limit), so that a replay begins the same game."""
        return dict(settings)

    def replay(self, moments: Iterable[tuple[float, S]], /) -> dict[str, Any] | None:
        """A finished game's replay from its states as its log is run again (the time of each
        accepted change and the state after it; the first is the start): `{"frames": [...],
        "final": {...}}`, as docs/history.md describes for the game. None: no replays of this kind."""
        return None

    def analysis(self, state: S, people: Sequence[bool], /) -> list[dict[str, Any] | None] | None:
        """Each person's move-by-move analysis of the finished game (docs/history.md: `analysis`;
        None for a computer's seat), shown with its replay; None where a game has none apart from
        its frames. Costly (Plan Ahead: ~0.6 s a seat): worked out only for a replay shown."""
        return None

    # Snapshots and the end -------------------------------------------------------------------------
    @abstractmethod
    def dump(self, state: S, /) -> dict[str, Any]:
        """Plain JSON of the state, for the live-table stores and crash recovery."""

    @abstractmethod
    def load(self, data: dict[str, Any], /) -> S: ...

    @abstractmethod
    async def after_game(self, game: FinishedGame[S], lookups: Lookups) -> AfterGame:
        """What to record of the finished game (the scheduler writes it, once per game id), what
        players see besides the game itself (e.g. what the strongest computer would have scored),
        and the notes to work out later."""
