"""What operators do that running servers must act on, found through the database: a table closed
(`spieltisch admin close-table`) is closed on the live tables (closed twice: once), a player renamed
(`admin rename`) is told at once in every tab he has open here, and his seats at live tables bear the
new name (so does the record of a game he is in the middle of).
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
from spieltisch.server.tables import Table, close, rename_seat
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
                nickname = str(details.get("to", ""))
                await self.hub.renamed(target, nickname, reason)
                await self._rename_seats(target, nickname)
            self._seen = request_id

    async def _rename_seats(self, player: str, nickname: str) -> None:
        """The renamed player's seats at live tables bear the new name (every process tries; the
        first makes the change, the others find it made)."""
        if not nickname:
            return
        tables = [
            table_id
            for table_id, brief in self.store.briefs().items()
            if brief.facts.seat_of(player) is not None
        ]
        for table_id in tables:
            await self.store.update(
                table_id, functools.partial(rename_seat, player=player, nickname=nickname)
            )

    def _close(self, table: Table, reason: str) -> Table | None:
        return close(table, reason, self.clock.now())
