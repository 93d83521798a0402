"""Solo points: the one rounding rule for every place a city's 0-100 points appear.

Spec (shared/spec/speedgans.md, "Solo modes"): a task gives 0 (worst valid city) to 100 (no valid
city is better), linear in between, *rounded half up to one decimal*; a city's points are the sum of
its tasks' rounded points. The Musterstadt is chosen and shown by the same sum (catalog), the views,
lists and replays show what these functions give, and the client only formats (never rounds a sum).

Points are kept in tenths (integers), so a sum is exact; `as_points` turns tenths into the one-decimal
number the views send.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

#: Points are kept in tenths (one decimal, exact).
TENTHS = 10
#: A task's full points (no valid city is better), in tenths.
FULL_TENTHS = 100 * TENTHS


def task_tenths(best: int, worst: int, value: int) -> int:
    """A task's 0-100 points in tenths, rounded half up: 1000 * (value - worst) / (best - worst)
    + 1/2, floored, in integers only (no float noise at the halves). One possible value: 100."""
    if best == worst:
        return FULL_TENTHS
    # (value - worst) / (best - worst) with a positive denominator (W6 and the like: fewer is better).
    gain, span = (value - worst, best - worst) if best > worst else (worst - value, worst - best)
    return (2 * FULL_TENTHS * gain + span) // (2 * span)


def task_tenths_array(best: int, worst: int, values: np.ndarray) -> np.ndarray:
    """`task_tenths` of many values at once (the catalog's Musterstadt and "Rat" choice)."""
    if best == worst:
        return np.full(len(values), FULL_TENTHS, np.int64)
    v = values.astype(np.int64)
    gain, span = (v - worst, best - worst) if best > worst else (worst - v, worst - best)
    return (2 * FULL_TENTHS * gain + span) // (2 * span)


def city_tenths(task_tenths_of_city: Iterable[int]) -> int:
    """A city's points in tenths: the sum of its tasks' rounded points (never a rounded exact sum)."""
    return sum(task_tenths_of_city)


def as_points(tenths: int) -> float:
    """Tenths as the one-decimal number the views send (exact to the tenth in a float's shortest repr)."""
    return tenths / TENTHS
