"""How long the move-by-move analysis of a Plan Ahead game takes, and how its losses fall by level
(the calibration of „Ungenau“ / „Fehler“ / „Patzer“), in one run.

    .venv/bin/python bench/planahead_analysis.py [--games N] [--seed S]

Game i is draw_tiles(S + i), played by each computer level (random as the baseline; medium and
strong each with an rng of their own, as at a table) and then analysed. Printed per level: the
analysis's wall and CPU time per game (the first, which loads Numba's kernels, left out), the mean
total loss and accuracy, and the share of moves at or over each threshold. The bar: a whole game
under 2 s on this machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from tqdm import tqdm

from spieltisch.games.planahead.analysis import BLUNDER, INACCURACY, MISTAKE, analyse
from spieltisch.games.planahead.bots import play_game
from spieltisch.games.planahead.game import draw_tiles

LEVELS = ("random", "easy", "medium", "strong")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per level (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="first draw seed (default 0)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    analyse(draw_tiles(0), list(range(1, 20)))  # Numba's kernels load once, not in a timed game
    print(
        f"{'level':8} {'games':>5} {'ms/game':>8} {'cpu ms':>7} {'max ms':>7} {'loss/game':>9} "
        f"{'accuracy':>8} {'>=3':>6} {'>=8':>6} {'>=15':>6}"
    )
    for level in LEVELS:
        walls, cpus, totals, accuracies, losses = [], [], [], [], []
        for i in tqdm(range(args.games), desc=level, unit="game", file=sys.stderr, leave=False):
            draw = draw_tiles(args.seed + i)
            land = play_game(level, draw, random.Random(args.seed + i))
            fields = [land.index(tile) + 1 for tile in draw]
            wall, cpu = time.perf_counter(), time.process_time()
            result = analyse(draw, fields)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            moves = [move.loss for move in result.moves]
            losses.extend(moves)
            totals.append(sum(moves))
            accuracies.append(result.accuracy)

        def share(threshold: float, losses: list[float] = losses) -> str:
            return f"{sum(loss >= threshold for loss in losses) / len(losses):6.1%}"

        print(
            f"{level:8} {args.games:>5} {1000 * statistics.mean(walls):>8.1f} {1000 * statistics.mean(cpus):>7.1f} "
            f"{1000 * max(walls):>7.1f} {statistics.mean(totals):>9.1f} {statistics.mean(accuracies):>8.2f} "
            f"{share(INACCURACY)} {share(MISTAKE)} {share(BLUNDER)}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
