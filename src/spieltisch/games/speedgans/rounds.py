"""A game of Speedgans at a table: rounds of simultaneous city building, place markers, scoring.

Pure and deterministic: a state plus actions, each returning a new state or raising RuleError.
Time enters only as `now` (seconds on the server's injectable clock); chance only from the seed.
Rules: shared/spec/speedgans.md ("Rounds, scoring, game"); what each seat sees: views.py; wire format:
docs/protocol-speedgans.md.

A round: reading (3 s) → building → scored; then the next round (all ready, or 30 s later), until
after the round in which someone reaches the target the game is finished.

Choices where the rules are silent (also in docs/protocol-speedgans.md):
- Complete valid cities that did not call "Gasse dicht!" get the next place markers at the end of
  the round in the order of their last change (earlier first; equal times: smaller seat first).
- A seat whose player left (or whose computer failed) is locked for the round without a marker;
  its city is still scored at the round's end like any city that did not call.
- Streng: a locked faulty city keeps its marker but scores 0 in every task and is not ranked.
- Target: 10 × seats × 0.6/1/1.5, halved with "Ein Auftrag", rounded up to whole points.
- Final ranking: most points; equal points: smaller marker of the last round first (no marker
  counts after every marker); equal in both: the same place.
"""

from __future__ import annotations

import enum
import math
import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.seats import checked_seat, with_seat
from spieltisch.games.speedgans.notation import City, NotationError, parse_city
from spieltisch.games.speedgans.scoring import score_round
from spieltisch.games.speedgans.tasks import (
    STAR_TASKS,
    TASK_IDS,
    allowed_triples,
    is_valid,
)

MIN_SEATS, MAX_SEATS = 2, 6
READING_SECONDS = 3.0
#: After the scoring the next round starts at the latest this much later.
NEXT_ROUND_SECONDS = 30.0
TURN_CLOCK_CHOICES = (30, 60, 90, 120, None)
HOURGLASS_CHOICES = (15, 30, 45, 60)
MODES = ("race", "relaxed")
SCORINGS = ("all", "finished")
TARGETS = {"normal": Fraction(1), "short": Fraction(3, 5), "long": Fraction(3, 2)}
POINTS_PER_SEAT = 10


class Phase(enum.StrEnum):
    READING = "reading"
    BUILDING = "building"
    SCORED = "scored"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Settings:
    seats: int = 4
    #: The turn clock: the longest building time of a round (None: none).
    turn_seconds: int | None = 120
    hourglass: int = 30
    mode: str = "race"
    one_task: bool = False
    scoring: str = "all"
    strict: bool = False
    stars: bool = True
    target: str = "normal"

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


def parse_settings(raw: dict[str, Any]) -> Settings:
    """Checked settings with defaults filled in; RuleError(ErrorCode.BAD_SETTINGS) on anything wrong."""
    if not isinstance(raw, dict):
        raise RuleError(ErrorCode.BAD_SETTINGS, "settings must be an object")
    names = set(Settings.__slots__)
    unknown = set(raw) - names
    if unknown:
        raise RuleError(ErrorCode.BAD_SETTINGS, f"unknown setting {sorted(unknown)[0]!r}")
    values = {**Settings().to_dict(), **raw}

    def choose(name: str, choices: tuple[object, ...], kind: type) -> None:
        value = values[name]
        # type() rather than isinstance(): True is an int, but "seats": true is no number.
        if (value is not None and type(value) is not kind) or value not in choices:
            shown = ", ".join("null" if c is None else str(c) for c in choices)
            raise RuleError(ErrorCode.BAD_SETTINGS, f"{name} must be one of {shown}")

    choose("seats", tuple(range(MIN_SEATS, MAX_SEATS + 1)), int)
    choose("turn_seconds", TURN_CLOCK_CHOICES, int)
    choose("hourglass", HOURGLASS_CHOICES, int)
    choose("mode", MODES, str)
    choose("scoring", SCORINGS, str)
    choose("target", tuple(TARGETS), str)
    for flag in ("one_task", "strict", "stars"):
        if type(values[flag]) is not bool:
            raise RuleError(ErrorCode.BAD_SETTINGS, f"{flag} must be true or false")
    return Settings(**values)


def target_points(settings: Settings, seat_count: int) -> int:
    """Game points that end the game: 10 per seat, × 0.6/1/1.5, halved with one task, rounded up."""
    exact = POINTS_PER_SEAT * seat_count * TARGETS[settings.target]
    if settings.one_task:
        exact /= 2
    return max(1, math.ceil(exact))


