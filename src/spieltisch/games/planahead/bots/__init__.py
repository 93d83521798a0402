"""Computer players for Plan Ahead: three levels a seat can be given, and a replay of the strongest.

    LEVELS = ("easy", "medium", "strong")   # Einsteiger, Fortgeschritten, Meister
    choose_field(level, land, tile, drawn, rng) -> field (1-based)
    replay_strongest(draw) -> (score, land)

A level sees only what a player sees: its land, the current tile and the tiles drawn so far (which
tells it the tiles that may still come). Methods: easy is greedy on the points a tile completes now,
with a share of random moves; medium values each afterstate by the probability that its open lines
still complete; strong uses a value table learned by TD(λ) self-play (`spieltisch planahead bot-train`)
and a chance search that averages over every tile that may come next (two tiles deep for its best
few fields). Every level draws only from the `rng` it is given: easy for its random moves, medium
and strong among the fields they score about as well as their best, so two computers of one level
play their own lands (an rng seeded per seat); `play_game(level, draw, None)` plays medium's and
strong's single best line (the replay of the strongest).

Importing this package is cheap: NumPy, Numba and the weights load on the first choice (about a
second, once per process; call `warm_up()` at server start to pay it early). The kernels release the
GIL, so `await asyncio.to_thread(choose_field, ...)` keeps an event loop responsive.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from spieltisch.games.levels import BOT_LEVELS
from spieltisch.games.planahead.board import FIELD_COUNT
from spieltisch.games.planahead.notation import Land
from spieltisch.games.planahead.tiles import Tile

LEVELS = BOT_LEVELS


def choose_field(
    level: str,
    land: Land,
    tile: Tile,
    drawn: Sequence[Tile],
    rng: random.Random | None,
    *,
    turned: bool = False,
) -> int:
    """The field (1..19) where `level` puts `tile` on `land`.

    `drawn`: every tile revealed in this game so far, the current one included (the tiles on the
    land are counted as seen even if missing from it). `turned`: the level plays its land turned by
    180° (see `turned_seat`). Raises ValueError for an unknown level, a full land, or a tile already
    on the land.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
    if turned:
        return _turn_field(_choose(level, _turn_land(land), tile, drawn, rng))
    return _choose(level, land, tile, drawn, rng)


def turned_seat(seed: int, kin: int) -> bool:
    """Whether a computer plays its land turned by 180° this game: `kin` counts the computers of
    its level before it at the table, and every other one is turned, starting with the first or the
    second as the game's seed says. The turn maps every line onto a line of the same direction and
    length, so a land scores as its turned self: the computer plays just as well, but two of one
    level never lay the same land. (The strong level's own choices rarely differ: letting it choose
    among fields half a point from its best cost it 3.3 ± 2.0 points a game.)"""
    return (seed + kin) % 2 == 1


def _turn_land(land: Land) -> Land:
    # Fields are numbered column by column: the 180° turn, (q, r) -> (-q, -r), reverses the order.
    return tuple(reversed(land))


def _turn_field(field: int) -> int:
    return FIELD_COUNT + 1 - field


def _choose(level: str, land: Land, tile: Tile, drawn: Sequence[Tile], rng: random.Random | None) -> int:
    # Imported here so that `import spieltisch.games.planahead.bots` does not load Numba.
    from spieltisch.games.planahead.bots.geometry import land_array, undrawn_mask
    from spieltisch.games.planahead.bots.players import PLAYERS

    if len(land) != FIELD_COUNT:
        raise ValueError(f"a land has {FIELD_COUNT} fields, got {len(land)}")
    if tile in land:
        raise ValueError(f"tile {tile} is already on the land")
    placed = sum(entry is not None for entry in land)
    if placed == FIELD_COUNT:
        raise ValueError("the land is full")
    cells = land_array(land)
    undrawn = undrawn_mask([*drawn, *(entry for entry in land if entry is not None), tile])
    field = PLAYERS[level](cells, placed, tile.index, undrawn, rng)
    return field + 1


def warm_up() -> None:
    """Load the kernels and weights of every level now rather than on the first move."""
    from spieltisch.games.planahead.tiles import ALL_TILES

    for level in LEVELS:
        _choose(level, (None,) * FIELD_COUNT, ALL_TILES[0], ALL_TILES[:1], random.Random(0))


def play_game(
    level: str, draw: Sequence[Tile], rng: random.Random | None = None, *, turned: bool = False
) -> Land:
    """A solo game of `level` on `draw`, tile by tile: each choice sees only the tiles up to its own.
    Also accepts the benchmark baseline "random". Without an rng: medium's and strong's best line,
    easy's and random's moves drawn from the seed 0."""
    from spieltisch.games.planahead.bots.players import PLAYERS

    if level not in PLAYERS:
        raise ValueError(f"unknown level {level!r}; expected one of {', '.join(PLAYERS)}")
    if rng is None and level in ("easy", "random"):
        rng = random.Random(0)
    land: list[Tile | None] = [None] * FIELD_COUNT
    for turn, tile in enumerate(draw):
        seen = draw[: turn + 1]
        if turned:
            field = _turn_field(_choose(level, _turn_land(tuple(land)), tile, seen, rng))
        else:
            field = _choose(level, tuple(land), tile, seen, rng)
        land[field - 1] = tile
    return tuple(land)


def replay_strongest(draw: Sequence[Tile]) -> tuple[int, Land]:
    """What the strong level scores on the same tile sequence (for comparing after a game): its
    single best line, the same every time."""
    from spieltisch.games.planahead.scoring import score_land

    land = play_game("strong", draw, None)
    return score_land(land).total, land
