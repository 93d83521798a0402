"""Numba kernels of the computer players: evaluator, move search and TD training, in one module.

One module on purpose: Numba's on-disk cache (cache=True) is invalidated only when the file of a
function changes, not when a function it calls from another file does. Kept together, a change to
the features can never leave a stale compiled search or trainer behind (with a weight layout that
no longer fits). Every kernel releases the GIL (nogil), so a server can run a computer seat's move
in a worker thread without holding up its event loop.

Evaluator: the value of a land is a sum of table weights over sparse features. The strong and the
medium level share it; they differ only in the weight vector (learned by TD(λ) self-play, or filled by
the line-probability formula in heuristic.py). A linear table model is what makes a chance
lookahead affordable: ~10,000 evaluations per move.

The value of an afterstate is the expected number of points still to come (points of lines already
complete are counted as rewards when they complete). Features, each one table index:
- bias per number of placed tiles;
- per empty line: the line and the number placed; the line, each kind and how many tiles of that kind
  are still unseen;
- per open line (one kind so far): line, kind, fill count, unseen tiles of the kind, number placed,
  and two coarser tables without the last or the one before, so rare states borrow from common ones;
- per empty field: the demand pattern of its three lines (any / kind / broken) and how many unseen
  tiles fit all demands, since two crossing open lines often want a tile that no longer exists;
- per direction and kind: fields still wanted by open lines against unseen tiles of that kind;
- per open line: line, kind, fill count, number placed and the fewest unseen tiles that fit any of its
  empty fields (0 means the line is dead although not yet broken);
- per empty field and pair of its lines: the joint state of the two lines (empty, broken, or kind and
  fill count), for the tile that field will need.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from spieltisch.games.planahead.bots.geometry import (
    FIELD_LINES,
    KIND_VALUE,
    LINE_DIR,
    LINE_FIELDS,
    LINE_LEN,
    TILE_KIND,
)

N_LINES = 15
N_FIELDS = 19
N_TILES = 27
T_SLOTS = 20  # tiles placed: 0..19
AV_SLOTS = 10  # unseen tiles of one kind: 0..9
EMPTY = -1
BROKEN = -2

OFF_BIAS = 0
OFF_EMPTY = OFF_BIAS + T_SLOTS
OFF_EMPTY_AV = OFF_EMPTY + N_LINES * T_SLOTS
OFF_OPEN = OFF_EMPTY_AV + N_LINES * 3 * AV_SLOTS
OFF_OPEN_T = OFF_OPEN + N_LINES * 3 * 5 * AV_SLOTS * T_SLOTS
OFF_OPEN_AV = OFF_OPEN_T + N_LINES * 3 * 5 * T_SLOTS
OFF_FIELD = OFF_OPEN_AV + N_LINES * 3 * 5 * AV_SLOTS
OFF_FIT = OFF_FIELD + N_FIELDS * 125
OFF_COMP = OFF_FIT + 4 * 10 * T_SLOTS
OFF_LIVE = OFF_COMP + 3 * 3 * 16 * AV_SLOTS
OFF_PAIR = OFF_LIVE + N_LINES * 3 * 5 * 4 * T_SLOTS
N_WEIGHTS = OFF_PAIR + N_FIELDS * 3 * 14 * 14
MAX_ACTIVE = 200
#: Size of the index buffer `features` writes to: the active indices, then its scratch space (kept in
#: the caller's buffer because allocating inside the innermost kernel costs more than the lookups).
IDX_SIZE = MAX_ACTIVE + 9 + N_FIELDS


def open_index(line: int, kind: int, count: int, avail: int, placed: int) -> int:
    """Index of the fine open-line feature (used by heuristic.py to fill weights)."""
    return OFF_OPEN + (((line * 3 + kind) * 5 + count) * AV_SLOTS + avail) * T_SLOTS + placed


@njit(cache=True, nogil=True)
def count_table(undrawn: np.ndarray, cnt: np.ndarray) -> None:
    """cnt[a, b, c]: unseen tiles with kind a/b/c in the three directions (3 = any kind)."""
    cnt[:] = 0
    for t in range(N_TILES):
        if undrawn[t]:
            for i in range(2):
                a = TILE_KIND[t, 0] if i == 0 else 3
                for j in range(2):
                    b = TILE_KIND[t, 1] if j == 0 else 3
                    for m in range(2):
                        c = TILE_KIND[t, 2] if m == 0 else 3
                        cnt[a, b, c] += 1


@njit(cache=True, nogil=True)
def adjust_count_table(cnt: np.ndarray, tile: int, delta: int) -> None:
    """Add (delta=1) or remove (delta=-1) one unseen tile from cnt, cheaper than a rebuild."""
    for i in range(2):
        a = TILE_KIND[tile, 0] if i == 0 else 3
        for j in range(2):
            b = TILE_KIND[tile, 1] if j == 0 else 3
            for m in range(2):
                c = TILE_KIND[tile, 2] if m == 0 else 3
                cnt[a, b, c] += delta


@njit(cache=True, nogil=True)
def avail(cnt: np.ndarray, direction: int, kind: int) -> int:
    if direction == 0:
        return cnt[kind, 3, 3]
    if direction == 1:
        return cnt[3, kind, 3]
    return cnt[3, 3, kind]


@njit(cache=True, nogil=True)
def line_state(land: np.ndarray, line: int) -> tuple[int, int]:
    """(kind, count): kind EMPTY with no tile, BROKEN when two kinds meet, else the shared kind."""
    d = LINE_DIR[line]
    kind = EMPTY
    count = 0
    for j in range(LINE_LEN[line]):
        tile = land[LINE_FIELDS[line, j]]
        if tile >= 0:
            tk = TILE_KIND[tile, d]
            if kind == EMPTY:
                kind = tk
            elif kind != tk:
                return BROKEN, count
            count += 1
    return kind, count


@njit(cache=True, nogil=True)
def line_states(land: np.ndarray, kinds: np.ndarray, counts: np.ndarray) -> None:
    for i in range(N_LINES):
        kinds[i], counts[i] = line_state(land, i)


@njit(cache=True, nogil=True)
def pair_state(kind: int, count: int) -> int:
    """A line crossing an empty field, in 14 states: empty, broken, or kind × fill count (1..4)."""
    if kind == EMPTY:
        return 0
    if kind == BROKEN:
        return 1
    return 2 + kind * 4 + count - 1


@njit(cache=True, nogil=True)
def features(
    land: np.ndarray,
    placed: int,
    cnt: np.ndarray,
    kinds: np.ndarray,
    counts: np.ndarray,
    out: np.ndarray,
) -> int:
    """Write the active feature indices of a land (line states already in kinds/counts) to out."""
    n = 0
    out[n] = OFF_BIAS + placed
    n += 1
    need = out[MAX_ACTIVE : MAX_ACTIVE + 9]
    need[:] = 0
    fits = out[MAX_ACTIVE + 9 : MAX_ACTIVE + 9 + N_FIELDS]
    for f in range(N_FIELDS):
        if land[f] >= 0:
            continue
        code = 0
        nreq = 0
        r0 = 3
        r1 = 3
        r2 = 3
        for d in range(3):
            k = kinds[FIELD_LINES[f, d]]
            s = 0
            if k == BROKEN:
                s = 4
            elif k >= 0:
                s = k + 1
                nreq += 1
                if d == 0:
                    r0 = k
                elif d == 1:
                    r1 = k
                else:
                    r2 = k
            code = code * 5 + s
        out[n] = OFF_FIELD + f * 125 + code
        fit = min(cnt[r0, r1, r2], 9)
        fits[f] = fit
        out[n + 1] = OFF_FIT + (nreq * 10 + fit) * T_SLOTS + placed
        n += 2
        for p in range(3):
            la = FIELD_LINES[f, p]
            lb = FIELD_LINES[f, (p + 1) % 3]
            out[n] = (
                OFF_PAIR
                + ((f * 3 + p) * 14 + pair_state(kinds[la], counts[la])) * 14
                + pair_state(kinds[lb], counts[lb])
            )
            n += 1
    for i in range(N_LINES):
        k = kinds[i]
        c = counts[i]
        d = LINE_DIR[i]
        length = LINE_LEN[i]
        if k == BROKEN or (k >= 0 and c == length):
            continue
        if k == EMPTY:
            out[n] = OFF_EMPTY + i * T_SLOTS + placed
            n += 1
            for kk in range(3):
                out[n] = OFF_EMPTY_AV + (i * 3 + kk) * AV_SLOTS + avail(cnt, d, kk)
                n += 1
        else:
            av = avail(cnt, d, k)
            base = (i * 3 + k) * 5 + c
            out[n] = OFF_OPEN + (base * AV_SLOTS + av) * T_SLOTS + placed
            out[n + 1] = OFF_OPEN_T + base * T_SLOTS + placed
            out[n + 2] = OFF_OPEN_AV + base * AV_SLOTS + av
            n += 3
            need[d * 3 + k] += length - c
            tight = 3
            for j in range(length):
                f = LINE_FIELDS[i, j]
                if land[f] < 0 and fits[f] < tight:
                    tight = fits[f]
            out[n] = OFF_LIVE + (base * 4 + tight) * T_SLOTS + placed
            n += 1
    for d in range(3):
        for k in range(3):
            out[n] = OFF_COMP + ((d * 3 + k) * 16 + min(need[d * 3 + k], 15)) * AV_SLOTS + avail(cnt, d, k)
            n += 1
    return n


@njit(cache=True, nogil=True)
def value_of(
    w: np.ndarray,
    land: np.ndarray,
    placed: int,
    cnt: np.ndarray,
    kinds: np.ndarray,
    counts: np.ndarray,
    idx: np.ndarray,
) -> float:
    """Expected points still to come; 0 for a full land."""
    if placed >= N_FIELDS:
        return 0.0
    line_states(land, kinds, counts)
    n = features(land, placed, cnt, kinds, counts, idx)
    total = 0.0
    for j in range(n):
        total += w[idx[j]]
    return total


@njit(cache=True, nogil=True)
def reward_at(land: np.ndarray, field: int) -> int:
    """Points completed by the tile just put on `field` (its three lines, if now complete)."""
    points = 0
    tile = land[field]
    for d in range(3):
        line = FIELD_LINES[field, d]
        kind, count = line_state(land, line)
        if kind >= 0 and count == LINE_LEN[line]:
            points += LINE_LEN[line] * KIND_VALUE[d, TILE_KIND[tile, d]]
    return points


# Move search: greedy on afterstates, or a chance lookahead over the tiles that may come next.
# All take (land, placed, undrawn) where `undrawn` already excludes the tile being placed: exactly
# what a player knows at that moment, never more.


@njit(cache=True, nogil=True)
def afterstate_scores(
    w: np.ndarray, land: np.ndarray, placed: int, undrawn: np.ndarray, tile: int
) -> np.ndarray:
    """reward + value of putting `tile` on each field (-inf where taken); `placed` excludes `tile`."""
    cnt = np.zeros((4, 4, 4), dtype=np.int64)
    count_table(undrawn, cnt)
    kinds = np.zeros(N_LINES, dtype=np.int64)
    counts = np.zeros(N_LINES, dtype=np.int64)
    idx = np.zeros(IDX_SIZE, dtype=np.int64)
    out = np.full(N_FIELDS, -np.inf)
    for f in range(N_FIELDS):
        if land[f] >= 0:
            continue
        land[f] = tile
        out[f] = reward_at(land, f) + value_of(w, land, placed + 1, cnt, kinds, counts, idx)
        land[f] = -1
    return out


@njit(cache=True, nogil=True)
def lookahead_scores(
    w: np.ndarray, land: np.ndarray, placed: int, undrawn: np.ndarray, tile: int
) -> np.ndarray:
    """For each free field: its reward plus the mean, over the unseen tiles that may come next, of
    the best reward + value of placing that next tile (-inf where taken)."""
    return lookahead_some(w, land, placed, undrawn, tile, land < 0)


@njit(cache=True, nogil=True)
def lookahead_some(
    w: np.ndarray, land: np.ndarray, placed: int, undrawn: np.ndarray, tile: int, consider: np.ndarray
) -> np.ndarray:
    """lookahead_scores for the fields in `consider` only (-inf elsewhere)."""
    cnt = np.zeros((4, 4, 4), dtype=np.int64)
    count_table(undrawn, cnt)
    kinds = np.zeros(N_LINES, dtype=np.int64)
    counts = np.zeros(N_LINES, dtype=np.int64)
    idx = np.zeros(IDX_SIZE, dtype=np.int64)
    out = np.full(N_FIELDS, -np.inf)
    n_unseen = 0
    for x in range(N_TILES):
        if undrawn[x]:
            n_unseen += 1
    for a in range(N_FIELDS):
        if land[a] >= 0 or not consider[a]:
            continue
        land[a] = tile
        r_a = reward_at(land, a)
        if placed + 1 >= N_FIELDS or n_unseen == 0:
            out[a] = r_a
            land[a] = -1
            continue
        total = 0.0
        for x in range(N_TILES):
            if not undrawn[x]:
                continue
            adjust_count_table(cnt, x, -1)
            best = -np.inf
            for b in range(N_FIELDS):
                if land[b] >= 0:
                    continue
                land[b] = x
                q = reward_at(land, b) + value_of(w, land, placed + 2, cnt, kinds, counts, idx)
                land[b] = -1
                if q > best:
                    best = q
            adjust_count_table(cnt, x, 1)
            total += best
        out[a] = r_a + total / n_unseen
        land[a] = -1
    return out


@njit(cache=True, nogil=True)
def best_field(scores: np.ndarray) -> int:
    """0-based field of the highest score; the lowest field on ties (deterministic)."""
    best = -1
    for f in range(scores.shape[0]):
        if scores[f] > -np.inf and (best < 0 or scores[f] > scores[best]):
            best = f
    return best


@njit(cache=True, nogil=True)
def top_fields(scores: np.ndarray, k: int) -> np.ndarray:
    """Mask of the k best-scored fields (ties to the lower field)."""
    order = np.argsort(-scores, kind="mergesort")
    mask = np.zeros(scores.shape[0], dtype=np.bool_)
    for j in range(min(k, scores.shape[0])):
        if scores[order[j]] > -np.inf:
            mask[order[j]] = True
    return mask


@njit(cache=True, nogil=True)
def deep_some(
    w: np.ndarray,
    land: np.ndarray,
    placed: int,
    undrawn: np.ndarray,
    tile: int,
    consider: np.ndarray,
    k_next: int,
) -> np.ndarray:
    """The 2-ply chance search of `deep_scores` for the fields in `consider` only (-inf elsewhere):
    each one's reward plus the mean over the next tile of its best 1-ply score among the k_next
    fields the afterstate value likes best (the move analysis weighs a player's field and the best
    few this way)."""
    if placed + 2 >= N_FIELDS:
        return lookahead_some(w, land, placed, undrawn, tile, consider)
    out = np.full(N_FIELDS, -np.inf)
    n_unseen = 0
    for x in range(N_TILES):
        if undrawn[x]:
            n_unseen += 1
    for a in range(N_FIELDS):
        if land[a] >= 0 or not consider[a]:
            continue
        land[a] = tile
        r_a = reward_at(land, a)
        total = 0.0
        for x in range(N_TILES):
            if not undrawn[x]:
                continue
            undrawn[x] = False
            near = afterstate_scores(w, land, placed + 1, undrawn, x)
            inner = lookahead_some(w, land, placed + 1, undrawn, x, top_fields(near, k_next))
            undrawn[x] = True
            total += inner.max()
        out[a] = r_a + total / n_unseen
        land[a] = -1
    return out


@njit(cache=True, nogil=True)
def deep_scores(
    w: np.ndarray, land: np.ndarray, placed: int, undrawn: np.ndarray, tile: int, k_first: int, k_next: int
) -> np.ndarray:
    """A selective 2-ply chance search: the k_first best fields by the 1-ply lookahead are scored by
    their reward plus the mean over the next tile of its best 1-ply score, where only the k_next best
    fields for that tile by the afterstate value are searched. The other fields keep their 1-ply
    score minus a margin, so they are chosen only when the deeper search finds nothing better."""
    shallow = lookahead_scores(w, land, placed, undrawn, tile)
    if placed + 2 >= N_FIELDS:
        return shallow
    first = top_fields(shallow, k_first)
    return np.where(first, deep_some(w, land, placed, undrawn, tile, first, k_next), shallow - 1e6)


# TD(lambda) afterstate learning from self-play. Each game draws 19 of the 27 tiles from Numba's
# seeded generator; the player places each tile on the field with the best reward + afterstate value
# (no exploration: the tiles are random enough). After the game every afterstate's value moves
# towards its lambda-return, computed backwards from the end: the points the next placement
# completes, plus (1 - lambda) × the next afterstate's value + lambda × the next lambda-return (0 once
# the land is full). lambda = 0 is TD(0); a larger lambda lets the points a line scores at the end
# of the game reach the early afterstates that built it without waiting for the values in between.
# The values are those seen during the game (the weights change only once it is over). The step is
# divided by the number of active features, so alpha is the share of the error corrected.


@njit(cache=True, nogil=True)
def td_train(w: np.ndarray, games: int, alpha: float, lam: float, seed: int) -> float:
    """Train w in place on `games` self-play games; return their mean score."""
    np.random.seed(seed)
    cnt = np.zeros((4, 4, 4), dtype=np.int64)
    kinds = np.zeros(N_LINES, dtype=np.int64)
    counts = np.zeros(N_LINES, dtype=np.int64)
    idx = np.zeros(IDX_SIZE, dtype=np.int64)
    # The afterstates of one game: active features, value and the points the placement completed.
    hist_idx = np.zeros((N_FIELDS, MAX_ACTIVE), dtype=np.int64)
    hist_n = np.zeros(N_FIELDS, dtype=np.int64)
    hist_v = np.zeros(N_FIELDS)
    hist_r = np.zeros(N_FIELDS)
    land = np.full(N_FIELDS, -1, dtype=np.int8)
    undrawn = np.ones(N_TILES, dtype=np.bool_)
    total_score = 0.0
    for _ in range(games):
        draw = np.random.permutation(N_TILES)[:N_FIELDS]
        land[:] = -1
        undrawn[:] = True
        score = 0.0
        for t in range(N_FIELDS):
            tile = draw[t]
            undrawn[tile] = False
            count_table(undrawn, cnt)
            best_q = -np.inf
            best_f = -1
            for f in range(N_FIELDS):
                if land[f] >= 0:
                    continue
                land[f] = tile
                r = reward_at(land, f)
                v = 0.0
                n = 0
                if t + 1 < N_FIELDS:
                    line_states(land, kinds, counts)
                    n = features(land, t + 1, cnt, kinds, counts, idx)
                    for j in range(n):
                        v += w[idx[j]]
                land[f] = -1
                q = r + v
                if q > best_q:
                    best_q = q
                    best_f = f
                    hist_r[t] = r
                    hist_v[t] = v
                    hist_n[t] = n
                    hist_idx[t, :n] = idx[:n]
            land[best_f] = tile
            score += hist_r[t]
        # The full land (t = 18) has value 0 and no features; its lambda-return is 0.
        ret = 0.0
        for t in range(N_FIELDS - 2, -1, -1):
            ret = hist_r[t + 1] + (1.0 - lam) * hist_v[t + 1] + lam * ret
            n = hist_n[t]
            step = alpha * (ret - hist_v[t]) / n
            for j in range(n):
                w[hist_idx[t, j]] += step
        total_score += score
    return total_score / max(games, 1)
