"""The exact Plan Ahead optimum: the best land that 19 of a given set of 19 to 27 tiles can make.

In a puzzle every tile is known in advance and may go on any field, so the order of the draw does not
matter: the question is which tile goes where. It is answered by OR-Tools' CP-SAT solver, not by a
search of our own.

Model (why it looks like this: the obvious "tile t on field f, line l complete" model leaves the
solver a huge symmetry between tiles whose differences do not matter):

* A *plan* for one direction gives each of its five lines a kind or "not counted". Only plans whose
  kinds are available often enough (a road line of length 5 needs five road tiles) exist; per
  direction there are at most 4**5 = 1024, and one boolean per plan says which is chosen. A land's
  score is the sum of its three plans' scores.
* Booleans `on[f][t]` (tile t on field f) form a matching: one tile per field, each tile at most
  once. A plan that counts a line of kind k needs a tile of kind k (in that direction) on each of
  the line's fields.
* A land that scores at least T uses in each direction a plan scoring at least T minus the best the
  two other directions can score alone. With a target T just below that per-direction upper bound
  most plans drop out before the solver starts. If no land reaches T, T is lowered and the model
  solved again: the first target that is reached gives the optimum, because every land at or above
  the target was in the model.
* Pairs of directions limit each other: two plans (of different directions) are *compatible* when
  the fields' needs in those two directions can be met by the tiles' projections onto them (Hall's
  condition over the 3 x 3 grid of kind pairs: rows, columns and cells). A pair is *supported* when
  some plan of the third direction is compatible with both and the three reach the target. Only
  supported pairs are allowed (a table constraint per pair of directions); plans without any
  supported partner are dropped before the solver starts, and targets the pairs cannot reach at all
  are skipped without calling it.

HiGHS (scipy.optimize.milp) on the same plans, with the matching relaxed to continuous variables,
was exact too but took 2 s per random draw at the median and 10 s at worst: its LP bound stays far
above the optimum (270 against 247 for draw 49), while CP-SAT's clause learning settles the matching
quickly (`bench/planahead_optimum.py`).

A line that is "not counted" may still end up complete by accident in the returned land; that can
only add points, and at the optimum it cannot (the plan that counts it would be better), which
`best_land` checks with `score_land`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from ortools.sat.python import cp_model

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
        found = _solve(offered, plans, best, bound, target)
        if found is not None:
            break
        # No land reaches the target (target 0 is always reached: the plan that counts nothing).
    claimed, land = found
    score = score_land(land).total
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
) -> tuple[int, Land] | None:
    """The best land whose counted lines (three plans) total at least `target`, with that total, or
    None when no land reaches it."""
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

    model = cp_model.CpModel()
    fields = range(FIELD_COUNT)
    # on[f][t]: tile t lies on field f (0-based). Every field gets one tile, every tile is used once
    # at most.
    on = [[model.new_bool_var(f"on_{f}_{t}") for t in range(len(tiles))] for f in fields]
    for f in fields:
        model.add_exactly_one(on[f])
    for t in range(len(tiles)):
        model.add_at_most_one(on[f][t] for f in fields)
    chosen: dict[Direction, list[cp_model.IntVar]] = {}
    which: dict[Direction, cp_model.IntVar] = {}
    for direction in Direction:
        candidates = by_direction[direction]
        chosen[direction] = [model.new_bool_var(f"plan_{direction.name}_{i}") for i in range(len(candidates))]
        model.add_exactly_one(chosen[direction])
        # The chosen plan's index, for the table of supported pairs below.
        which[direction] = model.new_int_var(0, len(candidates) - 1, f"which_{direction.name}")
        model.add_map_domain(which[direction], chosen[direction])
        kinds = [VALUES[direction].index(tile.value(direction)) + 1 for tile in tiles]
        for f in fields:
            for kind in (1, 2, 3):
                needing = [chosen[direction][i] for i, plan in enumerate(candidates) if plan.needs[f] == kind]
                if needing:
                    # A counted line needs a tile of its kind on each of its fields.
                    fitting = [on[f][t] for t in range(len(tiles)) if kinds[t] == kind]
                    model.add(sum(needing) <= sum(fitting))
    for (d, e), matrix in support.items():
        model.add_allowed_assignments([which[d], which[e]], np.argwhere(matrix).tolist())
    total = sum(
        plan.score * chosen[direction][i]
        for direction in Direction
        for i, plan in enumerate(by_direction[direction])
    )
    model.add(total >= target)
    model.maximize(total)
    solver = cp_model.CpSolver()
    # One worker: deterministic (the same set gives the same land), and on two cores not slower.
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return None
    if status != cp_model.OPTIMAL:  # pragma: no cover - no time or search limits are set
        raise RuntimeError(f"CP-SAT failed: {solver.status_name(status)}")
    land: list[Tile | None] = [None] * FIELD_COUNT
    for f in fields:
        (land[f],) = (tile for t, tile in enumerate(tiles) if solver.boolean_value(on[f][t]))
    return round(solver.objective_value), tuple(land)
