"""The catalog: every valid city, condensed, and the questions the game asks of it.

Built once from all valid placements (see `fast`), stored as one versioned ``.npz`` file under
``<data dir>/catalog/``. What it holds:

- ``vectors`` [D, 24] int8: every distinct combination of the 24 task values some valid city has,
  ``weights`` [D]: how many placements have it, ``codes`` [D]: the lexicographically smallest
  such placement (see `fast` for the code). Any weighted task mix is one matrix product away.
- per task: min, max, best count and the value histogram (over placements).
- per allowed triple (864): the Musterstadt (highest sum of the three 0-100 solo scores; ties: the
  lexicographically smallest city notation) and a sample of optimal placement classes for "Rat".

Data directory: ``$SPIELTISCH_DATA_DIR`` or ``./var``. This module is the only one that does I/O.
"""

from __future__ import annotations

import hashlib
import math
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from spieltisch.games.speedgans import fast
from spieltisch.games.speedgans.notation import City, Piece
from spieltisch.games.speedgans.tasks import (
    TASK_BY_ID,
    TASK_IDS,
    TASK_INDEX,
    TaskError,
    allowed_triples,
    is_allowed_triple,
    parse_tasks,
)
from spieltisch.games.speedgans.tiles import SIDES

CATALOG_VERSION = 1
RAT_SAMPLE = 256  # optimal placement classes kept per triple for "Rat"


def rules_fingerprint() -> str:
    """Changes whenever the tile table or the task list changes, so a stale file is rebuilt."""
    text = repr(sorted((k, v) for k, v in SIDES.items())) + repr(TASK_IDS)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def data_dir() -> Path:
    return Path(os.environ.get("SPIELTISCH_DATA_DIR", "var"))


def catalog_path(directory: Path | None = None) -> Path:
    base = data_dir() if directory is None else Path(directory)
    return base / "catalog" / f"speedgans-catalog-v{CATALOG_VERSION}.npz"


def city_of_code(code: int) -> City:
    return City(tuple(Piece(t, s, r) for t, s, r in fast.decode_code(code)))


def code_of_city(city: City) -> int:
    if not city.is_complete:
        raise ValueError("only a complete city has a placement code")
    return fast.encode_pieces([(p.tile, p.side, p.rotation) for p in city.cells])  # type: ignore[union-attr]


@dataclass(frozen=True)
class TaskStats:
    min: int
    max: int
    best: int
    worst: int
    best_count: int
    histogram: dict[int, int]  # value -> placements


@dataclass(frozen=True)
class Musterstadt:
    city: City
    tasks: dict[str, int]  # in the order asked
    points: list[float]  # 0-100 solo scores, same order
    sum: float

    def to_dict(self) -> dict[str, object]:
        return {"city": str(self.city), "tasks": self.tasks, "points": self.points, "sum": self.sum}


@dataclass(frozen=True)
class RatHint:
    target: City  # the best city that matches the laid tiles best
    wrong: tuple[int, ...]  # cells whose laid tile does not belong there (say this first)
    next_cell: int | None  # where the next tile goes (None: nothing left to lay)
    next_piece: Piece | None


