"""The "Rat" hint over every optimal city of a triple, checked against brute force.

The fast path (`Catalog.rat`) counts kept tiles with NumPy over the catalog's digit columns. The
checks here recount in plain Python with their own notion of a tile's look (from the tile table),
over every optimal class the catalog stores, and check separately that those classes are all the
optimal cities (their placements add up to the weights of the optimal value vectors).
"""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.games.speedgans.catalog import LOOK_DIGIT, Catalog, city_of_code, code_of_city
from spieltisch.games.speedgans.city import Layout
from spieltisch.games.speedgans.notation import City, Piece
from spieltisch.games.speedgans.tasks import TASK_INDEX, allowed_triples, task_values
from spieltisch.games.speedgans.tiles import SIDES

from .conftest import random_city

TRIPLES = allowed_triples()

Look = tuple[int, str, int, tuple[int, ...]]


def look(tile: int, side: str, rotation: int) -> Look:
    """What a task can see of a laid tile: tile, side, arms and the watchmen's directions."""
    info = SIDES[(tile, side)]
    return (tile, side, info.arm_mask(rotation), tuple(sorted(info.watchman_directions(rotation))))


def look_of(piece: Piece) -> Look:
    return look(piece.tile, piece.side, piece.rotation)


def same_look_rotations(piece: Piece) -> list[int]:
    return [r for r in range(4) if look(piece.tile, piece.side, r) == look_of(piece)]


def canonical(city: City) -> City:
    """Each piece turned to its smallest rotation with the same look (how classes are stored)."""
    return City(
        tuple(None if p is None else Piece(p.tile, p.side, min(same_look_rotations(p))) for p in city.cells)
    )


