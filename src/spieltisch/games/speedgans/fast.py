"""Numba kernels for the catalog: valid lane patterns, tile assignments, task values.

The enumeration splits a placement into its *lane pattern* (the arm mask of every cell) and the
tiles laid on it. Validity depends only on the pattern, so the valid patterns are found first
(a few thousand). On each pattern the tiles are then assigned cell by cell; rotations that change
nothing a task can see (a garden or a cross without watchmen turned, a straight turned half way
when its watchmen swap) are not enumerated one by one but counted as a multiplicity. Each
enumerated *class* carries its weight (placements it stands for) and the code of its
lexicographically smallest placement.

Placement code: cell 0 is the most significant base-72 digit; a cell's digit is
(tile - 1) * 8 + side * 4 + rotation (side a = 0, b = 1). Numeric order of codes is the
lexicographic order of the city notation.

Pure functions, no I/O; all tables are module constants built from `tiles.SIDES`.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from spieltisch.games.speedgans.tiles import SIDES, Shape

N_TASKS = 24
# Task values are packed 12 per uint64, 5 bits each, offset so that negative F6 fits.
KEY_BITS = 5
KEY_OFFSET = 8
N_SIDES = 18
CODE_BASE = 72
SHAPE_ID = {Shape.GARDEN: 0, Shape.STRAIGHT: 1, Shape.CURVE: 2, Shape.T: 3, Shape.CROSS: 4}


def _side_tables() -> tuple[np.ndarray, ...]:
    figures = np.zeros((N_SIDES, 5), np.int64)  # geese, pretzels, houses, children, dachshunds
    n_watch = np.zeros(N_SIDES, np.int64)
    watch_dir = np.zeros((N_SIDES, 2), np.int64)
    side_mask = np.zeros((N_SIDES, 4), np.int64)  # arm mask per rotation
    side_shape = np.zeros(N_SIDES, np.int64)
    for (tile, side), info in SIDES.items():
        k = (tile - 1) * 2 + (0 if side == "a" else 1)
        figures[k] = (info.geese, info.pretzels, info.houses, info.children, info.dachshunds)
        n_watch[k] = len(info.watchmen)
        for i, d in enumerate(info.watchmen):
            watch_dir[k, i] = d
        for r in range(4):
            side_mask[k, r] = info.arm_mask(r)
        side_shape[k] = SHAPE_ID[info.shape]
    return figures, n_watch, watch_dir, side_mask, side_shape


FIGURES, N_WATCH, WATCH_DIR, SIDE_MASK, SIDE_SHAPE = _side_tables()


def _options() -> tuple[np.ndarray, np.ndarray]:
    """Per arm mask: the (side, rotation, multiplicity) classes that produce it, in code order.

    Rotations of one side giving the same mask and the same watchmen directions are one class;
    its representative is the smallest rotation.
    """
    table: list[list[tuple[int, int, int]]] = [[] for _ in range(16)]
    for k in range(N_SIDES):
        groups: dict[tuple[int, tuple[int, ...]], list[int]] = {}
        for r in range(4):
            dirs = tuple(sorted((int(WATCH_DIR[k, i]) + r) % 4 for i in range(N_WATCH[k])))
            groups.setdefault((int(SIDE_MASK[k, r]), dirs), []).append(r)
        for (mask, _), rots in groups.items():
            table[mask].append((k, min(rots), len(rots)))
    width = max(len(t) for t in table)
    opts = np.full((16, width, 3), -1, np.int64)
    counts = np.zeros(16, np.int64)
    for m in range(16):
        for i, entry in enumerate(sorted(table[m])):
            opts[m, i] = entry
        counts[m] = len(table[m])
    return opts, counts


OPTS, N_OPTS = _options()

# Neighbour of cell c across edge d (-1 at the wall).
NEIGHBOUR = np.full((9, 4), -1, np.int64)
for _c in range(9):
    _r, _col = divmod(_c, 3)
    for _d, (_dr, _dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
        if 0 <= _r + _dr < 3 and 0 <= _col + _dc < 3:
            NEIGHBOUR[_c, _d] = (_r + _dr) * 3 + _col + _dc
CORNER_CELLS = np.array([0, 2, 6, 8], np.int64)
LINE_CELLS = np.array([[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8]], np.int64)


@nb.njit(cache=True)
def structure(masks, net, dist, seen):
    """Fill lane structure of a complete pattern; return True when it is a valid city.

    net[c]: network id (-1 garden); dist[a, b]: links between tiles (-1 not connected);
    seen[c, d]: bitmask of cells a watchman on c looking along d sees.
    """
    ok = True
    links = np.zeros((9, 4), np.int64)
    for c in range(9):
        for d in range(4):
            links[c, d] = -1
            if (masks[c] >> d) & 1:
                n = NEIGHBOUR[c, d]
                if n >= 0:
                    if (masks[n] >> ((d + 2) % 4)) & 1:
                        links[c, d] = n
                    else:
                        ok = False
    # Breadth-first distances from every cell (also used to label networks).
    queue = np.zeros(9, np.int64)
    for c in range(9):
        net[c] = -1
        for x in range(9):
            dist[c, x] = -1
    n_nets = 0
    n_links = 0
    for c in range(9):
        for d in range(4):
            if links[c, d] >= 0:
                n_links += 1
    n_links //= 2
    n_lane = 0
    for c in range(9):
        if masks[c] == 0:
            continue
        n_lane += 1
        dist[c, c] = 0
        head = 0
        tail = 1
        queue[0] = c
        while head < tail:
            x = queue[head]
            head += 1
            for d in range(4):
                y = links[x, d]
                if y >= 0 and dist[c, y] < 0:
                    dist[c, y] = dist[c, x] + 1
                    queue[tail] = y
                    tail += 1
        if net[c] < 0:
            for x in range(9):
                if dist[c, x] >= 0:
                    net[x] = n_nets
            n_nets += 1
    # A forest has exactly (tiles - networks) links.
    if n_links != n_lane - n_nets:
        ok = False
    for k in range(n_nets):
        gate = False
        for c in range(9):
            if net[c] == k:
                for d in range(4):
                    if (masks[c] >> d) & 1 and NEIGHBOUR[c, d] < 0:
                        gate = True
        if not gate:
            ok = False
    for c in range(9):
        for d in range(4):
            s = 0
            n = links[c, d]
            if n >= 0:
                # In a tree the tiles beyond n are those closer to n than to c.
                for x in range(9):
                    if x != c and dist[n, x] >= 0 and dist[n, x] < dist[c, x]:
                        s |= 1 << x
            seen[c, d] = s
    return ok


def _shape_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    mask_shape = np.full(16, -1, np.int64)
    for k in range(N_SIDES):
        for r in range(4):
            mask_shape[SIDE_MASK[k, r]] = SIDE_SHAPE[k]
    # tile_sides[t, shape]: sides of tile t+1 with that shape (tiles 7 and 8 have two crosses).
    tile_sides = np.zeros((9, 5), np.int64)
    for k in range(N_SIDES):
        tile_sides[k // 2, SIDE_SHAPE[k]] += 1
    # Most cells of one shape a city can have (tiles that have a side of that shape).
    shape_max = (tile_sides > 0).sum(axis=0).astype(np.int64)
    return mask_shape, tile_sides, shape_max


MASK_SHAPE, TILE_SIDES, SHAPE_MAX = _shape_tables()
LANE_MASKS = np.array([m for m in range(16) if MASK_SHAPE[m] >= 0], np.int64)


@nb.njit(cache=True)
def tile_matchings(shape_counts):
    """Ways to give each of the nine tiles a cell and a side up, the side's shape the cell's.

    Cells matter only through their shape, so this counts assignments of tiles to shape slots
    (cells of equal shape are distinct): DP over tiles with the filled slots per shape as state.
    """
    # State: how many cells of each shape are already taken, mixed-radix encoded.
    radix = np.zeros(5, np.int64)
    size = 1
    for sh in range(5):
        radix[sh] = size
        size *= shape_counts[sh] + 1
    ways = np.zeros(size, np.int64)
    ways[0] = 1
    for t in range(9):
        nxt = np.zeros(size, np.int64)
        for st in range(size):
            if ways[st] == 0:
                continue
            for sh in range(5):
                if TILE_SIDES[t, sh] == 0:
                    continue
                taken = (st // radix[sh]) % (shape_counts[sh] + 1)
                if taken < shape_counts[sh]:
                    # Any still free cell of that shape, with any of the tile's sides of it.
                    nxt[st + radix[sh]] += ways[st] * (shape_counts[sh] - taken) * TILE_SIDES[t, sh]
        ways = nxt
    return ways[size - 1]


@nb.njit(cache=True)
def valid_patterns():
    """All arm-mask patterns that form a valid city and that the nine tiles can be laid on."""
    out = np.zeros((1 << 14, 9), np.int64)
    n_out = 0
    masks = np.zeros(9, np.int64)
    choice = np.full(9, -1, np.int64)
    counts = np.zeros(5, np.int64)
    net = np.zeros(9, np.int64)
    dist = np.zeros((9, 9), np.int64)
    seen = np.zeros((9, 4), np.int64)
    n_masks = LANE_MASKS.shape[0]
    depth = 0
    while depth >= 0:
        if choice[depth] >= 0:
            counts[MASK_SHAPE[masks[depth]]] -= 1
        choice[depth] += 1
        if choice[depth] >= n_masks:
            choice[depth] = -1
            depth -= 1
            continue
        m = LANE_MASKS[choice[depth]]
        masks[depth] = m
        counts[MASK_SHAPE[m]] += 1
        row = depth // 3
        col = depth % 3
        # Left/up consistency now; right/down are checked when those cells come.
        bad = counts[MASK_SHAPE[m]] > SHAPE_MAX[MASK_SHAPE[m]]
        if col > 0 and ((masks[depth - 1] >> 1) & 1) != ((m >> 3) & 1):
            bad = True
        if row > 0 and ((masks[depth - 3] >> 2) & 1) != (m & 1):
            bad = True
        if bad:
            continue
        if depth < 8:
            depth += 1
            choice[depth] = -1
            continue
        if structure(masks, net, dist, seen) and tile_matchings(counts) > 0:
            if n_out == out.shape[0]:
                bigger = np.zeros((out.shape[0] * 2, 9), np.int64)
                bigger[:n_out] = out
                out = bigger
            out[n_out] = masks
            n_out += 1
    return out[:n_out].copy()


@nb.njit(cache=True)
def pattern_placements(pattern):
    """Placements on one pattern: tile matchings times the rotations that show each cell's mask."""
    counts = np.zeros(5, np.int64)
    rot_ways = 1
    for c in range(9):
        sh = MASK_SHAPE[pattern[c]]
        counts[sh] += 1
        # Rotations of a side giving a fixed mask: garden/cross 4, straight 2, curve/T 1.
        if sh == 0 or sh == 4:
            rot_ways *= 4
        elif sh == 1:
            rot_ways *= 2
    return tile_matchings(counts) * rot_ways


