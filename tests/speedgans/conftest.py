"""Shared fixtures: random cities and one catalog build per test session (in a temp data dir)."""

from __future__ import annotations

import random

import pytest

from spieltisch.games.speedgans.notation import City, Piece


def random_city(rng: random.Random, empty: float = 0.0) -> City:
    tiles = list(range(1, 10))
    rng.shuffle(tiles)
    cells = tuple(
        None if rng.random() < empty else Piece(t, rng.choice("ab"), rng.randrange(4)) for t in tiles
    )
    return City(cells)


@pytest.fixture(scope="session")
def catalog_dir(data_dir):
    """The session's data directory (tests/conftest.py), where the catalog is built once for all."""
    return data_dir


@pytest.fixture(scope="session")
def catalog(catalog_dir):
    from spieltisch.games.speedgans.catalog import ensure_catalog

    return ensure_catalog(progress=False, directory=catalog_dir)
