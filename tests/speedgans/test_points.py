"""One rounding rule for solo points (issue 32, item 2: „Letzte Stadt 208,4 … ★ Musterstadt 208,3“).

A task's 0-100 points are rounded half up to one decimal and a city's points are the sum of those
rounded points: for the city being built, the Musterstadt's caption and the catalog's choice of the
Musterstadt alike. Checked here over all 864 triples against a reference written with fractions
(not `points`' integer formula), and with hypothesis over random valid cities.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.games.speedgans import solo, views
from spieltisch.games.speedgans.catalog import Catalog, city_of_code
from spieltisch.games.speedgans.notation import parse_city
from spieltisch.games.speedgans.points import as_points, city_tenths, task_tenths, task_tenths_array
from spieltisch.games.speedgans.tasks import TASK_IDS, TASK_INDEX, allowed_triples, task_values

TRIPLES = allowed_triples()


def reference_tenths(best: int, worst: int, value: int) -> int:
    """The spec's words, with fractions: 100 * (value - worst) / (best - worst), half up to 0.1."""
    if best == worst:
        return 1000
    return math.floor(Fraction(1000 * (value - worst), best - worst) + Fraction(1, 2))


@lru_cache(maxsize=1)
def reference_table(catalog: Catalog) -> np.ndarray:
    """[24, values] the reference tenths of every task at every value some valid city reaches."""
    lo, hi = int(catalog.task_min.min()), int(catalog.task_max.max())
    table = np.zeros((len(TASK_IDS), hi - lo + 1), np.int64)
    for task in TASK_IDS:
        best, worst = catalog.best_value(task), catalog.worst_value(task)
        for value in range(lo, hi + 1):
            table[TASK_INDEX[task], value - lo] = reference_tenths(best, worst, value)
    return table


def reference_sums(catalog: Catalog, triple: tuple[str, ...]) -> np.ndarray:
    """Per distinct value vector of the catalog: the triple's shown points in tenths (reference)."""
    table, lo = reference_table(catalog), int(catalog.task_min.min())
    vectors = catalog.vectors.astype(np.int64) - lo
    return sum(table[TASK_INDEX[t], vectors[:, TASK_INDEX[t]]] for t in triple)


def test_half_up_at_the_halves_and_fewer_is_better() -> None:
    assert task_tenths(16, 0, 1) == 63  # 6.25 -> 6.3 (a float would give 6.2 or 6.3 by luck)
    assert task_tenths(8, 0, 3) == 375  # 37.5 exactly
    assert task_tenths(6, 0, 1) == 167  # 16.666… -> 16.7
    assert task_tenths(3, 3, 3) == 1000  # one possible value: always 100
    assert task_tenths(0, 16, 15) == 63  # fewer is better (W6): best 0, worst 16
    assert task_tenths(0, 16, 16) == 0 and task_tenths(0, 16, 0) == 1000
    assert city_tenths([63, 375, 167]) == 605 and as_points(605) == 60.5


@given(st.integers(-5, 40), st.integers(-5, 40), st.data())
def test_rule_matches_the_reference(best: int, worst: int, data) -> None:
    low, high = min(best, worst), max(best, worst)
    values = data.draw(st.lists(st.integers(low, high), min_size=1, max_size=8))
    expected = [reference_tenths(best, worst, v) for v in values]
    assert [task_tenths(best, worst, v) for v in values] == expected
    assert task_tenths_array(best, worst, np.array(values)).tolist() == expected


def test_catalog_tasks_follow_the_rule(catalog) -> None:
    for task in TASK_IDS:
        best, worst = catalog.best_value(task), catalog.worst_value(task)
        for value in range(min(best, worst), max(best, worst) + 1):
            assert catalog.task_tenths(task, value) == reference_tenths(best, worst, value)


def test_every_triple_shows_its_musterstadt_as_any_city(catalog) -> None:
    """All 864 triples: building exactly the Musterstadt shows its caption's points, task by task
    and in sum (solo view and table view show the one Musterstadt view); no valid city shows more;
    ties: smallest notation."""
    assert len(TRIPLES) == 864
    for triple in TRIPLES:
        muster = views.musterstadt_view(catalog, triple)
        built = solo.live_points(catalog, triple, parse_city(muster["city"]))
        assert built is not None, triple
        assert built["points"] == muster["points"], triple
        assert built["sum"] == muster["sum"], triple  # „Letzte Stadt“ = „★ Musterstadt“
        sums = reference_sums(catalog, triple)
        assert round(muster["sum"] * 10) == sums.max(), triple  # no city shows more
        tied = catalog.codes[sums == sums.max()]
        assert str(city_of_code(int(tied.min()))) == muster["city"], triple


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TRIPLES), st.integers(0, 2**62))
def test_no_city_shows_more_than_the_musterstadt(catalog, triple, pick) -> None:
    """A random valid city (a random value vector's smallest city): its shown points are the sum of
    its shown task points and never above the Musterstadt's."""
    city = city_of_code(int(catalog.codes[pick % len(catalog.codes)]))
    live = solo.live_points(catalog, triple, city)
    assert live is not None
    values = task_values(city)
    tenths = [reference_tenths(catalog.best_value(t), catalog.worst_value(t), values[t]) for t in triple]
    assert live["points"] == [t / 10 for t in tenths]
    assert live["sum"] == sum(tenths) / 10
    assert live["sum"] <= catalog.musterstadt(triple).sum


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TRIPLES), st.integers(0, 2**62))
def test_every_optimal_city_shows_the_musterstadt_points(catalog, triple, pick) -> None:
    """Rat's cities (all optimal ones of the triple) show exactly the Musterstadt's points."""
    codes = catalog.optimal_codes(triple)
    city = city_of_code(int(codes[pick % len(codes)]))
    live = solo.live_points(catalog, triple, city)
    assert live is not None and live["sum"] == catalog.musterstadt(triple).sum


@pytest.mark.parametrize("tasks", [("W3",), ("H5",), ("L6",)])
def test_one_task_musterstadt_follows_the_rule(catalog, tasks) -> None:
    """„Ein Auftrag“ at a table: its Musterstadt's caption is the rounded points of its one task."""
    muster = views.musterstadt_view(catalog, tasks)
    values = task_values(parse_city(muster["city"]))
    assert muster["points"] == [catalog.task_tenths(tasks[0], values[tasks[0]]) / 10] == [100.0]
    assert muster["sum"] == 100.0
