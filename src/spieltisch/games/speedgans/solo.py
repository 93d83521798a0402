"""Speedgans alone: Rekordjagd, Tagesstadt, Übung, and the "Rat" hint.

Pure and deterministic like `rounds`: a state plus actions, each returning a new state or raising
RuleError. Time enters only as `now` (seconds on the server's clock), chance only from the seed;
the catalog (solo scores, Musterstadt, Rat) is handed in. Rules: shared/spec/speedgans.md ("Solo
modes"), shared/seeds/speedgans-rules.de.txt ("Allein").

- Rekordjagd (``record``): `duration` seconds (default 300) from the first triple, city after
  city, each with a new triple drawn from the seed (never two tasks of one group, star tasks
  included, never the same triple twice in a row). "Gasse dicht!" on a complete valid city scores
  it and shows the next triple at once; "Überspringen" shows the next one for 0 points. When the
  time runs out the unfinished city scores 0 and the run is over.
- Tagesstadt (``daily``): one triple from the seed (the server picks the seed per day); no clock
  is shown. An attempt still open after `DAILY_SECONDS` (10 minutes) ends unfinished with 0
  points: a player cannot walk away from a bad first attempt and have a later one count instead. t = seconds from `new` (the first view of the tasks) to
  "Gasse dicht!", measured to the millisecond; time bonus = floor(max(0, 120 - t)).
- Übung (``practice``): no clock and no points kept; a new triple on request, drawn from the seed
  or chosen (an allowed triple). "Gasse dicht!" shows what the city would have brought, then the
  next drawn triple comes.

Points (choices where the rules are silent):
- A task gives 0-100 points, kept in tenths: rounded half up to one decimal; a city's points are the
  sum of its three rounded points. One rule for all (`points`): the Musterstadt is chosen and shown by
  the same sum, so building it shows the same points as its caption.
- A hint costs 30 points in Rekordjagd and Tagesstadt, nothing in Übung. The cost is taken from the
  run, not from the city: run points = sum of the cities' points (+ the time bonus) - 30 per hint,
  never below 0. So a hint costs the same whether its city is then finished, skipped or left
  unfinished. Asking again while the city is unchanged repeats the last hint for free; a hint on a
  city that already is an optimal city (nothing left to say) is free too.
- The player's view of a hint is what the rules say it shows: the wrong laid tiles, the next cell
  and the tile for it; not the whole target city (the Musterstadt is shown after each city).

Human pace (lists only people playing can top): a city is laid by hand when no change of it brought
more than one tile into it at once and it took at least `MIN_CITY_SECONDS` from its tasks to "Gasse
dicht!". A run with a city not laid by hand is kept and shown to its player, marked, but ranks on
no list and earns no Bestenliste points (`by_hand`).

Cells are 0..8 as everywhere in the engine.
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.speedgans.notation import City, NotationError, Piece, parse_city, parse_piece
from spieltisch.games.speedgans.points import TENTHS, as_points, city_tenths
from spieltisch.games.speedgans.rounds import CallDone, SetCity, is_finished_city, tiles_brought
from spieltisch.games.speedgans.tasks import (
    TaskError,
    allowed_triples,
    is_allowed_triple,
    parse_tasks,
    task_values,
)
from spieltisch.games.speedgans.views import city_points, musterstadt_view, report_view, task_card

if TYPE_CHECKING:
    from spieltisch.games.speedgans.catalog import Catalog

RECORD_SECONDS = 300.0
DAILY_BONUS_SECONDS = 120
DAILY_SECONDS = 600.0
HINT_COST = 30
#: The least time a person takes for a city, from its tasks to "Gasse dicht!": nine tiles, each to be
#: found, turned and laid, at 0.5 s a tile (a script that sends a city whole takes milliseconds).
MIN_CITY_SECONDS = 4.5


class Mode(enum.StrEnum):
    RECORD = "record"
    DAILY = "daily"
    PRACTICE = "practice"


class Outcome(enum.StrEnum):
    DONE = "done"  # "Gasse dicht!" on a complete valid city
    SKIPPED = "skipped"  # "Überspringen"
    UNFINISHED = "unfinished"  # the time ran out (or the player gave up) before "Gasse dicht!"


def hint_cost(mode: Mode) -> int:
    """Points one hint costs in this mode."""
    return 0 if mode is Mode.PRACTICE else HINT_COST


def time_bonus(seconds: float) -> int:
    """Tagesstadt: one point per full second under 120 s (t measured to the millisecond)."""
    return math.floor(max(0.0, DAILY_BONUS_SECONDS - round(seconds, 3)))


# Draws ---------------------------------------------------------------------------------------------
def draw_triple(seed: int, number: int, previous: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The triple of city `number` (1, 2, ...) of a run: from the seed alone, never `previous`."""
    rng = random.Random(f"{seed}:solo:{number}")
    triples = allowed_triples()
    while True:
        triple = rng.choice(triples)
        if triple != previous:
            return triple


