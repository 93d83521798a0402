"""The browsers connected to this process, and what each of them is sent.

A change of a table (from this process or, through Redis, from another) reaches `table_changed`
with the table itself — in every process where a connection follows the table (the hub tells the
store which tables those are: `watch`) — and the hub sends every connection that has the table open
its own view of it. Every change of a table's facts (of every table) reaches `brief_changed` with
the table's brief (server/brief.py): when the table's line in the lobby changed, the lines that
changed go to those who show the lobby. A connection follows what its page shows: the lobby, or one table (an index by table
finds a table's connections without looking at the others). It never receives a view older than
one it already has, nor one that shows it nothing new.

Who is present at a table is kept in the table itself (`SeatInfo.connected`): a page that opens it
says so, one that leaves says so. With several processes, the hub also tells the store which
players' pages here follow each table (`present`): should this process die without a word, the one
that runs the table's clock counts those players away (`players_lost`). And a player whose page
here shows a table that counts him away (his page on another process closed, or a process taken
for dead had him too) is made present again (`_still_here`).

A view is built once per player and change and encoded once: the same text goes to each of the
player's tabs, and is kept to leave out a repeat. The quick messages said at a table since a
connection's last view follow its view (`said`), but not those of players its player muted.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Coroutine, Iterable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from spieltisch.server import wire
from spieltisch.server.brief import Brief
from spieltisch.server.clock import Clock
from spieltisch.server.lobby import LobbyList
from spieltisch.server.store import Change, TableStore
from spieltisch.server.tables import Status, Table, set_away, set_connected

log = logging.getLogger(__name__)

#: The most of a player's own tables the lobby offers to go back to (newest first).
OWN_TABLES = 10


@dataclass(eq=False)
class Connection:
    websocket: WebSocket
    player: str
    nickname: str
    id: int = field(default_factory=itertools.count().__next__)
    tables: set[str] = field(default_factory=set)
    lobby: bool = False
    sent_versions: dict[str, int] = field(default_factory=dict)
    #: The last view sent of each table, without its version and time, its game's part as JSON (to
    #: leave out repeats: compared as data, never encoded for that).
    sent_content: dict[str, tuple[dict[str, Any], bytes]] = field(default_factory=dict)
    #: The players whose quick messages this player does not hear (storage/mutes.py).
    muted: set[str] = field(default_factory=set)
    #: The number of the last quick message sent of each table (Table.said).
    said_seen: dict[str, int] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_text(wire.encode(message))

    async def send_text(self, text: str) -> None:
        """Send a message encoded already (the same lobby list goes to many browsers)."""
        async with self.lock:
            if self.websocket.client_state is WebSocketState.CONNECTED:
                try:
                    await self.websocket.send_text(text)
                except Exception:  # the socket closed under us; the receive loop will clean up
                    log.debug("send to a closed connection", exc_info=True)


@dataclass(eq=False)
class _DueViews:
    """A table whose views go out in a moment: its newest version, and who must get a view even if
    it shows nothing new (the answers to their own moves)."""

    table: Table
    answers: set[Connection] = field(default_factory=set)


class Hub:
    #: Seconds a table's views wait to gather its changes into one view per connection.
    VIEW_GATHER = 0.002
    #: Seconds the lobby waits to gather changes into one message (tables opening, filling and
    #: ending at once reach the lobby's browsers as one message, not one per change).
    LOBBY_GATHER = 0.5
    #: Seconds after which the lobby's list is built anew from every table's brief (a safety net:
    #: every change of facts reaches `brief_changed`, but a table deleted while Redis was away would linger).
    LOBBY_REFRESH = 60.0

    def __init__(self, store: TableStore, clock: Clock) -> None:
        self.store = store
        self.clock = clock
        self.connections: set[Connection] = set()
        #: Who has each table open.
        self._watchers: dict[str, set[Connection]] = {}
        #: Who shows the lobby.
        self._lobby_watchers: set[Connection] = set()
        self._lobby: LobbyList | None = None
        self._lobby_built = 0.0
        self._lobby_due: asyncio.Task[None] | None = None
        #: Tables whose views go out in a moment.
        self._due_views: dict[str, _DueViews] = {}
        #: Its tasks running (views being sent, who is present being changed).
        self._tasks: set[asyncio.Task[None]] = set()
        #: Players being made present again at a table (`_still_here`), one change each at a time.
        self._returning: set[tuple[str, str]] = set()
        store.listen(self.table_changed)
        store.listen_briefs(self.brief_changed)
        store.listen_lost(self.players_lost)

    def add(self, connection: Connection) -> None:
        self.connections.add(connection)

    def connections_of(self, player: str) -> int:
        return sum(1 for c in self.connections if c.player == player)

    def remove(self, connection: Connection) -> None:
        """The connection closed (the tables it followed are forgotten one by one: `forget`)."""
        self.connections.discard(connection)
        self.show_lobby(connection, False)

    def show_lobby(self, connection: Connection, shown: bool) -> None:
        connection.lobby = shown
        if shown:
            self._lobby_watchers.add(connection)
        else:
            self._lobby_watchers.discard(connection)

    def follow(self, connection: Connection, table_id: str) -> None:
        """The connection shows this table: every change of it is sent there."""
        connection.tables.add(table_id)
        watchers = self._watchers.get(table_id)
        if watchers is None:
            watchers = self._watchers[table_id] = set()
            self.store.watch(table_id, True)
        new_player = not self.player_watches(connection.player, table_id)
        watchers.add(connection)
        if new_player:
            self.store.present(table_id, self._players_at(table_id))

    def forget(self, connection: Connection, table_id: str) -> None:
        """The connection no longer shows the table (its page moved on)."""
        connection.tables.discard(table_id)
        connection.sent_versions.pop(table_id, None)
        connection.sent_content.pop(table_id, None)
        connection.said_seen.pop(table_id, None)
        watchers = self._watchers.get(table_id)
        if watchers is not None and connection in watchers:
            watchers.discard(connection)
            if not watchers:
                del self._watchers[table_id]
                self.store.watch(table_id, False)
            if not self.player_watches(connection.player, table_id):
                self.store.present(table_id, self._players_at(table_id))

    async def renamed(self, player: str, nickname: str, reason: str) -> None:
        """An operator renamed the player: each of his tabs here hears it at once (and what it does
        from now on is under the new name)."""
        if not nickname:
            return
        mine = [c for c in self.connections if c.player == player]
        for connection in mine:
            connection.nickname = nickname
        message = wire.encode({"type": "renamed", "nickname": nickname, "reason": reason})
        await asyncio.gather(*(c.send_text(message) for c in mine))

    async def muted(self, player: str, other: str, muted: bool) -> None:
        """The player muted (or unmuted) another: each of his tabs here leaves the other's quick
        messages out from now on, and hears the whole list (to mark the muted at the table)."""
        mine = [c for c in self.connections if c.player == player]
        for connection in mine:
            if muted:
                connection.muted.add(other)
            else:
                connection.muted.discard(other)
        message = wire.encode({"type": "muted", "players": sorted(mine[0].muted) if mine else []})
        await asyncio.gather(*(c.send_text(message) for c in mine))

    def player_watches(self, player: str, table_id: str) -> bool:
        return any(c.player == player for c in self._watchers.get(table_id, ()))

    def _players_at(self, table_id: str) -> frozenset[str]:
        return frozenset(c.player for c in self._watchers.get(table_id, ()))

    async def players_lost(self, table_id: str, players: frozenset[str]) -> None:
        """These players were present at the table through a process that died: away now (as if
        each had closed his page), unless a page of theirs here shows the table."""
        here = {player for player in players if self.player_watches(player, table_id)}
        if players - here:
            self._start(self._change(table_id, lambda t: set_away(t, players - here, self.clock.now())))

    def _still_here(self, table: Table) -> None:
        """Players whose page here shows the table but whom it counts away: present again."""
        for seat in table.seats:
            player = seat.player
            if player is None or seat.connected or seat.left or seat.bot:
                continue
            key = (table.id, player)
            if key in self._returning or not self.player_watches(player, table.id):
                continue
            self._returning.add(key)

            def back(t: Table, player: str = player) -> Table | None:
                if not self.player_watches(player, t.id):
                    return None  # (his page left meanwhile)
                return set_connected(t, player, True, self.clock.now())

            self._start(self._change(table.id, back, key))

    async def _change(self, table_id: str, change: Change, returning: tuple[str, str] | None = None) -> None:
        try:
            await self.store.update(table_id, change)
        except Exception:  # (a store away: the next change or resync brings the table here again)
            log.warning("could not change who is present at table %s", table_id, exc_info=True)
        finally:
            if returning is not None:
                self._returning.discard(returning)

    def _start(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Run the coroutine as a task of the hub's (kept until it is done)."""
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def send_table(self, connection: Connection, table_id: str) -> None:
        table = await self.store.get(table_id)
        if table is not None:
            await self._send_views(table, [connection])

    async def answer(self, connection: Connection, table: Table) -> None:
        """After a player's own action: he gets the view of it even when it shows nothing new
        (his client waits for an answer), unless he has it already — with the views the change
        sends to the table's other connections."""
        if connection.sent_versions.get(table.id, -1) < table.version:
            self._views_due(table, answer=connection)

    def _views_due(self, table: Table, answer: Connection | None = None) -> None:
        """Send the table's connections their views in a moment (`VIEW_GATHER`): changes of one
        table that come meanwhile (five players pressing „Weiter“ at once) go out as one view
        each, of the newest version. The busier the server, the more a moment gathers."""
        due = self._due_views.get(table.id)
        if due is None:
            due = self._due_views[table.id] = _DueViews(table)
            asyncio.get_running_loop().call_later(self.VIEW_GATHER, self._flush, table.id)
        elif table.version > due.table.version:
            due.table = table
        if answer is not None:
            due.answers.add(answer)

    def _flush(self, table_id: str) -> None:
        due = self._due_views.pop(table_id, None)
        if due is not None:
            self._start(self._send_due(due))

    async def _send_due(self, due: _DueViews) -> None:
        watchers = self._watchers.get(due.table.id, set())
        try:
            await self._send_views(
                due.table, watchers | due.answers, only_if_changed=True, answers=due.answers
            )
        except Exception:  # one table's views failing must not keep the others' from going out
            log.exception("views of table %s failed", due.table.id)

    async def _send_views(
        self,
        table: Table,
        connections: Iterable[Connection],
        only_if_changed: bool = False,
        answers: set[Connection] | frozenset[Connection] = frozenset(),
    ) -> None:
        """Send each connection its view of the table. After a change, a view that shows nothing
        new is not sent: the others do not learn that a player moved a tile he has not confirmed."""
        due = [c for c in connections if c.sent_versions.get(table.id, -1) <= table.version]
        if not due:
            return
        views = table.shown_views({c.player for c in due})
        now = self.clock.now()
        messages: dict[str | None, str] = {}
        sends = []
        for connection in due:
            player = connection.player
            shown = views[player]
            said = _said_since(table, connection)
            if (
                only_if_changed
                and connection not in answers
                and connection.sent_content.get(table.id) == shown
            ):
                if said:
                    sends.append(_send_all(connection, said))
                continue
            connection.sent_versions[table.id] = table.version
            connection.sent_content[table.id] = shown
            if player not in messages:  # the view's version and time with what it shows
                view, game = shown
                body = {"version": table.version, "server_time": now, **view, "game": wire.Encoded(game)}
                messages[player] = wire.encode({"type": "table", "table": body})
            sends.append(_send_all(connection, [messages[player], *said]))
        if len(sends) == 1:
            await sends[0]
        elif sends:
            await asyncio.gather(*sends)

    async def lobby(self) -> LobbyList:
        """The lobby's list (built from every table's brief the first time, and now and then again)."""
        now = self.clock.now()
        if self._lobby is None or now - self._lobby_built > self.LOBBY_REFRESH:
            facts = [brief.facts for brief in self.store.briefs().values()]
            if self._lobby is None:
                self._lobby = LobbyList(facts)
            else:
                self._lobby.rebuild(facts)
            self._lobby_built = now
        return self._lobby

    async def send_lobby(self, connection: Connection) -> None:
        """The lobby's whole list, as its browsers were last told it (the changes since follow)."""
        await connection.send_text((await self.lobby()).message())

    async def send_own_tables(self, connection: Connection) -> None:
        """The tables of the lobby's games where the connection's player holds a seat and the game
        is not over: his way back to them (a table nobody is at is not in the lobby's list). A
        running game he left is among them: he may come back to it (its seat waits for him)."""
        own = [
            brief.facts
            for brief in self.store.briefs().values()
            if brief.facts.listed
            and brief.facts.status is not Status.FINISHED
            # (a running game he left: its seat waits for him)
            and (
                brief.facts.holds_seat(connection.player)
                or (
                    brief.facts.status is Status.PLAYING
                    and brief.facts.seat_of(connection.player) is not None
                )
            )
        ]
        own.sort(key=lambda table: (-table.created, table.id))
        lines = [table.summary for table in own[:OWN_TABLES]]
        await connection.send({"type": "your_tables", "tables": lines})

    async def table_changed(self, table_id: str, table: Table | None, here: bool = True) -> None:
        if table is not None and table_id in self._watchers:
            self._views_due(table)
            self._still_here(table)

    async def brief_changed(self, table_id: str, brief: Brief | None, here: bool = True) -> None:
        facts = None if brief is None else brief.facts
        if self._lobby is not None and self._lobby.update(table_id, facts) and self._lobby_due is None:
            self._lobby_due = asyncio.create_task(self._tell_lobby())

    async def _tell_lobby(self) -> None:
        try:
            await asyncio.sleep(self.LOBBY_GATHER)
        finally:
            self._lobby_due = None
        changes = (await self.lobby()).changes()
        if changes is not None and self._lobby_watchers:
            await asyncio.gather(*(c.send_text(changes) for c in list(self._lobby_watchers)))


def _said_since(table: Table, connection: Connection) -> list[str]:
    """The quick messages said at the table since the connection last heard of it, as messages,
    but none of a player its player muted. A connection that has just opened the table hears none
    said before: a bubble is of the moment."""
    seen = connection.said_seen.get(table.id)
    connection.said_seen[table.id] = table.said_count
    if seen is None:
        return []
    messages = []
    for number, player, phrase, at in table.said:
        seat = table.seat_of(player)
        if number <= seen or seat is None or player in connection.muted:
            continue
        said = {"type": "said", "table": table.id, "seat": seat, "player": player, "phrase": phrase, "at": at}
        messages.append(wire.encode(said))
    return messages


async def _send_all(connection: Connection, texts: list[str]) -> None:
    for text in texts:
        await connection.send_text(text)
