"""A game of Plan Ahead at a table: simultaneous placement of the same 19 tiles by every seat.

Pure and deterministic: a state plus actions, each returning a new state or raising RuleError.
Time enters only as `now` (seconds from the server's injectable clock); randomness only from the seed.

Flow per tile: every seat places the current tile tentatively (as often as it likes) and confirms
it; when every seat has confirmed, the next tile is revealed. With a turn clock, at the deadline every
unconfirmed seat gets the tile on its tentative field, or else on a free field chosen from the seed,
and that placement is marked as placed by the clock.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.planahead.board import FIELD_COUNT
from spieltisch.games.planahead.notation import EMPTY_LAND, Land, format_land, parse_land, parse_tiles
from spieltisch.games.planahead.scoring import land_points, points_completed_by
from spieltisch.games.planahead.tiles import ALL_TILES, Tile
from spieltisch.games.seats import checked_seat, with_seat

MAX_SEATS = 6
TURN_CLOCK_CHOICES = (None, 15, 30, 60, 90, 120)
#: The computers' pace at a table: "brisk" (zügig, the default: under 1.5 s a tile) or "relaxed"
#: (gemächlich: a few seconds, like a person who thinks).
BOT_PACES = ("brisk", "relaxed")
#: How many games a table may play as one match (their scores added up; the boxed game is often
#: played so). The rules text knows one game; a match is the table's, not the engine's.
MATCH_GAMES = (1, 2, 3, 4)


class Phase(enum.StrEnum):
    PLAYING = "playing"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Settings:
    #: Seconds per tile, or None for no turn clock.
    turn_seconds: int | None = None
    #: How many may sit at the table (the game itself has as many seats as were taken at the start).
    seat_limit: int = 2
    #: How quickly the computers place (one of BOT_PACES).
    bot_pace: str = "brisk"
    #: The games of a match at this table (one of MATCH_GAMES; 1: each game stands alone).
    match: int = 1

    def __post_init__(self) -> None:
        if self.turn_seconds not in TURN_CLOCK_CHOICES:
            raise RuleError(ErrorCode.BAD_SETTINGS, f"turn clock must be one of {TURN_CLOCK_CHOICES}")
        if not 1 <= self.seat_limit <= MAX_SEATS:
            raise RuleError(ErrorCode.BAD_SETTINGS, f"seats must be 1 to {MAX_SEATS}")
        if self.bot_pace not in BOT_PACES:
            raise RuleError(ErrorCode.BAD_SETTINGS, f"bot_pace must be one of {', '.join(BOT_PACES)}")
        if self.match not in MATCH_GAMES:
            raise RuleError(ErrorCode.BAD_SETTINGS, "match must be 1 to 4 games")

    def to_dict(self) -> dict[str, Any]:
        """The table's settings as the lobby and the table view show them."""
        shown = {"seats": self.seat_limit, "turn_seconds": self.turn_seconds, "bot_pace": self.bot_pace}
        # (a single game says nothing of matches: its settings look as before)
        return {**shown, "match": self.match} if self.match > 1 else shown


def parse_settings(raw: Mapping[str, Any]) -> Settings:
    """A table's settings from a player's request: {"seats": 1..6, "turn_seconds": one of the
    clock choices or null, "bot_pace": "brisk" or "relaxed", "match": 1..4 games}, defaults filled in;
    RuleError(bad_settings) on anything else."""
    unknown = set(raw) - {"seats", "turn_seconds", "bot_pace", "match"}
    if unknown:
        raise RuleError(ErrorCode.BAD_SETTINGS, f"unknown setting {sorted(unknown)[0]!r}")
    seats = raw.get("seats", 2)
    turn_seconds = raw.get("turn_seconds")
    # type() rather than isinstance(): True is an int, but "seats": true is no number.
    if type(seats) is not int:
        raise RuleError(ErrorCode.BAD_SETTINGS, f"seats must be 1 to {MAX_SEATS}")
    if turn_seconds is not None and type(turn_seconds) is not int:
        raise RuleError(ErrorCode.BAD_SETTINGS, "turn_seconds must be a whole number or null")
    bot_pace = raw.get("bot_pace", "brisk")
    if type(bot_pace) is not str:
        raise RuleError(ErrorCode.BAD_SETTINGS, f"bot_pace must be one of {', '.join(BOT_PACES)}")
    match = raw.get("match", 1)
    if type(match) is not int:
        raise RuleError(ErrorCode.BAD_SETTINGS, "match must be 1 to 4 games")
    return Settings(turn_seconds, seats, bot_pace, match)


