"""The nine two-sided tiles: lane shapes, figures, and how they turn.

Edges are numbered N=0, E=1, S=2, W=3. Rotation r means r quarter turns clockwise: an arm (or a
watchman's view direction) on edge d moves to edge (d + r) % 4. Figures turn with the tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

N, E, S, W = 0, 1, 2, 3
EDGE_NAMES = "NESW"
TILE_NUMBERS = tuple(range(1, 10))
SIDE_NAMES = ("a", "b")


class Shape(StrEnum):
    STRAIGHT = "straight"
    CURVE = "curve"
    T = "T"
    CROSS = "cross"
    GARDEN = "garden"


BASE_ARMS: dict[Shape, tuple[int, ...]] = {
    Shape.STRAIGHT: (N, S),
    Shape.CURVE: (N, E),
    Shape.T: (E, S, W),
    Shape.CROSS: (N, E, S, W),
    Shape.GARDEN: (),
}


def rotate_edge(edge: int, rotation: int) -> int:
    return (edge + rotation) % 4


def opposite(edge: int) -> int:
    return (edge + 2) % 4


def mask_of(edges: tuple[int, ...] | list[int]) -> int:
    """Bit d is set when there is an arm on edge d."""
    mask = 0
    for edge in edges:
        mask |= 1 << edge
    return mask


@dataclass(frozen=True)
class TileSide:
    """One side of a tile as printed, in its base orientation (rotation 0)."""

    tile: int
    side: str
    shape: Shape
    watchmen: tuple[int, ...] = ()  # base view directions, one entry per watchman
    geese: int = 0
    pretzels: int = 0
    houses: int = 0
    children: int = 0
    dachshunds: int = 0

    @property
    def name(self) -> str:
        return f"{self.tile}{self.side}"

    @property
    def is_garden(self) -> bool:
        return self.shape is Shape.GARDEN

    def arms(self, rotation: int) -> tuple[int, ...]:
        return tuple(sorted(rotate_edge(edge, rotation) for edge in BASE_ARMS[self.shape]))

    def arm_mask(self, rotation: int) -> int:
        return mask_of(self.arms(rotation))

    def watchman_directions(self, rotation: int) -> tuple[int, ...]:
        return tuple(rotate_edge(edge, rotation) for edge in self.watchmen)


def _side(name: str, shape: Shape, **figures: object) -> TileSide:
    return TileSide(int(name[0]), name[1], shape, **figures)  # type: ignore[arg-type]


# The tile table of the spec (docs: /shared/spec/speedgans.md, "Tiles").
SIDES: dict[tuple[int, str], TileSide] = {
    (s.tile, s.side): s
    for s in (
        _side("1a", Shape.STRAIGHT, watchmen=(N,)),
        _side("1b", Shape.CURVE, pretzels=1, houses=1, children=1, dachshunds=1),
        _side("2a", Shape.STRAIGHT, watchmen=(S, N)),
        _side("2b", Shape.GARDEN, geese=1, pretzels=1, houses=1, children=1),
        _side("3a", Shape.CURVE, geese=2),
        _side("3b", Shape.GARDEN, geese=1, houses=1, children=1),
        _side("4a", Shape.T, watchmen=(S,), geese=1, pretzels=1),
        _side("4b", Shape.CROSS, houses=2, dachshunds=1),
        _side("5a", Shape.T, pretzels=1, houses=2, dachshunds=1),
        _side("5b", Shape.CROSS, geese=1, children=1),
        _side("6a", Shape.T, pretzels=2),
        _side("6b", Shape.GARDEN, geese=1, pretzels=1),
        _side("7a", Shape.CROSS, watchmen=(W, S), geese=1, dachshunds=1),
        _side("7b", Shape.CROSS, houses=1, dachshunds=1),
        _side("8a", Shape.CROSS, houses=3),
        _side("8b", Shape.CROSS, watchmen=(N,)),
        _side("9a", Shape.CROSS, watchmen=(W,), children=1, dachshunds=1),
        _side("9b", Shape.GARDEN, houses=2, children=1),
    )
}


def tile_side(tile: int, side: str) -> TileSide:
    return SIDES[(tile, side)]
