"""Benchmark of every Plan Ahead computer level, with random play as the baseline, in one run.

    .venv/bin/python bench/planahead_bots.py [--games N] [--seed S] [--levels random,easy,...] [--json]
    .venv/bin/python bench/planahead_bots.py --variety [--games N] [--levels easy,medium,strong]

Game i plays draw_tiles(S + i) for every level, so the levels are compared on the same draws.
--variety: two seats of each level on the same draws, each with its own rng, and the level's best
line: how often the two play the same land, and the variety's cost paired per draw.
"""

from __future__ import annotations

import argparse
import json
import sys

from tqdm import tqdm

from spieltisch.games.planahead.bots.bench import run_bench, run_variety

ALL = ("random", "easy", "medium", "strong")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per level (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="first draw seed (default 0)")
    parser.add_argument("--levels", default=",".join(ALL), help="comma-separated levels (default: all)")
    parser.add_argument("--json", action="store_true", help="one JSON object per level")
    parser.add_argument("--variety", action="store_true", help="two seats of a level against its best line")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    if args.variety:
        levels = [level for level in levels if level != "random"]
    unknown = [level for level in levels if level not in ALL]
    if unknown or args.games < 1:
        parser.error(f"levels must be among {', '.join(ALL)} and --games at least 1")
    for level in levels:
        progress = tqdm(range(args.games), desc=level, unit="game", file=sys.stderr, leave=False)
        run = run_variety if args.variety else run_bench
        result = run(level, args.games, args.seed, progress)
        print(json.dumps(result.to_dict()) if args.json else result.line(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