class Catalog:
    """Loaded catalog (see module docstring). Cheap queries only; no enumeration here."""

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        self.arrays = arrays
        self.vectors: np.ndarray = arrays["vectors"]
        self.weights: np.ndarray = arrays["weights"]
        self.codes: np.ndarray = arrays["codes"]
        self.valid_placements = int(arrays["valid_placements"])
        self.task_min = arrays["task_min"]
        self.task_max = arrays["task_max"]
        self.best_count = arrays["best_count"]
        self.hist_lo = int(arrays["hist_lo"])
        self.histograms = arrays["histograms"]
        self.triples = [tuple(TASK_IDS[i] for i in row) for row in arrays["triples"]]
        self.triple_index = {t: i for i, t in enumerate(self.triples)}
        self.muster_codes = arrays["muster_codes"]
        self.rat_offsets = arrays["rat_offsets"]
        self.rat_codes = arrays["rat_codes"]

    # --- per task -------------------------------------------------------------------------
    def best_value(self, task: str) -> int:
        """The "beste N" shown at a task: the best value any valid city reaches."""
        i = TASK_INDEX[task]
        return int(self.task_min[i] if TASK_BY_ID[task].lower_is_better else self.task_max[i])

    def worst_value(self, task: str) -> int:
        i = TASK_INDEX[task]
        return int(self.task_max[i] if TASK_BY_ID[task].lower_is_better else self.task_min[i])

    def stats(self, task: str) -> TaskStats:
        i = TASK_INDEX[task]
        hist = {
            self.hist_lo + v: int(n)
            for v, n in enumerate(self.histograms[i])
            if n  # value -> placements
        }
        return TaskStats(
            int(self.task_min[i]),
            int(self.task_max[i]),
            self.best_value(task),
            self.worst_value(task),
            int(self.best_count[i]),
            hist,
        )

    def solo_score(self, task: str, value: int) -> float:
        """0 (worst valid city) to 100 (no valid city is better), linear in between."""
        best, worst = self.best_value(task), self.worst_value(task)
        if best == worst:
            return 100.0
        return 100.0 * (value - worst) / (best - worst)

    # --- mixes of tasks -------------------------------------------------------------------
    def score_matrix(self, tasks: tuple[str, ...]) -> np.ndarray:
        """[D, len(tasks)] solo scores of every distinct value vector."""
        cols = []
        for task in tasks:
            best, worst = self.best_value(task), self.worst_value(task)
            v = self.vectors[:, TASK_INDEX[task]].astype(np.float64)
            cols.append(np.full(len(v), 100.0) if best == worst else 100.0 * (v - worst) / (best - worst))
        return np.stack(cols, axis=1)

    def best_for_weights(self, weights: dict[str, float], n: int = 1) -> list[tuple[City, float]]:
        """The n best cities (distinct value vectors) for a weighted sum of solo scores.

        For computer players: easy = one task, normal = two, strong = a near-best city of the
        round's three (take the k-th of the list). Ties: smallest city notation first.
        """
        tasks = tuple(weights)
        total = self.score_matrix(tasks) @ np.array([weights[t] for t in tasks])
        order = np.lexsort((self.codes, -np.round(total, 9)))[:n]
        return [(city_of_code(int(self.codes[i])), float(total[i])) for i in order]

    # --- triples ----------------------------------------------------------------------------
    def _triple(self, tasks: tuple[str, ...] | list[str] | str) -> tuple[tuple[str, ...], int]:
        asked = parse_tasks(tasks) if isinstance(tasks, str) else tuple(tasks)
        if not is_allowed_triple(asked):
            raise TaskError(
                f"not an allowed triple: {','.join(asked)} (three tasks from three different groups)"
            )
        canon = tuple(sorted(asked, key=TASK_INDEX.__getitem__))
        return asked, self.triple_index[canon]

    def musterstadt(self, tasks: tuple[str, ...] | list[str] | str) -> Musterstadt:
        asked, k = self._triple(tasks)
        code = int(self.muster_codes[k])
        city = city_of_code(code)
        row = self.vectors[self._vector_of_code(code)]
        values = {t: int(row[TASK_INDEX[t]]) for t in asked}
        points = [self.solo_score(t, values[t]) for t in asked]
        return Musterstadt(city, values, points, float(sum(points)))

    def _vector_of_code(self, code: int) -> int:
        # Musterstadt codes are always the smallest placement of their value vector.
        return int(np.nonzero(self.codes == np.uint64(code))[0][0])

    def optimal_sample(self, tasks: tuple[str, ...] | list[str] | str) -> list[City]:
        """Optimal cities of a triple (a deterministic sample, rotations that change no task
        value folded to the smallest)."""
        _, k = self._triple(tasks)
        lo, hi = int(self.rat_offsets[k]), int(self.rat_offsets[k + 1])
        return [city_of_code(int(c)) for c in self.rat_codes[lo:hi]]

    def rat(self, city: City, tasks: tuple[str, ...] | list[str] | str) -> RatHint:
        """The optimal city of the triple that agrees with most laid tiles, and the next step."""
        candidates = self.optimal_sample(tasks)
        laid = [(i, p) for i, p in enumerate(city.cells) if p is not None]

        def agree(target: City) -> int:
            return sum(1 for i, p in laid if _same_look(p, target.cells[i]))

        target = max(candidates, key=lambda c: (agree(c), -code_of_city(c)))
        wrong = tuple(i for i, p in laid if not _same_look(p, target.cells[i]))
        next_cell = next((i for i in range(9) if city.cells[i] is None), None)
        if next_cell is None and wrong:
            next_cell = wrong[0]
        piece = None if next_cell is None else target.cells[next_cell]
        return RatHint(target, wrong, next_cell, piece)


