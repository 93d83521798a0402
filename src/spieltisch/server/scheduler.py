"""Everything that happens on the clock rather than on a message: turn deadlines, computer players'
moves, and the work after a game ends (what its rules' `after_game` returns: the records, written
by server/records.py, and what players see besides the game, such as what the strongest computer
would have scored).

A table's clock runs in one process: the store says which (`runs_clock`; with one process, every
table's). That process hears the table's brief (server/brief.py: when it is due next) at every
change and keeps one timer per running table; the others keep none (so the computers' thinking is
done once, not in every process). Should its process die, the store of another takes the table
over (its heartbeat stopped: server/store.py) and tells this scheduler its brief: anything overdue
is done at once. Should two processes fire for the same moment (one stalled, taken for gone), the
store's one-change-at-a-time update makes the second a no-op.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine
from typing import Any

from spieltisch.server.brief import Brief, forget_at
from spieltisch.server.clock import Clock
from spieltisch.server.metrics import COMPUTER_SECONDS
from spieltisch.server.records import Records, record_game
from spieltisch.server.rules.base import FinishedGame, GameRules
from spieltisch.server.store import TableStore
from spieltisch.server.tables import Status, Table, bot_moves, tick

log = logging.getLogger(__name__)

#: How often idle tables are looked for; a table unchanged and idle for this long is forgotten.
SWEEP_SECONDS = 30 * 60
#: A timer that failed (the store was away) tries again after this many seconds.
RETRY_SECONDS = 1.0
#: Recording a finished game is retried with growing pauses up to this one (seconds).
MAX_RECORD_DELAY = 30.0


class Scheduler:
    def __init__(self, store: TableStore, clock: Clock, records: Records, pacing: float) -> None:
        self.store = store
        self.clock = clock
        self.records = records
        self.pacing = pacing
        self._timers: dict[str, tuple[float, asyncio.Task[None]]] = {}
        #: Tables whose finished game this process is writing to the records now.
        self._recording: set[str] = set()
        self._background: set[asyncio.Task[None]] = set()
        #: Tables found idle at the last sweep, with their version then.
        self._idle: dict[str, int] = {}
        #: Finished solo runs nobody is at: when each is forgotten, and the task that does it.
        self._leaving: dict[str, tuple[float, asyncio.Task[None]]] = {}
        store.listen_briefs(self.brief_changed)

    async def close(self) -> None:
        for _, task in [*self._timers.values(), *self._leaving.values()]:
            task.cancel()
        for task in list(self._background):
            task.cancel()

    async def resume(self) -> None:
        """After a start: pick up the clocks of every table still running whose clock this process
        runs (shared with other processes: they run theirs), and begin sweeping."""
        for table_id, brief in list(self.store.briefs().items()):
            if self.store.runs_clock(table_id):
                self._plan(table_id, brief)
        self._spawn(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            await self.clock.sleep_until(self.clock.now() + SWEEP_SECONDS)
            try:
                await self.sweep()
            except Exception:  # a failed sweep is retried next time; it must not end the loop
                log.exception("table sweep failed")

    async def sweep(self) -> None:
        """Forget tables nobody uses any more: without a person connected and unchanged for a whole
        sweep interval (finished games stay in the records). Each process sweeps the tables whose
        clock it runs (it knows their newest version)."""
        seen, self._idle = self._idle, {}
        for table_id, brief in list(self.store.briefs().items()):
            if not self.store.runs_clock(table_id):
                continue
            table = brief.facts
            if table.anyone_here or (table.status is Status.FINISHED and not table.recorded):
                continue  # in use, or its game not yet in the records
            if seen.get(table_id) == brief.version:
                await self.store.delete(table_id)
                await asyncio.to_thread(self.records.repository.delete_live_table, table_id)
                timer = self._timers.pop(table_id, None)
                if timer:
                    timer[1].cancel()
            else:
                self._idle[table_id] = brief.version

    async def brief_changed(self, table_id: str, brief: Brief | None, runs_clock: bool) -> None:
        if brief is not None and runs_clock:
            self._plan(table_id, brief)
        else:  # gone, or its clock runs elsewhere
            for timers in (self._timers, self._leaving):
                timer = timers.pop(table_id, None)
                if timer:
                    timer[1].cancel()

    def _plan(self, table_id: str, brief: Brief) -> None:
        due = brief.due
        current = self._timers.get(table_id)
        if current and (due is None or current[0] != due):
            current[1].cancel()
            self._timers.pop(table_id, None)
        if due is not None and table_id not in self._timers:
            self._timers[table_id] = (due, asyncio.create_task(self._fire(table_id, due)))
        if brief.facts.status is Status.FINISHED and not brief.facts.recorded:
            self._spawn(self._record(table_id))
        self._plan_leaving(table_id, brief)

    def _plan_leaving(self, table_id: str, brief: Brief) -> None:
        """A finished solo run nobody is at is forgotten a little later (`forget_at`), not at the
        next sweep: a player who starts run after run leaves nothing behind for long."""
        at = brief.facts.forget_at
        current = self._leaving.get(table_id)
        if current and current[0] != at:
            current[1].cancel()
            self._leaving.pop(table_id, None)
        if at is not None and table_id not in self._leaving:
            self._leaving[table_id] = (at, asyncio.create_task(self._forget(table_id, at)))

    async def _forget(self, table_id: str, at: float) -> None:
        try:
            await self.clock.sleep_until(at)
            if self._leaving.get(table_id, (None,))[0] == at:
                self._leaving.pop(table_id, None)  # (before the delete, which tells this scheduler)
            table = await self.store.get(table_id)
            if table is None or forget_at(table) is None:
                return  # gone already, or someone came back (a change that planned anew)
            await self.store.delete(table_id)
            await asyncio.to_thread(self.records.repository.delete_live_table, table_id)
        except asyncio.CancelledError:
            raise
        except Exception:  # the store is away: the sweep forgets it later
            log.exception("could not forget finished solo table %s", table_id)

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _fire(self, table_id: str, due: float) -> None:
        try:
            await self.clock.sleep_until(due)
            if self._timers.get(table_id, (None,))[0] == due:
                self._timers.pop(table_id, None)
            table = await self.store.get(table_id)
            decided = None
            if table is not None and table.bot_due:
                # The computers think in a thread: the strongest take tens of milliseconds a move.
                started = time.perf_counter()
                decided = await asyncio.to_thread(bot_moves, table, self.clock.now())
                COMPUTER_SECONDS.observe(time.perf_counter() - started)
            changed = await self.store.update(
                table_id, lambda table: tick(table, self.clock.now(), self.pacing, decided)
            )
            if changed is None:
                # Nothing was due after all (the timer woke early, or another process got there
                # first): plan anew so that a table never stops at a deadline — but never spin.
                table = await self.store.get(table_id)
                again = table.next_due() if table else None
                if again is not None and table_id not in self._timers:
                    again = max(again, self.clock.now() + 0.25)
                    self._timers[table_id] = (again, asyncio.create_task(self._fire(table_id, again)))
        except asyncio.CancelledError:
            raise
        except Exception:
            # The store failed (Redis away, a full disk): the table must move again once it is back,
            # so the timer is armed again shortly rather than forgotten.
            log.exception("timer of table %s failed; trying again in %.0f s", table_id, RETRY_SECONDS)
            if table_id not in self._timers:
                again = self.clock.now() + RETRY_SECONDS
                self._timers[table_id] = (again, asyncio.create_task(self._fire(table_id, again)))

    async def _record(self, table_id: str) -> None:
        """Write a finished game to the records (its rules say what), retried until the records
        database takes it, then show the players what the rules add after the end. Written
        before it is marked, and once per game id: a crash or a second process in between writes
        nothing twice, and a table is not forgotten before its game is recorded.

        A rematch may begin and end while a game is being written (its brief's call to record then
        finds this one running): the table's next game is recorded after it, in the same turn."""
        if table_id in self._recording:
            return
        self._recording.add(table_id)
        try:
            delay = 1.0
            while True:
                try:
                    if not await self._record_once(table_id):
                        return
                    delay = 1.0  # recorded, but the table holds a newer finished game: that one now
                    continue
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception(
                        "recording the game of table %s failed; trying again in %.0f s", table_id, delay
                    )
                await asyncio.sleep(delay)  # real time: the fault is the machine's, not the game's
                delay = min(2 * delay, MAX_RECORD_DELAY)
        finally:
            self._recording.discard(table_id)

    def _save_log(self, rules: GameRules[Any, Any], game: FinishedGame[Any]) -> None:
        """The game's log of moves, before its records: a replay's source once the game is marked."""
        assert game.log is not None
        self.records.repository.save_game_log(
            game_id=game.game_id,
            game=rules.name,
            table_id=game.table_id,
            settings=game.kept_settings(rules),
            players=game.players(),
            seed=rules.seed(game.state),
            started=game.started_at,
            log=game.log,
        )

    async def _record_once(self, table_id: str) -> bool:
        """Record the table's finished game, if one waits; whether another finished game waits
        after it (a rematch begun and ended meanwhile)."""
        table = await self.store.get(table_id)
        if table is None or table.status is not Status.FINISHED or table.recorded:
            return False
        finished = table.finished_game()
        if finished.log is not None:
            await asyncio.to_thread(self._save_log, table.rules, finished)
        after = await table.rules.after_game(finished, self.records)
        extras = await record_game(table.rules, finished, after, self.records.repository)
        game_id = table.game_id

        def mark(current: Table) -> Table | None:
            if current.game_id != game_id or current.recorded:
                return None  # a rematch began meanwhile: these results belong to the old game
            current = current.copy()  # (the store keeps the table it hands in: never changed in place)
            current.recorded = True
            current.extras.update(extras)
            current.version += 1
            return current

        if await self.store.update(table_id, mark) is not None:
            return False  # marked: the table's game is this one
        now = await self.store.get(table_id)
        return (
            now is not None and now.game_id != game_id and now.status is Status.FINISHED and not now.recorded
        )
