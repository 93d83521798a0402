"""Benchmark of every Plan Ahead computer level, with random play as the baseline, in one run.

    .venv/bin/python bench/planahead_bots.py [--games N] [--seed S] [--levels random,easy,...] [--json]

Game i plays draw_tiles(S + i) for every level, so the levels are compared on the same draws.
"""

from __future__ import annotations

import argparse
import json
import sys

from tqdm import tqdm

from spieltisch.games.planahead.bots.bench import run_bench

ALL = ("random", "easy", "medium", "strong")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per level (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="first draw seed (default 0)")
    parser.add_argument("--levels", default=",".join(ALL), help="comma-separated levels (default: all)")
    parser.add_argument("--json", action="store_true", help="one JSON object per level")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    unknown = [level for level in levels if level not in ALL]
    if unknown or args.games < 1:
        parser.error(f"levels must be among {', '.join(ALL)} and --games at least 1")
    for level in levels:
        progress = tqdm(range(args.games), desc=level, unit="game", file=sys.stderr, leave=False)
        result = run_bench(level, args.games, args.seed, progress)
        print(json.dumps(result.to_dict()) if args.json else result.line(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