def _same_look(a: Piece, b: Piece | None) -> bool:
    """Same tile and side, and a rotation no task can tell apart (same arms, same watchmen)."""
    return (
        b is not None
        and a.tile == b.tile
        and a.side == b.side
        and a.arm_mask == b.arm_mask
        and sorted(a.watchman_directions) == sorted(b.watchman_directions)
    )


# --- building ---------------------------------------------------------------------------------
def build_arrays(progress: bool = True, chunks: int = 48) -> dict[str, np.ndarray]:
    """Enumerate every valid placement and condense it (the heavy part: tens of seconds)."""
    from tqdm import tqdm

    bar = tqdm(total=chunks + 3, desc="Speedgans catalog", unit="step", disable=not progress)
    patterns = fast.valid_patterns()
    offsets, weights, codes, keys = fast.allocate_classes(patterns)
    bar.update(1)
    # Chunks of patterns, so the bar moves; each chunk runs in parallel inside.
    bounds = np.linspace(0, len(patterns), chunks + 1).astype(np.int64)
    for a, b in zip(bounds[:-1], bounds[1:], strict=True):
        lo, hi = offsets[a], offsets[b]
        fast.fill_classes(patterns[a:b], offsets[a : b + 1] - lo, weights[lo:hi], codes[lo:hi], keys[lo:hi])
        bar.update(1)

    # Group classes by value vector.
    order = np.lexsort((codes, keys[:, 1], keys[:, 0]))
    k_sorted = keys[order]
    start = np.ones(len(weights), bool)
    start[1:] = (k_sorted[1:] != k_sorted[:-1]).any(axis=1)
    starts = np.nonzero(start)[0]
    vectors = fast.unpack_keys(k_sorted[starts])
    vec_weights = np.add.reduceat(weights[order], starts)
    vec_codes = codes[order][starts]  # smallest code first within a group (lexsort by code)
    bar.update(1)

    arrays = summarize(vectors, vec_weights, vec_codes, patterns)
    arrays.update(rat_samples(arrays, order, starts, codes))
    bar.update(1)
    bar.close()
    return arrays


def summarize(
    vectors: np.ndarray, weights: np.ndarray, codes: np.ndarray, patterns: np.ndarray
) -> dict[str, np.ndarray]:
    task_min = vectors.min(axis=0).astype(np.int64)
    task_max = vectors.max(axis=0).astype(np.int64)
    hist_lo = int(task_min.min())
    span = int(task_max.max()) - hist_lo + 1
    histograms = np.zeros((len(TASK_IDS), span), np.int64)
    best_count = np.zeros(len(TASK_IDS), np.int64)
    for i, task in enumerate(TASK_IDS):
        histograms[i] = np.bincount(vectors[:, i].astype(np.int64) - hist_lo, weights=weights, minlength=span)
        best = task_min[i] if TASK_BY_ID[task].lower_is_better else task_max[i]
        best_count[i] = int(weights[vectors[:, i] == best].sum())
    triples = allowed_triples()
    muster_codes = np.zeros(len(triples), np.uint64)
    optimal: list[np.ndarray] = []
    for k, triple in enumerate(triples):
        num = exact_score_numerators(vectors, triple, task_min, task_max)
        best_ids = np.nonzero(num == num.max())[0]
        optimal.append(best_ids)
        muster_codes[k] = codes[best_ids].min()  # tie-break: smallest notation
    return {
        "version": np.array(CATALOG_VERSION),
        "rules": np.array(rules_fingerprint()),
        "valid_placements": np.array(int(weights.sum())),
        "vectors": vectors.astype(np.int8),
        "weights": weights.astype(np.int64),
        "codes": codes.astype(np.uint64),
        "task_min": task_min,
        "task_max": task_max,
        "best_count": best_count,
        "hist_lo": np.array(hist_lo),
        "histograms": histograms,
        "triples": np.array([[TASK_INDEX[t] for t in tr] for tr in triples], np.int8),
        "muster_codes": muster_codes,
        "patterns": patterns.astype(np.uint8),
        "_optimal": np.array(optimal, dtype=object),  # build-time only, not saved
    }


