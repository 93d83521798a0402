"""One city, everything a client shows: validity with problems, 24 task values, catches."""

from __future__ import annotations

from dataclasses import dataclass

from spieltisch.games.speedgans.catching import Catch, Goose
from spieltisch.games.speedgans.city import Problem
from spieltisch.games.speedgans.notation import City
from spieltisch.games.speedgans.tasks import TASK_IDS, evaluate


@dataclass(frozen=True)
class CityReport:
    city: City
    valid: bool
    problems: tuple[Problem, ...]
    tasks: dict[str, int]
    catches: tuple[Catch, ...]  # red arrows: who catches whom
    caught: tuple[Goose, ...]  # red bows

    def to_dict(self) -> dict[str, object]:
        return {
            "valid": self.valid,
            "problems": [p.to_dict() for p in self.problems],
            "tasks": dict(self.tasks),
            "catches": [c.to_dict() for c in self.catches],
        }


def report(city: City, strict: bool = False) -> CityReport:
    """Live report for a complete or incomplete city.

    Task values are computed for whatever lies (so a UI can show them while building). With
    `strict` (house rule "Streng") a faulty city scores 0 in every task and catches nothing.
    """
    ev = evaluate(city)
    valid = ev.layout.valid
    if strict and not valid:
        return CityReport(city, False, ev.layout.problems, dict.fromkeys(TASK_IDS, 0), (), ())
    catches = ev.catches.catches
    return CityReport(
        city, valid, ev.layout.problems, ev.values, catches, tuple(sorted(c.goose for c in catches))
    )
