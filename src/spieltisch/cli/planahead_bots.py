"""Command line: `spieltisch planahead bot-bench` and `spieltisch planahead bot-train`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from spieltisch.cli.errors import UsageError

BENCH_LEVELS = ("random", "easy", "medium", "strong")


def register(sub: argparse._SubParsersAction) -> None:
    """Adds this module's `planahead` sub-commands."""
    bench = sub.add_parser(
        "bot-bench", help="play seeded solo games with a computer level and report its figures"
    )
    bench.add_argument("--level", required=True, help=f"one of {', '.join(BENCH_LEVELS)} (random: baseline)")
    bench.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    bench.add_argument("--seed", type=int, default=0, help="game i plays draw_tiles(seed + i) (default 0)")
    bench.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    bench.set_defaults(handler=_bench)

    train = sub.add_parser("bot-train", help="train the strong level's value table by TD self-play")
    train.add_argument(
        "--games", type=int, default=None, help="self-play games (default: the shipped schedule)"
    )
    train.add_argument("--seed", type=int, default=1, help="seed of the self-play draws (default 1)")
    train.add_argument(
        "--out", type=Path, default=None, help="weights file (default: the shipped strong.npz)"
    )
    train.set_defaults(handler=_train)


def _bench(args: argparse.Namespace) -> int:
    if args.level not in BENCH_LEVELS:
        raise UsageError(f"unknown level {args.level!r}; expected one of {', '.join(BENCH_LEVELS)}")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    from tqdm import tqdm

    from spieltisch.games.planahead.bots.bench import run_bench

    progress = tqdm(
        range(args.games), desc=f"bot-bench {args.level}", unit="game", file=sys.stderr, leave=False
    )
    result = run_bench(args.level, args.games, args.seed, progress)
    print(json.dumps(result.to_dict()) if args.json else result.line())
    return 0


def _train(args: argparse.Namespace) -> int:
    from spieltisch.games.planahead.bots import train

    games = train.DEFAULT_GAMES if args.games is None else args.games
    if games < 1:
        raise UsageError("--games must be at least 1")
    out = args.out if args.out is not None else train.default_out()
    if not out.parent.is_dir():
        raise UsageError(f"no such directory: {out.parent}")
    train.train(games=games, seed=args.seed, out=out, log=lambda text: print(text, file=sys.stderr))
    print(out)
    return 0
