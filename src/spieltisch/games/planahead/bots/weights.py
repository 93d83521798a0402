"""Loading the levels' weight vectors, once, on first use (so importing the bots stays fast)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

import numpy as np

#: Shipped weights of the strong level, written by `spieltisch planahead bot-train`.
STRONG_PATH = Path(__file__).with_name("strong.npz")


def save(path: Path, w: np.ndarray, meta: Mapping[str, float | int | str]) -> None:
    """Float32 keeps the file small; the kernels read float64, so the cast happens once on load."""
    arrays = {"w": w.astype(np.float32), **{k: np.asarray(v) for k, v in meta.items()}}
    np.savez_compressed(path, allow_pickle=False, **arrays)


def load(path: Path) -> np.ndarray:
    with np.load(path) as data:
        w: np.ndarray = data["w"].astype(np.float64)
    w.flags.writeable = False
    return w


@cache
def strong() -> np.ndarray:
    return load(STRONG_PATH)


@cache
def medium() -> np.ndarray:
    from spieltisch.games.planahead.bots.heuristic import heuristic_weights

    return heuristic_weights()
