"""The 24 tasks: metadata, the allowed triples of a round, values of a city, solo scores."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from spieltisch.games.speedgans.catching import CatchResult, catch
from spieltisch.games.speedgans.city import CENTRE, CORNERS, LINES, Layout, neighbour, neighbours
from spieltisch.games.speedgans.notation import CELLS, City

GROUPS = ("F", "W", "H", "L")


@dataclass(frozen=True)
class Task:
    id: str
    name: str  # German name shown in the game
    counts: str
    star: bool = False  # "knifflig": left out when a table plays without star tasks
    lower_is_better: bool = False

    @property
    def group(self) -> str:
        return self.id[0]


TASKS: tuple[Task, ...] = (
    Task("F1", "Gänsejagd", "caught geese"),
    Task("F2", "Satte Gänse", "fed geese (free geese that eat a pretzel)"),
    Task("F3", "Brezelwache", "pretzels left uneaten (garden pretzels count)"),
    Task("F4", "Freie Gänse", "geese not caught (garden geese count)"),
    Task("F5", "Weite Jagd", "total distance of all catches", star=True),
    Task("F6", "Sauberer Markt", "caught geese minus free geese", star=True),
    Task("W1", "Tore", "gates: arms that end at the wall"),
    Task("W2", "Gassenenden", "lane tiles linked to exactly one neighbouring tile"),
    Task("W3", "Torwächter", "watchmen standing on a tile that has a gate"),
    Task("W4", "Weit draußen", "tiles at least 3 links away from the centre tile"),
    Task("W5", "Träumer", "watchmen whose view direction is a gate", star=True),
    Task(
        "W6",
        "Stille Ecken",
        "gates on the four corner tiles (fewer is better)",
        star=True,
        lower_is_better=True,
    ),
    Task("H1", "Gassenhäuser", "houses on lane tiles"),
    Task("H2", "Gartenhäuser", "houses on garden tiles"),
    Task("H3", "Häuserzeilen", "rows and columns in which every tile has a house"),
    Task("H4", "Marktplatz", "houses on the centre cell and its four neighbours"),
    Task("H5", "Torhäuser", "houses on tiles that have a gate"),
    Task(
        "H6",
        "Ruhiges Viertel",
        "houses on tiles where neither the tile nor a neighbour holds a goose",
        star=True,
    ),
    Task("L1", "Kind und Dackel", "per network min(children, dachshunds), summed"),
    Task("L2", "Spielplatz", "children on garden tiles"),
    Task("L3", "Gänsefreunde", "children on a network that holds at least one free goose"),
    Task("L4", "Dackel am Tor", "dachshunds on tiles that have a gate"),
    Task("L5", "Brezelkinder", "per network min(children, pretzels left after feeding), summed", star=True),
    Task("L6", "Kinder in Sicht", "children seen by at least one watchman"),
)
TASK_IDS: tuple[str, ...] = tuple(t.id for t in TASKS)
TASK_BY_ID: dict[str, Task] = {t.id: t for t in TASKS}
TASK_INDEX: dict[str, int] = {t: i for i, t in enumerate(TASK_IDS)}
STAR_TASKS: frozenset[str] = frozenset(t.id for t in TASKS if t.star)


class TaskError(ValueError):
    """An unknown task id or a set of tasks a round may not show."""


def parse_tasks(text: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    ids = [t.strip().upper() for t in (text.split(",") if isinstance(text, str) else text)]
    for task in ids:
        if task not in TASK_BY_ID:
            raise TaskError(f"unknown task {task!r} (tasks are F1-F6, W1-W6, H1-H6, L1-L6)")
    return tuple(ids)


def is_allowed_triple(tasks: tuple[str, ...] | list[str], stars: bool = True) -> bool:
    """Three tasks, never two of one group (and no star task when stars are off)."""
    if len(tasks) != 3 or any(t not in TASK_BY_ID for t in tasks):
        return False
    if len({t[0] for t in tasks}) != 3:
        return False
    return stars or not any(t in STAR_TASKS for t in tasks)


def allowed_triples(stars: bool = True) -> tuple[tuple[str, str, str], ...]:
    """Every allowed triple once, in canonical order (groups F, W, H, L; tasks by number)."""
    result: list[tuple[str, str, str]] = []
    for skip in reversed(GROUPS):
        groups = [g for g in GROUPS if g != skip]
        pools = [[t for t in TASK_IDS if t[0] == g and (stars or t not in STAR_TASKS)] for g in groups]
        result.extend((a, b, c) for a, b, c in product(*pools))
    return tuple(sorted(result, key=lambda tr: tuple(TASK_INDEX[t] for t in tr)))


@dataclass(frozen=True)
class Evaluation:
    """A city's layout, catches and all 24 task values (live: also for incomplete cities)."""

    layout: Layout
    catches: CatchResult
    values: dict[str, int]


