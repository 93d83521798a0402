"""Benchmark of the Speedgans computer players at a table: finished share, quality and points.

    .venv/bin/python bench/speedgans_bots.py [--games N] [--seed S] [--json]

Plays seeded games through the real table (server/tables.py: the rounds engine, the computers'
thinking times at pacing 1, the hourglass and the turn clock) on a fake clock that jumps from one
due time to the next. Every variant's default settings (4 seats, turn clock 120 s, hourglass 30 s,
race). Two tables:

- "mixed": a person who takes his time (he never calls "Gasse dicht!") and one computer of each
  level: the strong one starts the hourglass, and the round ends when it runs out;
- "easy alone": the person and one easy computer: only the turn clock can end its round.

Per level: the share of rounds it called "Gasse dicht!", the seconds it took (median and range),
its mean 0-100 sum against the Musterstadt's (over the rounds it finished), how often its city was
exactly as good as the Musterstadt, and its ranking points per round.

Game i of a run with seed S uses the seed S + i for the draw of tasks and for the computers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from spieltisch.games.levels import BotLevel
from spieltisch.games.speedgans import rounds
from spieltisch.games.speedgans.catalog import Catalog, ensure_catalog
from spieltisch.games.speedgans.tasks import task_values
from spieltisch.server import tables
from spieltisch.server.config import default_data_dir
from spieltisch.server.rules.speedgans import SpeedgansRules

PERSON = "p_bench"


@dataclass
class LevelFigures:
    rounds: int = 0
    finished: int = 0
    seconds: list[float] = field(default_factory=list)
    share_of_muster: list[float] = field(default_factory=list)
    optimal: int = 0
    points: int = 0

    def row(self, level: str) -> dict[str, Any]:
        done = max(1, self.finished)
        return {
            "level": level,
            "rounds": self.rounds,
            "finished": self.finished / max(1, self.rounds),
            "seconds_median": statistics.median(self.seconds) if self.seconds else None,
            "seconds_min": min(self.seconds, default=None),
            "seconds_max": max(self.seconds, default=None),
            "sum_vs_muster": statistics.fmean(self.share_of_muster) if self.share_of_muster else None,
            "optimal": self.optimal / done,
            "points_per_round": self.points / max(1, self.rounds),
        }


def new_table(rules: SpeedgansRules, levels: tuple[BotLevel, ...], now: float) -> tables.Table:
    table = tables.create_table(rules, PERSON, "Bench", {}, now, 1.0)
    for level in levels:
        table = tables.apply(table, PERSON, "Bench", tables.AddBot(level), now, 1.0)
    return tables.apply(table, PERSON, "Bench", tables.Start(), now, 1.0)


def play(catalog: Catalog, levels: tuple[BotLevel, ...], seed: int, figures: dict[str, LevelFigures]) -> None:
    """One whole game on a fake clock; the computers' rounds are added to `figures`."""
    rules = SpeedgansRules(catalog)
    table = new_table(rules, levels, 0.0)
    # The table draws its seed from the system; the bench wants the same games every run.
    table.state = rules.new(table.settings, len(table.seats), seed, 0.0)
    table.bot_step = None
    tables._settle(table, 0.0, 1.0)  # plan the computers' first moments for this state
    done_at: dict[int, float] = {}
    while table.status is tables.Status.PLAYING:
        now = table.next_due()
        assert now is not None, "a table with computers always has something due"
        before: rounds.Game = table.state
        changed = tables.tick(table, now, 1.0)
        if changed is None:
            continue
        table = changed
        after: rounds.Game = table.state
        if before.phase is not rounds.Phase.BUILDING or after.round != before.round:
            continue
        for seat, entry in enumerate(after.seats):
            if entry.marker is not None and seat not in done_at and before.seats[seat].marker is None:
                done_at[seat] = now - before.reading_ends  # seconds since building began
        if after.phase is not rounds.Phase.BUILDING:
            score_round(catalog, after, levels, done_at, figures)
            done_at = {}


def score_round(
    catalog: Catalog,
    game: rounds.Game,
    levels: tuple[BotLevel, ...],
    done_at: dict[int, float],
    figures: dict[str, LevelFigures],
) -> None:
    muster = catalog.musterstadt(game.tasks)
    for offset, level in enumerate(levels):
        seat = offset + 1  # seat 0 is the person
        entry = game.seats[seat]
        row = figures[level]
        row.rounds += 1
        row.points += entry.round_points or 0
        if entry.marker is None or seat not in done_at:
            continue
        row.finished += 1
        row.seconds.append(done_at[seat])
        values = task_values(entry.city)
        total = sum(catalog.solo_score(task, values[task]) for task in game.tasks)
        row.share_of_muster.append(total / muster.sum if muster.sum else 1.0)
        row.optimal += abs(total - muster.sum) < 1e-6


TABLES: dict[str, tuple[BotLevel, ...]] = {
    "mixed": ("easy", "medium", "strong"),
    "easy alone": ("easy",),
}


def run(catalog: Catalog, games: int, seed: int) -> list[dict[str, Any]]:
    rows = []
    for name, levels in TABLES.items():
        figures: dict[str, LevelFigures] = defaultdict(LevelFigures)
        for i in range(games):
            play(catalog, levels, seed + i, figures)
        rows += [{"table": name, **figures[level].row(level)} for level in levels]
    return rows


def line(row: dict[str, Any]) -> str:
    def fmt(value: float | None, pattern: str) -> str:
        return "-" if value is None else format(value, pattern)

    return (
        f"{row['table']:<11} {row['level']:<7} rounds={row['rounds']:<4} "
        f"finished={100 * row['finished']:5.1f}% "
        f"seconds={fmt(row['seconds_median'], '.1f')} ({fmt(row['seconds_min'], '.1f')}-{fmt(row['seconds_max'], '.1f')}) "
        f"sum/muster={fmt(None if row['sum_vs_muster'] is None else 100 * row['sum_vs_muster'], '.1f')}% "
        f"optimal={100 * row['optimal']:5.1f}% points/round={row['points_per_round']:.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per table (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--json", action="store_true", help="one JSON object per row")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    catalog = ensure_catalog(False, default_data_dir())
    for row in run(catalog, args.games, args.seed):
        print(json.dumps(row) if args.json else line(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