def draw_tasks(seed: int, round_number: int, settings: Settings) -> tuple[str, ...]:
    """The round's tasks from the seed alone: three of three different groups (one with
    "Ein Auftrag"); no star task when the table plays without them."""
    rng = random.Random(f"{seed}:tasks:{round_number}")
    if settings.one_task:
        pool = [task for task in TASK_IDS if settings.stars or task not in STAR_TASKS]
        return (rng.choice(pool),)
    return tuple(rng.choice(allowed_triples(settings.stars)))


@dataclass(frozen=True, slots=True)
class Seat:
    city: City = field(default_factory=City.empty)
    #: When the city last changed (orders the markers of cities that did not call).
    changed_at: float | None = None
    #: Locked: called "Gasse dicht!" (with a marker) or left the round (without one).
    done: bool = False
    marker: int | None = None
    #: Phase scored: ready for the next round.
    ready: bool = False
    points: int = 0
    round_points: int | None = None
    #: Every city of the game laid one tile a change, as a hand lays them (else: no list points).
    by_hand: bool = True
    #: The rounds in which a computer built this seat's city (every round of a computer's seat; for
    #: a person's, those a computer built while standing in for him: results and replays say so).
    computer_rounds: tuple[int, ...] = ()

    @property
    def tiles(self) -> int:
        return sum(piece is not None for piece in self.city.cells)


@dataclass(frozen=True, slots=True)
class Game:
    settings: Settings
    seed: int
    seats: tuple[Seat, ...]
    round: int
    tasks: tuple[str, ...]
    phase: Phase
    reading_ends: float
    building_ends: float | None = None
    hourglass_ends: float | None = None
    next_round_at: float | None = None
    #: This round's scoring (phase scored/finished): {"tasks": {id: [entries]}, "scored": [seats]}.
    results: dict[str, Any] | None = None
    history: tuple[dict[str, Any], ...] = ()

    @property
    def target(self) -> int:
        return target_points(self.settings, len(self.seats))

    def ranking(self) -> tuple[int, ...]:
        """Place of each seat (1 = best): most points; ties by the last round's marker."""
        keys = [_final_key(seat) for seat in self.seats]
        return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def _final_key(seat: Seat) -> tuple[int, float]:
    return (-seat.points, math.inf if seat.marker is None else seat.marker)


# Flow ----------------------------------------------------------------------------------------------
def new_game(settings: Settings, seat_count: int, seed: int, now: float) -> Game:
    if not MIN_SEATS <= seat_count <= MAX_SEATS:
        raise RuleError(ErrorCode.NO_PLAYERS, f"Speedgans needs {MIN_SEATS} to {MAX_SEATS} seated players")
    game = Game(
        settings=settings,
        seed=seed,
        seats=tuple(Seat() for _ in range(seat_count)),
        round=0,
        tasks=(),
        phase=Phase.SCORED,
        reading_ends=now,
    )
    return _start_round(game, now)


def _start_round(game: Game, now: float) -> Game:
    number = game.round + 1
    seats = tuple(Seat(points=seat.points, computer_rounds=seat.computer_rounds) for seat in game.seats)
    return replace(
        game,
        seats=seats,
        round=number,
        tasks=draw_tasks(game.seed, number, game.settings),
        phase=Phase.READING,
        reading_ends=now + READING_SECONDS,
        building_ends=None,
        hourglass_ends=None,
        next_round_at=None,
        results=None,
    )


def due(game: Game) -> float | None:
    """When the game's own clock next changes something (None: only players can)."""
    if game.phase is Phase.READING:
        return game.reading_ends
    if game.phase is Phase.BUILDING:
        times = [t for t in (game.building_ends, game.hourglass_ends) if t is not None]
        return min(times, default=None)
    if game.phase is Phase.SCORED:
        return game.next_round_at
    return None


def on_deadline(game: Game, now: float) -> Game:
    """Everything the clock has brought about by `now` (several steps if it is late)."""
    while (when := due(game)) is not None and when <= now:
        if game.phase is Phase.READING:
            seconds = game.settings.turn_seconds
            game = replace(
                game,
                phase=Phase.BUILDING,
                building_ends=None if seconds is None else game.reading_ends + seconds,
            )
        elif game.phase is Phase.BUILDING:
            game = _end_round(game, when)  # at the deadline itself, however late the tick
        else:
            game = _start_round(game, when)
    return game


def _seat(game: Game, seat: int) -> Seat:
    return checked_seat(game.seats, seat, game_over=game.phase is Phase.FINISHED)


