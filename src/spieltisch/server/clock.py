"""The server's one clock. Every timer reads it, so tests swap in a fake clock and never sleep for real."""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the Unix epoch."""

    async def sleep_until(self, moment: float) -> None:
        """Return once now() >= moment."""


class SystemClock:
    def now(self) -> float:
        return time.time()

    async def sleep_until(self, moment: float) -> None:
        # The event loop's timer may wake a hair early by the wall clock: sleep until it is really time.
        while (delay := moment - time.time()) > 0:
            await asyncio.sleep(delay + 0.001)


class FakeClock:
    """A clock that only moves when told to (thread-safe enough: a float is replaced atomically)."""

    def __init__(self, start: float | None = None) -> None:
        # Starts at the real time by default: calendar-bound things (the puzzle of the day) stay real.
        self._now = time.time() if start is None else start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds

    async def sleep_until(self, moment: float) -> None:
        # Polling keeps the fake clock usable from another thread (tests drive a server in a thread).
        while self._now < moment:
            await asyncio.sleep(0.005)
