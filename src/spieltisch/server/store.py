"""Where live tables are kept: in this process, or in Redis so that several processes share them.

Both stores offer the same few calls. `update` is the only way to change a table: it runs the change
on the newest version, one change at a time per table (a lock here, an optimistic WATCH/MULTI in
Redis), and then tells every listener — in every process — which table changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from spieltisch.server.rules.registry import Games
from spieltisch.server.tables import Table

log = logging.getLogger(__name__)


class StoreUnavailable(Exception):
    """The live-table store (Redis, or the database a change is written to first) failed: the
    change may not have happened. Players are told to try again; nothing is told as done."""


Listener = Callable[[str], Awaitable[None]]
Persist = Callable[[Table], Awaitable[None]]
F = TypeVar("F", bound=Callable[..., Awaitable[Any]])
Change = Callable[[Table], Table | None]


class TableStore(Protocol):
    #: Whether the store can be reached and hears every change (a health check's answer).
    @property
    def healthy(self) -> bool: ...

    async def start(self) -> None: ...

    async def close(self) -> None: ...

    async def get(self, table_id: str) -> Table | None: ...

    async def create(self, table: Table) -> None: ...

    async def update(self, table_id: str, change: Change) -> Table | None:
        """Apply `change` to the newest table; None when there is no such table or nothing changed.
        Exceptions from `change` propagate and leave the table as it was; StoreUnavailable when
        the store failed (the change may or may not have been made)."""

    async def all_tables(self) -> list[Table]: ...

    async def delete(self, table_id: str) -> None: ...

    def listen(self, listener: Listener) -> None: ...


async def _tell(listeners: list[Listener], table_id: str) -> None:
    """Tell every listener that a table changed. One listener's failure must neither undo the
    change nor keep it from the others (nor stop the Redis pump for every table)."""
    for listener in listeners:
        try:
            await listener(table_id)
        except Exception:
            log.exception("table listener failed")


class MemoryTableStore:
    """Live tables in this process (the embedded default). `persist` writes a changed table where a
    restart finds it; it runs before the change takes effect here and before anyone is told, so a
    player never sees a change that a crash could take back (and one it refuses did not happen)."""

    def __init__(self, persist: Persist | None = None) -> None:
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._listeners: list[Listener] = []
        self._persist = persist

    @property
    def healthy(self) -> bool:
        return True

    async def _write(self, table: Table) -> None:
        if self._persist is None:
            return
        from sqlalchemy.exc import SQLAlchemyError

        try:
            await self._persist(table)
        except (SQLAlchemyError, OSError) as error:  # a full disk, a database gone
            log.warning("could not write table %s: %s", table.id, error)
            raise StoreUnavailable(str(error)) from error

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
        await _tell(self._listeners, table_id)

    async def get(self, table_id: str) -> Table | None:
        return self._tables.get(table_id)

    async def create(self, table: Table) -> None:
        await self._write(table)
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
            await self._write(new)
            self._tables[table_id] = new
        await self._notify(table_id)
        return new

    async def all_tables(self) -> list[Table]:
        return list(self._tables.values())

    async def delete(self, table_id: str) -> None:
        if self._tables.pop(table_id, None) is not None:
            self._locks.pop(table_id, None)
            await self._notify(table_id)


def _redis_faults(method: F) -> F:
    """Redis failing (gone, paused, timing out) becomes StoreUnavailable for the caller."""

    @functools.wraps(method)
    async def wrapped(*args: Any, **kwargs: Any) -> Any:
        from redis.exceptions import RedisError

        try:
            return await method(*args, **kwargs)
        except (RedisError, OSError) as error:
            raise StoreUnavailable(str(error)) from error

    return wrapped  # type: ignore[return-value]


class RedisTableStore:
    """Live tables in Redis: any process can serve any table; changes are announced by pub/sub.

    Redis may go away (a restart, a pause, the network): commands then fail after a few seconds
    instead of hanging, `healthy` turns false, and the pump reconnects with growing pauses. Once
    subscribed again it tells every listener about every table (`resync`): the hub sends each player
    a fresh view, the scheduler arms every table's timer again — whatever was announced while this
    process could not hear is caught up."""

    CHANNEL = "spieltisch:tables"
    #: Seconds a command may take before Redis counts as unreachable.
    TIMEOUT = 5.0
    #: Connections one process keeps to Redis at most.
    CONNECTIONS = 64

    def __init__(self, url: str, games: Games, prefix: str = "spieltisch") -> None:
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import ExponentialBackoff
        from redis.exceptions import ConnectionError as RedisConnectionError

        self._games = games
        # A connection that died with a Redis restart is replaced on the spot (a few tries): the
        # first player after the restart gets his answer, not an error. (A transaction retried
        # after its EXEC was lost sets the same table once more: the same value, no harm.)
        # A busy process waits for one of its connections rather than failing a move when all are in
        # use (every table change holds one for its WATCH … EXEC).
        pool = redis.BlockingConnectionPool.from_url(
            url,
            max_connections=self.CONNECTIONS,
            timeout=self.TIMEOUT,
            decode_responses=True,
            socket_timeout=self.TIMEOUT,
            socket_connect_timeout=self.TIMEOUT,
            health_check_interval=10,
        )
        self._redis = redis.Redis(
            connection_pool=pool,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 3),
            retry_on_error=[RedisConnectionError],
        )
        self._prefix = prefix
        self._listeners: list[Listener] = []
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        #: Whether the pump is subscribed (announcements reach this process).
        self.healthy = False
        #: An announcement failed: catch up on every table as soon as Redis answers again.
        self._behind = False

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

    async def _notify(self, table_id: str) -> None:
        await _tell(self._listeners, table_id)

    async def _pump(self) -> None:
        from redis.exceptions import RedisError

        delay = 0.5
        first = True
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(self.CHANNEL)
                self.healthy = True
                delay = 0.5
                if not first:
                    log.warning("Redis is back: catching up on every table")
                    await self.resync()
                first = False
                self._ready.set()
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                    if message is not None and message["type"] == "message":
                        await self._notify(message["data"])
                    if self._behind:
                        self._behind = False
                        await self.resync()
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                if self.healthy:
                    log.warning("lost Redis (%s); reconnecting", error)
                self.healthy = False
            finally:
                with contextlib.suppress(Exception):  # the connection is gone anyway
                    await asyncio.wait_for(pubsub.aclose(), self.TIMEOUT)
            await asyncio.sleep(delay)
            delay = min(2 * delay, 5.0)

    async def _announce(self, table_id: str) -> None:
        """Tell every process (this one too, through the pump). The change itself is already in
        Redis: when the announcement fails, the pump catches up on every table later instead."""
        from redis.exceptions import RedisError

        try:
            await self._redis.publish(self.CHANNEL, table_id)
        except (RedisError, OSError):
            log.warning("could not announce table %s; catching up later", table_id, exc_info=True)
            self._behind = True

    async def resync(self) -> None:
        """Tell every listener about every table, as if each had just changed."""
        for table_id in sorted(str(member) for member in await self._redis.smembers(self._index)):
            await self._notify(table_id)

    @_redis_faults
    async def get(self, table_id: str) -> Table | None:
        raw = await self._redis.get(self._key(table_id))
        return None if raw is None else Table.from_dict(json.loads(raw), self._games)

    @_redis_faults
    async def create(self, table: Table) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.set(self._key(table.id), table.to_json())
            pipe.sadd(self._index, table.id)
            await pipe.execute()
        await self._announce(table.id)

    @_redis_faults
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
                    pipe.set(key, new.to_json())
                    await pipe.execute()
                    break
                except WatchError:
                    continue  # another process changed the table meanwhile: redo on the newer one
        await self._announce(table_id)
        return new

    @_redis_faults
    async def delete(self, table_id: str) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.delete(self._key(table_id))
            pipe.srem(self._index, table_id)
            await pipe.execute()
        await self._announce(table_id)

    @_redis_faults
    async def all_tables(self) -> list[Table]:
        ids = await self._redis.smembers(self._index)  # strings: the client decodes responses
        tables = []
        for table_id in sorted(str(member) for member in ids):
            table = await self.get(table_id)
            if table is not None:
                tables.append(table)
        return tables