# The moves a seat can make ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Place:
    """Put the current tile tentatively on a field (1..19), move it there, or take it back (None)."""

    field: int | None


@dataclass(frozen=True, slots=True)
class Confirm:
    """OK: fix the tentatively placed tile."""


Action = Place | Confirm


def act(game: Game, seat: int, action: Action, now: float, *, by_computer: bool = False) -> Game:
    """Apply one move of a seat (RuleError if the rules forbid it). `by_computer`: a computer made
    it (a computer's seat, or one standing in for a person who is away): the tile it fixes is marked."""
    match action:
        case Place(field_number):
            return place(game, seat, field_number)
        case Confirm():
            return confirm(game, seat, now, by_computer=by_computer)


def draw_tiles(seed: int, count: int = FIELD_COUNT) -> tuple[Tile, ...]:
    """The tiles of a game, in order: `count` of the 27, drawn from the seed alone."""
    return tuple(random.Random(seed).sample(ALL_TILES, count))


@dataclass(frozen=True, slots=True)
class Seat:
    land: Land = EMPTY_LAND
    #: Field (1..19) where the current tile lies tentatively, None if not placed yet.
    tentative: int | None = None
    confirmed: bool = False
    #: Fields whose tile the turn clock placed.
    clock_placed: frozenset[int] = field(default_factory=frozenset)
    #: Fields whose tile a computer fixed (every field of a computer's seat; for a person's seat
    #: the tiles a computer laid while standing in for him: results and replays say so).
    computer_placed: frozenset[int] = field(default_factory=frozenset)

    @property
    def score(self) -> int:
        return land_points(self.land)


@dataclass(frozen=True, slots=True)
class Game:
    settings: Settings
    seed: int
    draw: tuple[Tile, ...]
    seats: tuple[Seat, ...]
    #: Index into `draw` of the current tile (== 19 when finished).
    turn: int = 0
    #: Clock time at which the current tile is placed automatically, None without a clock.
    deadline: float | None = None
    #: Clock time at which the current tile appeared (the computers' thinking counts from it).
    turn_started: float | None = None

    @property
    def phase(self) -> Phase:
        return Phase.FINISHED if self.turn >= len(self.draw) else Phase.PLAYING

    @property
    def current_tile(self) -> Tile | None:
        return self.draw[self.turn] if self.phase is Phase.PLAYING else None

    def scores(self) -> tuple[int, ...]:
        return tuple(seat.score for seat in self.seats)

    def ranking(self) -> tuple[int, ...]:
        """Place of each seat (1 = best); equal scores share a place."""
        scores = self.scores()
        return tuple(1 + sum(other > mine for other in scores) for mine in scores)


def new_game(seat_count: int, seed: int, now: float, settings: Settings | None = None) -> Game:
    if not 1 <= seat_count <= MAX_SEATS:
        raise RuleError(ErrorCode.BAD_SETTINGS, f"a table has 1 to {MAX_SEATS} seats")
    settings = settings or Settings()
    game = Game(settings, seed, draw_tiles(seed), tuple(Seat() for _ in range(seat_count)))
    return _start_turn(game, now)


def _start_turn(game: Game, now: float) -> Game:
    seconds = game.settings.turn_seconds
    deadline = now + seconds if seconds is not None and game.phase is Phase.PLAYING else None
    return replace(game, deadline=deadline, turn_started=now)


