"""Second, independent count of valid placements, in plain Python (used by the tests).

Walks the edge patterns cell by cell (an arm mask per cell, taken from the tile table), keeps those
that are valid cities (no dead end, every network with a gate, no loop), and for each counts the
ways to lay the nine tiles on it: which tile goes where, which side up, which rotation. Shares no
code with the numba enumerator.
"""

from __future__ import annotations

from functools import cache

from spieltisch.games.speedgans.tiles import SIDES

# fits[m][t]: (side, rotation) pairs of tile t+1 that show exactly arm mask m.
FITS = [[0] * 9 for _ in range(16)]
for (tile, _side), info in SIDES.items():
    for rotation in range(4):
        FITS[info.arm_mask(rotation)][tile - 1] += 1
MASKS = [m for m in range(16) if any(FITS[m])]
TILES_FOR = {m: [t for t in range(9) if FITS[m][t]] for m in MASKS}


def _matching_exists(masks: list[int]) -> bool:
    """Can each cell so far get its own tile? (augmenting paths)"""
    owner: dict[int, int] = {}

    def place(cell: int, seen: set[int]) -> bool:
        for t in TILES_FOR[masks[cell]]:
            if t in seen:
                continue
            seen.add(t)
            if t not in owner or place(owner[t], seen):
                owner[t] = cell
                return True
        return False

    return all(place(c, set()) for c in range(len(masks)))


def _valid(masks: list[int]) -> bool:
    parent = list(range(9))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    gate = [False] * 9
    for c, m in enumerate(masks):
        r, col = divmod(c, 3)
        gate[c] = bool(
            (m & 1 and r == 0) or (m & 2 and col == 2) or (m & 4 and r == 2) or (m & 8 and col == 0)
        )
        # Links to the right and below (left and above are their partners').
        for bit, other, ok in ((2, c + 1, col < 2), (4, c + 3, r < 2)):
            if m & bit and ok:
                a, b = find(c), find(other)
                if a == b:
                    return False  # a loop
                parent[a] = b
    has_gate: dict[int, bool] = {}
    for c, m in enumerate(masks):
        if m:
            root = find(c)
            has_gate[root] = has_gate.get(root, False) or gate[c]
    return all(has_gate.values())


@cache
def _ways(sorted_masks: tuple[int, ...]) -> int:
    ways = {0: 1}
    for m in sorted_masks:
        nxt: dict[int, int] = {}
        for used, n in ways.items():
            for t in TILES_FOR[m]:
                if not used >> t & 1:
                    key = used | 1 << t
                    nxt[key] = nxt.get(key, 0) + n * FITS[m][t]
        ways = nxt
    return ways.get(511, 0)


def count_valid_placements() -> tuple[int, int]:
    """(valid edge patterns the tiles can be laid on, valid placements)."""
    patterns = 0
    total = 0
    masks: list[int] = []

    def walk(cell: int) -> None:
        nonlocal patterns, total
        if cell == 9:
            if _valid(masks):
                n = _ways(tuple(sorted(masks)))
                if n:
                    patterns += 1
                    total += n
            return
        r, col = divmod(cell, 3)
        for m in MASKS:
            # Interior edges to the left and above must match (both arms or none).
            if col and bool(masks[cell - 1] & 2) != bool(m & 8):
                continue
            if r and bool(masks[cell - 3] & 4) != bool(m & 1):
                continue
            masks.append(m)
            if _matching_exists(masks):
                walk(cell + 1)
            masks.pop()

    walk(0)
    return patterns, total