def _building_seat(game: Game, seat: int) -> Seat:
    state = _seat(game, seat)
    if game.phase is not Phase.BUILDING:
        raise RuleError(ErrorCode.NOT_BUILDING, "the round is not in its building time")
    if state.done:
        raise RuleError(ErrorCode.LOCKED, "your city is locked for this round")
    return state


# The moves a seat can make ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SetCity:
    """The seat's whole arrangement after any change, in city notation (tiles not in it lie in the tray)."""

    city: str


@dataclass(frozen=True, slots=True)
class CallDone:
    """ "Gasse dicht!"."""


@dataclass(frozen=True, slots=True)
class NextRound:
    """After the scoring: ready for the next round."""


Action = SetCity | CallDone | NextRound


def act(game: Game, seat: int, action: Action, now: float, *, by_computer: bool = False) -> Game:
    """Apply one move of a seat (RuleError if the rules forbid it). `by_computer`: a computer made
    it; a city it builds is marked as the computer's for the round, and a step of it that the clock
    has overtaken (planned before a deadline, run after it: the round has moved on) is void."""
    if by_computer:
        caught_up = on_deadline(game, now)
        wanted = Phase.SCORED if isinstance(action, NextRound) else Phase.BUILDING
        if caught_up.phase is not wanted or caught_up.round != game.round:
            return caught_up
    match action:
        case SetCity(city):
            return _built_by_computer(set_city(game, seat, city, now), seat, by_computer)
        case CallDone():
            return _built_by_computer(call_done(game, seat, now), seat, by_computer)
        case NextRound():
            return ready(game, seat, now)


def _built_by_computer(game: Game, seat: int, by_computer: bool) -> Game:
    """Mark this round's city of the seat as (partly) built by a computer."""
    state = game.seats[seat]
    if not by_computer or game.round in state.computer_rounds:
        return game
    return with_seat(game, seat, replace(state, computer_rounds=(*state.computer_rounds, game.round)))


def set_city(game: Game, seat: int, text: str, now: float) -> Game:
    """The seat's whole arrangement after any change; tiles not in it lie in the tray."""
    game = on_deadline(game, now)
    state = _building_seat(game, seat)
    try:
        city = parse_city(text)
    except NotationError as error:
        raise RuleError(ErrorCode.BAD_CITY, str(error)) from None
    if city == state.city:
        return game
    by_hand = state.by_hand and tiles_brought(state.city, city) <= 1
    return with_seat(game, seat, replace(state, city=city, changed_at=now, by_hand=by_hand))


def tiles_brought(before: City, after: City) -> int:
    """How many tiles a change brought into the city from the tray (moving, turning or flipping a
    tile already laid brings none): a hand brings one at a time."""
    laid = {piece.tile for piece in before.cells if piece is not None}
    return sum(1 for piece in after.cells if piece is not None and piece.tile not in laid)


def is_finished_city(city: City, strict: bool) -> bool:
    """May this city call "Gasse dicht!"? Complete and valid; in Streng any nine tiles."""
    if not city.is_complete:
        return False
    return strict or is_valid(city)


def call_done(game: Game, seat: int, now: float) -> Game:
    """ "Gasse dicht!": the smallest free place marker, the city locked; the first starts the hourglass."""
    game = on_deadline(game, now)
    state = _building_seat(game, seat)
    if not is_finished_city(state.city, game.settings.strict):
        needs = "nine tiles" if game.settings.strict else "a complete, valid city"
        raise RuleError(ErrorCode.NOT_VALID, f"'Gasse dicht!' needs {needs}")
    taken = {s.marker for s in game.seats if s.marker is not None}
    marker = next(n for n in range(1, len(game.seats) + 2) if n not in taken)
    hourglass = game.hourglass_ends
    if hourglass is None and game.settings.mode == "race":
        hourglass = now + game.settings.hourglass
    game = with_seat(game, seat, replace(state, done=True, marker=marker))
    return _end_if_all_done(replace(game, hourglass_ends=hourglass), now)


def ready(game: Game, seat: int, now: float) -> Game:
    """After the scoring: this seat is ready; when all are, the next round starts."""
    game = on_deadline(game, now)
    state = _seat(game, seat)
    if game.phase is not Phase.SCORED:
        raise RuleError(ErrorCode.NOT_SCORED, "the next round can be asked for only after the scoring")
    game = with_seat(game, seat, replace(state, ready=True))
    if all(s.ready for s in game.seats):
        return _start_round(game, now)
    return game


