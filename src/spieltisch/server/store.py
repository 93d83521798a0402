"""Where live tables are kept: in this process, or in Redis so that several processes share them.

Both stores offer the same few calls. `update` is the only way to change a table: it runs the change
on the newest version, one change at a time per table (a lock here, a compare-and-set on the
version in Redis), and then tells the listeners which table changed: those of tables (`listen`)
with the new table itself — in every process that holds the table — and those of briefs
(`listen_briefs`, server/brief.py) with the table's brief — in every process.

A table's log of moves only grows; both stores keep it apart from the table's snapshot and append
what a change added, so a change costs the same at the first tile as at the last.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol, TypeVar

from spieltisch.server import wire
from spieltisch.server.brief import Brief, Facts, brief_of
from spieltisch.server.rules.registry import Games
from spieltisch.server.tables import Table

log = logging.getLogger(__name__)


class StoreUnavailable(Exception):
    """The live-table store (Redis, or the database a change is written to first) failed: the
    change may not have happened. Players are told to try again; nothing is told as done."""


#: Told of every change of a table this process holds: the table's id, the table as it is now
#: (None: it is gone), and whether the change was made in this process (the others hear of it a
#: moment later).
Listener = Callable[[str, Table | None, bool], Awaitable[None]]
#: Told of every change of every table: its id, its brief now (None: it is gone), and whether the
#: change was made in this process.
BriefListener = Callable[[str, Brief | None, bool], Awaitable[None]]
Persist = Callable[[Table], Awaitable[None]]
F = TypeVar("F", bound=Callable[..., Awaitable[Any]])
#: A change: a new table (the old one is never changed in place: it may be kept and shown), or
#: None for "nothing to change".
Change = Callable[[Table], Table | None]


class TableStore(Protocol):
    #: Whether the store can be reached and hears every change (a health check's answer).
    @property
    def healthy(self) -> bool: ...

    async def start(self) -> None: ...

    async def close(self) -> None: ...

    async def ping(self) -> None:
        """Returns once the store has answered (raises if it cannot be reached)."""

    async def get(self, table_id: str) -> Table | None: ...

    async def create(self, table: Table) -> None: ...

    async def update(self, table_id: str, change: Change) -> Table | None:
        """Apply `change` to the newest table; None when there is no such table or nothing changed.
        Exceptions from `change` propagate and leave the table as it was; StoreUnavailable when
        the store failed (the change may or may not have been made)."""

    def briefs(self) -> Mapping[str, Brief]:
        """Every live table's brief (of every table, not only of those this process holds)."""

    async def delete(self, table_id: str) -> None: ...

    def listen(self, listener: Listener) -> None: ...

    def listen_briefs(self, listener: BriefListener) -> None: ...

    def watch(self, table_id: str, watched: bool) -> None:
        """Whether a connection of this process follows the table (then the process holds it)."""

    #: Whether other processes share the tables (one of them may run a table's clock).
    shared: bool


async def _tell(
    listeners: list[Listener] | list[BriefListener], table_id: str, table: Any, here: bool
) -> None:
    """Tell every listener that a table changed. One listener's failure must neither undo the
    change nor keep it from the others (nor stop the Redis pump for every table)."""
    for listener in listeners:
        try:
            await listener(table_id, table, here)
        except Exception:
            log.exception("table listener failed")


class MemoryTableStore:
    """Live tables in this process (the embedded default). `persist` writes a changed table where a
    restart finds it; it runs before the change takes effect here and before anyone is told, so a
    player never sees a change that a crash could take back (and one it refuses did not happen)."""

    shared = False

    def __init__(self, persist: Persist | None = None) -> None:
        self._tables: dict[str, Table] = {}
        self._briefs: dict[str, Brief] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._listeners: list[Listener] = []
        self._brief_listeners: list[BriefListener] = []
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
            self._briefs[table.id] = brief_of(table)

    async def start(self) -> None:
        pass

    async def close(self) -> None:
        pass

    async def ping(self) -> None:
        pass  # in this process (what it writes to, the database, has its own check)

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def listen_briefs(self, listener: BriefListener) -> None:
        self._brief_listeners.append(listener)

    def watch(self, table_id: str, watched: bool) -> None:
        pass  # every table is here

    def briefs(self) -> Mapping[str, Brief]:
        return self._briefs

    async def get(self, table_id: str) -> Table | None:
        return self._tables.get(table_id)

    def _keep(self, table: Table) -> Brief:
        self._tables[table.id] = table
        brief = self._briefs[table.id] = _brief_after(self._briefs.get(table.id), table)
        return brief

    async def _tell_all(self, table: Table, brief: Brief) -> None:
        await _tell(self._listeners, table.id, table, True)
        await _tell(self._brief_listeners, table.id, brief, True)

    async def create(self, table: Table) -> None:
        await self._write(table)
        await self._tell_all(table, self._keep(table))

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
            brief = self._keep(new)
        await self._tell_all(new, brief)
        return new

    async def delete(self, table_id: str) -> None:
        if self._tables.pop(table_id, None) is not None:
            self._briefs.pop(table_id, None)
            self._locks.pop(table_id, None)
            await _tell(self._listeners, table_id, None, True)
            await _tell(self._brief_listeners, table_id, None, True)


