"""What operators do that running servers must act on, found through the database: a table closed
(`spieltisch admin close-table`) is closed on the live tables (closed twice: once), a player renamed
(`admin rename`) is told at once in every tab he has open here (and plays on under the new name).
Every process looks every few seconds for actions newer than the last it saw; those made while no
server ran are carried out when one starts, if they are at most `MAX_AGE_S` old."""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import logging

from spieltisch.server.clock import Clock
from spieltisch.server.hub import Hub
from spieltisch.server.store import TableStore
from spieltisch.server.tables import Table, close
from spieltisch.storage.admin import CLOSE_TABLE
from spieltisch.storage.repository import Repository

log = logging.getLogger(__name__)

#: Seconds between looks at the database.
LOOK_S = 2.0
#: The oldest request a starting server still carries out.
MAX_AGE_S = 600.0


class Moderation:
    def __init__(self, repository: Repository, store: TableStore, clock: Clock, hub: Hub) -> None:
        self.repository = repository
        self.store = store
        self.clock = clock
        self.hub = hub
        self._seen: int | None = None

    async def run(self) -> None:
        while True:
            try:
                await self.look()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database or the store away for a moment: next time
                log.warning("could not look for operators' requests", exc_info=True)
            await asyncio.sleep(LOOK_S)

    async def look(self) -> None:
        if self._seen is None:
            since = dt.datetime.fromtimestamp(self.clock.now() - MAX_AGE_S, dt.UTC)
            self._seen = await asyncio.to_thread(self.repository.last_operator_action, since)
        requests = await asyncio.to_thread(
            self.repository.operator_requests, (CLOSE_TABLE, "rename"), self._seen
        )
        for request_id, action, target, reason, details in requests:
            if action == CLOSE_TABLE:
                closed = await self.store.update(target, functools.partial(self._close, reason=reason))
                if closed is not None:
                    log.info("table %s closed by an operator: %s", target, reason)
            else:
                await self.hub.renamed(target, str(details.get("to", "")), reason)
            self._seen = request_id

    def _close(self, table: Table, reason: str) -> Table | None:
        return close(table, reason, self.clock.now())
