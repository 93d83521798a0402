"""A Speedgans city weighed against the optimal ones (games/speedgans/analysis.py): the nearest
optimal city, how many cells differ from it, the points missed per task against the Musterstadt."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.speedgans.conftest import random_city

from spieltisch.games.speedgans import solo
from spieltisch.games.speedgans.analysis import analyse_city
from spieltisch.games.speedgans.catalog import city_of_code
from spieltisch.games.speedgans.notation import City, parse_city
from spieltisch.games.speedgans.tasks import allowed_triples

TRIPLES = allowed_triples()


def test_the_musterstadt_misses_nothing(catalog):
    tasks = ("W3", "H5", "L5")
    muster = catalog.musterstadt(tasks)
    found = analyse_city(catalog, tasks, muster.city)
    assert found.differ == 0 and found.missed == [0.0, 0.0, 0.0]
    assert found.points == found.best == muster.points


def test_a_city_one_tile_off_shows_what_it_missed(catalog):
    tasks = ("W3", "H5", "L5")
    cells = list(catalog.musterstadt(tasks).city.cells)
    cells[0], cells[8] = cells[8], cells[0]  # two tiles swapped
    found = analyse_city(catalog, tasks, City(tuple(cells)))
    assert 1 <= found.differ <= 2
    if found.points is not None:  # (a swap may leave the city invalid: then there are no points)
        assert [round(b - p, 1) for b, p in zip(found.best, found.points, strict=True)] == found.missed


def test_an_unfinished_city_has_a_target_but_no_points(catalog):
    tasks = ("F3", "W4", "H3")
    found = analyse_city(catalog, tasks, parse_city(". . . . . . . . ."))
    assert found.differ == 9 and found.points is None and found.missed is None
    assert solo.live_points(catalog, tasks, parse_city(found.target))["sum"] == catalog.musterstadt(tasks).sum


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TRIPLES), st.integers(0, 2**62), st.integers(0, 2**31))
def test_any_city_reads_consistently(catalog, triple, pick, seed):
    rng = random.Random(seed)
    city = city_of_code(int(catalog.codes[pick % len(catalog.codes)])) if seed % 2 else random_city(rng, 0.3)
    found = analyse_city(catalog, triple, city)
    target = solo.live_points(catalog, triple, parse_city(found.target))
    assert target is not None and target["sum"] == catalog.musterstadt(triple).sum  # the target is optimal
    laid = sum(cell is not None for cell in city.cells)
    assert 9 - laid <= found.differ <= 9
    if found.points is not None:
        assert all(m >= 0 for m in found.missed) and sum(found.points) <= sum(found.best) + 1e-9
