"""Benchmark: a level plays seeded solo games; mean, spread, zero-line share and time per move.

Game i of a run with seed S plays the draw `draw_tiles(S + i)`; the easy level (and the random
baseline) draw their noise from `random.Random(f"bench:{S + i}")`, so every figure is reproducible.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from spieltisch.games.planahead.bots import play_game, turned_seat
from spieltisch.games.planahead.game import draw_tiles
from spieltisch.games.planahead.scoring import LineState, score_land


@dataclass(frozen=True, slots=True)
class BenchResult:
    level: str
    games: int
    seed: int
    mean: float
    std: float
    zero_line_share: float
    ms_per_move: float
    #: CPU time of this process per move: what a move costs when the machine is shared.
    cpu_ms_per_move: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def line(self) -> str:
        return (
            f"{self.level:<7} games={self.games} seed={self.seed} mean={self.mean:.2f} std={self.std:.2f} "
            f"zero-line={100 * self.zero_line_share:.2f}% ms/move={self.ms_per_move:.3f} "
            f"(cpu {self.cpu_ms_per_move:.3f})"
        )


def warm_up(level: str) -> None:
    """Load weights and compiled kernels before timing, so the first game does not count them."""
    play_game(level, draw_tiles(-1), random.Random(0))


def run_bench(level: str, games: int, seed: int, progress: Iterable[int] | None = None) -> BenchResult:
    """Play games seed..seed+games-1; `progress` may wrap range(games) (e.g. in tqdm)."""
    warm_up(level)
    scores: list[int] = []
    zero_line = 0
    elapsed = 0.0
    cpu = 0.0
    moves = 0
    for i in progress if progress is not None else range(games):
        draw = draw_tiles(seed + i)
        rng = random.Random(f"bench:{seed + i}")
        start, start_cpu = time.perf_counter(), time.process_time()
        land = play_game(level, draw, rng)
        elapsed += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        moves += len(draw)
        result = score_land(land)
        scores.append(result.total)
        zero_line += not any(line.state is LineState.COMPLETE for line in result.lines)
    return BenchResult(
        level=level,
        games=games,
        seed=seed,
        mean=statistics.fmean(scores),
        std=statistics.pstdev(scores),
        zero_line_share=zero_line / games,
        ms_per_move=1000 * elapsed / moves,
        cpu_ms_per_move=1000 * cpu / moves,
    )


@dataclass(frozen=True, slots=True)
class VarietyResult:
    """Three computers of one level at one table (each with its own rng and turn of the
    land) on the same draws, against the level's single best line (no rng, not turned): how alike
    their lands are, and what the variety costs (the turn costs nothing: a land scores as its
    turned self)."""

    level: str
    games: int
    seed: int
    mean_varied: float
    mean_best_line: float
    #: Mean of (varied − best line) per draw and its standard error: the cost, paired on each draw.
    paired_diff: float
    paired_se: float
    #: Share of draws where the first two played the very same land, and fields they
    #: differ in.
    identical_share: float
    fields_apart: float
    #: The same share for the first and the third (one turn of the land: only their rng sets them
    #: apart).
    same_turn_identical_share: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def line(self) -> str:
        return (
            f"{self.level:<7} games={self.games} seed={self.seed} varied={self.mean_varied:.2f} "
            f"best-line={self.mean_best_line:.2f} paired diff={self.paired_diff:+.2f} ±{self.paired_se:.2f} (SE) "
            f"identical lands={100 * self.identical_share:.1f}% fields apart={self.fields_apart:.1f}/19 "
            f"(first and third: {100 * self.same_turn_identical_share:.1f}% identical)"
        )


def run_variety(level: str, games: int, seed: int, progress: Iterable[int] | None = None) -> VarietyResult:
    """Play draws seed..seed+games-1 three times: two seats of `level` and its best line."""
    warm_up(level)
    varied: list[int] = []
    best: list[int] = []
    identical = 0
    same_turn = 0
    apart = 0
    for i in progress if progress is not None else range(games):
        draw = draw_tiles(seed + i)
        # As at a table: each seat its own rng and its own turn of the land (see `turned_seat`).
        seat_a = play_game(level, draw, random.Random(f"{seed + i}:a"), turned=turned_seat(seed + i, 0))
        seat_b = play_game(level, draw, random.Random(f"{seed + i}:b"), turned=turned_seat(seed + i, 1))
        # A third computer of the level: the same turn as the first.
        seat_c = play_game(level, draw, random.Random(f"{seed + i}:c"), turned=turned_seat(seed + i, 2))
        same_turn += seat_a == seat_c
        line = play_game(level, draw, None)
        varied.append(score_land(seat_a).total)
        best.append(score_land(line).total)
        identical += seat_a == seat_b
        apart += sum(x != y for x, y in zip(seat_a, seat_b, strict=True))
    diffs = [v - b for v, b in zip(varied, best, strict=True)]
    return VarietyResult(
        level=level,
        games=games,
        seed=seed,
        mean_varied=statistics.fmean(varied),
        mean_best_line=statistics.fmean(best),
        paired_diff=statistics.fmean(diffs),
        paired_se=statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0,
        identical_share=identical / games,
        fields_apart=apart / games,
        same_turn_identical_share=same_turn / games,
    )
