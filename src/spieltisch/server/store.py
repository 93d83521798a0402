"""Where live tables are kept: in this process, or in Redis so that several processes share them.

Both stores offer the same few calls. `update` is the only way to change a table: it runs the change
on the newest version, one change at a time per table (a lock here, an optimistic WATCH/MULTI in
Redis), and then tells every listener — in every process — which table changed.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from spieltisch.server.rules.registry import Games
from spieltisch.server.tables import Status, Table

log = logging.getLogger(__name__)

Listener = Callable[[str], Awaitable[None]]
Persist = Callable[[Table], Awaitable[None]]
Change = Callable[[Table], Table | None]


class TableStore(Protocol):
    async def start(self) -> None: ...

    async def close(self) -> None: ...

    async def get(self, table_id: str) -> Table | None: ...

    async def create(self, table: Table) -> None: ...

    async def update(self, table_id: str, change: Change) -> Table | None:
        """Apply `change` to the newest table; None when there is no such table or nothing changed.
        Exceptions from `change` propagate and leave the table as it was."""

    async def all_tables(self) -> list[Table]: ...

    async def delete(self, table_id: str) -> None: ...

    def listen(self, listener: Listener) -> None: ...


class MemoryTableStore:
    """Live tables in this process (the embedded default). `persist` writes a changed table where a
    restart finds it; it runs before the change takes effect here and before anyone is told, so a
    player never sees a change that a crash could take back (and one it refuses did not happen)."""

    def __init__(self, persist: Persist | None = None) -> None:
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._listeners: list[Listener] = []
        self._persist = persist

    def restore(self, tables: list[Table]) -> None:
        """Take back the tables of an earlier run (before `start`; nobody is told)."""
        for table in tables:
            self._tables[table.id] = table

    async def start(self) -> None:
        pass

    async def close(self) -> None:
        pass

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def _notify(self, table_id: str) -> None:
        for listener in self._listeners:
            try:
                await listener(table_id)
            except Exception:  # one listener's failure must not undo or block the change
                log.exception("table listener failed")

    async def get(self, table_id: str) -> Table | None:
        return self._tables.get(table_id)

    async def create(self, table: Table) -> None:
        if self._persist is not None:
            await self._persist(table)
        self._tables[table.id] = table
        await self._notify(table.id)

    async def update(self, table_id: str, change: Change) -> Table | None:
        if table_id not in self._tables:
            return None  # (no lock is made for an id that names no table)
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self._tables.get(table_id)
            if table is None:
                return None
            new = change(table)
            if new is None:
                return None
            if self._persist is not None:
                await self._persist(new)
            self._tables[table_id] = new
        await self._notify(table_id)
        return new

    async def all_tables(self) -> list[Table]:
        return list(self._tables.values())

    async def delete(self, table_id: str) -> None:
        if self._tables.pop(table_id, None) is not None:
            self._locks.pop(table_id, None)
            await self._notify(table_id)


class RedisTableStore:
    """Live tables in Redis: any process can serve any table; changes are announced by pub/sub."""

    CHANNEL = "spieltisch:tables"

    def __init__(self, url: str, games: Games, prefix: str = "spieltisch") -> None:
        import redis.asyncio as redis

        self._games = games
        self._redis = redis.from_url(url, decode_responses=True)
        self._prefix = prefix
        self._listeners: list[Listener] = []
        self._task: asyncio.Task | None = None
        self._ready = asyncio.Event()

    def _key(self, table_id: str) -> str:
        return f"{self._prefix}:table:{table_id}"

    @property
    def _index(self) -> str:
        return f"{self._prefix}:tables"

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    async def start(self) -> None:
        await self._redis.ping()  # fail at start-up, with the Redis error, if it is not reachable
        self._task = asyncio.create_task(self._pump())
        await self._ready.wait()

    async def close(self) -> None:
        if self._task:
            self._task.cancel()
        await self._redis.aclose()

    async def _pump(self) -> None:
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(self.CHANNEL)
        self._ready.set()
        try:
            async for message in pubsub.listen():
                if message["type"] != "message":
                    continue
                for listener in self._listeners:
                    try:
                        await listener(message["data"])
                    except Exception:  # a listener's bug must not stop the pump for every table
                        log.exception("table listener failed")
        finally:
            await pubsub.aclose()

    async def get(self, table_id: str) -> Table | None:
        raw = await self._redis.get(self._key(table_id))
        return None if raw is None else Table.from_dict(json.loads(raw), self._games)

    async def create(self, table: Table) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.set(self._key(table.id), json.dumps(table.to_dict()))
            pipe.sadd(self._index, table.id)
            await pipe.execute()
        await self._redis.publish(self.CHANNEL, table.id)

    async def update(self, table_id: str, change: Change) -> Table | None:
        from redis.exceptions import WatchError

        key = self._key(table_id)
        async with self._redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    await pipe.watch(key)
                    raw = await pipe.get(key)
                    if raw is None:
                        await pipe.unwatch()
                        return None
                    new = change(Table.from_dict(json.loads(raw), self._games))
                    if new is None:
                        await pipe.unwatch()
                        return None
                    pipe.multi()
                    pipe.set(key, json.dumps(new.to_dict()))
                    await pipe.execute()
                    break
                except WatchError:
                    continue  # another process changed the table meanwhile: redo on the newer one
        await self._redis.publish(self.CHANNEL, table_id)
        return new

    async def delete(self, table_id: str) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.delete(self._key(table_id))
            pipe.srem(self._index, table_id)
            await pipe.execute()
        await self._redis.publish(self.CHANNEL, table_id)

    async def all_tables(self) -> list[Table]:
        ids = await self._redis.smembers(self._index)  # strings: the client decodes responses
        tables = []
        for table_id in sorted(str(member) for member in ids):
            table = await self.get(table_id)
            if table is not None:
                tables.append(table)
        return tables


def lobby_tables(tables: list[Table]) -> list[dict[str, Any]]:
    """The lobby lists open tables first, then running ones (to watch), newest first."""
    shown = [
        t
        for t in tables
        if t.rules.listed and (t.status is Status.PLAYING or (t.status is Status.OPEN and t.anyone_here))
    ]
    shown.sort(key=lambda t: (t.status is not Status.OPEN, -t.created))
    return [t.summary() for t in shown[:100]]
