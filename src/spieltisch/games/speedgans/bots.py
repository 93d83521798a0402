"""Computer players for Speedgans at a table.

A computer knows the catalog of every valid city but builds like a person: it picks the city it
aims for from the round's tasks, then lays it tile by tile (so its tile count rises like anyone's)
and calls "Gasse dicht!" when it is complete. Levels (rules text, "Gegen Computer"):

- easy (Leicht): cares about one of the round's tasks and is slow; when time is short it may not
  finish at all;
- medium (Normal): cares about two tasks, moderately quick;
- strong (Stark): a near-best city for all three tasks (one of the three best), quick.

A computer sees only what a player sees: the round's tasks and its own city (the functions here
take nothing else). Everything random comes from the `rng` the table hands in, which is seeded by
the game's seed, round and seat, so a game replays the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from spieltisch.games.levels import BotLevel
from spieltisch.games.speedgans.notation import City
from spieltisch.games.speedgans.rounds import Action, CallDone, SetCity

if TYPE_CHECKING:
    from spieltisch.games.speedgans.catalog import Catalog


@dataclass(frozen=True)
class Level:
    #: How many of the round's tasks it cares about.
    tasks: int
    #: It picks one of this many best cities for those tasks (the fewer, the closer to the best).
    choices: int
    #: Seconds it looks at the tasks before the first tile, and per further tile.
    first: tuple[float, float]
    per_tile: tuple[float, float]
    #: Seconds before it presses "next round" after a scoring.
    next_round: tuple[float, float]


LEVELS: dict[BotLevel, Level] = {
    "easy": Level(tasks=1, choices=20, first=(5.0, 9.0), per_tile=(3.5, 6.5), next_round=(3.0, 8.0)),
    "medium": Level(tasks=2, choices=5, first=(3.0, 6.0), per_tile=(2.0, 4.0), next_round=(2.0, 6.0)),
    "strong": Level(tasks=3, choices=3, first=(2.0, 4.0), per_tile=(1.0, 2.2), next_round=(1.5, 4.0)),
}


def level_of(name: str) -> Level:
    return LEVELS[name] if name in LEVELS else LEVELS["easy"]


def plan_city(catalog: Catalog, tasks: tuple[str, ...], level: str, rng: random.Random) -> City:
    """The city this computer aims for this round (the same for the same rng state)."""
    return _plan(catalog, tuple(tasks), level, rng.getrandbits(32))


@lru_cache(maxsize=256)
def _plan(catalog: Catalog, tasks: tuple[str, ...], level: str, key: int) -> City:
    # Cached: the table asks again after every tile, with an rng seeded the same way each time.
    rng = random.Random(key)
    spec = level_of(level)
    cared = rng.sample(tasks, min(spec.tasks, len(tasks)))
    candidates = catalog.best_for_weights(dict.fromkeys(cared, 1.0), spec.choices)
    city, _ = candidates[rng.randrange(len(candidates))]
    return city


def next_actions(
    catalog: Catalog, tasks: tuple[str, ...], own: City, level: str, rng: random.Random
) -> list[Action]:
    """The next step toward the planned city: one more tile laid (or one wrong tile put right),
    then "Gasse dicht!" once the city is complete."""
    target = plan_city(catalog, tasks, level, rng)
    if own == target:
        return [CallDone()]
    cell = next(i for i in range(9) if own.cells[i] != target.cells[i])
    piece = target.cells[cell]
    cells = [None if p is not None and p.tile == piece.tile else p for p in own.cells]  # type: ignore[union-attr]
    cells[cell] = piece
    city = City(tuple(cells))
    actions: list[Action] = [SetCity(str(city))]
    if city == target:
        actions.append(CallDone())
    return actions


def thinking_seconds(level: str, tiles_laid: int, building: bool, rng: random.Random) -> float:
    """How long the computer "thinks" before its next step (before the server's pacing factor)."""
    spec = level_of(level)
    low, high = spec.next_round if not building else spec.first if tiles_laid == 0 else spec.per_tile
    return rng.uniform(low, high)
