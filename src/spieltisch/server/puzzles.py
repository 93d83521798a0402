"""The puzzles (Rätsel) as the server offers them: today's, the archive, results lists, the optimum."""

from __future__ import annotations

import asyncio
import datetime as dt
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any
from zoneinfo import ZoneInfo

from fastapi import HTTPException

from spieltisch.games.errors import RuleError
from spieltisch.games.planahead.notation import format_land
from spieltisch.games.planahead.puzzle import Puzzle
from spieltisch.storage.models import PuzzleResult

#: The puzzle of the day changes at midnight in the players' home time zone (the game is German).
PUZZLE_ZONE = ZoneInfo("Europe/Berlin")
ARCHIVE_DAYS = 30


def _limit(puzzle: Puzzle, override: float | None) -> float:
    """The limit attempts really get (an operator may override every puzzle's own)."""
    return override or puzzle.time_limit_s


def today(now: float) -> dt.date:
    return dt.datetime.fromtimestamp(now, PUZZLE_ZONE).date()


def day_start(now: float) -> dt.datetime:
    """Midnight at the start of the current day in the players' home time zone."""
    return dt.datetime.combine(today(now), dt.time(), PUZZLE_ZONE)


def day_end(day: dt.date) -> float:
    """The moment a puzzle's or Tagesstadt's day ends (midnight after it, in the players' home zone):
    from then on its tiles and tasks are no secret."""
    return dt.datetime.combine(day + dt.timedelta(days=1), dt.time(), PUZZLE_ZONE).timestamp()


def week_start(now: float) -> dt.datetime:
    """Monday 0:00 of the current week in the players' home time zone (a leaderboard's "this week")."""
    day = today(now)
    monday = day - dt.timedelta(days=day.weekday())
    return dt.datetime.combine(monday, dt.time(), PUZZLE_ZONE)


def puzzle_day(puzzle_id: str, now: float) -> dt.date:
    """The day of a puzzle that exists by the server's clock (RuleError otherwise)."""
    from spieltisch.games.planahead.puzzle import parse_puzzle_id

    return parse_puzzle_id(puzzle_id, today(now))


def puzzle_day_or_404(puzzle_id: str, now: float) -> dt.date:
    try:
        return puzzle_day(puzzle_id, now)
    except RuleError as error:
        raise HTTPException(404, error.message) from None


def puzzle_index(now: float, limit_override: float | None, secret: bytes) -> dict[str, Any]:
    from spieltisch.games.planahead.puzzle import archive, puzzle_for

    day = today(now)
    days = [day, *(dt.date.fromisoformat(i) for i in archive(day, ARCHIVE_DAYS - 1))]
    return {
        "today": day.isoformat(),
        "puzzles": [
            {"id": d.isoformat(), "time_limit_s": _limit(puzzle_for(d, secret), limit_override)} for d in days
        ],
    }


def optimum(puzzle_id: str, secret: bytes) -> tuple[int, str]:
    """The best score of a puzzle and a land that reaches it (exact; about 0.3 s, at worst ~1 s)."""
    from spieltisch.games.planahead.optimum import best_land
    from spieltisch.games.planahead.puzzle import puzzle_for

    best = best_land(puzzle_for(dt.date.fromisoformat(puzzle_id), secret).tiles)
    return best.score, format_land(best.land)


class Optima:
    """Puzzle optima, each worked out once, in a separate process: building the model and pruning
    its plans is Python and NumPy holding the GIL for up to a second (0.3 s at the median), which in
    a thread would stall every table's clock and socket of this server."""

    def __init__(self, secret: bytes) -> None:
        self._secret = secret
        self._known: dict[str, asyncio.Future[tuple[int, str]]] = {}
        # The solver's process lives for one solve (a day's puzzle is solved once per process):
        # it holds ~280 MB while it works, none in between.
        self._pool = ProcessPoolExecutor(
            max_workers=1,
            max_tasks_per_child=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_exit_with_parent,
            initargs=(os.getpid(),),
        )

    async def get(self, puzzle_id: str) -> tuple[int, str]:
        future = self._known.get(puzzle_id)
        if future is None or (future.done() and future.exception() is not None):
            loop = asyncio.get_running_loop()
            future = self._known[puzzle_id] = asyncio.ensure_future(
                loop.run_in_executor(self._pool, optimum, puzzle_id, self._secret)
            )
            # Whoever waits for it gets its failure through the shield below; one that nobody
            # waits for any more (a solve cut off because the server stops) is nothing to report.
            future.add_done_callback(_retrieve)
        return await asyncio.shield(future)

    def close(self) -> None:
        """End the solver's process now, even in the middle of a solve (its result is only a cache:
        the next process works it out again), so a server told to stop does not wait for it."""
        # The pool has no public way to stop a busy worker before Python 3.14's terminate_workers().
        # Stopped first, then the pool is shut down: its manager sees the worker gone and ends at once.
        processes = list((self._pool._processes or {}).values())
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(5)
        self._pool.shutdown(wait=True, cancel_futures=True)


def _retrieve(future: asyncio.Future[tuple[int, str]]) -> None:
    if not future.cancelled():
        future.exception()


def _exit_with_parent(parent: int) -> None:
    """In the solver's process: end when the server process is gone, even if it was killed without
    a chance to shut its pool down (the process would otherwise wait for work forever)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _entry(result: PuzzleResult) -> dict[str, Any]:
    return {
        "player": result.player_id,
        "nickname": result.nickname,
        "score": result.score,
        "seconds": round(result.seconds_used, 1),
        "at": result.created_at.isoformat(),
    }


def plausible(result: PuzzleResult) -> bool:
    """Whether a person can have played the attempt this fast (see MIN_SECONDS_PER_TILE)."""
    from spieltisch.games.planahead.puzzle import MIN_SECONDS_PER_TILE

    placed = sum(entry != "." for entry in result.land.split())
    return result.seconds_used >= placed * MIN_SECONDS_PER_TILE


def results_lists(results: list[PuzzleResult]) -> dict[str, Any]:
    """The day's ranking: each player's first attempt (a retry knows the tiles, and the best land
    is shown after one's first attempt), unless it was faster than a person can play. Besides,
    unranked: each player's best attempt."""
    best: dict[str, PuzzleResult] = {}
    for result in results:
        held = best.get(result.player_id)
        if held is None or (result.score, -result.seconds_used) > (held.score, -held.seconds_used):
            best[result.player_id] = result
    order = lambda r: (-r.score, r.seconds_used, r.id)  # noqa: E731 - a sort key, named once
    first = [r for r in results if r.first_attempt and plausible(r)]
    return {
        "best": [_entry(r) for r in sorted(best.values(), key=order)],
        "first": [_entry(r) for r in sorted(first, key=order)],
    }


def puzzle_details(
    day: dt.date, results: list[PuzzleResult], limit_override: float | None, secret: bytes
) -> dict[str, Any]:
    from spieltisch.games.planahead.puzzle import puzzle_for

    puzzle = puzzle_for(day, secret)
    return {
        "id": puzzle.id,
        "time_limit_s": _limit(puzzle, limit_override),
        "tiles": len(puzzle.tiles),
        "attempts": len(results),
        **results_lists(results),
    }
