"""Benchmark: full Speedgans catalog build, file size, load time.

Run: .venv/bin/python bench/speedgans_catalog.py   (builds into a temporary data directory)
The first run in a fresh checkout also compiles the numba kernels (cached afterwards); that
compile time is measured separately.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import numpy as np

from spieltisch.games.speedgans import catalog, fast


def main() -> None:
    t0 = time.perf_counter()
    # Compile (or load from numba's cache) every kernel on a tiny input first.
    patterns = fast.valid_patterns()
    fast.enumerate_classes(patterns[:2])
    warm = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        built, path, seconds = catalog.build(Path(tmp), progress=True)
        size = path.stat().st_size
        t1 = time.perf_counter()
        loaded = catalog.load(path)
        load_s = time.perf_counter() - t1
    t2 = time.perf_counter()
    loaded.musterstadt("F1,W2,H3")
    loaded.best_for_weights({"F1": 1.0, "W2": 0.5, "H3": 0.25}, n=10)
    query_s = time.perf_counter() - t2
    print(f"kernels ready (compile or cache): {warm:.1f} s")
    print(f"valid placements:  {built.valid_placements}")
    print(f"distinct value vectors: {len(built.vectors)}")
    print(f"build time:        {seconds:.1f} s (goal < 60 s)")
    print(f"catalog file size: {size / 1e6:.2f} MB (goal < 50 MB)")
    print(f"load time:         {load_s:.3f} s (goal < 1 s)")
    print(f"musterstadt + weighted top-10 query: {query_s * 1000:.1f} ms")
    print(f"numpy {np.__version__}")


if __name__ == "__main__":
    main()
