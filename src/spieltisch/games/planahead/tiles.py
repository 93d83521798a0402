"""The 27 Plan Ahead tiles: every combination of one route kind per direction.

A tile carries three straight routes through its centre, one per direction. The value of a route
is also its identity: each direction has three kinds with distinct values, and the nine values are
distinct across directions, so a tile is fully described by its three values (notation `VAB`).
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass


class Direction(enum.IntEnum):
    """The three line directions on a flat-topped hex board."""

    VERTICAL = 0  # top → bottom
    RISING = 1  # lower-left → upper-right
    FALLING = 2  # upper-left → lower-right


#: The values of the three route kinds of each direction, in notation order.
VALUES: dict[Direction, tuple[int, int, int]] = {
    Direction.VERTICAL: (1, 5, 9),
    Direction.RISING: (2, 6, 7),
    Direction.FALLING: (3, 4, 8),
}

#: Route kinds by value: (German name as in the rules, English name, machine key used by the client).
KINDS: dict[int, tuple[str, str, str]] = {
    1: ("Feldweg", "dirt path", "dirt"),
    5: ("Wiesenpfad", "meadow path", "meadow"),
    9: ("Straße", "road", "road"),
    2: ("Wolken", "clouds", "clouds"),
    6: ("Schienen", "rails", "rails"),
    7: ("Kanal", "canal", "canal"),
    3: ("Büsche", "bushes", "bushes"),
    4: ("Rosenhain", "rose grove", "roses"),
    8: ("Steingrenze", "stone wall", "stones"),
}


class NotationError(ValueError):
    """Text that is not valid Plan Ahead notation; the message says what is wrong, in one line."""


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    vertical: int
    rising: int
    falling: int

    def __post_init__(self) -> None:
        for direction, value in zip(Direction, (self.vertical, self.rising, self.falling), strict=True):
            if value not in VALUES[direction]:
                raise NotationError(
                    f"{value} is not a {direction.name.lower()} value (expected one of {VALUES[direction]})"
                )

    def value(self, direction: Direction) -> int:
        return (self.vertical, self.rising, self.falling)[direction]

    @property
    def code(self) -> str:
        return f"{self.vertical}{self.rising}{self.falling}"

    @property
    def index(self) -> int:
        """Position in ALL_TILES (0..26): a compact id for arrays and bots."""
        return (
            VALUES[Direction.VERTICAL].index(self.vertical) * 9
            + VALUES[Direction.RISING].index(self.rising) * 3
            + VALUES[Direction.FALLING].index(self.falling)
        )

    def __str__(self) -> str:
        return self.code

    @classmethod
    def parse(cls, text: str) -> Tile:
        # The 27 tiles are values: the same one is handed out for the same code (a replica of a
        # table decodes every land of it after every change elsewhere: 17 % of such a process).
        known = _BY_CODE.get(text)
        if known is not None:
            return known
        text = text.strip()
        if len(text) != 3 or not text.isdigit():
            raise NotationError(f"tile {text!r} must be three digits VAB, e.g. 963")
        return cls(int(text[0]), int(text[1]), int(text[2]))


ALL_TILES: tuple[Tile, ...] = tuple(Tile(v, a, b) for v, a, b in itertools.product(*VALUES.values()))
assert [t.index for t in ALL_TILES] == list(range(27))
_BY_CODE: dict[str, Tile] = {tile.code: tile for tile in ALL_TILES}
