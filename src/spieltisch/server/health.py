"""Whether this process can serve players now, for `/healthz` and `/readyz`: its live-table store hears
every change and answers (Redis: a PING within `PROBE_TIMEOUT_S`; a paused Redis answers nothing),
and its records database answers (`SELECT 1`). A load balancer polls this every few seconds, from
every one of its nodes: the answer is kept for `CACHE_S` and one check runs at a time, so the polling
costs nothing whatever its rate."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

#: How long a probe may take before what it probes counts as unreachable: less than a load
#: balancer's own time-out for the check (commonly 5 s), and far more than a healthy answer's
#: milliseconds.
PROBE_TIMEOUT_S = 2.0
#: How long an answer is kept (then the next request checks again): short, so that the check says
#: "serving" within a second of play working again.
CACHE_S = 1.0


@dataclass(frozen=True)
class HealthReport:
    store: bool
    database: bool

    @property
    def ok(self) -> bool:
        return self.store and self.database

    def as_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "store": "ok" if self.store else "unreachable",
            "database": "ok" if self.database else "unreachable",
        }


class Health:
    """The checks of one process. `store_ready` says whether the store hears every change (Redis: its
    announcements' subscription is up); `ping_store` and `ping_database` ask the store and the
    database for an answer (the database's in a thread: its driver blocks)."""

    def __init__(
        self,
        store_ready: Callable[[], bool],
        ping_store: Callable[[], Awaitable[None]],
        ping_database: Callable[[], None],
    ) -> None:
        self._store_ready = store_ready
        self._ping_store = ping_store
        self._ping_database = ping_database
        self._report: HealthReport | None = None
        self._checked_at = 0.0
        self._check: asyncio.Task[HealthReport] | None = None
        #: The database's probe still running in its thread (a hung connection): no second one is
        #: started beside it, and the database counts as unreachable meanwhile.
        self._database_probe: asyncio.Future[None] | None = None

    async def report(self) -> HealthReport:
        if self._report is not None and time.monotonic() - self._checked_at < CACHE_S:
            return self._report
        if self._check is None or self._check.done():
            self._check = asyncio.create_task(self._run())
        # A caller that gives up (its client went away) leaves the check to the others.
        return await asyncio.shield(self._check)

    async def _run(self) -> HealthReport:
        store, database = await asyncio.gather(self._store_answers(), self._database_answers())
        report = HealthReport(store=store, database=database)
        if self._report is not None and report.ok != self._report.ok:
            log.warning("health: %s", report.as_json())
        self._report, self._checked_at = report, time.monotonic()
        return report

    async def _store_answers(self) -> bool:
        if not self._store_ready():
            return False
        try:
            await asyncio.wait_for(self._ping_store(), PROBE_TIMEOUT_S)
        except Exception:  # noqa: BLE001 - whatever the failure, the store does not answer
            return False
        return True

    async def _database_answers(self) -> bool:
        if self._database_probe is None or self._database_probe.done():
            self._database_probe = asyncio.ensure_future(asyncio.to_thread(self._ping_database))
            # (its failure is read here even when no check waits for it any more)
            self._database_probe.add_done_callback(lambda probe: probe.cancelled() or probe.exception())
        try:
            await asyncio.wait_for(asyncio.shield(self._database_probe), PROBE_TIMEOUT_S)
        except Exception:  # noqa: BLE001 - a time-out or the driver's error: not answering
            return False
        return True
