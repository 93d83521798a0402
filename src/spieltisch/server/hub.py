"""The browsers connected to this process, and what each of them is sent.

A change of a table (from this process or, through Redis, from another) reaches `table_changed`;
the hub then sends every connection that has the table open its own view of it, and — when the
table's line in the lobby changed — the lobby's list to those who show the lobby. A connection
follows what its page shows: the lobby, or one table. It never receives a view older than one it
already has.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from spieltisch.server.clock import Clock
from spieltisch.server.lobby import LobbyList
from spieltisch.server.store import TableStore
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
        await self.send_text(json.dumps(message, separators=(",", ":")))

    async def send_text(self, text: str) -> None:
        """Send a message encoded already (the same lobby list goes to many browsers)."""
        async with self.lock:
            if self.websocket.client_state is WebSocketState.CONNECTED:
                try:
                    await self.websocket.send_text(text)
                except Exception:  # the socket closed under us; the receive loop will clean up
                    log.debug("send to a closed connection", exc_info=True)


class Hub:
    #: Seconds the lobby waits to gather changes into one message (tables opening and filling in a
    #: burst reach the lobby's browsers as one list, not one list per change).
    LOBBY_GATHER = 0.2
    #: Seconds after which the lobby's list is built anew from every table (a safety net: every
    #: change reaches `table_changed`, but a table deleted while Redis was away would linger).
    LOBBY_REFRESH = 60.0

    def __init__(self, store: TableStore, clock: Clock) -> None:
        self.store = store
        self.clock = clock
        self.connections: set[Connection] = set()
        self._lobby: LobbyList | None = None
        self._lobby_built = 0.0
        self._lobby_due: asyncio.Task[None] | None = None
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

    def forget(self, connection: Connection, table_id: str) -> None:
        """The connection no longer shows the table (its page moved on)."""
        connection.tables.discard(table_id)
        connection.sent_versions.pop(table_id, None)
        connection.sent_content.pop(table_id, None)

    async def answer(self, connection: Connection, table: Table) -> None:
        """After a player's own action: he gets the view of it even when it shows nothing new
        (his client waits for an answer), unless he has it already."""
        if connection.sent_versions.get(table.id, -1) < table.version:
            await self._send_view(connection, table)

    async def lobby(self) -> LobbyList:
        """The lobby's list (built from every table the first time, and now and then again)."""
        now = self.clock.now()
        if self._lobby is None or now - self._lobby_built > self.LOBBY_REFRESH:
            self._lobby = LobbyList(await self.store.all_tables())
            self._lobby_built = now
        return self._lobby

    async def send_lobby(self, connection: Connection) -> None:
        await connection.send_text((await self.lobby()).message())

    async def table_changed(self, table_id: str) -> None:
        watchers = [c for c in self.connections if table_id in c.tables]
        if not watchers and self._lobby is None:
            return
        table = await self.store.get(table_id)
        if watchers and table is not None:
            await asyncio.gather(*(self._send_view(c, table, only_if_changed=True) for c in watchers))
        if self._lobby is not None and self._lobby.update(table_id, table) and self._lobby_due is None:
            self._lobby_due = asyncio.create_task(self._tell_lobby())

    async def _tell_lobby(self) -> None:
        try:
            await asyncio.sleep(self.LOBBY_GATHER)
        finally:
            self._lobby_due = None
        lobby = [c for c in self.connections if c.lobby]
        if lobby:
            message = (await self.lobby()).message()
            await asyncio.gather(*(c.send_text(message) for c in lobby))
