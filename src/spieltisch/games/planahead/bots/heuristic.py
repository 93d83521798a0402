"""The medium level's evaluator: a line-probability formula written into the evaluator's weights.

An open line of kind k with c of L fields filled is worth L × value(k) × P(at least L-c of the tiles
still to come have kind k) × SHARE^(L-c-1). The probability is hypergeometric: with `placed` tiles on
the land, 27 - placed are unseen and 19 - placed of them will still come. SHARE discounts lines that
need many more tiles, since crossing lines compete for the same fields and tiles. Empty lines are
worth nothing yet, which keeps this level content with plans it can see on the board.
"""

from __future__ import annotations

from functools import cache
from math import comb

import numpy as np

from spieltisch.games.planahead.bots.geometry import KIND_VALUE, LINE_DIR, LINE_LEN
from spieltisch.games.planahead.bots.kernels import AV_SLOTS, N_WEIGHTS, T_SLOTS, open_index

SHARE = 0.7


def tail_probability(unseen: int, of_kind: int, to_come: int, needed: int) -> float:
    """P(X >= needed) for X ~ Hypergeometric(unseen, of_kind, to_come)."""
    if needed <= 0:
        return 1.0
    total = comb(unseen, to_come)
    if total == 0:
        return 0.0
    hits = sum(
        comb(of_kind, x) * comb(unseen - of_kind, to_come - x)
        for x in range(needed, min(of_kind, to_come) + 1)
    )
    return hits / total


@cache
def heuristic_weights(share: float = SHARE) -> np.ndarray:
    # The probability depends on (placed, unseen of the kind, needed) only: 1,000 values, not 45,000.
    tail = {
        (placed, av, needed): tail_probability(27 - placed, av, 19 - placed, needed)
        for placed in range(T_SLOTS - 1)
        for av in range(AV_SLOTS)
        for needed in range(1, 5)
    }
    w = np.zeros(N_WEIGHTS, dtype=np.float64)
    for line in range(len(LINE_LEN)):
        length = int(LINE_LEN[line])
        for kind in range(3):
            points = length * int(KIND_VALUE[LINE_DIR[line], kind])
            for count in range(1, length):
                needed = length - count
                for av in range(AV_SLOTS):
                    for placed in range(T_SLOTS - 1):
                        p = tail[placed, av, needed]
                        w[open_index(line, kind, count, av, placed)] = points * p * share ** (needed - 1)
    w.flags.writeable = False
    return w
