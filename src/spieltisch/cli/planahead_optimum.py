"""Command line: `spieltisch planahead optimum --tiles "963 124 …" [--json]` — the exact optimum."""

from __future__ import annotations

import argparse
import json

from spieltisch.cli.errors import UsageError
from spieltisch.games.planahead.notation import format_land, parse_tiles
from spieltisch.games.planahead.optimum import MAX_TILES, MIN_TILES, best_land
from spieltisch.games.planahead.tiles import ALL_TILES, NotationError, Tile


def register(sub: argparse._SubParsersAction) -> None:
    """Adds this module's `planahead` sub-commands."""
    optimum = sub.add_parser("optimum", help="the best land 19 of the given tiles can make (exact)")
    optimum.add_argument(
        "--tiles",
        required=True,
        help=f'{MIN_TILES} to {MAX_TILES} distinct tiles, e.g. "963 124 …", or "all" for all 27',
    )
    optimum.add_argument("--json", action="store_true", help='print {"score": N, "land": "…"} as JSON')
    optimum.set_defaults(handler=_optimum)


def _tiles(text: str) -> tuple[Tile, ...]:
    if text.strip().lower() == "all":
        return ALL_TILES
    try:
        tiles = parse_tiles(text)
    except NotationError as error:
        raise UsageError(str(error)) from None
    if not MIN_TILES <= len(tiles) <= MAX_TILES:
        raise UsageError(f"give {MIN_TILES} to {MAX_TILES} tiles, got {len(tiles)}")
    return tiles


def _optimum(args: argparse.Namespace) -> int:
    result = best_land(_tiles(args.tiles))
    land = format_land(result.land)
    if args.json:
        print(json.dumps({"score": result.score, "land": land}))
    else:
        print(f"best possible score: {result.score}")
        print(f"land (fields 1..19): {land}")
    return 0
