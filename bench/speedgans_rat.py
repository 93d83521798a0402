"""Benchmark: the "Rat" hint's answer time over every triple and a few partial cities each.

Run: .venv/bin/python bench/speedgans_rat.py   (uses the catalog in $SPIELTISCH_DATA_DIR or ./var,
building it first if missing). Goal: every answer under 100 ms.

Per triple (all 864) four cities: empty; 3 tiles laid from a random valid city; 6 laid from one with
one of them flipped (wrong); a whole random valid city (9 laid, mostly wrong for the triple).
"""

from __future__ import annotations

import random
import statistics
import time

import numpy as np

from spieltisch.games.speedgans.catalog import city_of_code, ensure_catalog
from spieltisch.games.speedgans.notation import City, Piece
from spieltisch.server.config import default_data_dir


def partial(city: City, laid: int, wrong: int, rng: random.Random) -> City:
    keep = set(rng.sample(range(9), laid))
    cells: list[Piece | None] = [p if i in keep else None for i, p in enumerate(city.cells)]
    for i in rng.sample(sorted(keep), wrong):
        piece = cells[i]
        assert piece is not None
        cells[i] = piece.flipped()
    return City(tuple(cells))


def main() -> None:
    t0 = time.perf_counter()
    catalog = ensure_catalog(True, default_data_dir())
    load_s = time.perf_counter() - t0
    rng = random.Random(2024)
    sizes = np.diff(catalog.rat_offsets)
    cases: dict[str, list[float]] = {"empty": [], "3 laid": [], "6 laid, 1 wrong": [], "9 laid": []}
    catalog.rat(City.empty(), catalog.triples[0])  # warm up
    slowest = (0.0, "", "")
    for triple in catalog.triples:
        valid = [city_of_code(int(catalog.codes[rng.randrange(len(catalog.codes))])) for _ in range(3)]
        cities = {
            "empty": City.empty(),
            "3 laid": partial(valid[0], 3, 0, rng),
            "6 laid, 1 wrong": partial(valid[1], 6, 1, rng),
            "9 laid": valid[2],
        }
        for name, city in cities.items():
            t = time.perf_counter()
            catalog.rat(city, triple)
            seconds = time.perf_counter() - t
            cases[name].append(seconds)
            if seconds > slowest[0]:
                slowest = (seconds, ",".join(triple), str(city))
    print(f"catalog ready in {load_s:.2f} s; optimal classes per triple: min {sizes.min()}, ", end="")
    print(f"median {int(np.median(sizes))}, max {sizes.max()} (total {sizes.sum()})")
    print(f"{'city':<18}{'answers':>9}{'median ms':>12}{'p99 ms':>10}{'worst ms':>10}")
    everything = [s for times in cases.values() for s in times]
    for name, times in [*cases.items(), ("all", everything)]:
        p99 = float(np.percentile(times, 99))
        print(
            f"{name:<18}{len(times):>9}{statistics.median(times) * 1000:>12.2f}"
            f"{p99 * 1000:>10.2f}{max(times) * 1000:>10.2f}"
        )
    print(f"slowest: {slowest[0] * 1000:.2f} ms for {slowest[1]} on '{slowest[2]}' (goal < 100 ms)")


if __name__ == "__main__":
    main()
