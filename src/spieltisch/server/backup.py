"""With Redis: a copy of every live table in the database, a few seconds old at most, for a Redis that
loses its data anyway (restarted without its append-only file, emptied, its keys evicted). The store
then puts every table back from the processes' replicas and, where no process has one (every process
restarted too), from these copies (store.py: `RedisTableStore._lost_data`): what can be lost is the
moves of the last `interval` seconds before such a loss.

Each process writes the tables it changed itself (the process that made a change writes it; the
others hear of it), each changed table at most once per interval, many tables in one commit
(services.Snapshots: the snapshot rewritten, the log appended to; a snapshot never goes back to an
older version). The single process without Redis writes every change before anyone is told
instead, and needs none of this."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from spieltisch.server.store import Persist
from spieltisch.server.tables import Table

log = logging.getLogger(__name__)


class TableBackup:
    def __init__(self, write: Persist, interval: float) -> None:
        self._write = write
        self.interval = interval
        #: The newest version of each table changed here and not written yet.
        self._due: dict[str, Table] = {}
        self._task: asyncio.Task[None] | None = None
        self._failing = False

    async def table_changed(self, table_id: str, table: Table | None, here: bool) -> None:
        """A store's listener: note a table changed here (a table gone is not written any more)."""
        if table is None:
            self._due.pop(table_id, None)
        elif here:
            self._due[table_id] = table

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def close(self) -> None:
        """Stop, writing what is due (a process stopped on purpose loses nothing)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.flush()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            await self.flush()

    async def flush(self) -> None:
        """Write every table due now, in one commit; a failed one stays due (the database away)."""
        due, self._due = self._due, {}
        if not due:
            return
        tables = list(due.values())
        results = await asyncio.gather(*(self._write(table) for table in tables), return_exceptions=True)
        failed = [
            (table, result) for table, result in zip(tables, results, strict=True) if result is not None
        ]
        for table, _ in failed:
            self._due.setdefault(table.id, table)  # unless a newer version is due already
        if failed and not self._failing:
            log.warning("cannot write the live tables' copies to the database: %s", failed[0][1])
        elif not failed and self._failing:
            log.warning("the live tables' copies are written to the database again")
        self._failing = bool(failed)