def _seat(game: Game, seat: int) -> Seat:
    return checked_seat(game.seats, seat, game_over=game.phase is Phase.FINISHED)


def place(game: Game, seat: int, field_number: int | None) -> Game:
    """Put the current tile tentatively on a field, move it, or take it back (None)."""
    state = _seat(game, seat)
    if state.confirmed:
        raise RuleError(ErrorCode.ALREADY_CONFIRMED, "you have confirmed this tile; wait for the others")
    if field_number is not None:
        if not 1 <= field_number <= FIELD_COUNT:
            raise RuleError(ErrorCode.BAD_FIELD, f"there is no field {field_number}")
        if state.land[field_number - 1] is not None:
            raise RuleError(ErrorCode.FIELD_TAKEN, f"field {field_number} is taken")
    return with_seat(game, seat, replace(state, tentative=field_number))


def confirm(game: Game, seat: int, now: float, *, by_computer: bool = False) -> Game:
    """Fix the tentatively placed tile (OK). When all have confirmed, the next tile comes."""
    state = _seat(game, seat)
    if state.confirmed:
        raise RuleError(ErrorCode.ALREADY_CONFIRMED, "you have confirmed this tile already")
    if state.tentative is None:
        raise RuleError(ErrorCode.NOT_PLACED, "place the tile on a field first")
    fixed = _fix(game, state, state.tentative, by_computer=by_computer)
    return _advance_if_done(with_seat(game, seat, fixed), now)


def _fix(
    game: Game, state: Seat, field_number: int, *, by_clock: bool = False, by_computer: bool = False
) -> Seat:
    tile = game.current_tile
    land = state.land[: field_number - 1] + (tile,) + state.land[field_number:]
    clock = state.clock_placed | {field_number} if by_clock else state.clock_placed
    computer = state.computer_placed | {field_number} if by_computer else state.computer_placed
    return replace(
        state, land=land, tentative=None, confirmed=True, clock_placed=clock, computer_placed=computer
    )


def _advance_if_done(game: Game, now: float) -> Game:
    if not all(seat.confirmed for seat in game.seats):
        return game
    seats = tuple(replace(seat, confirmed=False) for seat in game.seats)
    return _start_turn(replace(game, seats=seats, turn=game.turn + 1), now)


def clock_field(game: Game, seat: int) -> int:
    """Where the clock puts the current tile for a seat that has not confirmed: its tentative field,
    else a free field drawn from the seed (the same for a replay of the game)."""
    state = game.seats[seat]
    if state.tentative is not None:
        return state.tentative
    free = [number for number in range(1, FIELD_COUNT + 1) if state.land[number - 1] is None]
    return random.Random(f"{game.seed}:{game.turn}:{seat}").choice(free)


def on_deadline(game: Game, now: float) -> Game:
    """The turn clock ran out: place the tile for every seat that has not confirmed."""
    if game.phase is Phase.FINISHED or game.deadline is None or now < game.deadline:
        return game
    for index, state in enumerate(game.seats):
        if not state.confirmed:
            game = with_seat(game, index, _fix(game, state, clock_field(game, index), by_clock=True))
    return _advance_if_done(game, now)


def keep_tentative(game: Game, seat: int, now: float) -> Game:
    """The clock stops with a tile lying unconfirmed: it stays where it lies, fixed and marked as the
    clock's, as the turn clock at a table keeps it (a seat with no tile lying gets none)."""
    if game.phase is Phase.FINISHED:
        return game
    state = _seat(game, seat)
    if state.confirmed or state.tentative is None:
        return game
    game = with_seat(game, seat, _fix(game, state, state.tentative, by_clock=True))
    return _advance_if_done(game, now)