def _brief_after(before: Brief | None, table: Table) -> Brief:
    """The table's brief; its facts the same object as before when they did not change (the lobby
    then has nothing to compare)."""
    brief = brief_of(table)
    if before is not None and before.facts == brief.facts:
        return Brief(brief.version, brief.due, before.facts)
    return brief


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


#: Writes a table if its version in Redis is still the one the change was computed on, appends the
#: new log entries and announces the change, all at once (a script runs alone in Redis).
#: KEYS: the table's hash, its log, the index of tables. ARGV: the expected version ('' for a new
#: table), the new version, the snapshot, whether to empty the log first, the table's channel, the
#: announcement's first line, the table's id, its due time ('-': none), its facts, the channel of
#: briefs, whether the writing process hears the table's channel itself (1 or 0), then the log
#: entries. Two announcements: on the table's own channel (heard by the processes that hold the
#: table) its first line, the snapshot and the new entries as a JSON list, a line each — only when
#: another process hears it (a table routed to one process costs nobody else anything); on the
#: channel of briefs (heard by every process) one short line — id, version, due time, and the facts
#: only when they changed. Returns 1, or 0 when the version moved on.
_WRITE_SCRIPT = """
local kept = redis.call('HMGET', KEYS[1], 'version', 'facts')
local current = kept[1]
if ARGV[1] == '' then
  if current then return 0 end
elseif current ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'data', ARGV[3], 'due', ARGV[8], 'facts', ARGV[9])
redis.call('SADD', KEYS[3], ARGV[7])
if ARGV[4] == '1' then redis.call('DEL', KEYS[2]) end
for first = 12, #ARGV, 1000 do
  redis.call('RPUSH', KEYS[2], unpack(ARGV, first, math.min(first + 999, #ARGV)))
end
if redis.call('PUBSUB', 'NUMSUB', ARGV[5])[2] > tonumber(ARGV[11]) then
  local entries = {}
  for i = 12, #ARGV do entries[#entries + 1] = ARGV[i] end
  redis.call('PUBLISH', ARGV[5], ARGV[6] .. '\\n' .. ARGV[3] .. '\\n[' .. table.concat(entries, ',') .. ']')
end
local brief = ARGV[7] .. ' ' .. ARGV[2] .. ' ' .. ARGV[8]
if kept[2] ~= ARGV[9] then brief = brief .. ' ' .. ARGV[9] end
redis.call('PUBLISH', ARGV[10], brief)
return 1
"""
#: How many tables' briefs one round trip reads (a resync pages through the index).
BRIEF_PAGE = 500


def _due_text(due: float | None) -> str:
    return "-" if due is None else repr(due)


def _due_of(text: str | None) -> float | None:
    return None if text in (None, "-") else float(text)


