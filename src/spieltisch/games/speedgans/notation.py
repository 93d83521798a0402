"""City notation: nine space-separated cells, row by row from the top left.

Each cell is tile, side, rotation (e.g. ``4a1``) or ``.`` for an empty cell. Cells are indexed
0..8 in code (the notation's cell 1 is index 0). A tile used twice, an unknown tile or side, or a
rotation outside 0-3 is bad notation, not a city.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from spieltisch.games.speedgans.tiles import SIDE_NAMES, TILE_NUMBERS, TileSide, tile_side

CELLS = 9
EMPTY = "."


class NotationError(ValueError):
    """Text that is not a city (or not a piece) in the notation."""


@dataclass(frozen=True, order=True)
class Piece:
    """A tile lying in a cell: which tile, which side up, how many quarter turns clockwise."""

    tile: int
    side: str
    rotation: int

    def __post_init__(self) -> None:
        if self.tile not in TILE_NUMBERS:
            raise NotationError(f"unknown tile {self.tile!r} (tiles are 1-9)")
        if self.side not in SIDE_NAMES:
            raise NotationError(f"unknown side {self.side!r} (sides are a and b)")
        if self.rotation not in (0, 1, 2, 3):
            raise NotationError(f"rotation {self.rotation!r} outside 0-3")

    @property
    def info(self) -> TileSide:
        return tile_side(self.tile, self.side)

    @property
    def arms(self) -> tuple[int, ...]:
        return self.info.arms(self.rotation)

    @property
    def arm_mask(self) -> int:
        return self.info.arm_mask(self.rotation)

    @property
    def watchman_directions(self) -> tuple[int, ...]:
        return self.info.watchman_directions(self.rotation)

    def rotated(self, quarter_turns: int = 1) -> Piece:
        return Piece(self.tile, self.side, (self.rotation + quarter_turns) % 4)

    def flipped(self) -> Piece:
        """The other side up, same rotation (what a double tap does)."""
        return Piece(self.tile, "b" if self.side == "a" else "a", self.rotation)

    def __str__(self) -> str:
        return f"{self.tile}{self.side}{self.rotation}"


@lru_cache(maxsize=256)  # (72 pieces exist: every one is parsed once, not once per snapshot read)
def parse_piece(text: str) -> Piece:
    if len(text) != 3 or not text[0].isdigit() or not text[2].isdigit():
        raise NotationError(f"bad cell {text!r}: expected tile, side, rotation like 4a1, or '.'")
    return Piece(int(text[0]), text[1], int(text[2]))


@dataclass(frozen=True)
class City:
    """Nine cells, each a Piece or None (empty). Immutable; every change returns a new city."""

    cells: tuple[Piece | None, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != CELLS:
            raise NotationError(f"a city has {CELLS} cells, got {len(self.cells)}")
        seen: set[int] = set()
        for piece in self.cells:
            if piece is None:
                continue
            if piece.tile in seen:
                raise NotationError(f"tile {piece.tile} used twice")
            seen.add(piece.tile)

    @classmethod
    def parse(cls, text: str) -> City:
        return parse_city(text)

    @classmethod
    def empty(cls) -> City:
        return cls((None,) * CELLS)

    @property
    def is_complete(self) -> bool:
        return all(piece is not None for piece in self.cells)

    @cached_property
    def missing_tiles(self) -> tuple[int, ...]:
        used = {piece.tile for piece in self.cells if piece is not None}
        return tuple(t for t in TILE_NUMBERS if t not in used)

    @property
    def empty_cells(self) -> tuple[int, ...]:
        return tuple(i for i, piece in enumerate(self.cells) if piece is None)

    def with_piece(self, cell: int, piece: Piece | None) -> City:
        cells = list(self.cells)
        cells[cell] = piece
        return City(tuple(cells))

    def rotated(self, quarter_turns: int = 1) -> City:
        """The whole city turned clockwise: cells move and every piece turns with them."""
        city = self
        for _ in range(quarter_turns % 4):
            cells: list[Piece | None] = [None] * CELLS
            for index, piece in enumerate(city.cells):
                row, col = divmod(index, 3)
                # Clockwise: (row, col) -> (col, 2 - row).
                cells[col * 3 + (2 - row)] = None if piece is None else piece.rotated(1)
            city = City(tuple(cells))
        return city

    def mirrored(self) -> City:
        """The city mirrored left-right; each piece takes the rotation that shows its mirror image.

        Every tile side is mirror symmetric up to a rotation (arms and watchmen alike), so the
        mirror of a city is again a placement of the same sides.
        """
        cells: list[Piece | None] = [None] * CELLS
        for index, piece in enumerate(self.cells):
            row, col = divmod(index, 3)
            cells[row * 3 + (2 - col)] = None if piece is None else _mirror_piece(piece)
        return City(tuple(cells))

    def __str__(self) -> str:
        return self.notation

    @cached_property
    def notation(self) -> str:
        """The city written out, once (every view of a table writes out every city shown)."""
        return format_city(self)


def _mirror_edge(edge: int) -> int:
    return {0: 0, 1: 3, 2: 2, 3: 1}[edge]


def _mirror_piece(piece: Piece) -> Piece:
    info = piece.info
    want_arms = tuple(sorted(_mirror_edge(e) for e in piece.arms))
    want_watchmen = sorted(_mirror_edge(e) for e in piece.watchman_directions)
    for rotation in range(4):
        if info.arms(rotation) == want_arms and sorted(info.watchman_directions(rotation)) == want_watchmen:
            return Piece(piece.tile, piece.side, rotation)
    raise AssertionError(f"{info.name} has no mirror image")  # the tile table guarantees one


def parse_city(text: str) -> City:
    if not isinstance(text, str):
        raise NotationError("a city must be text")
    return _parse_city(text)


@lru_cache(maxsize=4096)
def _parse_city(text: str) -> City:
    # Cities are immutable, and every process with players at a table reads its snapshot (five
    # cities) after every change: the four that did not change are the ones it read last time.
    entries = text.split()
    if len(entries) != CELLS:
        raise NotationError(f"a city has {CELLS} space-separated cells, got {len(entries)}")
    return City(tuple(None if entry == EMPTY else parse_piece(entry) for entry in entries))


def format_city(city: City) -> str:
    return " ".join(EMPTY if piece is None else str(piece) for piece in city.cells)