@nb.njit(cache=True)
def evaluate(masks, net, dist, seen, sides, rots, out):
    """Write the 24 task values of a valid city (pattern structure + sides/rotations) to out."""
    geese = np.zeros(9, np.int64)
    pretz = np.zeros(9, np.int64)
    houses = np.zeros(9, np.int64)
    kids = np.zeros(9, np.int64)
    dogs = np.zeros(9, np.int64)
    gates = np.zeros(9, np.int64)
    deg = np.zeros(9, np.int64)
    for c in range(9):
        k = sides[c]
        geese[c] = FIGURES[k, 0]
        pretz[c] = FIGURES[k, 1]
        houses[c] = FIGURES[k, 2]
        kids[c] = FIGURES[k, 3]
        dogs[c] = FIGURES[k, 4]
        for d in range(4):
            if (masks[c] >> d) & 1:
                if NEIGHBOUR[c, d] < 0:
                    gates[c] += 1
                else:
                    deg[c] += 1
    # Watchmen and lane geese.
    w_cell = np.zeros(8, np.int64)
    w_dir = np.zeros(8, np.int64)
    n_w = 0
    for c in range(9):
        k = sides[c]
        for i in range(N_WATCH[k]):
            w_cell[n_w] = c
            w_dir[n_w] = (WATCH_DIR[k, i] + rots[c]) % 4
            n_w += 1
    g_cell = np.zeros(8, np.int64)
    n_g = 0
    total_geese = 0
    total_pretz = 0
    for c in range(9):
        total_geese += geese[c]
        total_pretz += pretz[c]
        if masks[c] != 0:
            for _ in range(geese[c]):
                g_cell[n_g] = c
                n_g += 1
    # Max-count, then min-distance assignment: DP over watchmen, state = caught geese set.
    n_states = 1 << n_g
    cnt = np.full(n_states, -1, np.int64)
    dsum = np.zeros(n_states, np.int64)
    cnt[0] = 0
    seen_any = 0
    for w in range(n_w):
        sm = seen[w_cell[w], w_dir[w]]
        seen_any |= sm
        new_cnt = cnt.copy()
        new_d = dsum.copy()
        for st in range(n_states):
            if cnt[st] < 0:
                continue
            for g in range(n_g):
                if (st >> g) & 1 or not (sm >> g_cell[g]) & 1:
                    continue
                t = st | (1 << g)
                c2 = cnt[st] + 1
                d2 = dsum[st] + dist[w_cell[w], g_cell[g]]
                if c2 > new_cnt[t] or (c2 == new_cnt[t] and d2 < new_d[t]):
                    new_cnt[t] = c2
                    new_d[t] = d2
        cnt = new_cnt
        dsum = new_d
    best = 0
    for st in range(n_states):
        if cnt[st] > cnt[best] or (cnt[st] == cnt[best] and dsum[st] < dsum[best]):
            best = st
    caught = cnt[best]
    # Per network feeding and people.
    net_free = np.zeros(9, np.int64)
    net_pretz = np.zeros(9, np.int64)
    net_kids = np.zeros(9, np.int64)
    net_dogs = np.zeros(9, np.int64)
    for c in range(9):
        if net[c] >= 0:
            net_free[net[c]] += geese[c]
            net_pretz[net[c]] += pretz[c]
            net_kids[net[c]] += kids[c]
            net_dogs[net[c]] += dogs[c]
    for g in range(n_g):
        if (best >> g) & 1:
            net_free[net[g_cell[g]]] -= 1
    fed = 0
    l1 = 0
    l3 = 0
    l5 = 0
    for k in range(9):
        eaten = min(net_free[k], net_pretz[k])
        fed += eaten
        l1 += min(net_kids[k], net_dogs[k])
        if net_free[k] > 0:
            l3 += net_kids[k]
        l5 += min(net_kids[k], net_pretz[k] - eaten)
    w3 = 0
    w5 = 0
    for w in range(n_w):
        c = w_cell[w]
        if gates[c] > 0:
            w3 += 1
        if (masks[c] >> w_dir[w]) & 1 and NEIGHBOUR[c, w_dir[w]] < 0:
            w5 += 1
    w1 = 0
    w2 = 0
    w4 = 0
    h1 = 0
    h2 = 0
    h5 = 0
    h6 = 0
    l2 = 0
    l4 = 0
    l6 = 0
    for c in range(9):
        w1 += gates[c]
        if masks[c] != 0:
            if deg[c] == 1:
                w2 += 1
            h1 += houses[c]
        else:
            h2 += houses[c]
            l2 += kids[c]
        if masks[4] != 0 and dist[4, c] >= 3:
            w4 += 1
        if gates[c] > 0:
            h5 += houses[c]
            l4 += dogs[c]
        quiet = geese[c] == 0
        for d in range(4):
            n = NEIGHBOUR[c, d]
            if n >= 0 and geese[n] > 0:
                quiet = False
        if quiet:
            h6 += houses[c]
        if (seen_any >> c) & 1:
            l6 += kids[c]
    w6 = 0
    for i in range(4):
        w6 += gates[CORNER_CELLS[i]]
    h3 = 0
    for i in range(6):
        full = True
        for j in range(3):
            if houses[LINE_CELLS[i, j]] == 0:
                full = False
        if full:
            h3 += 1
    h4 = houses[4]
    for d in range(4):
        h4 += houses[NEIGHBOUR[4, d]]
    out[0] = caught
    out[1] = fed
    out[2] = total_pretz - fed
    out[3] = total_geese - caught
    out[4] = dsum[best]
    out[5] = caught - (total_geese - caught)
    out[6] = w1
    out[7] = w2
    out[8] = w3
    out[9] = w4
    out[10] = w5
    out[11] = w6
    out[12] = h1
    out[13] = h2
    out[14] = h3
    out[15] = h4
    out[16] = h5
    out[17] = h6
    out[18] = l1
    out[19] = l2
    out[20] = l3
    out[21] = l4
    out[22] = l5
    out[23] = l6


