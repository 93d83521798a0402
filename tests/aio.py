"""Running a coroutine from a plain test."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` in a thread of its own: the browser tests' Playwright keeps an event loop
    running in the main thread, where `asyncio.run` refuses to start another."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