def daily_triple(seed: int) -> tuple[str, ...]:
    """The Tagesstadt's triple (the server's seed of the day decides it)."""
    return random.Random(f"{seed}:daily").choice(allowed_triples())


def checked_triple(tasks: Sequence[str] | str) -> tuple[str, ...]:
    """Chosen tasks (Übung) in the order given; RuleError(BAD_SETTINGS) unless an allowed triple."""
    try:
        asked = parse_tasks(tasks if isinstance(tasks, str) else list(tasks))
    except (TaskError, AttributeError, TypeError):
        raise RuleError(ErrorCode.BAD_SETTINGS, "tasks must be three task ids like F1, W2, H3") from None
    if not is_allowed_triple(asked):
        raise RuleError(ErrorCode.BAD_SETTINGS, "three tasks from three different groups, please")
    return asked


# State ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Hint:
    """A bought "Rat": the city it was asked for and the catalog's answer (see `Catalog.rat`)."""

    city: City
    target: City
    wrong: tuple[int, ...]
    next_cell: int | None
    next_piece: Piece | None

    def view(self) -> dict[str, Any]:
        """What the player is shown: no target city, only the next step."""
        return {
            "wrong": list(self.wrong),
            "next_cell": self.next_cell,
            "next_piece": None if self.next_piece is None else str(self.next_piece),
        }

    def to_dict(self) -> dict[str, Any]:
        return {"city": str(self.city), "target": str(self.target), **self.view()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hint:
        piece = data["next_piece"]
        return cls(
            parse_city(data["city"]),
            parse_city(data["target"]),
            tuple(data["wrong"]),
            data["next_cell"],
            None if piece is None else parse_piece(piece),
        )


@dataclass(frozen=True, slots=True)
class CityResult:
    """One city of a run, once it is over (finished, skipped or unfinished)."""

    tasks: tuple[str, ...]
    outcome: Outcome
    city: City
    #: The three task values (None unless "Gasse dicht!" was called).
    values: tuple[int, ...] | None
    #: The three task points in tenths (zeros unless done).
    task_tenths: tuple[int, ...]
    hints: int
    #: What the hints on this city cost, in tenths (taken from the run).
    hint_tenths: int
    started_at: float
    ended_at: float
    #: Tagesstadt: the time bonus in points.
    bonus: int = 0
    #: Laid at a person's pace (see the module's doc): else it ranks nowhere.
    by_hand: bool = True

    @property
    def tenths(self) -> int:
        """The city's points before hints, in tenths (tasks + time bonus)."""
        return city_tenths(self.task_tenths) + TENTHS * self.bonus

    @property
    def seconds(self) -> float:
        return self.ended_at - self.started_at

    def to_dict(self) -> dict[str, Any]:
        return {
            "tasks": list(self.tasks),
            "outcome": self.outcome.value,
            "city": str(self.city),
            "values": None if self.values is None else list(self.values),
            "task_tenths": list(self.task_tenths),
            "hints": self.hints,
            "hint_tenths": self.hint_tenths,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "bonus": self.bonus,
            "by_hand": self.by_hand,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CityResult:
        values = data["values"]
        return cls(
            tasks=tuple(data["tasks"]),
            outcome=Outcome(data["outcome"]),
            city=parse_city(data["city"]),
            values=None if values is None else tuple(values),
            task_tenths=tuple(data["task_tenths"]),
            hints=data["hints"],
            hint_tenths=data["hint_tenths"],
            started_at=data["started_at"],
            ended_at=data["ended_at"],
            bonus=data["bonus"],
            by_hand=data.get("by_hand", True),  # a snapshot from before the pace was kept
        )

    def summary(self) -> dict[str, Any]:
        """For the player and the records: tasks, outcome, values and points (one decimal)."""
        return {
            "tasks": list(self.tasks),
            "outcome": self.outcome.value,
            "city": str(self.city),
            "values": None if self.values is None else list(self.values),
            "task_points": [as_points(t) for t in self.task_tenths],
            "bonus": self.bonus,
            "points": as_points(self.tenths),
            "hints": self.hints,
            "hint_cost": as_points(self.hint_tenths),
            "seconds": round(self.seconds, 3),
            "by_hand": self.by_hand,
        }


@dataclass(frozen=True, slots=True)
class Solo:
    mode: Mode
    seed: int
    started_at: float
    #: Rekordjagd: when the run ends (None in the other modes: no clock).
    ends_at: float | None
    #: The current city's number (1, 2, ...): also what its triple is drawn from.
    number: int
    tasks: tuple[str, ...]
    #: When the current triple was shown.
    shown_at: float
    city: City
    #: Hints charged on the current city (in Übung: counted, free).
    hints: int = 0
    #: The last hint on the current triple.
    hint: Hint | None = None
    #: Finished, skipped and unfinished cities (Übung: only the last one).
    results: tuple[CityResult, ...] = ()
    over: bool = False
    timed_out: bool = False
    #: Whether a change brought more than one tile into the current city at once (no hand does).
    burst: bool = False

    @property
    def by_hand(self) -> bool:
        """Every city of the run laid at a person's pace: only then does it rank."""
        return all(r.by_hand for r in self.results)

    @property
    def total_tenths(self) -> int | None:
        """Run points in tenths: cities' points - hint costs, never below 0 (Übung: None)."""
        if self.mode is Mode.PRACTICE:
            return None
        cost = sum(r.hint_tenths for r in self.results) + (
            0 if self.over else self.hints * hint_cost(self.mode) * TENTHS
        )
        return max(0, sum(r.tenths for r in self.results) - cost)

    @property
    def total(self) -> float | None:
        tenths = self.total_tenths
        return None if tenths is None else as_points(tenths)


# Flow ----------------------------------------------------------------------------------------------
def new(
    mode: Mode | str,
    seed: int,
    now: float,
    *,
    duration: float = RECORD_SECONDS,
    tasks: Sequence[str] | str | None = None,
) -> Solo:
    """A new run. `duration`: Rekordjagd only; `tasks`: Übung only (None: drawn from the seed)."""
    try:
        mode = Mode(mode)
    except ValueError:
        raise RuleError(ErrorCode.BAD_SETTINGS, "mode must be record, daily or practice") from None
    if tasks is not None and mode is not Mode.PRACTICE:
        raise RuleError(ErrorCode.BAD_SETTINGS, "only Übung lets you choose the tasks")
    if mode is Mode.RECORD:
        if isinstance(duration, bool) or not isinstance(duration, int | float) or not 0 < duration < math.inf:
            raise RuleError(ErrorCode.BAD_SETTINGS, "duration must be a positive number of seconds")
        first = draw_triple(seed, 1)
        ends_at: float | None = now + duration
    elif mode is Mode.DAILY:
        first, ends_at = daily_triple(seed), now + DAILY_SECONDS
    else:
        first = draw_triple(seed, 1) if tasks is None else checked_triple(tasks)
        ends_at = None
    return Solo(mode, seed, now, ends_at, 1, first, now, City.empty())


def new_record(seed: int, now: float, duration: float = RECORD_SECONDS) -> Solo:
    return new(Mode.RECORD, seed, now, duration=duration)


def new_daily(seed: int, now: float) -> Solo:
    """The Tagesstadt; `now` is when the tasks are first shown (the time bonus counts from it)."""
    return new(Mode.DAILY, seed, now)


def new_practice(seed: int, now: float, tasks: Sequence[str] | str | None = None) -> Solo:
    return new(Mode.PRACTICE, seed, now, tasks=tasks)


def due(state: Solo) -> float | None:
    """When the run's own clock next changes something: the end of a Rekordjagd or of an abandoned
    Tagesstadt; Übung never."""
    return None if state.over else state.ends_at


def finished(state: Solo) -> bool:
    return state.over


def on_deadline(state: Solo, now: float) -> Solo:
    """Everything the clock has brought about by `now`: past its end a Rekordjagd is over and its
    unfinished city scores 0."""
    if state.over or state.ends_at is None or now < state.ends_at:
        return state
    return _close(state, Outcome.UNFINISHED, state.ends_at, timed_out=True)


#: The name the brief of this module used (`rounds` calls it `on_deadline`).
on_time = on_deadline


def give_up(state: Solo, now: float) -> Solo:
    """The player ends the run (or the server does for a player gone for good): the current city
    counts as unfinished. Idempotent."""
    state = on_deadline(state, now)
    if state.over:
        return state
    return _close(state, Outcome.UNFINISHED, now)


def _close(state: Solo, outcome: Outcome, at: float, *, timed_out: bool = False) -> Solo:
    results = (*_kept_results(state), _unscored(state, outcome, at))
    return replace(state, results=results, over=True, timed_out=timed_out, hint=None)


def _kept_results(state: Solo) -> tuple[CityResult, ...]:
    # Übung keeps nothing but the last city (for the message after it).
    return () if state.mode is Mode.PRACTICE else state.results


def _unscored(state: Solo, outcome: Outcome, at: float) -> CityResult:
    return CityResult(
        tasks=state.tasks,
        outcome=outcome,
        city=state.city,
        values=None,
        task_tenths=(0,) * len(state.tasks),
        hints=state.hints,
        hint_tenths=state.hints * hint_cost(state.mode) * TENTHS,
        started_at=state.shown_at,
        ended_at=at,
    )


def _playing(state: Solo, now: float) -> Solo:
    state = on_deadline(state, now)
    if state.over:
        code = ErrorCode.TIME_UP if state.timed_out else ErrorCode.GAME_OVER
        raise RuleError(code, "this run is over")
    return state


def _next_city(
    state: Solo, now: float, result: CityResult | None, tasks: tuple[str, ...] | None = None
) -> Solo:
    number = state.number + 1
    results = state.results if result is None else (*_kept_results(state), result)
    return replace(
        state,
        number=number,
        tasks=draw_triple(state.seed, number, state.tasks) if tasks is None else tasks,
        shown_at=now,
        city=City.empty(),
        hints=0,
        hint=None,
        results=results,
        burst=False,
    )


# Actions -------------------------------------------------------------------------------------------
def set_city(state: Solo, text: str, now: float) -> Solo:
    """The player's whole arrangement after any change (tiles not in it lie in the tray)."""
    state = _playing(state, now)
    try:
        city = parse_city(text)
    except NotationError as error:
        raise RuleError(ErrorCode.BAD_CITY, str(error)) from None
    if city == state.city:
        return state
    return replace(state, city=city, burst=state.burst or tiles_brought(state.city, city) > 1)


def call_done(state: Solo, now: float, catalog: Catalog) -> Solo:
    """ "Gasse dicht!": score the city (complete and valid only); then the next triple, or the end
    of the Tagesstadt."""
    state = _playing(state, now)
    if not is_finished_city(state.city, strict=False):
        raise RuleError(ErrorCode.NOT_VALID, "'Gasse dicht!' needs a complete, valid city")
    values = task_values(state.city)
    result = CityResult(
        tasks=state.tasks,
        outcome=Outcome.DONE,
        city=state.city,
        values=tuple(values[t] for t in state.tasks),
        task_tenths=tuple(catalog.task_tenths(t, values[t]) for t in state.tasks),
        hints=state.hints,
        hint_tenths=state.hints * hint_cost(state.mode) * TENTHS,
        started_at=state.shown_at,
        ended_at=now,
        bonus=time_bonus(now - state.shown_at) if state.mode is Mode.DAILY else 0,
        by_hand=not state.burst and now - state.shown_at >= MIN_CITY_SECONDS,
    )
    if state.mode is Mode.DAILY:
        return replace(state, results=(result,), over=True, hint=None)
    return _next_city(state, now, result)


def skip(state: Solo, now: float) -> Solo:
    """ "Überspringen": the next triple, no points for this one (Rekordjagd and Übung)."""
    state = _playing(state, now)
    if state.mode is Mode.DAILY:
        raise RuleError(ErrorCode.BAD_ACTION, "the Tagesstadt has one triple only")
    if state.mode is Mode.PRACTICE:
        return _next_city(state, now, None)
    return _next_city(state, now, _unscored(state, Outcome.SKIPPED, now))


def new_tasks(state: Solo, now: float, tasks: Sequence[str] | str | None = None) -> Solo:
    """Übung: a new triple, drawn (None) or chosen; the city so far is put away."""
    state = _playing(state, now)
    if state.mode is not Mode.PRACTICE:
        raise RuleError(ErrorCode.BAD_ACTION, "only Übung gives new tasks on request")
    return _next_city(state, now, None, None if tasks is None else checked_triple(tasks))


def ask_hint(state: Solo, now: float, catalog: Catalog) -> Solo:
    """ "Rat": the optimal city closest to what lies, and the next step (see `Hint`). Costs
    `hint_cost(mode)` unless it repeats the last hint or has nothing to say."""
    state = _playing(state, now)
    if state.hint is not None and state.hint.city == state.city:
        return state
    rat = catalog.rat(state.city, state.tasks)
    hint = Hint(state.city, rat.target, rat.wrong, rat.next_cell, rat.next_piece)
    charged = 1 if rat.next_cell is not None else 0
    return replace(state, hint=hint, hints=state.hints + charged)


# The moves a player can make (SetCity and CallDone are the table game's own) -----------------------
@dataclass(frozen=True, slots=True)
class Skip:
    """ "Überspringen"."""


@dataclass(frozen=True, slots=True)
class AskHint:
    """ "Rat"."""


@dataclass(frozen=True, slots=True)
class NewTasks:
    """Übung: new tasks, drawn (None) or chosen (three task ids)."""

    tasks: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class GiveUp:
    """End the run now ("Beenden")."""


Action = SetCity | CallDone | Skip | AskHint | NewTasks | GiveUp


def act(state: Solo, action: Action, now: float, catalog: Catalog) -> Solo:
    """Apply one move (RuleError if the rules forbid it)."""
    match action:
        case SetCity(city):
            return set_city(state, city, now)
        case CallDone():
            return call_done(state, now, catalog)
        case Skip():
            return skip(state, now)
        case AskHint():
            return ask_hint(state, now, catalog)
        case NewTasks(tasks):
            return new_tasks(state, now, tasks)
        case GiveUp():
            return give_up(state, now)


# Views ---------------------------------------------------------------------------------------------
def live_points(catalog: Catalog, tasks: tuple[str, ...], city: City) -> dict[str, Any] | None:
    """Under a complete valid city: the points it would bring now (hints are already paid).
    None for any other city."""
    return city_points(catalog, tasks, city) if is_finished_city(city, strict=False) else None


def view(state: Solo, catalog: Catalog) -> dict[str, Any]:
    """What the player may see: never the seed (it decides the next triples), nor a hint's
    target city. The time bonus of the Tagesstadt shows only after "Gasse dicht!" (no clock)."""
    last = state.results[-1] if state.results else None
    hint = state.hint if state.hint is not None and state.hint.city == state.city else None
    tasks = [task_card(task_id, catalog) for task_id in state.tasks]
    playing = not state.over
    return {
        "mode": state.mode.value,
        "phase": "finished" if state.over else "playing",
        "timed_out": state.timed_out,
        "started_at": state.started_at,
        "ends_at": state.ends_at,
        "number": state.number,
        "tasks": tasks if playing else [],
        "city": str(state.city) if playing else None,
        "report": report_view(str(state.city), False) if playing else None,
        "live": live_points(catalog, state.tasks, state.city) if playing else None,
        "hints": state.hints,
        "hint_cost": hint_cost(state.mode),
        "hint": hint.view() if hint is not None and playing else None,
        "last": None
        if last is None
        else {**last.summary(), "musterstadt": musterstadt_view(catalog, last.tasks)},
        # Once over, each city with its own Musterstadt (the summary shows any city of the run).
        "cities": [
            {**r.summary(), "musterstadt": musterstadt_view(catalog, r.tasks)} if state.over else r.summary()
            for r in state.results
        ]
        if state.mode is not Mode.PRACTICE
        else [],
        "total": state.total,
        "by_hand": state.by_hand,
    }


# Records -------------------------------------------------------------------------------------------
def result(state: Solo) -> dict[str, Any]:
    """What a finished run leaves for the records: its cities, points per city, hints, total."""
    data: dict[str, Any] = {
        "mode": state.mode.value,
        "seed": state.seed,
        "started_at": state.started_at,
        "cities": [r.summary() for r in state.results],
        "hints": sum(r.hints for r in state.results) + (0 if state.over else state.hints),
        "total": state.total,
        "finished": sum(r.outcome is Outcome.DONE for r in state.results),
        "by_hand": state.by_hand,
    }
    if state.mode is Mode.DAILY and state.results and state.results[0].outcome is Outcome.DONE:
        data["seconds"] = round(state.results[0].seconds, 3)
        data["time_bonus"] = state.results[0].bonus
    return data


def leaderboard_points(state: Solo) -> float:
    """A tenth of the run's points (Übung, or a run not laid by hand: nothing). Whether a Tagesstadt attempt is the day's
    first, and so counts, is for the records to know."""
    total = state.total_tenths
    return 0.0 if total is None or not state.by_hand else total / (TENTHS * 10)


# Live-store snapshots ------------------------------------------------------------------------------
def to_dict(state: Solo) -> dict[str, Any]:
    return {
        "mode": state.mode.value,
        "seed": state.seed,
        "started_at": state.started_at,
        "ends_at": state.ends_at,
        "number": state.number,
        "tasks": list(state.tasks),
        "shown_at": state.shown_at,
        "city": str(state.city),
        "hints": state.hints,
        "hint": None if state.hint is None else state.hint.to_dict(),
        "results": [r.to_dict() for r in state.results],
        "over": state.over,
        "timed_out": state.timed_out,
        "burst": state.burst,
    }


def from_dict(data: dict[str, Any]) -> Solo:
    hint = data["hint"]
    return Solo(
        mode=Mode(data["mode"]),
        seed=data["seed"],
        started_at=data["started_at"],
        ends_at=data["ends_at"],
        number=data["number"],
        tasks=tuple(data["tasks"]),
        shown_at=data["shown_at"],
        city=parse_city(data["city"]),
        hints=data["hints"],
        hint=None if hint is None else Hint.from_dict(hint),
        results=tuple(CityResult.from_dict(r) for r in data["results"]),
        over=data["over"],
        timed_out=data["timed_out"],
        burst=data.get("burst", False),
    )
