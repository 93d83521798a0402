"""The scoring of one Speedgans round at a table (shared/spec/speedgans.md, "Rounds, scoring, game"):
which cities count, the markers of those that did not call, each task's ranking and each seat's
points. Pure: the cities and their markers in, the round's score out; rounds.py applies it.

    score_round(tasks, cities, markers, changed_at, scoring) -> RoundScore
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from spieltisch.games.speedgans.notation import City
from spieltisch.games.speedgans.tasks import TASK_BY_ID, is_valid, task_values


@dataclass(frozen=True, slots=True)
class RoundScore:
    #: Each seat's marker after the round: finished cities that did not call get the next ones.
    markers: tuple[int | None, ...]
    #: Each seat's points of the round.
    points: tuple[int, ...]
    #: Each task's ranking of the cities that count: {"seat", "value", "rank", "points"}, best first.
    tasks: dict[str, list[dict[str, int]]]
    #: The seats whose city counts (complete and valid).
    scored: list[int]
    #: The points of a task's first place.
    top: int

    def by_task(self) -> dict[str, list[int]]:
        """Each task's points per seat (0: not ranked): which tasks a player is good at."""
        seats = range(len(self.points))
        return {
            task: [next((e["points"] for e in entries if e["seat"] == i), 0) for i in seats]
            for task, entries in self.tasks.items()
        }


def counts(city: City) -> bool:
    """Whether a city is scored at the round's end: complete and valid (in Streng too)."""
    return city.is_complete and is_valid(city)


def score_round(
    tasks: Sequence[str],
    cities: Sequence[City],
    markers: Sequence[int | None],
    changed_at: Sequence[float | None],
    scoring: str,
) -> RoundScore:
    """A round's score. Finished cities that did not call get the next markers in the order of their
    last change (earlier first; equal times: smaller seat first). In each task the counted cities
    rank by value, ties by marker; a place earns top − rank + 1 points, at least 1, where top is the
    number of seats (`scoring` "all") or of counted cities ("finished")."""
    seats = range(len(cities))
    scored = [i for i in seats if counts(cities[i])]
    marked = list(markers)
    late = sorted(
        (i for i in scored if marked[i] is None),
        key=lambda i: (math.inf if changed_at[i] is None else changed_at[i], i),
    )
    next_marker = max((m for m in marked if m is not None), default=0) + 1
    for offset, index in enumerate(late):
        marked[index] = next_marker + offset

    top = len(cities) if scoring == "all" else len(scored)
    values = {i: task_values(cities[i]) for i in scored}
    points = dict.fromkeys(seats, 0)
    rankings: dict[str, list[dict[str, int]]] = {}
    for task in tasks:
        sign = 1 if TASK_BY_ID[task].lower_is_better else -1
        order = sorted(scored, key=lambda i: (sign * values[i][task], marked[i]))
        entries = []
        for rank, index in enumerate(order, start=1):
            earned = max(top - rank + 1, 1)
            points[index] += earned
            entries.append({"seat": index, "value": values[index][task], "rank": rank, "points": earned})
        rankings[task] = entries
    return RoundScore(tuple(marked), tuple(points[i] for i in seats), rankings, scored, top)