def evaluate(city: City) -> Evaluation:
    layout = Layout.of(city)
    result = catch(layout)
    return Evaluation(layout, result, _values(layout, result))


def task_values(city: City, strict: bool = False) -> dict[str, int]:
    """All 24 values. `strict` (house rule "Streng"): a faulty city scores 0 in every task."""
    valid, values = _scored(city)
    return dict.fromkeys(TASK_IDS, 0) if strict and not valid else dict(values)


def is_valid(city: City) -> bool:
    """Whether a city breaks no building rule (complete or not)."""
    return _scored(city)[0]


@lru_cache(maxsize=4096)
def _scored(city: City) -> tuple[bool, dict[str, int]]:
    # Remembered (a city is a value, and a round's end asks both of every city its views showed:
    # one evaluation, not one each): a flag and a dict of numbers, which the garbage collector
    # does not even look at.
    ev = evaluate(city)
    return ev.layout.valid, ev.values


def _values(layout: Layout, result: CatchResult) -> dict[str, int]:
    cells = layout.city.cells
    info = [None if p is None else p.info for p in cells]

    def count(cell: int, attr: str) -> int:
        side = info[cell]
        return 0 if side is None else getattr(side, attr)

    lane = [layout.is_lane(c) for c in range(CELLS)]
    garden = [info[c] is not None and not lane[c] for c in range(CELLS)]
    has_gate = [layout.gates[c] > 0 for c in range(CELLS)]
    net_of = layout.network_of
    networks = layout.networks

    caught = result.caught
    caught_per_cell = [0] * CELLS
    for goose in caught:
        caught_per_cell[goose.cell] += 1
    total_geese = sum(count(c, "geese") for c in range(CELLS))
    total_pretzels = sum(count(c, "pretzels") for c in range(CELLS))
    n_caught = len(caught)

    # Feeding per network: every free goose eats one pretzel of its network while any is left.
    fed = 0
    children_with_free_goose = 0
    l1 = l5 = 0
    for cells_of_net in networks:
        free = sum(count(c, "geese") - caught_per_cell[c] for c in cells_of_net)
        pretzels = sum(count(c, "pretzels") for c in cells_of_net)
        children = sum(count(c, "children") for c in cells_of_net)
        dachshunds = sum(count(c, "dachshunds") for c in cells_of_net)
        eaten = min(free, pretzels)
        fed += eaten
        if free > 0:
            children_with_free_goose += children
        l1 += min(children, dachshunds)
        l5 += min(children, pretzels - eaten)

    men = result.watchmen
    seen_cells: set[int] = set()
    dreamers = 0
    for man in men:
        seen_cells.update(layout.sight(man.cell, man.direction))
        if (
            man.direction in layout.arms[man.cell]
            and man.direction not in layout.links[man.cell]
            and _at_wall(man.cell, man.direction)
        ):
            dreamers += 1

    houses = [count(c, "houses") for c in range(CELLS)]
    goose_near = [
        count(c, "geese") > 0 or any(count(n, "geese") > 0 for n in neighbours(c)) for c in range(CELLS)
    ]
    far = sum(1 for d in layout.distances_from(CENTRE).values() if d >= 3) if lane[CENTRE] else 0

    values = {
        "F1": n_caught,
        "F2": fed,
        "F3": total_pretzels - fed,
        "F4": total_geese - n_caught,
        "F5": result.total_distance,
        "F6": n_caught - (total_geese - n_caught),
        "W1": sum(layout.gates),
        "W2": sum(1 for c in range(CELLS) if lane[c] and layout.degree(c) == 1),
        "W3": sum(1 for m in men if has_gate[m.cell]),
        "W4": far,
        "W5": dreamers,
        "W6": sum(layout.gates[c] for c in CORNERS),
        "H1": sum(houses[c] for c in range(CELLS) if lane[c]),
        "H2": sum(houses[c] for c in range(CELLS) if garden[c]),
        "H3": sum(1 for line in LINES if all(houses[c] > 0 for c in line)),
        "H4": houses[CENTRE] + sum(houses[n] for n in neighbours(CENTRE)),
        "H5": sum(houses[c] for c in range(CELLS) if has_gate[c]),
        "H6": sum(houses[c] for c in range(CELLS) if not goose_near[c]),
        "L1": l1,
        "L2": sum(count(c, "children") for c in range(CELLS) if garden[c]),
        "L3": children_with_free_goose,
        "L4": sum(count(c, "dachshunds") for c in range(CELLS) if has_gate[c]),
        "L5": l5,
        "L6": sum(count(c, "children") for c in seen_cells if net_of[c] is not None),
    }
    return values


def _at_wall(cell: int, edge: int) -> bool:
    return neighbour(cell, edge) is None
