"""The numba enumerator agrees with the plain engine."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.games.speedgans import fast
from spieltisch.games.speedgans.catalog import city_of_code, code_of_city
from spieltisch.games.speedgans.city import Layout
from spieltisch.games.speedgans.notation import parse_city
from spieltisch.games.speedgans.tasks import TASK_IDS, task_values

from .conftest import random_city

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@cache
def patterns() -> np.ndarray:
    return fast.valid_patterns()


def masks_of(city) -> np.ndarray:
    return np.array([p.arm_mask for p in city.cells], np.int64)


def fast_valid(city) -> bool:
    net = np.zeros(9, np.int64)
    dist = np.zeros((9, 9), np.int64)
    seen = np.zeros((9, 4), np.int64)
    return bool(fast.structure(masks_of(city), net, dist, seen))


@settings(max_examples=300, deadline=None)
@given(seeds)
def test_fast_validity_matches_engine(seed: int) -> None:
    city = random_city(random.Random(seed))
    assert fast_valid(city) == Layout.of(city).valid


def test_worked_examples_are_found_valid() -> None:
    for text in (
        "6b1 3b0 5a3 1b2 9b0 2a2 7a2 4a0 8a1",
        "6a2 7a2 8b3 9b2 1a0 3a0 4a0 5b1 2a3",
        "4a2 7a3 5a2 3b2 1a2 9b3 2a3 8a3 6a0",
    ):
        city = parse_city(text)
        assert city_of_code(code_of_city(city)) == city
        assert fast_valid(city)
        assert any((masks_of(city) == p).all() for p in patterns())


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 10**9))
def test_enumerated_classes_match_engine(pick_pattern: int, pick_class: int) -> None:
    pats = patterns()
    pattern = pats[pick_pattern % len(pats)]
    weights, codes, values = fast.enumerate_classes(pattern[None, :])
    # Every class is a distinct placement of this pattern, valid, with the engine's values.
    assert len(set(codes.tolist())) == len(codes)
    for i in {pick_class % len(codes), 0, len(codes) - 1}:
        city = city_of_code(int(codes[i]))
        assert (masks_of(city) == pattern).all()
        assert Layout.of(city).valid
        assert dict(zip(TASK_IDS, values[i].tolist(), strict=True)) == task_values(city)
    # The weights add up to the placements on this pattern (tiles x sides x rotations).
    assert weights.sum() == fast.pattern_placements(pattern) == brute_force_placements(pattern)


def brute_force_placements(pattern: np.ndarray) -> int:
    """Placements whose arm masks are exactly `pattern`: DP over cells and used tiles."""
    from spieltisch.games.speedgans.tiles import SIDES

    fits = [
        [
            sum(1 for (t, s), info in SIDES.items() if t == tile for r in range(4) if info.arm_mask(r) == m)
            for tile in range(1, 10)
        ]
        for m in pattern
    ]
    ways = {0: 1}
    for cell in range(9):
        nxt: dict[int, int] = {}
        for used, n in ways.items():
            for tile in range(9):
                if not used >> tile & 1 and fits[cell][tile]:
                    key = used | 1 << tile
                    nxt[key] = nxt.get(key, 0) + n * fits[cell][tile]
        ways = nxt
    return ways.get(511, 0)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seeds)
def test_weights_count_rotations_no_task_sees(seed: int) -> None:
    # Turning a piece inside its class (same arms, same watchman directions) keeps all values.
    rng = random.Random(seed)
    pats = patterns()
    pattern = pats[rng.randrange(len(pats))]
    weights, codes, values = fast.enumerate_classes(pattern[None, :])
    i = rng.randrange(len(codes))
    city = city_of_code(int(codes[i]))
    cell = rng.randrange(9)
    piece = city.cells[cell]
    for r in range(4):
        turned = piece.rotated(r)
        if turned.arm_mask == piece.arm_mask and sorted(turned.watchman_directions) == sorted(
            piece.watchman_directions
        ):
            assert task_values(city.with_piece(cell, turned)) == task_values(city)
