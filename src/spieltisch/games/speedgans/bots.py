"""Computer players for Speedgans at a table.

A computer knows the catalog of every valid city but builds like a person: it picks the city it
aims for from the round's tasks, then lays it tile by tile (so its tile count rises like anyone's)
and calls "Gasse dicht!" when it is complete. Levels (rules text, "Gegen Computer"):

- easy (Leicht): cares about one of the round's tasks and is leisurely; when time is short (a
  quick player started the hourglass) it finishes in about half the rounds; alone with people who
  take their time it always does (it needs well under the 120 s turn clock);
- medium (Normal): cares about two tasks, at a moderate pace;
- strong (Stark): aims at a near-best city for all three tasks (on average over 90 % of the
  Musterstadt's 0-100 sum, the Musterstadt itself now and then) at the pace of a very good player.

Each level aims at a share of the best its cared-for tasks allow, drawn anew every round, and its
pace varies from round to round as a person's does (an easy triple goes quicker): `round_tempo`.
The figures come from `bench/speedgans_bots.py`.

A computer sees only what a player sees: the round's tasks and its own city (the functions here
take nothing else). Everything random comes from the `rng` the table hands in, which is seeded by
the game's seed, round and seat, so a game replays the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from spieltisch.games.levels import BotLevel
from spieltisch.games.speedgans.catalog import city_of_code
from spieltisch.games.speedgans.notation import City
from spieltisch.games.speedgans.rounds import Action, CallDone, SetCity

if TYPE_CHECKING:
    from spieltisch.games.speedgans.catalog import Catalog


@dataclass(frozen=True)
class Level:
    #: How many of the round's tasks it cares about.
    tasks: int
    #: The lowest share of the best sum (of the tasks it cares about) it may aim for: each round it
    #: draws a share between this and 1 and builds the city that just reaches it.
    aim: float
    #: Seconds it looks at the tasks before the first tile, and per further tile (at tempo 1).
    first: tuple[float, float]
    per_tile: tuple[float, float]
    #: Seconds before it presses "next round" after a scoring.
    next_round: tuple[float, float]


#: A round's pace against the level's usual one: a person is quicker with some tasks than others.
TEMPO = (0.8, 1.25)

LEVELS: dict[BotLevel, Level] = {
    # About 56 s for nine tiles (45-70 s with the tempo): the hourglass that a strong player starts
    # at ~28 s ends at ~58 s, so it finishes about half of such rounds; at most ~88 s alone.
    "easy": Level(tasks=1, aim=0.75, first=(6.0, 10.0), per_tile=(4.5, 7.5), next_round=(3.0, 8.0)),
    "medium": Level(tasks=2, aim=0.85, first=(5.0, 9.0), per_tile=(3.0, 5.0), next_round=(2.0, 6.0)),
    # About 28 s (22-35 s): quick, but a pace a very good player can match.
    "strong": Level(tasks=3, aim=0.84, first=(4.0, 7.0), per_tile=(2.0, 3.6), next_round=(1.5, 4.0)),
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
    totals = catalog.score_matrix(tuple(cared)).sum(axis=1)
    best = float(totals.max())
    # The least good city that still reaches the share drawn: the best one only when the draw
    # lies above every other city (so the Musterstadt is a rare, not a sure, result).
    wanted = best - rng.uniform(0.0, 1.0 - spec.aim) * abs(best)
    reaching = totals[totals >= wanted - 1e-9]
    lowest = float(reaching.min())
    ties = np.flatnonzero(np.abs(totals - lowest) < 1e-9)
    return city_of_code(int(catalog.codes[ties[rng.randrange(len(ties))]]))


def round_tempo(seed: int, round_number: int, seat: int) -> float:
    """How quick a computer is this round (a factor on its thinking times), from the game alone."""
    return random.Random(f"{seed}:{round_number}:{seat}:tempo").uniform(*TEMPO)


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


def thinking_seconds(
    level: str, tiles_laid: int, building: bool, rng: random.Random, tempo: float = 1.0
) -> float:
    """How long the computer "thinks" before its next step (before the server's pacing factor);
    `tempo` (see `round_tempo`) scales its building, not its "next round"."""
    spec = level_of(level)
    if not building:
        return rng.uniform(*spec.next_round)
    low, high = spec.first if tiles_laid == 0 else spec.per_tile
    return tempo * rng.uniform(low, high)
