"""Where a Speedgans city fell short: the nearest optimal city (the „Rat“'s rule: the optimal city
that keeps most of the tiles laid), how many tiles differ from it, and the points missed on each
task against the Musterstadt (solo points, 0-100 a task, by the one rounding rule of points.py).

    analyse_city(catalog, tasks, city) -> CityAnalysis

Shown with each round of a replay (replay.py) for every seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from spieltisch.games.speedgans.notation import City
from spieltisch.games.speedgans.points import as_points
from spieltisch.games.speedgans.rounds import is_finished_city
from spieltisch.games.speedgans.tasks import task_values

if TYPE_CHECKING:
    from spieltisch.games.speedgans.catalog import Catalog


@dataclass(frozen=True, slots=True)
class CityAnalysis:
    target: str  # the nearest optimal city (notation)
    differ: int  # of the nine cells, how many the city has not as the target has them
    points: list[float] | None  # the city's solo points per task (None: not a finished valid city)
    best: list[float]  # the Musterstadt's, per task
    missed: list[float] | None  # best - points, per task

    def to_dict(self) -> dict[str, object]:
        return {
            "target": self.target,
            "differ": self.differ,
            "points": self.points,
            "best": self.best,
            "missed": self.missed,
        }


def analyse_city(catalog: Catalog, tasks: tuple[str, ...], city: City) -> CityAnalysis:
    """`tasks`: a round's three (or, „Ein Auftrag“, one: then the one best city of that task stands
    for all optimal ones)."""
    if len(tasks) == 3:
        rat = catalog.rat(city, tasks)
        target, kept = rat.target, rat.kept
        best_values = catalog.musterstadt(tasks).tasks
    else:
        (target, _), *_ = catalog.best_for_weights(dict.fromkeys(tasks, 1.0), 1)
        kept = sum(
            1
            for laid, best in zip(city.cells, target.cells, strict=True)
            if laid is not None and laid == best
        )
        best_values = task_values(target)
    best_tenths = [catalog.task_tenths(task, best_values[task]) for task in tasks]
    points = missed = None
    if is_finished_city(city, strict=False):
        values = task_values(city)
        own = [catalog.task_tenths(task, values[task]) for task in tasks]
        points = [as_points(tenths) for tenths in own]
        missed = [as_points(max(0, b - o)) for b, o in zip(best_tenths, own, strict=True)]
    return CityAnalysis(str(target), 9 - kept, points, [as_points(t) for t in best_tenths], missed)
