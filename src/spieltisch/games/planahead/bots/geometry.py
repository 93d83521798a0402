"""The board and the tiles as small integer arrays, the form the Numba kernels work on.

Derived once from the engine (board.LINES, tiles.ALL_TILES), so the bots can never disagree with
the rules about which fields form a line or which kind a tile shows in a direction.

Encoding used by every kernel:
- a land is an int8 array of 19 entries, the tile index (0..26) or -1 for an empty field;
- a tile's kind in a direction is 0, 1 or 2 (its position in tiles.VALUES[direction]);
- `undrawn` is a bool array of 27 entries: the tiles not yet seen in this game.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from spieltisch.games.planahead.board import FIELD_COUNT, LINES
from spieltisch.games.planahead.notation import Land
from spieltisch.games.planahead.tiles import ALL_TILES, VALUES, Direction, Tile

TILE_COUNT = len(ALL_TILES)
LINE_COUNT = len(LINES)
MAX_LINE = 5

#: Fields (0-based) of each line, padded with -1.
LINE_FIELDS = np.full((LINE_COUNT, MAX_LINE), -1, dtype=np.int64)
LINE_LEN = np.zeros(LINE_COUNT, dtype=np.int64)
LINE_DIR = np.zeros(LINE_COUNT, dtype=np.int64)
#: For each field (0-based) and direction, the line through it.
FIELD_LINES = np.full((FIELD_COUNT, 3), -1, dtype=np.int64)

for _i, _line in enumerate(LINES):
    LINE_LEN[_i] = _line.length
    LINE_DIR[_i] = int(_line.direction)
    for _j, _field in enumerate(_line.fields):
        LINE_FIELDS[_i, _j] = _field - 1
        FIELD_LINES[_field - 1, int(_line.direction)] = _i
assert (FIELD_LINES >= 0).all()

#: Kind (0..2) of each tile in each direction.
TILE_KIND = np.array(
    [[VALUES[d].index(tile.value(d)) for d in Direction] for tile in ALL_TILES], dtype=np.int64
)
#: Points per field of each kind: KIND_VALUE[direction, kind].
KIND_VALUE = np.array([VALUES[d] for d in Direction], dtype=np.int64)


def land_array(land: Land) -> np.ndarray:
    return np.array([-1 if tile is None else tile.index for tile in land], dtype=np.int8)


def undrawn_mask(seen: Iterable[Tile]) -> np.ndarray:
    mask = np.ones(TILE_COUNT, dtype=np.bool_)
    for tile in seen:
        mask[tile.index] = False
    return mask
