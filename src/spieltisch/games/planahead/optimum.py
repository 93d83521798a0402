"""The exact Plan Ahead optimum: the best land that 19 of a given set of 19 to 27 tiles can make.

In a puzzle every tile is known in advance and may go on any field, so the order of the draw does not
matter: the question is which tile goes where. It is answered with a mixed-integer program solved by
HiGHS (through `scipy.optimize.milp`), not with a search of our own.

Formulation (why it looks like this: the obvious "tile t on field f" model has a weak LP bound and a
huge symmetry between tiles whose differences do not matter, so HiGHS needs tens of seconds):

* A *plan* for one direction gives each of its five lines a kind or "not counted". Only plans whose
  kinds are available often enough (a road line of length 5 needs five road tiles) exist; per
  direction there are at most 4**5 = 1024, and one binary `u` per plan says which is chosen. Choosing
  whole plans instead of single line kinds gives the LP the exact per-direction knapsack hull.
* Given the three plans, each field knows which kind it needs in each direction (a field on three
  counted lines needs exactly one tile). Whether the tiles suffice is a bipartite matching, written
  with continuous `x[f, t]` (tile t on field f): for integral plans the matching polytope is integral,
  so only the 3 * |plans| binaries are branched on.
* The score of a plan is its own; a land's score is the sum of its three plans' scores. A land that
  scores at least T therefore uses in each direction a plan scoring at least T minus the best the two
  other directions can score alone. With a target T just below that per-direction upper bound most
  plans drop out before the solver starts, and the row "score >= T" lets HiGHS prune at once. If no
  land reaches T, T is lowered and the program solved again: the first target that is reached gives
  the optimum, because every land at or above the target was in the program.

* Pairs of directions limit each other: two plans (of different directions) are *compatible* when
  the fields' needs in those two directions can be met by the tiles' projections onto them (Hall's
  condition over the 3 x 3 grid of kind pairs: rows, columns and cells). A pair is *supported* when
  some plan of the third direction is compatible with both and the three reach the target. Rows
  "plan i of one direction needs a supported partner in each other direction" cut away most of the
  fractional mixtures of plans that made the plain LP bound weak (287 against an optimum of 247 for
  draw 3); plans without any supported partner are dropped before HiGHS starts. Targets the pairs
  cannot reach at all are skipped without calling HiGHS.

A line that is "not counted" may still end up complete by accident in the returned land; that can
only add points, and at the optimum it cannot (the plan that counts it would be better), which
`best_land` checks with `score_land`.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, linear_sum_assignment, milp
from scipy.sparse import csr_matrix

from spieltisch.games.planahead.board import FIELD_COUNT, LINES, Line
from spieltisch.games.planahead.notation import Land
from spieltisch.games.planahead.scoring import score_land
from spieltisch.games.planahead.tiles import VALUES, Direction, Tile

MIN_TILES = FIELD_COUNT
MAX_TILES = 27

#: Lines of each direction, in board order; a plan is a tuple of kinds (or None) in this order.
_LINES_OF: dict[Direction, tuple[Line, ...]] = {
    direction: tuple(line for line in LINES if line.direction is direction) for direction in Direction
}

#: HiGHS settings. Its primal heuristics (RINS, RENS, feasibility jump, …) cost far more here than
#: they bring, since the target row makes any feasible point nearly optimal. scipy passes options it
#: does not know through to HiGHS verbatim (with a warning, silenced below).
_HIGHS_OPTIONS = {
    "mip_heuristic_effort": 0.0,
    "mip_heuristic_run_rins": False,
    "mip_heuristic_run_rens": False,
    "mip_heuristic_run_root_reduced_cost": False,
    "mip_heuristic_run_feasibility_jump": False,
}

#: First distance of the target below the upper bound, and the step after each miss, as shares of it.
#: Random 19-tile draws end 6–10 % below the per-direction bound.
_FIRST_SLACK = 0.03
_SLACK_STEP = 0.03

#: Hall sets of the 3 x 3 grid of kind pairs: subsets of kinds (1-based indices) of one direction.
_SUBSETS = tuple(s for r in range(3) for s in itertools.combinations((1, 2, 3), r))


@dataclass(frozen=True, slots=True)
class Optimum:
    score: int
    land: Land


@dataclass(frozen=True, slots=True)
class _Plan:
    direction: Direction
    kinds: tuple[int | None, ...]
    score: int
    #: Per field (index 0 = field 1): the kind index (1..3) the plan needs there in its direction, 0
    #: where the field's line is not counted.
    needs: tuple[int, ...] = ()


def best_land(tiles: Iterable[Tile]) -> Optimum:
    """The highest score any placement of 19 of `tiles` (19 to 27 distinct tiles) reaches, and such a
    land. Deterministic: the same set gives the same land, whatever order it comes in."""
    offered = tuple(sorted(tiles))
    if not MIN_TILES <= len(offered) <= MAX_TILES:
        raise ValueError(f"give {MIN_TILES} to {MAX_TILES} tiles, got {len(offered)}")
    if len(set(offered)) != len(offered):
        raise ValueError("a tile appears twice; every tile exists once")

    plans = {direction: _plans(offered, direction) for direction in Direction}
    best = {direction: max(plan.score for plan in plans[direction]) for direction in Direction}
    bound = sum(best.values())
    slack = max(1, round(bound * _FIRST_SLACK))
    while True:
        target = max(0, bound - slack)
        slack += max(1, round(bound * _SLACK_STEP))
        chosen = _solve(offered, plans, best, bound, target)
        if chosen is not None:
            break
        # No land reaches the target (target 0 is always reached: the plan that counts nothing).
    land = _land_for(offered, chosen)
    score = score_land(land).total
    claimed = sum(plan.score for plan in chosen)
    if score != claimed:  # pragma: no cover - would mean a bug in the model
        raise RuntimeError(f"optimiser claimed {claimed}, but the land scores {score}")
    return Optimum(score, land)


def _plans(tiles: Sequence[Tile], direction: Direction) -> list[_Plan]:
    """Every plan for one direction that the kinds on offer can fill."""
    lines = _LINES_OF[direction]
    available = {kind: sum(tile.value(direction) == kind for tile in tiles) for kind in VALUES[direction]}
    plans = []
    for kinds in itertools.product((None, *VALUES[direction]), repeat=len(lines)):
        needed = dict.fromkeys(VALUES[direction], 0)
        for line, kind in zip(lines, kinds, strict=True):
            if kind is not None:
                needed[kind] += line.length
        if all(needed[kind] <= available[kind] for kind in needed):
            score = sum(
                line.length * kind for line, kind in zip(lines, kinds, strict=True) if kind is not None
            )
            needs = [0] * FIELD_COUNT
            for line, kind in zip(lines, kinds, strict=True):
                if kind is not None:
                    for field in line.fields:
                        needs[field - 1] = VALUES[direction].index(kind) + 1
            plans.append(_Plan(direction, kinds, score, tuple(needs)))
    return plans


def _compatible(
    tiles: Sequence[Tile], d: Direction, e: Direction, first: list[_Plan], second: list[_Plan]
) -> np.ndarray:
    """Boolean matrix [i, j]: can the tiles meet the needs of plan `first[i]` (direction d) and plan
    `second[j]` (direction e) together, looking at those two directions only? Hall's condition: for
    every union N of rows, columns and cells of the 3 x 3 grid of (d kind, e kind) pairs, the fields
    whose needs lie inside N are no more than the tiles inside N."""
    count = np.zeros((4, 4), dtype=np.int64)
    for tile in tiles:
        count[VALUES[d].index(tile.value(d)) + 1, VALUES[e].index(tile.value(e)) + 1] += 1
    needs_d = np.array([plan.needs for plan in first])
    needs_e = np.array([plan.needs for plan in second])
    one_hot_d = np.stack([needs_d == a for a in range(4)], axis=2).astype(np.float32)
    one_hot_e = np.stack([needs_e == b for b in range(4)], axis=2).astype(np.float32)
    # n[a, b, i, j]: fields that need kind a in d (0: nothing) and b in e under plans i and j.
    n = np.einsum("ifa,jfb->abij", one_hot_d, one_hot_e)
    ok = np.ones(n.shape[2:], dtype=bool)
    for rows in _SUBSETS:
        for cols in _SUBSETS:
            demand = np.zeros(n.shape[2:], dtype=np.float32)
            supply = 0
            for a in (1, 2, 3):
                for b in (1, 2, 3):
                    if a in rows or b in cols:
                        demand += n[a, b]
                        supply += count[a, b]
                    else:  # a cell of its own: worth adding to N only where it is short
                        demand += np.maximum(0, n[a, b] - count[a, b])
            for a in rows:
                demand += n[a, 0]
            for b in cols:
                demand += n[0, b]
            ok &= demand <= supply
    return ok


_PAIRS = (
    (Direction.VERTICAL, Direction.RISING),
    (Direction.VERTICAL, Direction.FALLING),
    (Direction.RISING, Direction.FALLING),
)


def _supported(
    tiles: Sequence[Tile], kept: dict[Direction, list[_Plan]], target: int
) -> dict[tuple[Direction, Direction], np.ndarray]:
    """For each pair of directions, which plan pairs are compatible and have a plan of the third
    direction compatible with both such that the three reach `target`."""
    support = {(d, e): _compatible(tiles, d, e, kept[d], kept[e]) for d, e in _PAIRS}
    scores = {d: np.array([plan.score for plan in kept[d]], dtype=np.float64) for d in Direction}

    def pair(d: Direction, e: Direction) -> np.ndarray:
        return support[d, e] if (d, e) in support else support[e, d].T

    changed = True
    while changed:
        changed = False
        for d, e in _PAIRS:
            (f,) = set(Direction) - {d, e}
            both = pair(d, f)[:, None, :] & pair(e, f)[None, :, :]
            third = np.where(both, scores[f][None, None, :], -np.inf).max(axis=2, initial=-np.inf)
            ok = support[d, e] & (scores[d][:, None] + scores[e][None, :] + third >= target)
            if (ok != support[d, e]).any():
                support[d, e] = ok
                changed = True
    return support


def _solve(
    tiles: Sequence[Tile],
    plans: dict[Direction, list[_Plan]],
    best: dict[Direction, int],
    bound: int,
    target: int,
) -> tuple[_Plan, ...] | None:
    """The best three plans whose total is at least `target` and whose field needs the tiles can
    meet, or None when there are none."""
    # Plans that cannot be part of a land scoring `target` even with the best of the other two.
    by_direction = {
        direction: [plan for plan in plans[direction] if plan.score >= target - (bound - best[direction])]
        for direction in Direction
    }
    if not all(by_direction.values()):
        return None
    support = _supported(tiles, by_direction, target)
    alive = {direction: np.ones(len(by_direction[direction]), dtype=bool) for direction in Direction}
    for (d, e), matrix in support.items():
        alive[d] &= matrix.any(axis=1)
        alive[e] &= matrix.any(axis=0)
    if not all(mask.any() for mask in alive.values()):
        return None  # no three pairwise compatible plans reach the target
    for (d, e), matrix in list(support.items()):
        support[d, e] = matrix[np.ix_(alive[d], alive[e])]
    by_direction = {d: [p for p, a in zip(by_direction[d], alive[d], strict=True) if a] for d in Direction}
    kept = [plan for direction in Direction for plan in by_direction[direction]]
    first_of = dict(
        zip(Direction, np.cumsum([0] + [len(by_direction[d]) for d in Direction])[:3].tolist(), strict=True)
    )
    n_tiles = len(tiles)
    n_x = FIELD_COUNT * n_tiles
    n_vars = n_x + len(kept)

    def x(field: int, tile: int) -> int:  # field 1-based, tile an index into `tiles`
        return (field - 1) * n_tiles + tile

    rows: list[list[tuple[int, float]]] = []
    lower: list[float] = []
    upper: list[float] = []

    def row(entries: list[tuple[int, float]], lo: float, hi: float) -> None:
        rows.append(entries)
        lower.append(lo)
        upper.append(hi)

    for field in range(1, FIELD_COUNT + 1):
        row([(x(field, t), 1.0) for t in range(n_tiles)], 1, 1)  # every field gets one tile
    for t in range(n_tiles):
        row([(x(field, t), 1.0) for field in range(1, FIELD_COUNT + 1)], 0, 1)  # every tile once
    for direction in Direction:
        # One plan per direction. The program is infeasible when a direction has no plan left.
        row([(n_x + i, 1.0) for i, plan in enumerate(kept) if plan.direction is direction], 1, 1)
        for position, line in enumerate(_LINES_OF[direction]):
            for kind in VALUES[direction]:
                counting = [
                    (n_x + i, 1.0)
                    for i, p in enumerate(kept)
                    if p.direction is direction and p.kinds[position] == kind
                ]
                if not counting:
                    continue
                fitting = [t for t, tile in enumerate(tiles) if tile.value(direction) == kind]
                for field in line.fields:
                    # A line counted with this kind needs a tile of that kind on each of its fields.
                    row(counting + [(x(field, t), -1.0) for t in fitting], -np.inf, 0)
    for (d, e), matrix in support.items():
        # Plan i of one direction needs a supported partner in the other: u_i <= sum of partners'
        # u, or (shorter, the same since one plan per direction is chosen) u_i + sum of others' u <= 1.
        for a, b, m in ((d, e, matrix), (e, d, matrix.T)):
            for i in range(m.shape[0]):
                good, bad = np.nonzero(m[i])[0], np.nonzero(~m[i])[0]
                me = (n_x + first_of[a] + i, 1.0)
                if len(bad) <= len(good):
                    row([me] + [(n_x + first_of[b] + int(j), 1.0) for j in bad], -np.inf, 1)
                else:
                    row([me] + [(n_x + first_of[b] + int(j), -1.0) for j in good], -np.inf, 0)
    scores = np.zeros(n_vars)
    scores[n_x:] = [plan.score for plan in kept]
    row([(j, float(scores[j])) for j in range(n_x, n_vars)], target, np.inf)

    data, indices, indptr = [], [], [0]
    for entries in rows:
        for j, value in entries:
            indices.append(j)
            data.append(value)
        indptr.append(len(indices))
    matrix = csr_matrix((data, indices, indptr), shape=(len(rows), n_vars))
    integrality = np.zeros(n_vars)
    integrality[n_x:] = 1
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Unrecognized options", category=RuntimeWarning)
        result = milp(
            -scores,
            integrality=integrality,
            bounds=Bounds(0, 1),
            constraints=LinearConstraint(matrix, lower, upper),
            options=dict(_HIGHS_OPTIONS),
        )
    if result.status == 2:  # infeasible: no land reaches the target
        return None
    if result.status != 0 or result.x is None:  # pragma: no cover - time and node limits are not set
        raise RuntimeError(f"HiGHS failed: {result.message}")
    return tuple(plan for i, plan in enumerate(kept) if result.x[n_x + i] > 0.5)


def _land_for(tiles: Sequence[Tile], chosen: Sequence[_Plan]) -> Land:
    """A land that fills every counted line as the plans say: a matching of fields to tiles."""
    need: dict[int, dict[Direction, int]] = {field: {} for field in range(1, FIELD_COUNT + 1)}
    for plan in chosen:
        for line, kind in zip(_LINES_OF[plan.direction], plan.kinds, strict=True):
            if kind is not None:
                for field in line.fields:
                    need[field][plan.direction] = kind
    cost = np.array(
        [
            [0 if all(tile.value(d) == kind for d, kind in need[field].items()) else 1 for tile in tiles]
            for field in range(1, FIELD_COUNT + 1)
        ]
    )
    fields, picked = linear_sum_assignment(cost)
    if cost[fields, picked].sum():  # pragma: no cover - the program guarantees a matching
        raise RuntimeError("the chosen plans have no matching of tiles to fields")
    land: list[Tile | None] = [None] * FIELD_COUNT
    for field, t in zip(fields, picked, strict=True):
        land[field] = tiles[t]
    return tuple(land)
