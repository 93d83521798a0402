"""The levels as functions from what a player knows to a 0-based field.

Every player gets the same arguments: its land (int8 array, -1 empty), the number of tiles on it,
the tile to place and `undrawn` (tiles not seen yet; the current tile excluded). Nothing about the
tiles to come is passed, so no level can peek.

`rng` makes two computers of one level at one table play their own lands: medium and strong pick at
random among the fields they score within `VARIETY` points of their best (fields that good are as
good as the best within what the level can tell apart, so the strength stays the same: see
`bench/planahead_bots.py --variety`). Without an rng (None) they play their single best line.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from spieltisch.games.planahead.bots import weights
from spieltisch.games.planahead.bots.kernels import afterstate_scores, best_field, deep_scores, reward_at

Player = Callable[[np.ndarray, int, int, np.ndarray, random.Random | None], int]

#: Share of the easy level's moves placed on a random free field instead of the greedy choice.
EASY_NOISE = 0.3
#: The strong level's selective 2-ply search: fields searched deeper for this tile, and for each
#: possible next tile. With the TD(lambda) weights (3, 2) gains ~1.2 points over the plain 1-ply
#: lookahead (168.4 against 167.2 on 1,000 bench games) at ~18 ms CPU a move; wider searches (up to
#: 8 deep fields, 3 for the next tile) gained nothing measurable.
STRONG_FIRST = 3
STRONG_NEXT = 2
#: On a nearly empty land the search is widest (19 fields, 26 unseen tiles) and the first moves
#: would cost ~65 ms CPU; two deep candidates keep every move under ~50 ms.
STRONG_FIRST_EARLY = 2
EARLY_TILES = 3
#: Expected points within which a field counts as good as the best one (see the module's text).
VARIETY = {"medium": 1.0, "strong": 0.15}


def _free(land: np.ndarray) -> list[int]:
    return [f for f in range(land.shape[0]) if land[f] < 0]


def _near_best(scores: np.ndarray, margin: float, rng: random.Random | None) -> int:
    """A field scored within `margin` of the best, drawn by `rng`; the best (lowest on ties) without."""
    if rng is None:
        return int(best_field(scores))
    top = float(scores.max())
    return rng.choice([f for f in range(scores.shape[0]) if scores[f] >= top - margin])


def play_random(
    land: np.ndarray, placed: int, tile: int, undrawn: np.ndarray, rng: random.Random | None
) -> int:
    """Baseline for benchmarks: any free field."""
    return (rng or random.Random(placed)).choice(_free(land))


def play_easy(
    land: np.ndarray, placed: int, tile: int, undrawn: np.ndarray, rng: random.Random | None
) -> int:
    """Greedy on the points this tile completes now, ties and a share of moves at random."""
    rng = rng or random.Random(placed)
    free = _free(land)
    if rng.random() < EASY_NOISE:
        return rng.choice(free)
    gains = []
    for f in free:
        land[f] = tile
        gains.append(int(reward_at(land, f)))
        land[f] = -1
    top = max(gains)
    return rng.choice([f for f, gain in zip(free, gains, strict=True) if gain == top])


def play_medium(
    land: np.ndarray, placed: int, tile: int, undrawn: np.ndarray, rng: random.Random | None
) -> int:
    """Line-probability heuristic on the afterstate (no lookahead)."""
    scores = afterstate_scores(weights.medium(), land, placed, undrawn, tile)
    return _near_best(scores, VARIETY["medium"], rng)


def play_strong(
    land: np.ndarray, placed: int, tile: int, undrawn: np.ndarray, rng: random.Random | None
) -> int:
    """Learned value with a chance search over the next tile (and, for the best few fields, the one
    after it)."""
    first = STRONG_FIRST_EARLY if placed < EARLY_TILES else STRONG_FIRST
    scores = deep_scores(weights.strong(), land, placed, undrawn, tile, first, STRONG_NEXT)
    return _near_best(scores, VARIETY["strong"], rng)


PLAYERS: dict[str, Player] = {
    "random": play_random,
    "easy": play_easy,
    "medium": play_medium,
    "strong": play_strong,
}
