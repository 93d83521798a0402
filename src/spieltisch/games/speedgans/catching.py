"""Catching: which watchman catches which goose.

Each watchman catches at most one goose he sees, each goose is caught at most once; the assignment
maximises the number caught, then minimises the summed distance (in links). At most 8 watchmen
and 5 lane geese exist, so an exact dynamic programme over subsets of geese is instant.
"""

from __future__ import annotations

from dataclasses import dataclass

from spieltisch.games.speedgans.city import Layout
from spieltisch.games.speedgans.tiles import EDGE_NAMES


@dataclass(frozen=True, order=True)
class Watchman:
    cell: int
    index: int  # which watchman of the tile (order of the tile table)
    direction: int  # view direction after rotation (0=N .. 3=W)


@dataclass(frozen=True, order=True)
class Goose:
    cell: int
    index: int  # which goose of the tile


@dataclass(frozen=True)
class Catch:
    watchman: Watchman
    goose: Goose
    distance: int

    def to_dict(self) -> dict[str, object]:
        return {
            "watchman": {
                "cell": self.watchman.cell,
                "index": self.watchman.index,
                "direction": EDGE_NAMES[self.watchman.direction],
            },
            "goose": {"cell": self.goose.cell, "index": self.goose.index},
            "distance": self.distance,
        }


@dataclass(frozen=True)
class CatchResult:
    catches: tuple[Catch, ...]
    watchmen: tuple[Watchman, ...]
    geese: tuple[Goose, ...]  # every goose of the city, garden geese included

    @property
    def caught(self) -> frozenset[Goose]:
        return frozenset(c.goose for c in self.catches)

    @property
    def free(self) -> tuple[Goose, ...]:
        caught = self.caught
        return tuple(g for g in self.geese if g not in caught)

    @property
    def total_distance(self) -> int:
        return sum(c.distance for c in self.catches)


def watchmen_of(layout: Layout) -> tuple[Watchman, ...]:
    result = []
    for cell, piece in enumerate(layout.city.cells):
        if piece is not None:
            for index, direction in enumerate(piece.watchman_directions):
                result.append(Watchman(cell, index, direction))
    return tuple(result)


def geese_of(layout: Layout) -> tuple[Goose, ...]:
    result: list[Goose] = []
    for cell, piece in enumerate(layout.city.cells):
        if piece is not None:
            result.extend(Goose(cell, i) for i in range(piece.info.geese))
    return tuple(result)


def sight_options(layout: Layout) -> list[list[tuple[int, int]]]:
    """Per watchman (order of `watchmen_of`): (goose number, distance) for every goose he sees."""
    geese = geese_of(layout)
    options = []
    for man in watchmen_of(layout):
        seen = layout.sight(man.cell, man.direction)
        options.append([(g, seen[goose.cell]) for g, goose in enumerate(geese) if goose.cell in seen])
    return options


def best_assignment(options: list[list[tuple[int, int]]], n_geese: int) -> list[tuple[int, int, int]]:
    """Max-cardinality, then min-distance matching of watchmen to geese.

    Returns (watchman number, goose number, distance) triples. Dynamic programme over watchmen
    with the set of already caught geese as state (geese that nobody sees never enter the state).
    """
    relevant = sorted({g for opts in options for g, _ in opts})
    bit = {g: i for i, g in enumerate(relevant)}
    # state -> (caught, -distance, assignment); keep the best per state.
    states: dict[int, tuple[int, int, tuple[tuple[int, int, int], ...]]] = {0: (0, 0, ())}
    for man, opts in enumerate(options):
        nxt = dict(states)
        for used, (count, neg, chosen) in states.items():
            for goose, dist in opts:
                b = 1 << bit[goose]
                if used & b:
                    continue
                cand = (count + 1, neg - dist, (*chosen, (man, goose, dist)))
                old = nxt.get(used | b)
                if old is None or cand[:2] > old[:2]:
                    nxt[used | b] = cand
        states = nxt
    best = max(states.values(), key=lambda s: s[:2])
    return list(best[2])


def catch(layout: Layout) -> CatchResult:
    men = watchmen_of(layout)
    geese = geese_of(layout)
    chosen = best_assignment(sight_options(layout), len(geese))
    catches = tuple(sorted((Catch(men[m], geese[g], d) for m, g, d in chosen), key=lambda c: c.watchman))
    return CatchResult(catches, men, geese)


__all__ = ["Catch", "CatchResult", "Goose", "Watchman", "best_assignment", "catch"]
