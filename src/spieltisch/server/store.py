"""Where live tables are kept: in this process, or in Redis so that several processes share them.

Both stores offer the same few calls. `update` is the only way to change a table: it runs the change
on the newest version, one change at a time per table (a lock here, a compare-and-set on the
version in Redis), and then tells the listeners which table changed: those of tables (`listen`)
with the new table itself — in every process that holds the table — and those of briefs
(`listen_briefs`, server/brief.py) with the table's brief: in every process when its facts changed
(its lobby line, seats, status), and at every change in the process that runs its clock.

A table's log of moves only grows; both stores keep it apart from the table's snapshot and append
what a change added, so a change costs the same at the first tile as at the last.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
import threading
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
#: Told of a table's brief: its id, its brief now (None: it is gone), and whether this process runs
#: the table's clock (server/scheduler.py). Every process is told when a table's facts changed; the
#: process that runs its clock is told of every change.
BriefListener = Callable[[str, Brief | None, bool], Awaitable[None]]
#: Told when players at a table were present only through a process that died (it could not say
#: they left): the table's id and those players. Called in the process that runs the table's clock.
LostListener = Callable[[str, frozenset[str]], Awaitable[None]]
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
        """Every live table's brief (of every table, not only of those this process holds). Its facts
        are always the newest; its version and due time are the newest for the tables this process
        holds, and for the others those of their last change of facts."""

    async def delete(self, table_id: str) -> None: ...

    def listen(self, listener: Listener) -> None: ...

    def listen_briefs(self, listener: BriefListener) -> None: ...

    def watch(self, table_id: str, watched: bool) -> None:
        """Whether a connection of this process follows the table (then the process holds it)."""

    def present(self, table_id: str, players: frozenset[str]) -> None:
        """The players whose pages in this process follow the table (none: no page does). Should the
        process die, the others count them away unless a page elsewhere follows the table too."""

    def listen_lost(self, listener: LostListener) -> None: ...

    async def present_elsewhere(self, table_id: str, player: str) -> bool:
        """Whether a page of the player on another (live) process follows the table."""
        ...

    def runs_clock(self, table_id: str) -> bool:
        """Whether this process runs the table's clock (its deadlines, computers, records, sweep)."""


async def _tell(listeners: list[Listener] | list[BriefListener] | list[LostListener], *news: Any) -> None:
    """Tell every listener what happened at a table (its id first). One listener's failure must
    neither undo the change nor keep it from the others (nor stop the Redis pump for every table)."""
    for listener in listeners:
        try:
            await listener(*news)
        except Exception:
            log.exception("table listener failed")


