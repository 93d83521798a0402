"""The catalog: exact count by two methods, extremes, Musterstadt, file handling.

One build per session (fixture `catalog` in conftest.py, into a temporary data directory).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from spieltisch.games.speedgans import catalog as catalog_module
from spieltisch.games.speedgans import fast
from spieltisch.games.speedgans.catalog import StaleCatalog, city_of_code, load
from spieltisch.games.speedgans.city import Layout
from spieltisch.games.speedgans.notation import City, parse_city
from spieltisch.games.speedgans.tasks import TASK_BY_ID, TASK_IDS, TASK_INDEX, allowed_triples, task_values

from .count_by_patterns import count_valid_placements
from .test_engine import SPEC_EXAMPLES


@pytest.mark.slow
def test_count_agrees_with_independent_method(catalog) -> None:
    patterns, placements = count_valid_placements()
    assert catalog.valid_placements == placements
    assert len(catalog.arrays["patterns"]) == patterns
    assert int(catalog.weights.sum()) == placements
    # The rules speak of "154 million" valid placements.
    assert round(placements / 1e6) == 154


def test_patterns_are_the_valid_ones(catalog) -> None:
    for pattern in catalog.arrays["patterns"][::97]:
        assert fast.pattern_placements(pattern.astype(np.int64)) > 0


def test_task_extremes_and_histograms(catalog) -> None:
    for task in TASK_IDS:
        st = catalog.stats(task)
        assert sum(st.histogram.values()) == catalog.valid_placements
        assert min(st.histogram) == st.min and max(st.histogram) == st.max
        assert st.best_count == st.histogram[st.best]
        assert st.best == (st.min if TASK_BY_ID[task].lower_is_better else st.max)


def test_spec_examples_inside_the_extremes(catalog) -> None:
    for row in SPEC_EXAMPLES.values():
        for task, value in zip(TASK_IDS, map(int, row.split()), strict=True):
            st = catalog.stats(task)
            assert st.min <= value <= st.max
            assert 0.0 <= catalog.solo_score(task, value) <= 100.0


def test_random_valid_cities_are_in_the_catalog(catalog) -> None:
    rng = random.Random(7)
    vectors = {tuple(v) for v in catalog.vectors.tolist()}
    patterns = catalog.arrays["patterns"]
    for _ in range(20):
        pattern = patterns[rng.randrange(len(patterns))].astype(np.int64)
        _, codes, _ = fast.enumerate_classes(pattern[None, :])
        city = city_of_code(int(codes[rng.randrange(len(codes))]))
        values = task_values(city)
        assert tuple(values[t] for t in TASK_IDS) in vectors


def test_vector_codes_are_real_cities_with_those_values(catalog) -> None:
    rng = np.random.default_rng(3)
    for i in rng.choice(len(catalog.vectors), 30, replace=False):
        city = city_of_code(int(catalog.codes[i]))
        assert Layout.of(city).valid
        assert [task_values(city)[t] for t in TASK_IDS] == catalog.vectors[i].tolist()


@pytest.mark.parametrize(
    "triple", [("F1", "W2", "H3"), ("W6", "H6", "L5"), ("F5", "H1", "L2"), ("F6", "W6", "L4")]
)
def test_musterstadt_is_best_and_smallest(catalog, triple) -> None:
    muster = catalog.musterstadt(triple)
    assert Layout.of(muster.city).valid
    values = task_values(muster.city)
    assert muster.tasks == {t: values[t] for t in triple}
    tenths = [catalog.task_tenths(t, values[t]) for t in triple]
    assert muster.points == [x / 10 for x in tenths]  # as shown: rounded to one decimal
    assert muster.sum == sum(tenths) / 10  # the sum of the shown points (tests/speedgans/test_points.py)
    # No distinct value vector of any valid city shows more (exact: in tenths).
    sums = shown_sums(catalog, triple)
    assert sums.max() == sum(tenths)
    # Tie-break: no tied city has a smaller notation.
    tied = sums == sums.max()
    assert str(city_of_code(int(catalog.codes[tied].min()))) == str(muster.city)
    assert min(str(city_of_code(int(c))) for c in catalog.codes[tied]) == str(muster.city)


def shown_sums(catalog, triple) -> np.ndarray:
    """Per distinct value vector: the triple's points as shown, in tenths (sum of rounded task points)."""
    sums = np.zeros(len(catalog.vectors), np.int64)
    for t in triple:
        column = catalog.vectors[:, TASK_INDEX[t]].tolist()
        sums += np.array([catalog.task_tenths(t, v) for v in column], np.int64)
    return sums


