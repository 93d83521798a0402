"""The plain rules engine against the spec's facts and the rules' invariants."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.games.speedgans.catching import best_assignment, sight_options
from spieltisch.games.speedgans.city import Layout
from spieltisch.games.speedgans.notation import City, NotationError, Piece, parse_city
from spieltisch.games.speedgans.report import report
from spieltisch.games.speedgans.tasks import (
    TASK_IDS,
    allowed_triples,
    evaluate,
    is_allowed_triple,
    task_values,
)

from .conftest import random_city

# Worked examples, copied from the spec (docs: shared/spec/speedgans.md, "Worked examples").
SPEC_EXAMPLES = {
    "6b1 3b0 5a3 1b2 9b0 2a2 7a2 4a0 8a1": "2 0 4 2 4 0 8 2 3 0 1 6 6 3 0 4 6 0 1 2 0 3 1 1",
    "6a2 7a2 8b3 9b2 1a0 3a0 4a0 5b1 2a3": "4 1 2 1 7 3 10 4 6 1 3 7 0 2 0 2 0 0 1 1 1 1 1 1",
    "4a2 7a3 5a2 3b2 1a2 9b3 2a3 8a3 6a0": "1 1 3 2 3 -1 9 4 5 0 2 7 5 3 0 6 5 5 0 2 0 2 0 0",
}
SPEC_INVALID = "1a3 3a0 4a0 5a1 9b2 6a3 7b0 2a1 8b2"

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.mark.parametrize("text", SPEC_EXAMPLES)
def test_spec_worked_examples(text: str) -> None:
    city = parse_city(text)
    expected = dict(zip(TASK_IDS, map(int, SPEC_EXAMPLES[text].split()), strict=True))
    assert Layout.of(city).valid
    assert task_values(city) == expected
    assert task_values(city, strict=True) == expected


def test_spec_invalid_example_has_dead_ends() -> None:
    city = parse_city(SPEC_INVALID)
    layout = Layout.of(city)
    assert not layout.valid
    kinds = {p.kind for p in layout.problems}
    assert "dead_end" in kinds
    assert set(task_values(city, strict=True).values()) == {0}


def test_dead_end_points_at_an_arm_facing_no_arm() -> None:
    layout = Layout.of(parse_city(SPEC_INVALID))
    for p in layout.problems:
        if p.kind == "dead_end":
            edge = "NESW".index(p.edge)
            other = p.cells[1]
            assert edge in layout.arms[p.cell]
            assert (edge + 2) % 4 not in layout.arms[other]


def test_loop_is_reported_with_its_links() -> None:
    # Four tiles around the top-left 2x2 block: two curves and two T-junctions form a ring.
    layout = Layout.of(parse_city("1b1 3a2 . 4a3 5a1 . . . ."))
    loops = [p for p in layout.problems if p.kind == "loop"]
    assert len(loops) == 1
    assert loops[0].cells == (0, 1, 3, 4)
    assert set(loops[0].links) == {(0, 1), (0, 3), (1, 4), (3, 4)}


def test_closed_network_without_gate() -> None:
    layout = Layout.of(parse_city(". 2b0 . . 1a0 . . 3b0 ."))
    kinds = [p.kind for p in layout.problems]
    assert kinds.count("dead_end") == 2
    no_gate = [p for p in layout.problems if p.kind == "no_gate"]
    assert [p.cells for p in no_gate] == [(4,)]


def test_network_with_open_arms_is_not_yet_closed() -> None:
    layout = Layout.of(parse_city(". . . . 1a0 . . . ."))
    assert [p.kind for p in layout.problems] == ["missing"]
    missing = layout.problems[0]
    assert missing.cells == (0, 1, 2, 3, 5, 6, 7, 8)
    assert missing.tiles == (2, 3, 4, 5, 6, 7, 8, 9)


def test_incomplete_city_has_live_values() -> None:
    city = parse_city("1a0 . . . . . . . .")
    values = task_values(city)
    assert values["W1"] == 1  # the north arm of the corner straight is a gate
    assert values["W5"] == 1  # and its watchman looks through it
    assert set(task_values(city, strict=True).values()) == {0}


@pytest.mark.parametrize(
    "text",
    [
        "1a0 1b0 . . . . . . .",  # tile twice
        "1c0 . . . . . . . .",  # unknown side
        "1a4 . . . . . . . .",  # rotation out of range
        "0a0 . . . . . . . .",  # unknown tile
        "1a0 . . .",  # not nine cells
        "1a . . . . . . . .",
        "",
    ],
)
def test_bad_notation(text: str) -> None:
    with pytest.raises(NotationError):
        parse_city(text)


@given(seeds, st.floats(0, 0.5))
def test_notation_round_trip(seed: int, empty: float) -> None:
    city = random_city(random.Random(seed), empty)
    assert parse_city(str(city)) == city


def test_piece_turns_and_flips() -> None:
    piece = Piece(7, "a", 0)
    assert piece.rotated(4) == piece
    assert piece.flipped().flipped() == piece
    assert piece.watchman_directions == (3, 2)  # W and S
    assert piece.rotated(1).watchman_directions == (0, 3)  # turned clockwise: N and W
    assert Piece(1, "b", 1).arms == (1, 2)  # curve NE turned once: E and S


@settings(max_examples=150, deadline=None)
@given(seeds, st.integers(0, 3), st.booleans())
def test_turning_or_mirroring_the_whole_city_changes_nothing(seed: int, turns: int, mirror: bool) -> None:
    city = random_city(random.Random(seed))
    other = city.rotated(turns)
    if mirror:
        other = other.mirrored()
    a, b = evaluate(city), evaluate(other)
    assert a.layout.valid == b.layout.valid
    assert sorted(p.kind for p in a.layout.problems) == sorted(p.kind for p in b.layout.problems)
    assert a.values == b.values


def test_spec_examples_turned_and_mirrored() -> None:
    for text, row in SPEC_EXAMPLES.items():
        expected = dict(zip(TASK_IDS, map(int, row.split()), strict=True))
        city = parse_city(text)
        for turns in range(4):
            for variant in (city.rotated(turns), city.rotated(turns).mirrored()):
                assert Layout.of(variant).valid
                assert task_values(variant) == expected


def _brute_force(options: list[list[tuple[int, int]]]) -> tuple[int, int]:
    """Best (caught, -distance) over every way to give each watchman a seen goose or none."""
    best = (0, 0)
    for choice in itertools.product(*[[None, *opts] for opts in options]):
        chosen = [c for c in choice if c is not None]
        geese = [g for g, _ in chosen]
        if len(geese) != len(set(geese)):
            continue
        best = max(best, (len(chosen), -sum(d for _, d in chosen)))
    return best


@settings(max_examples=200, deadline=None)
@given(seeds)
def test_catching_is_maximal_then_shortest(seed: int) -> None:
    city = random_city(random.Random(seed))
    options = sight_options(Layout.of(city))
    n_options = 1
    for opts in options:
        n_options *= len(opts) + 1
    chosen = best_assignment(options, 8)
    # The assignment is legal: each goose once, each watchman once, only geese he sees.
    assert len({g for _, g, _ in chosen}) == len(chosen)
    assert len({m for m, _, _ in chosen}) == len(chosen)
    for m, g, d in chosen:
        assert (g, d) in options[m]
    if n_options <= 50_000:
        assert (len(chosen), -sum(d for _, _, d in chosen)) == _brute_force(options)


def test_catching_on_small_hand_made_case() -> None:
    # Two watchmen both see goose 0; only the first sees goose 1: both must be caught.
    options = [[(0, 1), (1, 5)], [(0, 2)]]
    chosen = best_assignment(options, 2)
    assert sorted(chosen) == [(0, 1, 5), (1, 0, 2)]
    # Equal count: the shorter total wins.
    assert best_assignment([[(0, 4), (1, 1)]], 2) == [(0, 1, 1)]


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_report_is_consistent(seed: int) -> None:
    city = random_city(random.Random(seed))
    rep = report(city)
    assert rep.valid == (not rep.problems)
    assert rep.tasks["F1"] == len(rep.catches) == len(rep.caught)
    assert rep.tasks["F5"] == sum(c.distance for c in rep.catches)
    assert rep.tasks["F6"] == rep.tasks["F1"] - rep.tasks["F4"]
    for c in rep.catches:
        seen = Layout.of(city).sight(c.watchman.cell, c.watchman.direction)
        assert seen[c.goose.cell] == c.distance
        assert c.goose.cell != c.watchman.cell


def test_allowed_triples() -> None:
    triples = allowed_triples()
    assert len(triples) == 4 * 6**3
    assert all(is_allowed_triple(t) for t in triples)
    assert not is_allowed_triple(("F1", "F2", "H3"))
    assert not is_allowed_triple(("F1", "W2"))
    assert is_allowed_triple(("F5", "W1", "H1"))
    assert not is_allowed_triple(("F5", "W1", "H1"), stars=False)
    # Without stars F, W keep 4 tasks and H, L keep 5.
    assert len(allowed_triples(stars=False)) == 4 * 4 * 5 + 4 * 4 * 5 + 4 * 5 * 5 + 4 * 5 * 5


def test_city_must_have_nine_cells() -> None:
    with pytest.raises(NotationError):
        City((None,) * 8)