def abandon(game: Game, seat: int, now: float) -> Game:
    """The seat's player has gone: lock the city for this round (no marker) or count him ready."""
    game = on_deadline(game, now)
    if game.phase is Phase.FINISHED:
        return game
    state = game.seats[seat]
    if game.phase is Phase.BUILDING and not state.done:
        return _end_if_all_done(with_seat(game, seat, replace(state, done=True)), now)
    if game.phase is Phase.SCORED and not state.ready:
        return ready(game, seat, now)
    return game


def waiting_for(game: Game, seat: int) -> bool:
    """Whether the game waits for this seat to act (building and not locked; scored and not ready)."""
    state = game.seats[seat]
    if game.phase is Phase.BUILDING:
        return not state.done
    if game.phase is Phase.SCORED:
        return not state.ready
    return False


def _end_if_all_done(game: Game, now: float) -> Game:
    if game.phase is Phase.BUILDING and all(seat.done for seat in game.seats):
        return _end_round(game, now)
    return game


# The end of a round -------------------------------------------------------------------------------
def _end_round(game: Game, now: float) -> Game:
    """Score the round (scoring.py) and keep it in the game's history; the game ends after the round
    in which someone reaches the target."""
    score = score_round(
        game.tasks,
        [seat.city for seat in game.seats],
        [seat.marker for seat in game.seats],
        [seat.changed_at for seat in game.seats],
        game.settings.scoring,
    )
    seats = [
        replace(
            seat,
            marker=score.markers[i],
            points=seat.points + score.points[i],
            round_points=score.points[i],
            ready=False,
        )
        for i, seat in enumerate(game.seats)
    ]
    history = (
        *game.history,
        {
            "round": game.round,
            "tasks": list(game.tasks),
            "points": list(score.points),
            # Each task's points per seat, and a first place's: which tasks a player is good at.
            "by_task": score.by_task(),
            "top": score.top,
            # Each seat's city as it was scored and when it last changed (seconds of building): what
            # the analysis of a recorded game weighs, round by round (replay.py: rounds_analysis).
            "cities": [str(seat.city) for seat in seats],
            "seconds": [
                None if seat.changed_at is None else round(max(0.0, seat.changed_at - game.reading_ends), 1)
                for seat in seats
            ],
        },
    )
    game = replace(
        game,
        seats=tuple(seats),
        results={"tasks": score.tasks, "scored": score.scored},
        history=history,
    )
    if any(seat.points >= game.target for seat in game.seats):
        return replace(game, phase=Phase.FINISHED, next_round_at=None)
    return replace(game, phase=Phase.SCORED, next_round_at=now + NEXT_ROUND_SECONDS)


# Live-store snapshots ------------------------------------------------------------------------------
def to_dict(game: Game) -> dict[str, Any]:
    return {
        "settings": game.settings.to_dict(),
        "seed": game.seed,
        "round": game.round,
        "tasks": list(game.tasks),
        "phase": game.phase.value,
        "reading_ends": game.reading_ends,
        "building_ends": game.building_ends,
        "hourglass_ends": game.hourglass_ends,
        "next_round_at": game.next_round_at,
        "results": game.results,
        "history": list(game.history),
        "seats": [
            {
                "city": str(seat.city),
                "changed_at": seat.changed_at,
                "done": seat.done,
                "marker": seat.marker,
                "ready": seat.ready,
                "points": seat.points,
                "round_points": seat.round_points,
                "by_hand": seat.by_hand,
                "computer_rounds": list(seat.computer_rounds),
            }
            for seat in game.seats
        ],
    }


def from_dict(data: dict[str, Any]) -> Game:
    results = data["results"]
    if results is not None:
        # JSON keeps the per-task lists; only the seat indices need no conversion.
        results = {"tasks": dict(results["tasks"]), "scored": list(results["scored"])}
    return Game(
        settings=Settings(**data["settings"]),
        seed=data["seed"],
        seats=tuple(
            Seat(
                city=parse_city(seat["city"]),
                changed_at=seat["changed_at"],
                done=seat["done"],
                marker=seat["marker"],
                ready=seat["ready"],
                points=seat["points"],
                round_points=seat["round_points"],
                by_hand=seat.get("by_hand", True),  # a snapshot from before the pace was kept
                computer_rounds=tuple(seat.get("computer_rounds", ())),  # (from before they were)
            )
            for seat in data["seats"]
        ),
        round=data["round"],
        tasks=tuple(data["tasks"]),
        phase=Phase(data["phase"]),
        reading_ends=data["reading_ends"],
        building_ends=data["building_ends"],
        hourglass_ends=data["hourglass_ends"],
        next_round_at=data["next_round_at"],
        results=results,
        history=tuple(data["history"]),
    )