def exact_score_numerators(
    vectors: np.ndarray, triple: tuple[str, ...], task_min: np.ndarray, task_max: np.ndarray
) -> np.ndarray:
    """Sum of the triple's solo scores scaled to integers (exact ties, no float noise).

    Each score is (v - worst) / (best - worst); with L the lcm of the three spans the sum times
    L/100 is an integer.
    """
    spans = []
    for t in triple:
        i = TASK_INDEX[t]
        spans.append(max(int(task_max[i] - task_min[i]), 1))
    lcm = math.lcm(*spans)
    num = np.zeros(len(vectors), np.int64)
    for t, span in zip(triple, spans, strict=True):
        i = TASK_INDEX[t]
        v = vectors[:, i].astype(np.int64)
        gain = (task_max[i] - v) if TASK_BY_ID[t].lower_is_better else (v - task_min[i])
        num += gain * (lcm // span) if task_max[i] != task_min[i] else lcm
    return num


def rat_samples(
    arrays: dict[str, np.ndarray], order: np.ndarray, starts: np.ndarray, codes: np.ndarray
) -> dict[str, np.ndarray]:
    """Per triple a deterministic sample of optimal placement classes (for the "Rat" hint)."""
    rng = np.random.default_rng(1925)
    ends = np.append(starts[1:], len(order))
    optimal = arrays.pop("_optimal")
    offsets = [0]
    chunks = []
    for best_ids in optimal:
        members = np.concatenate([order[starts[v] : ends[v]] for v in best_ids])
        picked = codes[members]
        if len(picked) > RAT_SAMPLE:
            picked = rng.choice(picked, RAT_SAMPLE, replace=False)
        picked = np.sort(picked)
        chunks.append(picked)
        offsets.append(offsets[-1] + len(picked))
    return {"rat_offsets": np.array(offsets, np.int64), "rat_codes": np.concatenate(chunks).astype(np.uint64)}


# --- file -------------------------------------------------------------------------------------
def save(arrays: dict[str, np.ndarray], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Write next to the target and rename, so a reader never sees half a file.
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".npz")
    os.close(fd)
    try:
        np.savez_compressed(tmp, **{k: v for k, v in arrays.items() if not k.startswith("_")})
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


class StaleCatalog(Exception):
    """The file is of another catalog version or of other rules."""


def load(path: Path) -> Catalog:
    with np.load(path, allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files}
    if int(arrays["version"]) != CATALOG_VERSION or str(arrays["rules"]) != rules_fingerprint():
        raise StaleCatalog(str(path))
    return Catalog(arrays)


def build(directory: Path | None = None, progress: bool = True) -> tuple[Catalog, Path, float]:
    """Build and write the catalog; returns it, its path and the build time in seconds."""
    t0 = time.perf_counter()
    arrays = build_arrays(progress=progress)
    seconds = time.perf_counter() - t0
    path = catalog_path(directory)
    save(arrays, path)
    return Catalog({k: v for k, v in arrays.items() if not k.startswith("_")}), path, seconds


_loaded: dict[Path, Catalog] = {}


def ensure_catalog(progress: bool = True, directory: Path | None = None) -> Catalog:
    """The catalog from the data directory, built there first if missing or stale."""
    path = catalog_path(directory).resolve()
    if path in _loaded:
        return _loaded[path]
    try:
        catalog = load(path)
    except (FileNotFoundError, StaleCatalog, KeyError, ValueError, OSError):
        catalog, _, _ = build(directory, progress=progress)
    _loaded[path] = catalog
    return catalog
