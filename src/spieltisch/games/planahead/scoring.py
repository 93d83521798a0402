"""Scoring a land: each of the 15 lines is open, broken or complete.

A line is complete when every field on it holds a tile whose route in the line's direction is of
one kind; it scores length × value. It is broken as soon as two of its tiles differ in that
direction (it can never score). Otherwise it is open.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass
from typing import Any

from spieltisch.games.planahead.board import LINES, LINES_THROUGH, Line
from spieltisch.games.planahead.notation import Land
from spieltisch.games.planahead.tiles import Tile


class LineState(enum.StrEnum):
    OPEN = "open"
    BROKEN = "broken"
    COMPLETE = "complete"


@dataclass(frozen=True, slots=True)
class LineScore:
    line: Line
    state: LineState
    #: The route value all tiles on the line share, None when broken or empty.
    value: int | None
    #: Points the line scores now (complete) or can still bring (open with tiles); 0 otherwise.
    potential: int

    @property
    def points(self) -> int:
        return self.potential if self.state is LineState.COMPLETE else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "fields": list(self.line.fields),
            "direction": self.line.direction.name.lower(),
            "state": self.state.value,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class LandScore:
    total: int
    lines: tuple[LineScore, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"score": self.total, "lines": [line.to_dict() for line in self.lines]}


def score_line(land: Land, line: Line) -> LineScore:
    values = {tile.value(line.direction) for field in line.fields if (tile := land[field - 1]) is not None}
    if len(values) > 1:
        return LineScore(line, LineState.BROKEN, None, 0)
    if not values:
        return LineScore(line, LineState.OPEN, None, 0)
    (value,) = values
    filled = all(land[field - 1] is not None for field in line.fields)
    return LineScore(line, LineState.COMPLETE if filled else LineState.OPEN, value, line.length * value)


def score_land(land: Land) -> LandScore:
    lines = tuple(score_line(land, line) for line in LINES)
    return LandScore(sum(line.points for line in lines), lines)


@functools.lru_cache(maxsize=8192)
def land_points(land: Land) -> int:
    """A land's score, remembered: every view shows every seat's score, after every change at the
    table, while a land changes by one tile a turn."""
    return score_land(land).total


def points_completed_by(land: Land, field: int, tile: Tile) -> int:
    """The points that placing `tile` on the empty `field` would complete (the rules' preview)."""
    if land[field - 1] is not None:
        raise ValueError(f"field {field} is taken")
    placed = land[: field - 1] + (tile,) + land[field:]
    return sum(score_line(placed, line).points for line in LINES_THROUGH[field])