class RedisTableStore:
    """Live tables in Redis; in each process a replica of the tables it needs, and a brief of
    every table (server/brief.py): any process can serve any table, and each one pays for the
    tables its own players follow.

    In Redis a table is a hash (`version`, `data`: its snapshot without the log; `due` and `facts`:
    its brief) and a list (its game's log entries). A change is computed on this process's replica
    and written by a script that compares the version (one round trip); the script also appends
    the log entries and announces the change twice: *with* the new snapshot on the table's own
    channel, and as a short line (its brief) on the channel every process hears.

    A process holds a replica of a table (and hears its channel) while one of its connections
    follows it (`watch`) or while it made the table's last change: it then runs the table's clock
    (server/scheduler.py), and should Redis lose its data it has the newest version to put back.
    When another process changes a table that no connection here follows, the replica is dropped
    unread. Of every other table this process keeps the brief only: the lobby, a player's way back
    to his tables, the limits on creations and the sweep read briefs; the clock of a table whose
    process died is taken over from its brief's due time, fetching the table only then.

    A replica is never stale for long: its own channel brings each change with the snapshot, and
    should that announcement not have reached this process (its subscription was still on the
    way), the brief's line — published after it, heard on one connection, so always later — has a
    newer version than the replica, and the table is fetched. A replica that fell behind otherwise
    (another process changed the table a moment ago) fails the comparison, or — for a change that
    came to nothing or was refused — is checked against the version in Redis: the table is fetched
    and the change computed again.

    Redis may go away (a restart, a pause, the network): commands then fail after a few seconds
    instead of hanging, `healthy` turns false, and the pump reconnects with growing pauses. Once
    subscribed again it reads every table's brief and fetches every replica (`resync`) and tells
    every listener: the hub sends each player a fresh view, the scheduler arms every table's timer
    again — whatever was announced while this process could not hear is caught up.

    Redis may also lose its data (restarted without its append-only file, emptied, its keys
    evicted): a marker key is then gone (looked at every second, and when a table this process
    holds has vanished), and the tables are put back from the replicas and the database's copies
    (server/backup.py) before anything else is done. The newest version of every table is in the
    replica of the process that made its last change, as long as that process lives."""

    shared = True

    #: Seconds a command may take before Redis counts as unreachable.
    TIMEOUT = 5.0
    #: Connections one process keeps to Redis at most.
    CONNECTIONS = 64
    #: The longest pause between tries to subscribe again: a Redis that is back is heard (and the
    #: health check says so) within a second; a try at a Redis that is down costs one refused connect.
    RECONNECT_MAX_S = 1.0

    #: Seconds between looks at the marker key while all is well (a FLUSHALL keeps the connections).
    MARKER_CHECK_S = 1.0

    def __init__(
        self,
        url: str,
        games: Games,
        prefix: str = "spieltisch",
        backup: Callable[[], Awaitable[list[Table]]] | None = None,
    ) -> None:
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import ExponentialBackoff
        from redis.exceptions import ConnectionError as RedisConnectionError

        self._games = games
        # A connection that died with a Redis restart is replaced on the spot (a few tries): the
        # first player after the restart gets his answer, not an error. (A write retried after its
        # answer was lost finds the version moved on and is computed again on the newer table.)
        # A busy process waits for one of its connections rather than failing a move when all are
        # in use.
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
        self._write_script = self._redis.register_script(_WRITE_SCRIPT)
        self._prefix = prefix
        #: Where every table's brief is announced (the prefix's own: several sites may share one Redis).
        self._brief_channel = f"{prefix}:briefs"
        #: The newest version of every table this process holds, its log included.
        self._tables: dict[str, Table] = {}
        #: The brief of every live table.
        self._briefs: dict[str, Brief] = {}
        #: Tables a connection of this process follows.
        self._watched: set[str] = set()
        #: Tables whose last change this process made: it runs their clocks.
        self._clock: set[str] = set()
        #: The pump's subscription while it is connected, and the tables whose channels it was told
        #: to hear; the task that brings them in line with what this process holds.
        self._pubsub: Any = None
        self._subscribed: set[str] = set()
        self._subscribing: asyncio.Task[None] | None = None
        self._locks: dict[str, asyncio.Lock] = {}
        self._listeners: list[Listener] = []
        self._brief_listeners: list[BriefListener] = []
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        #: Whether the pump is subscribed (announcements reach this process).
        self.healthy = False
        #: The database's copies of the live tables (server/backup.py), taken back when Redis has
        #: lost its data.
        self._backup = backup
        #: A key that exists as long as Redis has kept its data (set once; gone after a restart
        #: without data, a FLUSHALL, an eviction).
        self._marker = f"{prefix}:kept"

    def _key(self, table_id: str) -> str:
        return f"{self._prefix}:table:{table_id}"

    def _log_key(self, table_id: str) -> str:
        return f"{self._prefix}:log:{table_id}"

    @property
    def _index(self) -> str:
        return f"{self._prefix}:tables"

    def _channel(self, table_id: str) -> str:
        return f"{self._prefix}:t:{table_id}"

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def listen_briefs(self, listener: BriefListener) -> None:
        self._brief_listeners.append(listener)

    def briefs(self) -> Mapping[str, Brief]:
        return self._briefs

    def watch(self, table_id: str, watched: bool) -> None:
        if watched:
            self._watched.add(table_id)
        else:
            self._watched.discard(table_id)
            if table_id not in self._clock:
                self._tables.pop(table_id, None)
        self._subscriptions_due()

    def _wanted(self, table_id: str) -> bool:
        """Whether this process holds the table: a connection follows it, or it runs its clock."""
        return table_id in self._watched or table_id in self._clock

    def _drop(self, table_id: str) -> None:
        """No longer hold the table (its brief stays)."""
        if self._tables.pop(table_id, None) is not None:
            self._subscriptions_due()

    def _subscriptions_due(self) -> None:
        """Hear the channels of the tables this process holds or follows, and no others (soon: a
        task sends the commands on the pump's connection)."""
        if self._pubsub is not None and (self._subscribing is None or self._subscribing.done()):
            self._subscribing = asyncio.create_task(self._subscribe())

    async def _subscribe(self) -> None:
        from redis.exceptions import RedisError

        while (pubsub := self._pubsub) is not None:
            wanted = self._watched | self._tables.keys()
            new, gone = wanted - self._subscribed, self._subscribed - wanted
            if not new and not gone:
                return
            try:
                if new:
                    self._subscribed |= new
                    await pubsub.subscribe(*(self._channel(table_id) for table_id in new))
                if gone:
                    self._subscribed -= gone
                    await pubsub.unsubscribe(*(self._channel(table_id) for table_id in gone))
            except (RedisError, OSError) as error:  # the pump reconnects and subscribes anew
                log.debug("could not change the subscriptions: %s", error)
                return

    async def start(self) -> None:
        await self._redis.ping()  # fail at start-up, with the Redis error, if it is not reachable
        await self._warn_unless_persistent()
        await self._adopt_old_layout()
        self._task = asyncio.create_task(self._pump())
        await self._ready.wait()

    async def close(self) -> None:
        for task in (self._task, self._subscribing):
            if task is not None:
                task.cancel()
        await self._redis.aclose()

    async def ping(self) -> None:
        await self._redis.ping()

    async def _warn_unless_persistent(self) -> None:
        from redis.exceptions import ResponseError

        from spieltisch.server.redis_persistence import ADVICE, config_disabled, persistence_problem

        try:
            config: dict[Any, Any] | None = await self._redis.config_get("appendonly")
        except ResponseError as error:
            if not config_disabled(error):
                raise
            config = None
            log.warning(
                "cannot tell whether Redis persists (CONFIG is disabled): it must keep its data (AOF)"
            )
        problem = persistence_problem(config)
        if problem:
            log.warning("REDIS DOES NOT PERSIST: it %s; %s", problem, ADVICE)

    async def _lost_data(self) -> bool:
        """Whether Redis has lost what it had (its marker is gone); if so, put every live table back:
        the newest of this process's replica and the database's copy (server/backup.py) of each.
        Every process that notices does so (a table put back already is left as it is: the union
        of what they knew comes back), then the marker is set again."""
        if await self._redis.exists(self._marker):
            return False
        tables = dict(self._tables)
        backup = await self._backup() if self._backup is not None else []
        for table in backup:
            known = tables.get(table.id)
            if known is None or known.version < table.version:
                tables[table.id] = table
        if tables:
            await self._put_back(tables)
        await self._redis.set(self._marker, "1")
        return True

    async def _put_back(self, tables: dict[str, Table]) -> None:
        log.warning(
            "REDIS HAS LOST ITS DATA: putting back %d live tables (%d from this process, the rest from the "
            "database's copies: their last few seconds of moves may be lost)",
            len(tables),
            sum(1 for table in tables.values() if self._tables.get(table.id) is table),
        )
        for table in tables.values():
            try:
                await self._write(None, table)  # (a table some process has put back already stays)
            except Exception:  # one table's failure must not keep the others away
                log.exception("could not put back table %s", table.id)

    async def _adopt_old_layout(self) -> None:
        """Tables written by an earlier version, each one JSON string with its log inside, become
        a hash and a list (processes starting together: the first converts, the others see it done)."""
        from redis.exceptions import WatchError

        for table_id in sorted(str(member) for member in await self._redis.smembers(self._index)):
            key = self._key(table_id)
            async with self._redis.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(key)
                    if await pipe.type(key) != "string":
                        continue
                    raw = await pipe.get(key)
                    if raw is None:
                        continue  # deleted meanwhile
                    table = Table.from_dict(wire.decode(raw), self._games)
                    pipe.multi()
                    pipe.delete(key, self._log_key(table_id))
                    pipe.hset(key, mapping={"version": table.version, "data": table.snapshot_json()})
                    if table.log:
                        pipe.rpush(self._log_key(table_id), *(wire.encode(entry) for entry in table.log))
                    await pipe.execute()
                except WatchError:
                    continue

    async def _pump(self) -> None:
        from redis.exceptions import RedisError

        delay = 0.5
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(self._brief_channel)
                self._pubsub, self._subscribed = pubsub, set()
                await self._subscribe()
                if self._ready.is_set():
                    log.warning("Redis is back: catching up on every table")
                # Subscribed first, then fetched: a change made in between is both in what is
                # fetched and announced, and an announcement older than the replica is ignored.
                await self._lost_data()
                await self.resync()
                self.healthy = True
                delay = 0.5
                self._ready.set()
                looked = asyncio.get_running_loop().time()
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                    if message is not None and message["type"] == "message":
                        if message["channel"] == self._brief_channel:
                            await self._hear_brief(message["data"])
                        else:
                            await self._hear(message["data"])
                    now = asyncio.get_running_loop().time()
                    if now - looked >= self.MARKER_CHECK_S:
                        looked = now
                        if await self._lost_data():  # emptied under a connection that stayed up
                            await self.resync()
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as error:
                if self.healthy:
                    log.warning("lost Redis (%s); reconnecting", error)
                self.healthy = False
            finally:
                self._pubsub = None
                with contextlib.suppress(Exception):  # the connection is gone anyway
                    await asyncio.wait_for(pubsub.aclose(), self.TIMEOUT)
            await asyncio.sleep(delay)
            delay = min(2 * delay, self.RECONNECT_MAX_S)

    async def _hear(self, message: str) -> None:
        """A change on a table's own channel: `<id> <version> <first new log entry>`, then the
        snapshot and the new log entries on a line each."""
        head, _, body = message.partition("\n")
        table_id, version_text, start_text = head.split(" ")
        version, start = int(version_text), int(start_text)
        known = self._tables.get(table_id)
        if known is not None and known.version >= version:
            return  # made here (or an announcement that arrives after a newer one)
        self._clock.discard(table_id)  # another process made the change: it runs the clock now
        if table_id not in self._watched:
            self._drop(table_id)  # nobody here follows it: not read at all
            return
        snapshot, _, entries = body.partition("\n")
        data = wire.decode(snapshot)
        fresh = wire.decode(entries)
        if start == 0:
            table = Table.from_dict(data, self._games, fresh)
        elif known is not None and known.game_id == data["game_id"] and len(known.log or ()) == start:
            table = Table.from_dict(data, self._games, (*(known.log or ()), *fresh))
        else:  # this process missed part of the log (it came back from a fault): fetch the rest
            found = await self._fetch(table_id, known)
            if found is None:
                return
            table = found
        if self._keep(table):
            await _tell(self._listeners, table_id, table, False)

    async def _hear_brief(self, line: str) -> None:
        """A change of any table: `<id> <version> <due>`, then its facts when they changed (a
        deleted table: version -1 and nothing more)."""
        parts = line.split(" ", 3)
        table_id, version = parts[0], int(parts[1])
        if version < 0:
            await self._gone(table_id, False)
            return
        known = self._briefs.get(table_id)
        if known is not None and known.version >= version:
            return  # made here (or a line that arrives after a newer one)
        if len(parts) > 3:
            facts = Facts.from_json(parts[3])
        elif known is not None:
            facts = known.facts
        else:  # a table whose facts this process missed (it came back from a fault): read them
            found = await self._read_brief(table_id)
            if found is None:
                return
            facts = found.facts
        brief = self._briefs[table_id] = Brief(version, _due_of(parts[2]), facts)
        self._clock.discard(table_id)
        replica = self._tables.get(table_id)
        if table_id in self._watched and (replica is None or replica.version < version):
            # Its own announcement has not reached this process (the subscription was on its way).
            table = await self._fetch(table_id, replica)
            if table is not None:
                await _tell(self._listeners, table_id, table, False)
        elif replica is not None and replica.version < version:
            self._drop(table_id)
        await _tell(self._brief_listeners, table_id, brief, False)

    async def _gone(self, table_id: str, here: bool) -> None:
        """The table was deleted: forget it, and tell who knew it."""
        self._locks.pop(table_id, None)
        self._clock.discard(table_id)
        held = self._tables.pop(table_id, None) is not None
        briefed = self._briefs.pop(table_id, None) is not None
        if held:
            self._subscriptions_due()
            await _tell(self._listeners, table_id, None, here)
        if briefed or held:
            await _tell(self._brief_listeners, table_id, None, here)

    def _keep(self, table: Table) -> bool:
        """Take the table as this process's replica unless a newer one is known already."""
        known = self._tables.get(table.id)
        if known is not None and known.version >= table.version:
            return False
        self._tables[table.id] = table
        if known is None:
            self._subscriptions_due()
        return True

    async def _fetch(self, table_id: str, known: Table | None = None) -> Table | None:
        """The table as it is in Redis now, its log included (kept as the replica if this process
        holds the table). Given the table as this process knew it, only the log entries it has
        not seen are read: a table changed by another process a moment ago (a lost
        compare-and-set, the usual case with players of one table on different processes) costs
        its snapshot and a few entries, not its whole log again."""
        for _ in range(3):
            table = await self._read(table_id, known)
            brief = self._briefs.get(table_id)
            if table is None or brief is None or brief.version <= table.version:
                break
            known = table  # a newer version was announced while this one was read: read again
        if table is None:
            return None
        if not self._wanted(table_id):
            return table
        self._keep(table)
        return self._tables[table_id]

    async def _read(self, table_id: str, known: Table | None) -> Table | None:
        known_log = (known.log or ()) if known is not None else ()
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.hget(self._key(table_id), "data")
            pipe.llen(self._log_key(table_id))
            pipe.lrange(self._log_key(table_id), len(known_log), -1)
            raw, length, tail = await pipe.execute()
        if raw is None:
            if table_id in self._tables and await self._lost_data():
                return await self._read(table_id, known)  # put back from the replica: read again
            self._tables.pop(table_id, None)
            return None
        data = wire.decode(raw)
        # Nothing known: what was read is the whole log. The game this process knew, further on:
        # its log and what was read after it.
        if known is None or (data.get("game_id") == known.game_id and length >= len(known_log)):
            log = [*known_log, *(wire.decode(entry) for entry in tail)]
        else:  # a new game (its log starts afresh): the whole log
            log = [wire.decode(entry) for entry in await self._redis.lrange(self._log_key(table_id), 0, -1)]
        return Table.from_dict(data, self._games, log)

    async def _read_brief(self, table_id: str) -> Brief | None:
        """A table's brief as Redis has it (None: no such table)."""
        raw = await self._redis.hmget(self._key(table_id), ["version", "due", "facts"])
        version, due, facts = (None if value is None else str(value) for value in raw)
        return await self._brief_from(table_id, version, due, facts)

    async def _brief_from(
        self, table_id: str, version: str | None, due: str | None, facts: str | None
    ) -> Brief | None:
        if version is None:
            return None
        if facts is None or due is None:  # written by a version before briefs: worked out once
            table = await self._fetch(table_id)
            return None if table is None else brief_of(table)
        return Brief(int(version), _due_of(due), Facts.from_json(facts))

    async def _version_now(self, table_id: str) -> int | None:
        raw = await self._redis.hget(self._key(table_id), "version")
        return None if raw is None else int(raw)

    async def resync(self) -> None:
        """Read every table's brief, fetch every replica (and forget the tables that are gone) and
        tell every listener, as if each table had just changed."""
        ids = sorted(str(member) for member in await self._redis.smembers(self._index))
        briefs: dict[str, Brief] = {}
        for first in range(0, len(ids), BRIEF_PAGE):
            page = ids[first : first + BRIEF_PAGE]
            async with self._redis.pipeline(transaction=False) as pipe:
                for table_id in page:
                    pipe.hmget(self._key(table_id), ["version", "due", "facts"])
                rows = await pipe.execute()
            for table_id, (version, due, facts) in zip(page, rows, strict=True):
                brief = await self._brief_from(table_id, version, due, facts)
                if brief is not None:
                    briefs[table_id] = brief
        for table_id in sorted((self._briefs.keys() | self._tables.keys()) - briefs.keys()):
            await self._gone(table_id, False)
        self._briefs = briefs
        for table_id in sorted(self._tables):
            if not self._wanted(table_id):
                self._drop(table_id)
                continue
            self._tables.pop(table_id, None)  # whatever is in Redis now is the truth
            table = await self._fetch(table_id)
            await _tell(self._listeners, table_id, table, False)
        for table_id, brief in sorted(briefs.items()):
            await _tell(self._brief_listeners, table_id, brief, table_id in self._clock)

    async def _write(self, old: Table | None, new: Table) -> Brief | None:
        """Write `new` if Redis still has `old`'s version (a new table: if it has none); announce
        it. Its brief, or None when the version had moved on."""
        stored = len(old.log or ()) if old is not None else 0
        reset, entries = new.log_after(None if old is None else old.game_id, stored)
        reset = reset or old is None
        snapshot = new.snapshot_json()
        start = 0 if reset else stored
        encoded = [wire.encode(entry) for entry in entries]
        head = f"{new.id} {new.version} {start}"
        expected = "" if old is None else str(old.version)
        brief = _brief_after(self._briefs.get(new.id), new)
        written = await self._write_script(
            keys=[self._key(new.id), self._log_key(new.id), self._index],
            args=[
                expected,
                new.version,
                snapshot,
                int(reset),
                self._channel(new.id),
                head,
                new.id,
                _due_text(brief.due),
                brief.facts.to_json(),
                self._brief_channel,
                # (A subscription on its way counts as heard: a process that misses the
                # announcement so reads the table when the brief's line comes.)
                int(new.id in self._subscribed),
                *encoded,
            ],
        )
        return brief if written else None

    async def _written(self, table: Table, brief: Brief) -> None:
        """A change this process made: it holds the table and runs its clock; everyone is told."""
        self._clock.add(table.id)
        self._keep(table)
        known = self._briefs.get(table.id)
        if known is None or known.version < brief.version:
            self._briefs[table.id] = brief
        await _tell(self._listeners, table.id, table, True)
        await _tell(self._brief_listeners, table.id, brief, True)

    @_redis_faults
    async def get(self, table_id: str) -> Table | None:
        known = self._tables.get(table_id)
        return known if known is not None else await self._fetch(table_id)

    @_redis_faults
    async def create(self, table: Table) -> None:
        brief = await self._write(None, table)
        if brief is None:
            raise StoreUnavailable(f"table {table.id} exists already")
        await self._written(table, brief)

    @_redis_faults
    async def update(self, table_id: str, change: Change) -> Table | None:
        # Changes to one table made here go one after the other: computed on the replica the one
        # before wrote, not all on the same one (the players of a table who share this process
        # would each lose the compare-and-set to the first, then fetch and compute again).
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                return await self._update(table_id, change)
        finally:
            if table_id not in self._tables:  # no such table (any more): no lock kept for its id
                self._locks.pop(table_id, None)

    async def _update(self, table_id: str, change: Change) -> Table | None:
        table = self._tables.get(table_id)
        fresh = table is None
        if table is None:
            table = await self._fetch(table_id)
        while table is not None:
            try:
                new = change(table)
            except Exception:
                # Refused: by the newest table, or the refusal stands for nothing.
                if fresh or await self._version_now(table_id) == table.version:
                    raise
                table, fresh = await self._fetch(table_id, table), True
                continue
            if new is None:
                if fresh or await self._version_now(table_id) == table.version:
                    return None
            elif (brief := await self._write(table, new)) is not None:
                await self._written(new, brief)
                return new
            # Another process changed the table meanwhile: compute the change again on the newer one.
            table, fresh = await self._fetch(table_id, table), True
        return None

    @_redis_faults
    async def delete(self, table_id: str) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.delete(self._key(table_id), self._log_key(table_id))
            pipe.srem(self._index, table_id)
            pipe.publish(self._brief_channel, f"{table_id} -1")
            await pipe.execute()
        await self._gone(table_id, True)
