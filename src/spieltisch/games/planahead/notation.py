"""Text notation of a land: 19 space-separated entries for fields 1..19, `.` for an empty field.

Example: `963 . . 124 ...` (19 entries). Used alike by tests, logs, the command line and the API.
"""

from __future__ import annotations

from spieltisch.games.planahead.board import FIELD_COUNT
from spieltisch.games.planahead.tiles import NotationError, Tile

#: A land: the tile on each field 1..19 (index 0 is field 1), None where empty.
Land = tuple[Tile | None, ...]

EMPTY_LAND: Land = (None,) * FIELD_COUNT


def parse_land(text: str, *, distinct: bool = True) -> Land:
    entries = text.split()
    if len(entries) != FIELD_COUNT:
        raise NotationError(f"a land has {FIELD_COUNT} entries (tile or '.'), got {len(entries)}")
    land = tuple(None if entry == "." else Tile.parse(entry) for entry in entries)
    if distinct:
        seen: set[Tile] = set()
        for tile in land:
            if tile is not None and tile in seen:
                raise NotationError(f"tile {tile} appears twice; every tile exists once")
            if tile is not None:
                seen.add(tile)
    return land


def format_land(land: Land) -> str:
    return " ".join("." if tile is None else tile.code for tile in land)


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """A space-separated list of distinct tiles, e.g. `963 124 578`."""
    tiles = tuple(Tile.parse(entry) for entry in text.split())
    if not tiles:
        raise NotationError("no tiles given")
    if len(set(tiles)) != len(tiles):
        raise NotationError("a tile appears twice; every tile exists once")
    return tiles