@lru_cache(maxsize=64)
def optimal_looks(catalog: Catalog, triple: tuple[str, ...]) -> list[tuple[int, tuple[Look, ...]]]:
    """(code, looks of its nine cells) for every optimal class the catalog holds, decoded in Python."""
    looks = [look(d // 8 + 1, "ab"[(d // 4) % 2], d % 4) for d in range(72)]
    out = []
    for code in catalog.optimal_codes(triple).tolist():
        cells = []
        rest = code
        for _ in range(9):
            rest, digit = divmod(rest, 72)
            cells.append(looks[digit])
        out.append((code, tuple(reversed(cells))))
    return out


def brute_force(catalog: Catalog, triple: tuple[str, ...], city: City) -> tuple[int, int]:
    """(most laid tiles any optimal city keeps, smallest code among the cities keeping that many)."""
    laid = [(i, look_of(p)) for i, p in enumerate(city.cells) if p is not None]
    best = (-1, 0)
    for code, looks in optimal_looks(catalog, triple):
        kept = sum(1 for i, lk in laid if looks[i] == lk)
        if kept > best[0] or (kept == best[0] and code < best[1]):
            best = (kept, code)
    return best


def shown_tenths(catalog: Catalog, task: str) -> np.ndarray:
    """Per distinct value vector: the task's points as shown, in tenths."""
    return np.array(
        [catalog.task_tenths(task, v) for v in catalog.vectors[:, TASK_INDEX[task]].tolist()], np.int64
    )


def check_hint(catalog: Catalog, triple: tuple[str, ...], city: City) -> None:
    hint = catalog.rat(city, triple)
    target = hint.target
    # The target is a valid city and optimal for the triple (plain engine against the Musterstadt).
    assert target.is_complete and Layout.of(target).valid
    values = task_values(target)
    total = (
        sum(catalog.task_tenths(t, values[t]) for t in triple) / 10
    )  # as shown (tests/speedgans/test_points.py)
    assert total == catalog.musterstadt(triple).sum
    # No optimal city keeps more laid tiles; among those keeping as many, the smallest notation.
    most, smallest = brute_force(catalog, triple, city)
    laid = [i for i, p in enumerate(city.cells) if p is not None]
    kept = [i for i in laid if look_of(city.cells[i]) == look_of(target.cells[i])]  # type: ignore[arg-type]
    assert hint.kept == len(kept) == most
    assert code_of_city(canonical(target)) == smallest
    # Kept tiles lie in the target exactly as laid; the others are the wrong ones.
    for i in kept:
        assert target.cells[i] == city.cells[i]
    assert hint.wrong == tuple(i for i in laid if i not in kept)
    empty = [i for i in range(9) if city.cells[i] is None]
    expected_next = hint.wrong[0] if hint.wrong else (empty[0] if empty else None)
    assert hint.next_cell == expected_next
    assert hint.next_piece == (None if expected_next is None else target.cells[expected_next])
    assert (hint.next_cell is None) == (target == city)


def partial_city(catalog: Catalog, triple: tuple[str, ...], kind: str, rng: random.Random) -> City:
    if kind == "random":
        return random_city(rng, empty=rng.random())
    if kind == "optimal":
        codes = catalog.optimal_codes(triple)
        base = city_of_code(int(codes[rng.randrange(len(codes))]))
    else:  # any valid city of the catalog
        base = city_of_code(int(catalog.codes[rng.randrange(len(catalog.codes))]))
    cells: list[Piece | None] = [
        # Any rotation with the same look: the hint must not care which one lies.
        None if p is None else Piece(p.tile, p.side, rng.choice(same_look_rotations(p)))
        for p in base.cells
    ]
    for i in rng.sample(range(9), rng.randrange(10)):
        cells[i] = None
    laid = [i for i in range(9) if cells[i] is not None]
    for _ in range(rng.randrange(3)):  # a few mistakes: a flip, a turn, or two tiles swapped
        if not laid:
            break
        i = rng.choice(laid)
        piece = cells[i]
        assert piece is not None
        move = rng.randrange(3)
        if move == 0:
            cells[i] = piece.flipped()
        elif move == 1:
            cells[i] = piece.rotated(rng.randrange(1, 4))
        else:
            j = rng.choice(laid)
            cells[i], cells[j] = cells[j], cells[i]
    return City(tuple(cells))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    k=st.integers(0, len(TRIPLES) - 1),
    kind=st.sampled_from(["optimal", "valid", "random"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_rat_keeps_most_laid_tiles(catalog, k: int, kind: str, seed: int) -> None:
    triple = TRIPLES[k]
    check_hint(catalog, triple, partial_city(catalog, triple, kind, random.Random(seed)))


@pytest.mark.parametrize("triple", [("F3", "W3", "L3"), ("F1", "W2", "H3"), ("W6", "H6", "L5")])
def test_rat_on_big_and_known_triples(catalog, triple) -> None:
    rng = random.Random(11)
    for kind in ("optimal", "valid", "random"):
        for _ in range(2):
            check_hint(catalog, triple, partial_city(catalog, triple, kind, rng))


def test_stored_classes_are_all_optimal_cities(catalog) -> None:
    """Per triple: the stored classes stand for exactly the placements of the optimal value vectors
    (multiplicities from the tile table), each class once, in code order."""
    assert np.array_equal(LOOK_DIGIT[catalog.rat_digits], catalog.rat_digits)  # smallest rotations
    sizes = np.diff(catalog.rat_offsets)
    assert len(sizes) == len(TRIPLES) and sizes.min() > 0
    multiplicity = np.zeros(72, np.int64)
    for digit in range(72):
        multiplicity[digit] = len(
            same_look_rotations(Piece(digit // 8 + 1, "ab"[(digit // 4) % 2], digit % 4))
        )
    for k in [*range(0, len(TRIPLES), 29), int(np.argmax(sizes))]:
        triple = TRIPLES[k]
        digits = catalog.optimal_digits(triple)
        codes = catalog.optimal_codes(triple)
        assert bool(np.all(codes[1:] > codes[:-1]))
        placements = int(np.prod(multiplicity[digits].astype(np.int64), axis=0).sum())
        sums = sum(shown_tenths(catalog, t) for t in triple)
        optimal = sums == sums.max()
        assert placements == int(catalog.weights[optimal].sum()), triple


def test_some_stored_classes_are_optimal_valid_cities(catalog) -> None:
    rng = random.Random(5)
    for triple in rng.sample(TRIPLES, 12):
        best = catalog.musterstadt(triple).sum
        codes = catalog.optimal_codes(triple)
        for code in rng.sample(codes.tolist(), min(4, len(codes))):
            city = city_of_code(int(code))
            assert Layout.of(city).valid
            values = task_values(city)
            assert sum(catalog.task_tenths(t, values[t]) for t in triple) / 10 == best


def test_empty_city_gets_the_musterstadt(catalog) -> None:
    for triple in TRIPLES[::53]:
        hint = catalog.rat(City.empty(), triple)
        assert hint.target == catalog.musterstadt(triple).city
        assert hint.wrong == () and hint.next_cell == 0 and hint.kept == 0
        assert hint.next_piece == hint.target.cells[0]


def test_complete_optimal_city_is_its_own_target(catalog) -> None:
    triple = ("F1", "W2", "H3")
    codes = catalog.optimal_codes(triple)
    city = city_of_code(int(codes[len(codes) // 2]))
    # Turn every garden (it looks the same in every rotation): still the same city for the hint.
    turned = City(tuple(p.rotated(2) if p is not None and p.arm_mask == 0 else p for p in city.cells))
    for laid in (city, turned):
        hint = catalog.rat(laid, triple)
        assert hint.target == laid
        assert hint.wrong == () and hint.next_cell is None and hint.next_piece is None and hint.kept == 9


def test_wrong_tile_is_named_first(catalog) -> None:
    triple = ("F1", "W2", "H3")
    # Nine tiles at random: some are wrong (a random city is almost never optimal).
    city = random_city(random.Random(3))
    hint = catalog.rat(city, triple)
    assert hint.wrong and len(hint.wrong) == 9 - hint.kept
    assert hint.next_cell == hint.wrong[0]
    assert hint.next_piece == hint.target.cells[hint.wrong[0]]
    check_hint(catalog, triple, city)
