"""The lane network of a city and its validity, explained so that a UI can draw it.

A lane tile is one node; two neighbouring tiles are *linked* when their arms meet on the shared
edge. An arm at the outer wall is a gate. A city is valid when all nine tiles lie, no interior edge
is a dead end, every network has a gate, and the networks form a forest (no loop).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cached_property

from spieltisch.games.speedgans.notation import CELLS, City
from spieltisch.games.speedgans.tiles import EDGE_NAMES, opposite

CENTRE = 4
CORNERS = (0, 2, 6, 8)
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
)


def _across(cell: int, edge: int) -> int | None:
    row, col = divmod(cell, 3)
    row += (-1, 0, 1, 0)[edge]
    col += (0, 1, 0, -1)[edge]
    if 0 <= row < 3 and 0 <= col < 3:
        return row * 3 + col
    return None


# Looked up, not worked out: a city's report asks for neighbours some seventy times.
_NEIGHBOUR = tuple(tuple(_across(cell, edge) for edge in range(4)) for cell in range(9))
_NEIGHBOURS = tuple(tuple(n for n in row if n is not None) for row in _NEIGHBOUR)


def neighbour(cell: int, edge: int) -> int | None:
    """The cell across `edge` of `cell`, or None at the outer wall."""
    return _NEIGHBOUR[cell][edge]


def neighbours(cell: int) -> tuple[int, ...]:
    return _NEIGHBOURS[cell]


@dataclass(frozen=True)
class Problem:
    """One reason a city is not (yet) valid.

    kind: "missing" (empty cells / unplaced tiles), "dead_end" (an arm meets no arm between two
    tiles: draw `cell`'s arm on `edge` red), "loop" (the `links` form a ring), "no_gate" (the
    network on `cells` has no gate and no open arm left: pulse it red).
    """

    kind: str
    message: str
    cells: tuple[int, ...] = ()
    links: tuple[tuple[int, int], ...] = ()
    tiles: tuple[int, ...] = ()
    cell: int | None = None
    edge: str | None = None

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"kind": self.kind, "message": self.message, "cells": list(self.cells)}
        if self.links:
            data["links"] = [list(link) for link in self.links]
        if self.tiles:
            data["tiles"] = list(self.tiles)
        if self.cell is not None:
            data["cell"] = self.cell
            data["edge"] = self.edge
        return data


@dataclass(frozen=True)
class Layout:
    """Everything about a city's lanes that rules and drawing need. Build with `Layout.of(city)`."""

    city: City
    arms: tuple[tuple[int, ...], ...]  # per cell, edges with an arm (empty cell or garden: none)
    links: tuple[dict[int, int], ...] = field(repr=False)  # per cell: edge -> linked neighbour
    gates: tuple[int, ...] = ()  # per cell: arms ending at the wall

    @classmethod
    def of(cls, city: City) -> Layout:
        arms = tuple(() if piece is None else piece.arms for piece in city.cells)
        links: list[dict[int, int]] = [{} for _ in range(CELLS)]
        gates = [0] * CELLS
        for cell in range(CELLS):
            for edge in arms[cell]:
                other = neighbour(cell, edge)
                if other is None:
                    gates[cell] += 1
                elif opposite(edge) in arms[other]:
                    links[cell][edge] = other
        return cls(city, arms, tuple(links), tuple(gates))

    def is_lane(self, cell: int) -> bool:
        return bool(self.arms[cell])

    def degree(self, cell: int) -> int:
        return len(self.links[cell])

    @cached_property
    def networks(self) -> tuple[tuple[int, ...], ...]:
        """Lane tiles grouped by the links between them (each tuple sorted)."""
        seen: set[int] = set()
        result = []
        for start in range(CELLS):
            if start in seen or not self.is_lane(start):
                continue
            part = sorted(self._reach(start, blocked=None))
            seen.update(part)
            result.append(tuple(part))
        return tuple(result)

    @cached_property
    def network_of(self) -> tuple[int | None, ...]:
        index: list[int | None] = [None] * CELLS
        for number, cells in enumerate(self.networks):
            for cell in cells:
                index[cell] = number
        return tuple(index)

    def _reach(self, start: int, blocked: int | None) -> dict[int, int]:
        """Breadth-first distances (in links) from `start`, never entering `blocked`."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for other in self.links[cell].values():
                if other != blocked and other not in dist:
                    dist[other] = dist[cell] + 1
                    queue.append(other)
        return dist

    def distances_from(self, cell: int) -> dict[int, int]:
        return self._reach(cell, blocked=None)

    def sight(self, cell: int, edge: int) -> dict[int, int]:
        """Tiles a watchman on `cell` looking along `edge` sees, with their distance in links.

        He leaves his tile through that arm and sees every tile reachable from there (branches
        included) but not his own; through a gate, or an arm that meets nothing, he sees nothing.
        """
        first = self.links[cell].get(edge)
        if first is None:
            return {}
        return {other: d + 1 for other, d in self._reach(first, blocked=cell).items()}

    @cached_property
    def loop_links(self) -> tuple[tuple[int, int], ...]:
        """Links that lie on a ring: removing one keeps its two tiles connected."""
        result = []
        for cell in range(CELLS):
            for _edge, other in self.links[cell].items():
                if other < cell:
                    continue
                if self._connected_without(cell, other):
                    result.append((cell, other))
        return tuple(result)

    def _connected_without(self, a: int, b: int) -> bool:
        seen = {a}
        queue = deque([a])
        while queue:
            cell = queue.popleft()
            for other in self.links[cell].values():
                if (cell, other) in ((a, b), (b, a)) or other in seen:
                    continue
                if other == b:
                    return True
                seen.add(other)
                queue.append(other)
        return False

    def open_arms(self, cell: int) -> tuple[int, ...]:
        """Arms that point at an empty cell (not yet a link, gate or dead end)."""
        city = self.city
        return tuple(
            e for e in self.arms[cell] if (n := neighbour(cell, e)) is not None and city.cells[n] is None
        )

    @cached_property
    def problems(self) -> tuple[Problem, ...]:
        city = self.city
        problems: list[Problem] = []
        if not city.is_complete:
            problems.append(
                Problem(
                    "missing",
                    f"{len(city.empty_cells)} empty cell(s); tiles still to lay: "
                    + ", ".join(map(str, city.missing_tiles)),
                    cells=city.empty_cells,
                    tiles=city.missing_tiles,
                )
            )
        for cell in range(CELLS):
            for edge in self.arms[cell]:
                other = neighbour(cell, edge)
                if other is None or city.cells[other] is None or edge in self.links[cell]:
                    continue
                problems.append(
                    Problem(
                        "dead_end",
                        f"the lane of cell {cell + 1} ends at cell {other + 1} ({EDGE_NAMES[edge]} edge)",
                        cells=(cell, other),
                        cell=cell,
                        edge=EDGE_NAMES[edge],
                    )
                )
        ring = self.loop_links
        for cells in self.networks:
            links = tuple(link for link in ring if link[0] in cells)
            if links:
                ring_cells = tuple(sorted({c for link in links for c in link}))
                problems.append(Problem("loop", "a lane runs in a circle", cells=ring_cells, links=links))
            closed = not any(self.open_arms(c) for c in cells)
            if closed and not any(self.gates[c] for c in cells):
                problems.append(Problem("no_gate", "a lane network has no gate to the outside", cells=cells))
        return tuple(problems)

    @property
    def valid(self) -> bool:
        return not self.problems