@nb.njit(cache=True)
def _walk(masks, sides, rots, weights_out, codes_out, keys_out, net, dist, seen, do_eval):
    """Depth-first over tile classes on one valid pattern; returns the number of classes.

    With do_eval False only counts (first pass, to size the output); otherwise fills the outputs.
    """
    choice = np.full(9, -1, np.int64)
    placed = np.zeros(9, np.int64)  # tile bit laid at each depth (0: none)
    mult = np.ones(10, np.int64)  # mult[c]: product of multiplicities of cells < c
    used = 0
    n = 0
    depth = 0
    vals = np.zeros(N_TASKS, np.int64)
    while depth >= 0:
        m = masks[depth]
        used &= ~placed[depth]
        placed[depth] = 0
        choice[depth] += 1
        if choice[depth] >= N_OPTS[m]:
            choice[depth] = -1
            depth -= 1
            continue
        k = OPTS[m, choice[depth], 0]
        tile_bit = 1 << (k // 2)
        if used & tile_bit:
            continue
        used |= tile_bit
        placed[depth] = tile_bit
        sides[depth] = k
        rots[depth] = OPTS[m, choice[depth], 1]
        mult[depth + 1] = mult[depth] * OPTS[m, choice[depth], 2]
        if depth < 8:
            depth += 1
            continue
        if do_eval:
            weights_out[n] = mult[9]
            code = 0
            for c in range(9):
                code = code * 72 + (sides[c] // 2) * 8 + (sides[c] % 2) * 4 + rots[c]
            codes_out[n] = code
            evaluate(masks, net, dist, seen, sides, rots, vals)
            k1 = np.uint64(0)
            k2 = np.uint64(0)
            for t in range(12):
                k1 |= np.uint64(vals[t] + KEY_OFFSET) << np.uint64(KEY_BITS * t)
                k2 |= np.uint64(vals[t + 12] + KEY_OFFSET) << np.uint64(KEY_BITS * t)
            keys_out[n, 0] = k1
            keys_out[n, 1] = k2
        n += 1
    return n


@nb.njit(cache=True, parallel=True)
def count_classes(patterns):
    """Number of tile classes per pattern (first pass)."""
    out = np.zeros(patterns.shape[0], np.int64)
    for p in nb.prange(patterns.shape[0]):
        sides = np.zeros(9, np.int64)
        rots = np.zeros(9, np.int64)
        dummy_w = np.zeros(1, np.int64)
        dummy_c = np.zeros(1, np.uint64)
        dummy_k = np.zeros((1, 2), np.uint64)
        net = np.zeros(9, np.int64)
        dist = np.zeros((9, 9), np.int64)
        seen = np.zeros((9, 4), np.int64)
        out[p] = _walk(patterns[p], sides, rots, dummy_w, dummy_c, dummy_k, net, dist, seen, False)
    return out


@nb.njit(cache=True, parallel=True)
def fill_classes(patterns, offsets, weights, codes, keys):
    """Second pass: every class's weight, code and packed values, pattern p at offsets[p]."""
    for p in nb.prange(patterns.shape[0]):
        sides = np.zeros(9, np.int64)
        rots = np.zeros(9, np.int64)
        net = np.zeros(9, np.int64)
        dist = np.zeros((9, 9), np.int64)
        seen = np.zeros((9, 4), np.int64)
        structure(patterns[p], net, dist, seen)
        lo = offsets[p]
        hi = offsets[p + 1]
        _walk(patterns[p], sides, rots, weights[lo:hi], codes[lo:hi], keys[lo:hi], net, dist, seen, True)


def unpack_keys(keys: np.ndarray) -> np.ndarray:
    """Packed value keys [n, 2] -> the 24 task values [n, 24] (int8)."""
    keys = np.asarray(keys, np.uint64)
    out = np.zeros((keys.shape[0], N_TASKS), np.int8)
    mask = np.uint64((1 << KEY_BITS) - 1)
    for t in range(12):
        shift = np.uint64(KEY_BITS * t)
        out[:, t] = ((keys[:, 0] >> shift) & mask).astype(np.int64) - KEY_OFFSET
        out[:, t + 12] = ((keys[:, 1] >> shift) & mask).astype(np.int64) - KEY_OFFSET
    return out


def allocate_classes(
    patterns: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(offsets per pattern, weights, codes, keys): empty output arrays for `fill_classes`, sized by
    `count_classes`; pattern i's classes go to [offsets[i], offsets[i + 1])."""
    counts = count_classes(patterns)
    offsets = np.zeros(len(patterns) + 1, np.int64)
    np.cumsum(counts, out=offsets[1:])
    total = int(offsets[-1])
    return offsets, np.zeros(total, np.int64), np.zeros(total, np.uint64), np.zeros((total, 2), np.uint64)


def enumerate_classes(patterns: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(weights int64, codes uint64, values int8 [n, 24]) for every class on the given patterns."""
    offsets, weights, codes, keys = allocate_classes(patterns)
    fill_classes(patterns, offsets, weights, codes, keys)
    return weights, codes, unpack_keys(keys)


def decode_code(code: int) -> list[tuple[int, str, int]]:
    """Placement code -> [(tile, side, rotation)] for cells 0..8."""
    digits = []
    code = int(code)
    for _ in range(9):
        code, digit = divmod(code, CODE_BASE)
        digits.append(digit)
    return [(d // 8 + 1, "ab"[(d // 4) % 2], d % 4) for d in reversed(digits)]


def encode_pieces(pieces: list[tuple[int, str, int]]) -> int:
    code = 0
    for tile, side, rotation in pieces:
        code = code * CODE_BASE + (tile - 1) * 8 + (0 if side == "a" else 1) * 4 + rotation
    return code
