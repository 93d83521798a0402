"""The browsers connected to this process, and what each of them is sent.

A change of a table (from this process or, through Redis, from another) reaches `table_changed`;
the hub then sends every connection that has the table open its own view of it, and refreshes the
lobby of those who watch it. A connection never receives a view older than one it already has.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from spieltisch.server.clock import Clock
from spieltisch.server.store import TableStore, lobby_tables
from spieltisch.server.tables import Table

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Connection:
    websocket: WebSocket
    player: str
    nickname: str
    id: int = field(default_factory=itertools.count().__next__)
    tables: set[str] = field(default_factory=set)
    lobby: bool = False
    sent_versions: dict[str, int] = field(default_factory=dict)
    #: The last view sent of each table, without its version and time (to leave out repeats).
    sent_content: dict[str, dict[str, Any]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, message: dict[str, Any]) -> None:
        async with self.lock:
            if self.websocket.client_state is WebSocketState.CONNECTED:
                try:
                    await self.websocket.send_json(message)
                except Exception:  # the socket closed under us; the receive loop will clean up
                    log.debug("send to a closed connection", exc_info=True)


class Hub:
    def __init__(self, store: TableStore, clock: Clock) -> None:
        self.store = store
        self.clock = clock
        self.connections: set[Connection] = set()
        store.listen(self.table_changed)

    def add(self, connection: Connection) -> None:
        self.connections.add(connection)

    def connections_of(self, player: str) -> int:
        return sum(1 for c in self.connections if c.player == player)

    def remove(self, connection: Connection) -> None:
        self.connections.discard(connection)

    def player_watches(self, player: str, table_id: str) -> bool:
        return any(c.player == player and table_id in c.tables for c in self.connections)

    async def send_table(self, connection: Connection, table_id: str) -> None:
        table = await self.store.get(table_id)
        if table is not None:
            await self._send_view(connection, table)

    async def _send_view(self, connection: Connection, table: Table, only_if_changed: bool = False) -> None:
        """Send the connection its view of the table. After a change, a view that shows nothing
        new is not sent: the others do not learn that a player moved a tile he has not confirmed."""
        if connection.sent_versions.get(table.id, -1) > table.version:
            return
        view = table.view(connection.player, self.clock.now())
        content = {**view, "version": None, "server_time": None}  # compared as it is: no second encoding
        if only_if_changed and connection.sent_content.get(table.id) == content:
            return
        connection.sent_versions[table.id] = table.version
        connection.sent_content[table.id] = content
        await connection.send({"type": "table", "table": view})

    async def answer(self, connection: Connection, table: Table) -> None:
        """After a player's own action: he gets the view of it even when it shows nothing new
        (his client waits for an answer), unless he has it already."""
        if connection.sent_versions.get(table.id, -1) < table.version:
            await self._send_view(connection, table)

    async def send_lobby(self, connection: Connection) -> None:
        tables = lobby_tables(await self.store.all_tables())
        await connection.send({"type": "lobby", "tables": tables})

    async def table_changed(self, table_id: str) -> None:
        watchers = [c for c in self.connections if table_id in c.tables]
        lobby = [c for c in self.connections if c.lobby]
        if watchers:
            table = await self.store.get(table_id)
            if table is not None:
                await asyncio.gather(*(self._send_view(c, table, only_if_changed=True) for c in watchers))
        if lobby:
            tables = lobby_tables(await self.store.all_tables())
            await asyncio.gather(*(c.send({"type": "lobby", "tables": tables}) for c in lobby))