def abandon(game: Game, seat: int, now: float) -> Game:
    """Confirm for a seat that left for good, as the clock would, so the others can go on."""
    state = _seat(game, seat)
    if state.confirmed:
        return game
    game = with_seat(game, seat, _fix(game, state, clock_field(game, seat), by_clock=True))
    return _advance_if_done(game, now)


def seat_view(game: Game, seat: int | None) -> dict[str, Any]:
    """What one seat may see (None: a spectator). Never a tile after the current one; the others'
    lands only as fixed before the current tile, so nobody copies a placement of this tile."""
    return seat_views(game, [seat])[seat]


def seat_views(game: Game, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """`seat_view` for several seats: each land is written out once as its owner sees it and once
    as the others do."""
    wanted = set(seats)
    shared = {
        "phase": game.phase.value,
        "turn": game.turn,
        "tiles_total": len(game.draw),
        "tile": game.current_tile.code if game.current_tile else None,
        "deadline": game.deadline,
        "turn_seconds": game.settings.turn_seconds,
        "ranking": list(game.ranking()) if game.phase is Phase.FINISHED else None,
        "seed": game.seed if game.phase is Phase.FINISHED else None,
    }
    as_others = [_land_entry(game, state, own=False) for state in game.seats]
    views = {}
    for seat in wanted:
        entries = list(as_others)
        if seat is not None and 0 <= seat < len(game.seats):
            entries[seat] = _land_entry(game, game.seats[seat], own=True)
        views[seat] = {**shared, "seats": entries}
    return views


def _land_entry(game: Game, state: Seat, own: bool) -> dict[str, Any]:
    land = state.land
    if not own and state.confirmed and game.phase is Phase.PLAYING:
        # Hide the placement of the current tile from the others until everyone has confirmed.
        current = game.current_tile
        land = tuple(None if tile == current else tile for tile in land)
    entry: dict[str, Any] = {
        "land": format_land(land),
        "score": land_points(land),
        "confirmed": state.confirmed,
        "clock_placed": sorted(state.clock_placed),
        "computer_placed": sorted(state.computer_placed),
    }
    if own:
        entry["tentative"] = state.tentative
        if state.tentative is not None and game.current_tile is not None:
            entry["preview"] = points_completed_by(land, state.tentative, game.current_tile)
    return entry


def to_dict(game: Game) -> dict[str, Any]:
    """A plain-JSON snapshot (land notation inside), for live-state stores and crash recovery."""
    return {
        "turn_seconds": game.settings.turn_seconds,
        "seat_limit": game.settings.seat_limit,
        "bot_pace": game.settings.bot_pace,
        "seed": game.seed,
        "draw": " ".join(tile.code for tile in game.draw),
        "turn": game.turn,
        "deadline": game.deadline,
        "turn_started": game.turn_started,
        "seats": [
            {
                "land": format_land(seat.land),
                "tentative": seat.tentative,
                "confirmed": seat.confirmed,
                "clock_placed": sorted(seat.clock_placed),
                "computer_placed": sorted(seat.computer_placed),
            }
            for seat in game.seats
        ],
    }


def from_dict(data: dict[str, Any]) -> Game:
    return Game(
        # Snapshots from before the seat limit moved into the settings: the seats there were.
        # (and from before the computers' pace: brisk).
        settings=Settings(
            data["turn_seconds"], data.get("seat_limit", len(data["seats"])), data.get("bot_pace", "brisk")
        ),
        seed=data["seed"],
        draw=parse_tiles(data["draw"]),
        seats=tuple(
            Seat(
                land=parse_land(seat["land"]),
                tentative=seat["tentative"],
                confirmed=seat["confirmed"],
                clock_placed=frozenset(seat["clock_placed"]),
                # (absent from snapshots taken before stand-ins' tiles were marked)
                computer_placed=frozenset(seat.get("computer_placed", ())),
            )
            for seat in data["seats"]
        ),
        turn=data["turn"],
        deadline=data["deadline"],
        turn_started=data.get("turn_started"),
    )
