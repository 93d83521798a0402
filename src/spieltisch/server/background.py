"""Work that takes long and may wait: one thread of its own, at a lower priority than the tables.

What the strongest computer would have scored, worked out after every Plan Ahead game, takes a
third of a second of a core. When a hundred games end together (measured: 100 tables over two
minutes), the default pool's threads ran six of these at once on a 2-core machine, and every
table's moves waited behind them (p99 0.9 s). Here they run one after another, and the operating
system gives the tables' event loop the cores first.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")

#: How much lower the thread's priority is (Linux `nice`, per thread), and the idle thread's.
NICENESS = 10
IDLE_NICENESS = 19


def _lower_priority(niceness: int = NICENESS) -> None:
    with contextlib.suppress(AttributeError, OSError):  # not on every system, nor always allowed
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), niceness)


_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="background", initializer=_lower_priority)


#: Work nobody waits for (notes on finished games, such as their move analysis): a thread of its own,
#: lower still, so that it never holds up the work a game's end waits for (the record, the Meister).
_IDLE_POOL = ThreadPoolExecutor(
    max_workers=1, thread_name_prefix="idle", initializer=lambda: _lower_priority(IDLE_NICENESS)
)


async def in_background(work: Callable[..., T], *args: object) -> T:
    """`work(*args)` in the background thread (one piece of work at a time)."""
    return await asyncio.get_running_loop().run_in_executor(_POOL, work, *args)


async def when_idle(work: Callable[..., T], *args: object) -> T:
    """`work(*args)` in the idle thread: after everything else, never before a game's own work."""
    return await asyncio.get_running_loop().run_in_executor(_IDLE_POOL, work, *args)
