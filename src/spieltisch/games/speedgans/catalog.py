"""The catalog: every valid city, condensed, and the questions the game asks of it.

Built once from all valid placements (see `fast`), stored as one versioned ``.npz`` file under
``<data dir>/catalog/``. What it holds:

- ``vectors`` [D, 24] int8: every distinct combination of the 24 task values some valid city has,
  ``weights`` [D]: how many placements have it, ``codes`` [D]: the lexicographically smallest
  such placement (see `fast` for the code). Any weighted task mix is one matrix product away.
- per task: min, max, best count and the value histogram (over placements).
- per allowed triple (864): the Musterstadt (highest sum of the three 0-100 task points, each
  rounded half up to one decimal as the game shows them (`points`); ties: the lexicographically
  smallest city notation) and, for "Rat", *every* optimal placement class:
  ``rat_digits`` [9, N] uint8 (per cell the code digit, see `fast`; columns of triple k at
  ``rat_offsets[k]:rat_offsets[k + 1]``, sorted by code). A class is one placement up to rotations
  no task can tell apart (a garden or a cross without watchmen turned, 2a turned half way), its
  digits those of its smallest placement; all classes of a triple together are all its optimal
  cities (4.3 million classes for the 864 triples, 8 to 173,728 per triple; 64 to 7.7 million
  placements). Stored cell-major the digits compress to about 2 MB.

Data directory: handed in by the caller (the server's ServerConfig.data_dir: ``$SPIELTISCH_DATA_DIR`` or
``./var``). This module is the only one that does I/O.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from spieltisch.games.speedgans import fast
from spieltisch.games.speedgans.notation import City, Piece
from spieltisch.games.speedgans.points import as_points, city_tenths, task_tenths, task_tenths_array
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

#: 3: the Musterstadt and Rat's optimal cities by the sum of rounded task points (`points`), as shown;
#: version 2 chose them by the exact sum, which differs in 7 of the 864 triples.
CATALOG_VERSION = 3


def rules_fingerprint() -> str:
    """Changes whenever the tile table or the task list changes, so a stale file is rebuilt."""
    text = repr(sorted((k, v) for k, v in SIDES.items())) + repr(TASK_IDS)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def catalog_path(directory: Path) -> Path:
    """Where the catalog lives in a data directory (the server's: ServerConfig.data_dir)."""
    return Path(directory) / "catalog" / f"speedgans-catalog-v{CATALOG_VERSION}.npz"


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
    points: list[float]  # 0-100 task points, rounded to one decimal (`points`), same order
    sum: float  # the sum of those rounded points, as any city's

    def to_dict(self) -> dict[str, object]:
        return {"city": str(self.city), "tasks": self.tasks, "points": self.points, "sum": self.sum}


@dataclass(frozen=True)
class RatHint:
    """The answer of "Rat" (cells 0..8, as everywhere in the engine).

    target: an optimal city of the triple keeping the most laid tiles; where a laid tile agrees
    with it, the target shows the laid tile as it lies (its rotation may differ from the class's
    smallest one only in what no task can tell apart).
    wrong: laid cells whose tile the target does not keep there (the hint names these first).
    next_cell / next_piece: the first wrong cell if any, else the first empty cell, and the target's
    piece for it; None once the city is the target.
    kept: how many laid tiles the target keeps.
    """

    target: City
    wrong: tuple[int, ...]
    next_cell: int | None
    next_piece: Piece | None
    kept: int

    def to_dict(self) -> dict[str, object]:
        return {
            "target": str(self.target),
            "wrong": list(self.wrong),
            "next_cell": self.next_cell,
            "next_piece": None if self.next_piece is None else str(self.next_piece),
            "kept": self.kept,
        }


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
        self.rat_digits = arrays["rat_digits"]

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

    def task_tenths(self, task: str, value: int) -> int:
        """A task's points as the game shows them, in tenths (the one rule: `points.task_tenths`)."""
        return task_tenths(self.best_value(task), self.worst_value(task), value)

    def solo_score(self, task: str, value: int) -> float:
        """0 (worst valid city) to 100 (no valid city is better), linear in between, unrounded: for the
        computer players' aims only; what a player sees is `task_tenths`."""
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
        tenths = [self.task_tenths(t, values[t]) for t in asked]
        return Musterstadt(city, values, [as_points(x) for x in tenths], as_points(city_tenths(tenths)))

    def _vector_of_code(self, code: int) -> int:
        # Musterstadt codes are always the smallest placement of their value vector.
        return int(np.nonzero(self.codes == np.uint64(code))[0][0])

    def optimal_digits(self, tasks: tuple[str, ...] | list[str] | str) -> np.ndarray:
        """Every optimal placement class of a triple: [9, N] code digits (a view), sorted by code."""
        _, k = self._triple(tasks)
        return self._rat_columns(k)

    def optimal_codes(self, tasks: tuple[str, ...] | list[str] | str) -> np.ndarray:
        """The codes of every optimal placement class of a triple (ascending: smallest notation
        first); `city_of_code` turns one into a city."""
        return codes_of_digits(self.optimal_digits(tasks))

    def _rat_columns(self, k: int) -> np.ndarray:
        lo, hi = int(self.rat_offsets[k]), int(self.rat_offsets[k + 1])
        return self.rat_digits[:, lo:hi]

    def rat(self, city: City, tasks: tuple[str, ...] | list[str] | str) -> RatHint:
        """Among *all* optimal cities of the triple the one keeping the most laid tiles (same
        tile and side on the same cell, and a rotation no task can tell apart); ties: the
        smallest notation. Then the next step towards it (see `RatHint`).

        One vectorised pass over the triple's classes per laid tile (at most 174 thousand).
        """
        _, k = self._triple(tasks)
        columns = self._rat_columns(k)
        laid = {i: int(LOOK_DIGIT[piece_digit(p)]) for i, p in enumerate(city.cells) if p is not None}
        kept = np.zeros(columns.shape[1], np.uint8)
        for i, digit in laid.items():
            kept += columns[i] == digit
        best = int(np.argmax(kept))  # the first of the most kept: columns are sorted by code
        cells: list[Piece] = []
        wrong: list[int] = []
        for i, digit in enumerate(columns[:, best].tolist()):
            laid_piece = city.cells[i]
            if laid_piece is not None and laid[i] == digit:
                cells.append(laid_piece)
            else:
                cells.append(piece_of_digit(digit))
                if laid_piece is not None:
                    wrong.append(i)
        empty = [i for i, p in enumerate(city.cells) if p is None]
        next_cell = wrong[0] if wrong else (empty[0] if empty else None)
        piece = None if next_cell is None else cells[next_cell]
        return RatHint(City(tuple(cells)), tuple(wrong), next_cell, piece, int(kept[best]))


def piece_digit(piece: Piece) -> int:
    """A piece's digit in a placement code (see `fast`)."""
    return (piece.tile - 1) * 8 + (0 if piece.side == "a" else 1) * 4 + piece.rotation


def piece_of_digit(digit: int) -> Piece:
    return Piece(digit // 8 + 1, "ab"[(digit // 4) % 2], digit % 4)


def code_digits(codes: np.ndarray) -> np.ndarray:
    """Placement codes [N] -> their digits [9, N] uint8 (row c: cell c)."""
    rest = np.asarray(codes, np.uint64).copy()
    digits = np.zeros((9, len(rest)), np.uint8)
    base = np.uint64(fast.CODE_BASE)
    for cell in range(8, -1, -1):
        digits[cell] = rest % base
        rest //= base
    return digits


def codes_of_digits(digits: np.ndarray) -> np.ndarray:
    """Code digits [9, N] -> placement codes [N] uint64."""
    codes = np.zeros(digits.shape[1], np.uint64)
    base = np.uint64(fast.CODE_BASE)
    for cell in range(9):
        codes = codes * base + digits[cell].astype(np.uint64)
    return codes


def _same_look(a: Piece, b: Piece | None) -> bool:
    """Same tile and side, and a rotation no task can tell apart (same arms, same watchmen)."""
    return (
        b is not None
        and a.tile == b.tile
        and a.side == b.side
        and a.arm_mask == b.arm_mask
        and sorted(a.watchman_directions) == sorted(b.watchman_directions)
    )


def _look_digits() -> np.ndarray:
    """digit -> digit of the smallest rotation of that side with the same look (`_same_look`):
    the rotation the catalog's classes are stored with (see `fast._options`)."""
    table = np.zeros(fast.CODE_BASE, np.uint8)
    for digit in range(fast.CODE_BASE):
        piece = piece_of_digit(digit)
        same = [r for r in range(4) if _same_look(Piece(piece.tile, piece.side, r), piece)]
        table[digit] = piece_digit(Piece(piece.tile, piece.side, min(same)))
    return table


LOOK_DIGIT = _look_digits()


# --- building ---------------------------------------------------------------------------------
def build_arrays(progress: bool = True, chunks: int = 48) -> dict[str, np.ndarray]:
    """Enumerate every valid placement and condense it (the heavy part: tens of seconds)."""
    from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

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
    arrays.update(rat_classes(arrays, order, starts, codes))
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
        num = shown_sum_tenths(vectors, triple, task_min, task_max)
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


def shown_sum_tenths(
    vectors: np.ndarray, triple: tuple[str, ...], task_min: np.ndarray, task_max: np.ndarray
) -> np.ndarray:
    """Per value vector the triple's points as shown, in tenths: the sum of the three rounded task
    points (`points.task_tenths`), so the best city here is the best city a player can see."""
    total = np.zeros(len(vectors), np.int64)
    for t in triple:
        i = TASK_INDEX[t]
        lo, hi = int(task_min[i]), int(task_max[i])
        best, worst = (lo, hi) if TASK_BY_ID[t].lower_is_better else (hi, lo)
        total += task_tenths_array(best, worst, vectors[:, i])
    return total


def rat_classes(
    arrays: dict[str, np.ndarray], order: np.ndarray, starts: np.ndarray, codes: np.ndarray
) -> dict[str, np.ndarray]:
    """Per triple every optimal placement class (for "Rat"), as code digits sorted by code.

    `order` sorts all classes by value vector; vector v's classes are order[starts[v]:ends[v]].
    """
    ends = np.append(starts[1:], len(order))
    optimal = arrays.pop("_optimal")
    offsets = [0]
    chunks = []
    for best_ids in optimal:
        members = np.concatenate([order[starts[v] : ends[v]] for v in best_ids])
        chunks.append(np.sort(codes[members]))
        offsets.append(offsets[-1] + len(members))
    return {
        "rat_offsets": np.array(offsets, np.int64),
        "rat_digits": code_digits(np.concatenate(chunks)),
    }


# --- file -------------------------------------------------------------------------------------
def save(arrays: dict[str, np.ndarray], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Write next to the target and rename, so a reader never sees half a file.
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".npz")
    os.close(fd)
    try:
        payload: dict[str, Any] = {k: v for k, v in arrays.items() if not k.startswith("_")}
        np.savez_compressed(tmp, **payload)
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


def build(directory: Path, progress: bool = True) -> tuple[Catalog, Path, float]:
    """Build and write the catalog; returns it, its path and the build time in seconds."""
    t0 = time.perf_counter()
    arrays = build_arrays(progress=progress)
    seconds = time.perf_counter() - t0
    path = catalog_path(directory)
    save(arrays, path)
    return Catalog({k: v for k, v in arrays.items() if not k.startswith("_")}), path, seconds


def is_current(path: Path) -> bool:
    """Whether a catalog of this version and these rules is at `path` (its two small arrays read,
    not the catalog)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            return int(data["version"]) == CATALOG_VERSION and str(data["rules"]) == rules_fingerprint()
    except (FileNotFoundError, KeyError, ValueError, OSError):
        return False


_loaded: dict[Path, Catalog] = {}


def ensure_catalog(progress: bool, directory: Path) -> Catalog:
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