class MemoryTableStore:
    """Live tables in this process (the embedded default). `persist` writes a changed table where a
    restart finds it; it runs before the change takes effect here and before anyone is told, so a
    player never sees a change that a crash could take back (and one it refuses did not happen)."""

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

    def present(self, table_id: str, players: frozenset[str]) -> None:
        pass  # (one process: a restart counts everyone away, services._restored_tables)

    def listen_lost(self, listener: LostListener) -> None:
        pass  # one process: none dies while the others go on

    async def present_elsewhere(self, table_id: str, player: str) -> bool:
        return False  # (there is no elsewhere)

    def runs_clock(self, table_id: str) -> bool:
        return True  # every table's

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
#: briefs, whether the writing process hears the table's channel itself (1 or 0: subscribed, and
#: Redis has said so), the writing process's id, then the log entries. The table's owner (the
#: process that runs its clock) stays as it is; a new table's (or one without) is the writer.
#: Two announcements: on the table's own channel (heard by the processes that hold the table) its
#: first line, the snapshot and the new entries as a JSON list, a line each — only when another
#: process hears it (a table routed to one process costs nobody else anything); on the channel of
#: briefs (heard by every process) one short line — id, version, due time, owner, writer and the
#: facts — only when the facts changed: a move never changes them. Returns the owner, or 0 when the
#: version moved on.
_WRITE_SCRIPT = """
local kept = redis.call('HMGET', KEYS[1], 'version', 'facts', 'owner')
local current = kept[1]
if ARGV[1] == '' then
  if current then return 0 end
elseif current ~= ARGV[1] then
  return 0
end
local owner = kept[3] or ARGV[12]
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'data', ARGV[3], 'due', ARGV[8], 'facts', ARGV[9], 'owner', owner)
redis.call('SADD', KEYS[3], ARGV[7])
if ARGV[4] == '1' then redis.call('DEL', KEYS[2]) end
for first = 13, #ARGV, 1000 do
  redis.call('RPUSH', KEYS[2], unpack(ARGV, first, math.min(first + 999, #ARGV)))
end
if redis.call('PUBSUB', 'NUMSUB', ARGV[5])[2] > tonumber(ARGV[11]) then
  local entries = {}
  for i = 13, #ARGV do entries[#entries + 1] = ARGV[i] end
  redis.call('PUBLISH', ARGV[5], ARGV[6] .. '\\n' .. ARGV[3] .. '\\n[' .. table.concat(entries, ',') .. ']')
end
if kept[2] ~= ARGV[9] then
  redis.call('PUBLISH', ARGV[10], ARGV[7] .. ' ' .. ARGV[2] .. ' ' .. ARGV[8] .. ' ' .. owner .. ' ' .. ARGV[12] .. ' ' .. ARGV[9])
end
return owner
"""
#: Takes over a table's clock from a process that is gone: its owner's lease has run out (or it has
#: none). KEYS: the table's hash, its set of followers (the process gone follows nothing any more).
#: ARGV: this process's id, the prefix of the lease keys, the channel of briefs, the table's id.
#: The brief line (without facts) tells every process the new owner.
#: Returns 1 when this process owns the table now, 0 when it is gone or its owner lives.
_CLAIM_SCRIPT = """
local kept = redis.call('HMGET', KEYS[1], 'version', 'due', 'owner')
if not kept[1] then return 0 end
if kept[3] == ARGV[1] then return 1 end
if kept[3] and redis.call('EXISTS', ARGV[2] .. kept[3]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'owner', ARGV[1])
if kept[3] then redis.call('SREM', KEYS[2], kept[3]) end
redis.call('PUBLISH', ARGV[3], ARGV[4] .. ' ' .. kept[1] .. ' ' .. (kept[2] or '-') .. ' ' .. ARGV[1] .. ' ' .. ARGV[1])
return 1
"""
#: A table's clock goes where its players are: a process whose connections follow a table says so
#: (its id in the table's set of followers) and takes the table over unless its owner lives and
#: follows it too (an owner gone leaves the followers then, as with a claim); a process whose
#: connections stop following a table it owns hands it to a
#: process that follows it, if any (its lease alive). Behind a proxy that sends every connection of a
#: table to one process (by table id), each table's clock and replica are then in that process only.
#: KEYS: the table's hash, its set of followers. ARGV: this process's id, the prefix of the lease
#: keys, the channel of briefs, the table's id, 1 (follows now) or 0 (no longer). The brief line
#: (without facts) tells every process the new owner. Returns 1 when this process owns the table
#: now, 2 when it has handed it over, 0 otherwise (another owns it, or it is gone).
_FOLLOW_SCRIPT = """
local kept = redis.call('HMGET', KEYS[1], 'version', 'due', 'owner')
if not kept[1] then return 0 end
local me, owner = ARGV[1], kept[3]
local function give(process)
  redis.call('HSET', KEYS[1], 'owner', process)
  redis.call('PUBLISH', ARGV[3], ARGV[4] .. ' ' .. kept[1] .. ' ' .. (kept[2] or '-') .. ' ' .. process .. ' ' .. me)
end
if ARGV[5] == '1' then
  redis.call('SADD', KEYS[2], me)
  if owner == me then return 1 end
  if owner and redis.call('EXISTS', ARGV[2] .. owner) == 1 and redis.call('SISMEMBER', KEYS[2], owner) == 1 then
    return 0
  end
  if owner and redis.call('EXISTS', ARGV[2] .. owner) == 0 then redis.call('SREM', KEYS[2], owner) end
  give(me)
  return 1
end
redis.call('SREM', KEYS[2], me)
if owner ~= me then return 0 end
for _, process in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  if redis.call('EXISTS', ARGV[2] .. process) == 1 then
    give(process)
    return 2
  end
  redis.call('SREM', KEYS[2], process)
end
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
    its brief; `owner`: the process that runs its clock) and a list (its game's log entries). A
    change is computed on this process's replica and written by a script that compares the version
    (one round trip); the script also appends the log entries and announces the change *with* the
    new snapshot on the table's own channel, and — only when the table's facts changed (its lobby
    line, seats, status: never a move) — as a short line (its brief) on the channel every process
    hears.

    Each table's clock (server/scheduler.py) is run by one process, its owner: the one that created
    it, until it dies. Every process keeps a lease key alive and says every `HEARTBEAT_S` on the
    channel of owners which tables it runs (a thread of its own does both); a table no process has named for `ORPHAN_S` is claimed
    by a script that checks its owner's lease has run out (of the processes that try, one wins), and
    the new owner reads the table and runs its clock from then on.

    A process holds a replica of a table (and hears its channel) while one of its connections
    follows it (`watch`), while it runs its clock, or while it made the table's last change: should
    Redis lose its data it has the newest version to put back. When another process changes a table
    this process holds for none of these, the replica is dropped unread. Of every other table this
    process keeps the brief only: the lobby, a player's way back to his tables and the limits on
    creations read their facts.

    A replica is never stale for long: its own channel brings each change with the snapshot once
    Redis has confirmed the subscription (the writer counts itself as a hearer only then), and on
    that confirmation the version in Redis is compared with the replica's (a change made while the
    subscription was on its way is fetched). A replica that fell behind otherwise
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

    #: Seconds a command may take before Redis counts as unreachable.
    TIMEOUT = 5.0
    #: Connections one process keeps to Redis at most.
    CONNECTIONS = 64
    #: The longest pause between tries to subscribe again: a Redis that is back is heard (and the
    #: health check says so) within a second; a try at a Redis that is down costs one refused connect.
    RECONNECT_MAX_S = 1.0

    #: Seconds between looks at the marker key while all is well (a FLUSHALL keeps the connections).
    MARKER_CHECK_S = 1.0
    #: Seconds between a process's heartbeats: its lease renewed, the tables whose clocks it runs named.
    HEARTBEAT_S = 1.0
    #: Seconds a process's lease lasts unless renewed (by a thread of its own: a process gone this
    #: long loses its tables, one whose loop is only busy keeps them).
    LEASE_S = 2.5
    #: Seconds after which a table no heartbeat has named is claimed (if its owner's lease ran out):
    #: a table whose process died moves on this long after, and a heartbeat or two of one alive but
    #: busy may come late meanwhile.
    ORPHAN_S = 2.5

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
        self._url = url
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
        self._claim_script = self._redis.register_script(_CLAIM_SCRIPT)
        self._follow_script = self._redis.register_script(_FOLLOW_SCRIPT)
        self._prefix = prefix
        #: Where every table's brief is announced (the prefix's own: several sites may share one Redis).
        self._brief_channel = f"{prefix}:briefs"
        #: Where every process says, each heartbeat, which tables' clocks it runs.
        self._owners_channel = f"{prefix}:owners"
        #: This process (a table's `owner` in Redis), and its lease: a key that lives as long as it does.
        self._me = secrets.token_hex(8)
        self._lease_prefix = f"{prefix}:alive:"
        #: The newest version of every table this process holds, its log included.
        self._tables: dict[str, Table] = {}
        #: The brief of every live table.
        self._briefs: dict[str, Brief] = {}
        #: Tables a connection of this process follows.
        self._watched: set[str] = set()
        #: Tables whose clocks this process runs (their owner in Redis).
        self._owned: set[str] = set()
        #: Tables whose last change this process made (it has their newest version to put back).
        self._last: set[str] = set()
        #: When each table was last named by its owner's heartbeat (or its brief told of its owner),
        #: and since when this process has heard the heartbeats (its pump's last subscription).
        self._heard: dict[str, float] = {}
        #: Each table's owner as last heard (its heartbeat, its brief, Redis at a resync).
        self._owner_of: dict[str, str] = {}
        self._hearing_since = 0.0
        #: The pump's subscription while it is connected, and the tables whose channels it was told
        #: to hear; the task that brings them in line with what this process holds.
        self._pubsub: Any = None
        self._subscribed: set[str] = set()
        #: Of those, the tables whose subscription Redis has confirmed: the script publishes a change
        #: for the other processes unless this one is its only hearer.
        self._confirmed: set[str] = set()
        self._subscribing: asyncio.Task[None] | None = None
        #: Tables whose following by this process Redis has not heard of yet, and the task that
        #: tells it (one at a time, in order: a table followed and left at once ends up left).
        self._follows_due: set[str] = set()
        self._following: asyncio.Task[None] | None = None
        self._locks: dict[str, asyncio.Lock] = {}
        self._listeners: list[Listener] = []
        self._brief_listeners: list[BriefListener] = []
        self._lost_listeners: list[LostListener] = []
        #: The players whose pages here follow each table, and what Redis was last told of them.
        self._present: dict[str, frozenset[str]] = {}
        self._present_told: dict[str, frozenset[str]] = {}
        #: When each other process was last heard (its heartbeat): one silent for `ORPHAN_S` whose
        #: lease ran out died, and its players are away.
        self._processes: dict[str, float] = {}
        self._task: asyncio.Task[None] | None = None
        self._heartbeat_task: asyncio.Task[None] | None = None
        #: The heartbeat's own thread (`_beat`), and what tells it to stop.
        self._beating: threading.Thread | None = None
        self._stop_beating = threading.Event()
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

    def _followers_key(self, table_id: str) -> str:
        return f"{self._prefix}:followers:{table_id}"

    def _present_key(self, table_id: str) -> str:
        """The players present at the table and the process each one's page is on: `<process> <player>`."""
        return f"{self._prefix}:present:{table_id}"

    def _channel(self, table_id: str) -> str:
        return f"{self._channel_prefix}{table_id}"

    @property
    def _channel_prefix(self) -> str:
        return f"{self._prefix}:t:"

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def listen_briefs(self, listener: BriefListener) -> None:
        self._brief_listeners.append(listener)

    def listen_lost(self, listener: LostListener) -> None:
        self._lost_listeners.append(listener)

    def briefs(self) -> Mapping[str, Brief]:
        return self._briefs

    def present(self, table_id: str, players: frozenset[str]) -> None:
        if players:
            self._present[table_id] = players
        else:
            self._present.pop(table_id, None)
        self._follows_changed(table_id)

    def watch(self, table_id: str, watched: bool) -> None:
        if watched:
            self._watched.add(table_id)
        else:
            self._watched.discard(table_id)
            if not self._wanted(table_id):
                self._tables.pop(table_id, None)
        self._subscriptions_due()
        self._follows_changed(table_id)

    def _follows_changed(self, *table_ids: str) -> None:
        """Tell Redis (soon: a task of its own) whether this process follows these tables; the
        table's clock moves with it (`_FOLLOW_SCRIPT`)."""
        self._follows_due.update(table_ids)
        if self._ready.is_set() and (self._following is None or self._following.done()):
            self._following = asyncio.create_task(self._tell_follows())

    async def _tell_follows(self) -> None:
        from redis.exceptions import RedisError

        while self._follows_due:
            table_id = self._follows_due.pop()
            follows = table_id in self._watched
            try:
                result = await self._follow_script(
                    keys=[self._key(table_id), self._followers_key(table_id)],
                    args=[self._me, self._lease_prefix, self._brief_channel, table_id, int(follows)],
                )
            except (RedisError, OSError) as error:  # told again after the resync that follows
                log.debug("could not say whether table %s is followed: %s", table_id, error)
                self._follows_due.add(table_id)
                return
            if result == 1 and table_id not in self._owned:
                await self._take_over(table_id, "its players are here")
            elif result == 2 and table_id in self._owned:
                await self._hand_over(table_id)
            if not await self._tell_present(table_id):
                self._follows_due.add(table_id)
                return

    async def _tell_present(self, table_id: str) -> bool:
        """Bring the table's set of present players in Redis in line with this process's pages;
        whether Redis could be told. (Called before every change of the table made here: nothing
        to tell costs two lookups.)"""
        wanted = self._present.get(table_id, frozenset())
        told = self._present_told.get(table_id, frozenset())
        if wanted == told:
            return True
        from redis.exceptions import RedisError

        # Counted as told before the answer: a call meanwhile (a change, the follows' task) sends
        # only what differs from this.
        if wanted:
            self._present_told[table_id] = wanted
        else:
            self._present_told.pop(table_id, None)
        key, me = self._present_key(table_id), self._me
        try:
            async with self._redis.pipeline(transaction=False) as pipe:
                if wanted - told:
                    pipe.sadd(key, *(f"{me} {player}" for player in wanted - told))
                if told - wanted:
                    pipe.srem(key, *(f"{me} {player}" for player in told - wanted))
                await pipe.execute()
        except (RedisError, OSError) as error:  # told again after the resync that follows
            log.debug("could not say who is present at table %s: %s", table_id, error)
            self._present_told.pop(table_id, None)  # (not known: all of it is told again)
            return False
        return True

    async def _sweep_presence(self, table_ids: list[str]) -> None:
        """Of these tables (whose clocks this process runs), the players present only through a
        process that died are lost: the listeners count them away. A player whose page on a live
        process follows the table stays present."""
        if not table_ids:
            return
        async with self._redis.pipeline(transaction=False) as pipe:
            for table_id in table_ids:
                pipe.smembers(self._present_key(table_id))
            found: list[set[str]] = await pipe.execute()
        members = [[str(member).split(" ", 1) for member in row] for row in found]
        processes = sorted({process for row in members for process, _ in row} - {self._me})
        if not processes:
            return
        dead = set(processes) - await self._alive(processes)
        for table_id, row in zip(table_ids, members, strict=True):
            gone = [f"{process} {player}" for process, player in row if process in dead]
            if not gone:
                continue
            await self._redis.srem(self._present_key(table_id), *gone)
            lost = frozenset(player for process, player in row if process in dead) - {
                player for process, player in row if process not in dead
            }
            if lost:
                log.info("players %s at table %s were on a process that died: away", sorted(lost), table_id)
                await _tell(self._lost_listeners, table_id, lost)

    @_redis_faults
    async def present_elsewhere(self, table_id: str, player: str) -> bool:
        members = await self._redis.smembers(self._present_key(table_id))
        others = sorted(
            process
            for process, who in (str(m).split(" ", 1) for m in members)
            if who == player and process != self._me
        )
        return bool(await self._alive(others))

    async def _alive(self, processes: list[str]) -> set[str]:
        """Those of the processes whose lease has not run out (one round trip)."""
        if not processes:
            return set()
        async with self._redis.pipeline(transaction=False) as pipe:
            for process in processes:
                pipe.exists(f"{self._lease_prefix}{process}")
            found = await pipe.execute()
        return {process for process, exists in zip(processes, found, strict=True) if exists}

    async def _hand_over(self, table_id: str) -> None:
        """Another process runs the table's clock now (its players are there): the scheduler stops
        here, and the replica goes unless a connection still follows the table."""
        self._owned.discard(table_id)
        if not self._wanted(table_id):
            self._drop(table_id)
        brief = self._briefs.get(table_id)
        if brief is not None:
            await _tell(self._brief_listeners, table_id, brief, False)

    def runs_clock(self, table_id: str) -> bool:
        return table_id in self._owned

    def _wanted(self, table_id: str) -> bool:
        """Whether this process holds the table: a connection follows it, it runs its clock, or it
        made its last change."""
        return table_id in self._watched or table_id in self._owned or table_id in self._last

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
                    self._confirmed -= gone
                    await pubsub.unsubscribe(*(self._channel(table_id) for table_id in gone))
            except (RedisError, OSError) as error:  # the pump reconnects and subscribes anew
                log.debug("could not change the subscriptions: %s", error)
                return

    async def start(self) -> None:
        await self._redis.ping()  # fail at start-up, with the Redis error, if it is not reachable
        await self._warn_unless_persistent()
        await self._adopt_old_layout()
        await self._renew_lease()  # (before its first table: nobody claims one of a process alive)
        self._task = asyncio.create_task(self._pump())
        await self._ready.wait()
        self._beating = threading.Thread(target=self._beat, name="spieltisch-heartbeat", daemon=True)
        self._beating.start()
        self._heartbeat_task = asyncio.create_task(self._claims())

    async def close(self) -> None:
        for task in (self._task, self._subscribing, self._heartbeat_task, self._following):
            if task is not None:
                task.cancel()
        self._stop_beating.set()
        if self._beating is not None:
            await asyncio.to_thread(self._beating.join, self.TIMEOUT)
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
                written = await self._write(None, table)  # (one some process put back already stays)
            except Exception:  # one table's failure must not keep the others away
                log.exception("could not put back table %s", table.id)
                continue
            if written is not None:  # this process put it back: it runs its clock
                self._owned.add(table.id)
                self._briefs[table.id] = written[0]
                await _tell(self._brief_listeners, table.id, written[0], True)

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
                await pubsub.subscribe(self._brief_channel, self._owners_channel)
                self._pubsub, self._subscribed, self._confirmed = pubsub, set(), set()
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
                looked = self._hearing_since = asyncio.get_running_loop().time()
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is None:
                        pass
                    elif message["type"] == "message":
                        channel = message["channel"]
                        if channel == self._brief_channel:
                            await self._hear_brief(message["data"])
                        elif channel == self._owners_channel:
                            self._hear_heartbeat(message["data"])
                        else:
                            await self._hear(message["data"])
                    elif message["type"] == "subscribe" and message["channel"].startswith(
                        self._channel_prefix
                    ):
                        await self._confirm(message["channel"][len(self._channel_prefix) :])
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
        """A change on a table's own channel: `<id> <version> <first new log entry> <writer>`, then
        the snapshot and the new log entries on a line each."""
        head, _, body = message.partition("\n")
        table_id, version_text, start_text, writer = head.split(" ")
        if writer == self._me:
            return  # made here: told already
        version, start = int(version_text), int(start_text)
        known = self._tables.get(table_id)
        if known is not None and known.version >= version:
            return  # an announcement that arrives after a newer one
        self._last.discard(table_id)  # another process made the change: it has the newest version
        if not self._wanted(table_id):
            self._drop(table_id)  # nobody here follows it, nor runs its clock: not read at all
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
            await self._caught_up(table)

    async def _caught_up(self, table: Table) -> None:
        """A newer version of a table this process holds, made by another process: tell the
        listeners of tables, and the scheduler when this process runs the table's clock (its
        brief's version and due time, with the facts as they were: when they changed, the brief's
        own line follows)."""
        await _tell(self._listeners, table.id, table, False)
        known = self._briefs.get(table.id)
        if known is None or known.version >= table.version:
            return
        brief = self._briefs[table.id] = Brief(table.version, table.next_due(), known.facts)
        if table.id in self._owned:
            await _tell(self._brief_listeners, table.id, brief, True)

    async def _confirm(self, table_id: str) -> None:
        """Redis has confirmed the subscription to a table's channel: every change from now on is
        heard. One made while the subscription was on its way is fetched now."""
        if table_id not in self._subscribed:
            return  # (unsubscribed meanwhile)
        self._confirmed.add(table_id)
        replica = self._tables.get(table_id)
        if replica is None:
            return  # (read when it is first asked for)
        version = await self._version_now(table_id)
        if version is not None and version > replica.version:
            table = await self._fetch(table_id, replica)
            if table is not None and self._tables.get(table_id) is table:
                await self._caught_up(table)

    async def _hear_brief(self, line: str) -> None:
        """A table's facts changed, or its owner: `<id> <version> <due> <owner> <writer>`, then its
        facts when they changed (a deleted table: version -1 and nothing more)."""
        parts = line.split(" ", 5)
        table_id, version = parts[0], int(parts[1])
        if version < 0:
            await self._gone(table_id, False)
            return
        owner, writer = parts[3], parts[4]
        now = self._heard[table_id] = asyncio.get_running_loop().time()  # (its owner is alive, or new)
        if writer != self._me:
            self._processes[writer] = now  # (one that dies before its first heartbeat is heard)
        self._owner_of[table_id] = owner
        if owner == self._me and writer != self._me and table_id not in self._owned:
            # Handed over by its owner (its players are here now): run its clock from now on. (A
            # line this process wrote itself is taken care of where it was written.)
            await self._take_over(table_id, "its players are here")
            return
        lost = owner != self._me and table_id in self._owned
        if lost:  # another process runs its clock now (this one was taken for gone)
            self._owned.discard(table_id)
            if not self._wanted(table_id):
                self._drop(table_id)
        if writer == self._me and not lost:
            return  # made here: told already
        known = self._briefs.get(table_id)
        facts = Facts.from_json(parts[5]) if len(parts) > 5 else None
        if known is not None and (known.version > version or (known.version == version and facts is None)):
            if lost:
                await _tell(self._brief_listeners, table_id, known, False)
            return  # nothing new (a line that arrives after a newer change)
        if facts is None:
            if known is not None:
                facts = known.facts
            else:  # a table whose facts this process missed (it came back from a fault): read them
                found = await self._read_brief(table_id)
                if found is None:
                    return
                facts = found.facts
        brief = self._briefs[table_id] = Brief(version, _due_of(parts[2]), facts)
        if writer != self._me:
            self._last.discard(table_id)
        replica = self._tables.get(table_id)
        if replica is not None and replica.version < version:
            if table_id in self._watched or table_id in self._owned:
                # Its own announcement has not reached this process (missed in a fault).
                table = await self._fetch(table_id, replica)
                if table is not None:
                    await _tell(self._listeners, table_id, table, False)
            else:
                self._drop(table_id)
        await _tell(self._brief_listeners, table_id, brief, table_id in self._owned)

    def _hear_heartbeat(self, line: str) -> None:
        """Another process is alive: `<its id> <the tables whose clocks it runs>`."""
        process, *tables = line.split(" ")
        if process == self._me:
            return
        now = asyncio.get_running_loop().time()
        self._processes[process] = now
        heard, owner_of = self._heard, self._owner_of
        for table_id in tables:
            heard[table_id] = now
            owner_of[table_id] = process

    async def _renew_lease(self) -> None:
        await self._redis.set(f"{self._lease_prefix}{self._me}", "1", px=int(self.LEASE_S * 1000))

    def _beat(self) -> None:
        """Every `HEARTBEAT_S`, in a thread of its own (with its own connection): renew this
        process's lease and name the tables whose clocks it runs. A thread, not a task: a process
        whose loop is busy for seconds under load keeps its tables (they would only move to
        another process as busy, and be fetched there); one that died stops at once."""
        import redis
        from redis.exceptions import RedisError

        client = redis.Redis.from_url(
            self._url, socket_timeout=self.TIMEOUT, socket_connect_timeout=self.TIMEOUT
        )
        lease, ms = f"{self._lease_prefix}{self._me}", int(self.LEASE_S * 1000)
        try:
            while True:  # (the first at once: the others hear of this process before it has players)
                owned = tuple(self._owned)  # (one step under the GIL: the loop's changes wait)
                try:
                    with client.pipeline(transaction=False) as pipe:
                        pipe.set(lease, "1", px=ms)
                        pipe.publish(self._owners_channel, " ".join((self._me, *owned)))
                        pipe.execute()
                except (RedisError, OSError) as error:  # Redis away: the pump says so; try again
                    log.debug("heartbeat failed: %s", error)
                if self._stop_beating.wait(self.HEARTBEAT_S):
                    break
        finally:
            client.close()

    async def _claims(self) -> None:
        """Every `HEARTBEAT_S`: claim the tables whose owner has not been heard of for `ORPHAN_S`."""
        from redis.exceptions import RedisError

        while True:
            await asyncio.sleep(self.HEARTBEAT_S)
            if not self.healthy:
                continue  # (the pump catches up first; then every table counts as heard anew)
            try:
                await self._claim_orphans()
            except (RedisError, OSError) as error:
                log.debug("claiming tables failed: %s", error)
            except Exception:  # one table's failure must not end the claims
                log.exception("claiming tables failed")

    async def _claim_orphans(self) -> None:
        now = asyncio.get_running_loop().time()
        since = self._hearing_since
        silent = [
            table_id
            for table_id in self._briefs
            if table_id not in self._owned
            and now - max(self._heard.get(table_id, 0.0), since) >= self.ORPHAN_S
        ]
        quiet = [p for p, heard in self._processes.items() if now - max(heard, since) >= self.ORPHAN_S]
        if not silent and not quiet:
            return
        # One look per owner (and per process no longer heard) at its lease first: an owner alive
        # whose heartbeats came late (or were heard late, this process being busy) costs no claim
        # per table.
        alive = await self._alive(
            sorted({self._owner_of[t] for t in silent if t in self._owner_of} | set(quiet))
        )
        dead = [process for process in quiet if process not in alive]
        for process in quiet:
            if process in alive:
                self._processes[process] = now
            else:
                del self._processes[process]
        if dead:  # its players at the tables whose clocks run here are away
            log.info("process %s is gone", ", ".join(dead))
            await self._sweep_presence(sorted(self._owned))
        for table_id in silent:
            if self._owner_of.get(table_id) in alive:
                self._heard[table_id] = now
                continue
            # Tried now: again in a heartbeat at the earliest.
            self._heard[table_id] = now - self.ORPHAN_S + self.HEARTBEAT_S
            claimed = await self._claim_script(
                keys=[self._key(table_id), self._followers_key(table_id)],
                args=[self._me, self._lease_prefix, self._brief_channel, table_id],
            )
            if claimed == 1 and table_id not in self._owned:
                await self._take_over(table_id)

    async def _take_over(self, table_id: str, why: str = "its process is gone") -> None:
        """This process runs the table's clock from now on: it reads the table, and the scheduler
        hears its brief (anything overdue is done at once)."""
        from redis.exceptions import RedisError

        self._owned.add(table_id)
        try:
            table = await self._fetch(table_id, self._tables.get(table_id))
        except BaseException:
            self._owned.discard(table_id)  # (claimed again at the next heartbeat)
            raise
        if table is None:
            self._owned.discard(table_id)
            return
        log.info("running the clock of table %s: %s", table_id, why)
        brief = self._briefs[table_id] = _brief_after(self._briefs.get(table_id), table)
        await _tell(self._brief_listeners, table_id, brief, True)
        try:  # players present through its owner before, should that one have died, are away
            await self._sweep_presence([table_id])
        except (RedisError, OSError) as error:  # (swept with the others when the process is found gone)
            log.debug("could not look who is present at table %s: %s", table_id, error)

    async def _gone(self, table_id: str, here: bool) -> None:
        """The table was deleted: forget it, and tell who knew it."""
        self._locks.pop(table_id, None)
        self._owned.discard(table_id)
        self._last.discard(table_id)
        self._heard.pop(table_id, None)
        self._owner_of.pop(table_id, None)
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
        """Read every table's brief and owner, fetch every replica (and forget the tables that are
        gone) and tell every listener, as if each table had just changed."""
        ids = sorted(str(member) for member in await self._redis.smembers(self._index))
        briefs: dict[str, Brief] = {}
        owned: set[str] = set()
        for first in range(0, len(ids), BRIEF_PAGE):
            page = ids[first : first + BRIEF_PAGE]
            async with self._redis.pipeline(transaction=False) as pipe:
                for table_id in page:
                    pipe.hmget(self._key(table_id), ["version", "due", "facts", "owner"])
                rows = await pipe.execute()
            for table_id, (version, due, facts, owner) in zip(page, rows, strict=True):
                brief = await self._brief_from(table_id, version, due, facts)
                if brief is not None:
                    briefs[table_id] = brief
                    if owner is not None:
                        self._owner_of[table_id] = owner
                    if owner == self._me:
                        owned.add(table_id)
        for table_id in sorted((self._briefs.keys() | self._tables.keys()) - briefs.keys()):
            await self._gone(table_id, False)
        self._briefs = briefs
        self._owned = owned  # (a table taken for gone while this process could not hear: not its own)
        for table_id in sorted(self._tables):
            if not self._wanted(table_id):
                self._drop(table_id)
                continue
            self._tables.pop(table_id, None)  # whatever is in Redis now is the truth
            table = await self._fetch(table_id)
            await _tell(self._listeners, table_id, table, False)
        for table_id, brief in sorted(briefs.items()):
            await _tell(self._brief_listeners, table_id, brief, table_id in self._owned)
        # Redis hears again which tables this process follows and who is present there (what it
        # missed, or lost with its data).
        self._present_told = {}
        self._follows_changed(*self._watched, *self._present)

    async def _write(self, old: Table | None, new: Table) -> tuple[Brief, str] | None:
        """Write `new` if Redis still has `old`'s version (a new table: if it has none); announce
        it. Its brief and its owner, or None when the version had moved on."""
        stored = len(old.log or ()) if old is not None else 0
        reset, entries = new.log_after(None if old is None else old.game_id, stored)
        reset = reset or old is None
        snapshot = new.snapshot_json()
        start = 0 if reset else stored
        encoded = [wire.encode(entry) for entry in entries]
        head = f"{new.id} {new.version} {start} {self._me}"
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
                # (Only a subscription Redis has confirmed counts: one on its way may not be
                # there yet, and the others would miss the change.)
                int(new.id in self._confirmed),
                self._me,
                *encoded,
            ],
        )
        return (brief, str(written)) if written else None

    async def _written(self, table: Table, brief: Brief, owner: str) -> None:
        """A change this process made: it holds the table (the newest version is here); the
        listeners are told, the scheduler as the owner said by Redis."""
        if owner == self._me:
            self._owned.add(table.id)
        else:
            self._owned.discard(table.id)
        self._last.add(table.id)
        self._keep(table)
        known = self._briefs.get(table.id)
        if known is None or known.version < brief.version:
            self._briefs[table.id] = brief
        await _tell(self._listeners, table.id, table, True)
        await _tell(self._brief_listeners, table.id, brief, table.id in self._owned)

    @_redis_faults
    async def get(self, table_id: str) -> Table | None:
        known = self._tables.get(table_id)
        return known if known is not None else await self._fetch(table_id)

    @_redis_faults
    async def create(self, table: Table) -> None:
        await self._tell_present(table.id)
        written = await self._write(None, table)
        if written is None:
            raise StoreUnavailable(f"table {table.id} exists already")
        await self._written(table, *written)

    @_redis_faults
    async def update(self, table_id: str, change: Change) -> Table | None:
        # Changes to one table made here go one after the other: computed on the replica the one
        # before wrote, not all on the same one (the players of a table who share this process
        # would each lose the compare-and-set to the first, then fetch and compute again).
        # Who is present here goes to Redis before any change that may count him present: should
        # this process die a moment after, the table's owner still knows whom to count away.
        await self._tell_present(table_id)
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
            elif (written := await self._write(table, new)) is not None:
                await self._written(new, *written)
                return new
            # Another process changed the table meanwhile: compute the change again on the newer one.
            table, fresh = await self._fetch(table_id, table), True
        return None

    @_redis_faults
    async def delete(self, table_id: str) -> None:
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.delete(
                self._key(table_id),
                self._log_key(table_id),
                self._followers_key(table_id),
                self._present_key(table_id),
            )
            pipe.srem(self._index, table_id)
            pipe.publish(self._brief_channel, f"{table_id} -1")
            await pipe.execute()
        await self._gone(table_id, True)
