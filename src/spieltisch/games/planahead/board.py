"""The land: 19 hexagonal fields in a hexagon of radius 2, and its 15 scoring lines.

Hexes are flat-topped; axial coordinates (q, r) with s = -q - r. A column is a fixed q (top to
bottom = increasing r). Fields are numbered 1..19 column by column, left to right, each column top to
bottom, exactly as the rules' notation does:

            8
        4      13
     1      9      17
        5      14
     2     10      18
        6      15
     3     11      19
        7      16
           12
"""

from __future__ import annotations

from dataclasses import dataclass

from spieltisch.games.planahead.tiles import Direction

FIELD_COUNT = 19
RADIUS = 2

#: Axial coordinates of fields 1..19 (index 0 is field 1).
COORDS: tuple[tuple[int, int], ...] = tuple(
    (q, r) for q in range(-RADIUS, RADIUS + 1) for r in range(-RADIUS, RADIUS + 1) if abs(q + r) <= RADIUS
)
assert len(COORDS) == FIELD_COUNT

FIELD_AT: dict[tuple[int, int], int] = {coord: number for number, coord in enumerate(COORDS, start=1)}


@dataclass(frozen=True, slots=True)
class Line:
    """A scoring line: its direction and its fields (1-based), ordered along the direction
    (vertical: top → bottom; rising: lower-left → upper-right; falling: upper-left → lower-right)."""

    direction: Direction
    fields: tuple[int, ...]

    @property
    def length(self) -> int:
        return len(self.fields)


def _lines() -> tuple[Line, ...]:
    # A vertical line keeps q, a rising line keeps s (= -q-r), a falling line keeps r.
    keys = {
        Direction.VERTICAL: lambda q, r: q,
        Direction.RISING: lambda q, r: q + r,  # = -s: top-left line first
        Direction.FALLING: lambda q, r: r,
    }
    # Order along the line: vertical by r (down); rising by q (to the right, going up); falling by q.
    order = {
        Direction.VERTICAL: lambda q, r: r,
        Direction.RISING: lambda q, r: q,
        Direction.FALLING: lambda q, r: q,
    }
    lines = []
    for direction in Direction:
        groups: dict[int, list[tuple[int, int]]] = {}
        for q, r in COORDS:
            groups.setdefault(keys[direction](q, r), []).append((q, r))
        for key in sorted(groups):
            cells = sorted(groups[key], key=lambda c, d=direction: order[d](*c))  # type: ignore[misc]
            lines.append(Line(direction, tuple(FIELD_AT[c] for c in cells)))
    return tuple(lines)


#: The 15 scoring lines: five per direction, of lengths 3, 4, 5, 4, 3 (vertical left to right,
#: rising top-left to bottom-right, falling top to bottom).
LINES: tuple[Line, ...] = _lines()

#: For each field (1-based index into a 20-slot tuple, slot 0 unused), the three lines through it.
LINES_THROUGH: tuple[tuple[Line, ...], ...] = ((),) + tuple(
    tuple(line for line in LINES if field in line.fields) for field in range(1, FIELD_COUNT + 1)
)