def test_musterstadt_keeps_the_asked_order(catalog) -> None:
    a = catalog.musterstadt("H3,F1,W2")
    b = catalog.musterstadt(("F1", "W2", "H3"))
    assert a.city == b.city
    assert list(a.tasks) == ["H3", "F1", "W2"]
    assert a.points == [b.points[2], b.points[0], b.points[1]]


def test_every_triple_has_a_musterstadt(catalog) -> None:
    triples = allowed_triples()
    assert len(catalog.muster_codes) == len(triples)
    for triple in triples[::37]:
        assert Layout.of(catalog.musterstadt(triple).city).valid


def test_best_for_weights_single_task_reaches_best_value(catalog) -> None:
    for task in ("F1", "W6", "H6"):
        city, score = catalog.best_for_weights({task: 1.0})[0]
        assert score == pytest.approx(100.0)
        assert task_values(city)[task] == catalog.best_value(task)


def test_rat(catalog) -> None:
    """Smoke test; tests/speedgans/test_rat.py checks the hint against brute force."""
    triple = ("F1", "W2", "H3")
    codes = catalog.optimal_codes(triple)
    best_sum = catalog.musterstadt(triple).sum
    for code in codes[:5]:
        values = task_values(city_of_code(int(code)))
        assert sum(catalog.task_tenths(t, values[t]) for t in triple) / 10 == best_sum
    target = city_of_code(int(codes[len(codes) // 2]))
    # Two tiles laid as in an optimal city: Rat picks a city keeping both.
    laid = City.empty().with_piece(0, target.cells[0]).with_piece(4, target.cells[4])
    hint = catalog.rat(laid, triple)
    assert hint.wrong == () and hint.kept == 2
    assert hint.next_cell == 1


def test_file_is_versioned(catalog_dir, catalog, tmp_path) -> None:
    path = catalog_module.catalog_path(catalog_dir)
    assert path.exists() and f"v{catalog_module.CATALOG_VERSION}" in path.name
    again = load(path)
    assert again.valid_placements == catalog.valid_placements
    stale = dict(catalog.arrays)
    stale["version"] = np.array(catalog_module.CATALOG_VERSION - 1)
    old = tmp_path / "catalog" / path.name
    catalog_module.save(stale, old)
    with pytest.raises(StaleCatalog):
        load(old)


def test_ensure_catalog_uses_existing_file(catalog_dir, catalog, monkeypatch) -> None:
    catalog_module._loaded.clear()
    monkeypatch.setattr(catalog_module, "build", lambda *a, **k: pytest.fail("rebuilt an up-to-date file"))
    loaded = catalog_module.ensure_catalog(False, catalog_dir)
    assert loaded.valid_placements == catalog.valid_placements


def test_worked_example_scores(catalog) -> None:
    city = parse_city(next(iter(SPEC_EXAMPLES)))
    values = task_values(city)
    for task in TASK_IDS:
        score = catalog.solo_score(task, values[task])
        i = TASK_INDEX[task]
        if values[task] == catalog.best_value(task):
            assert score == 100.0
        if values[task] == catalog.worst_value(task):
            assert score == 0.0
        assert catalog.task_min[i] <= values[task] <= catalog.task_max[i]
