"""What one server process runs: the records, the live tables, the connected browsers, the clock's
work, and the rules of every kind of table. One object per app, built at start."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Coroutine
from typing import Annotated, Any

from fastapi import Depends, Request, WebSocket

from spieltisch.server import metrics, wire
from spieltisch.server.backup import TableBackup
from spieltisch.server.clock import Clock
from spieltisch.server.config import ServerConfig
from spieltisch.server.creation import CreationBuckets, KeyedLocks
from spieltisch.server.health import Health
from spieltisch.server.hub import Hub
from spieltisch.server.limits import Addresses, NewPlayers
from spieltisch.server.moderation import Moderation
from spieltisch.server.played import PlayedCache
from spieltisch.server.puzzles import Optima, today
from spieltisch.server.quick_messages import SayBuckets
from spieltisch.server.rules.registry import Games, game_registry
from spieltisch.server.scheduler import Scheduler
from spieltisch.server.store import MemoryTableStore, RedisTableStore, TableStore
from spieltisch.server.tables import Table
from spieltisch.storage.db import make_engine
from spieltisch.storage.mutes import Mutes
from spieltisch.storage.repository import LiveLogAppend, LiveTableRow, Repository

log = logging.getLogger(__name__)


class Services:
    def __init__(
        self,
        config: ServerConfig,
        clock: Clock,
        repository: Repository,
        games: Games,
        store: TableStore,
        optima: Optima,
        secret: bytes,
    ) -> None:
        self.config = config
        #: The key the days' puzzles are drawn with.
        self.secret = secret
        self.clock = clock
        self.repository = repository
        self.games = games
        self.store = store
        self.optima = optima
        self.hub = Hub(store, clock)
        #: New players per address, and live sockets per address with their shared frame budget
        #: (see limits.py).
        self.new_players = NewPlayers(config.player_burst)
        self.addresses = Addresses(config.message_rate, config.sockets_per_address)
        #: New tables and runs per player and per address (see creation.py).
        self.creations = CreationBuckets(config.creation_burst)
        #: Quick messages per player (server/quick_messages.py), and whose each player mutes.
        self.says = SayBuckets()
        self.mutes = Mutes(repository)
        #: One creation at a time per address (see creation.py).
        self.creating = KeyedLocks()
        #: Whether a table's creator has finished table games (the lobby lists his tables first).
        self.played = PlayedCache(repository.has_played)
        store.listen_briefs(self.played.brief_changed)
        self.scheduler = Scheduler(store, clock, self, config.bot_pacing)
        #: Whether this process can serve now (/healthz, /readyz).
        self.health = Health(lambda: store.healthy, store.ping, repository.ping)
        self._background: set[asyncio.Task[object]] = set()
        #: With Redis: the live tables' copies in the database (server/backup.py).
        self.backup: TableBackup | None = None

    @classmethod
    async def start(cls, config: ServerConfig, clock: Clock) -> Services:
        from spieltisch.games.planahead.bots import warm_up
        from spieltisch.games.speedgans.catalog import ensure_catalog

        repository = Repository(make_engine(config.database_url))
        # Speedgans needs its catalog of every valid city: loaded in well under a second, or built
        # once (with a progress bar) on the very first start.
        loading = time.perf_counter()
        catalog = await asyncio.to_thread(ensure_catalog, True, config.data_dir)
        metrics.CATALOG_LOAD_SECONDS.set(time.perf_counter() - loading)
        # The Plan Ahead computer players compile their kernels once (then Numba's disk cache serves
        # them): never on a player's move.
        await asyncio.to_thread(warm_up)
        secret = config.server_secret()
        games = game_registry(config, catalog, secret)
        store: TableStore
        backup: TableBackup | None = None
        if config.redis_url:
            # The database keeps a copy of every live table, a few seconds old at most, for a Redis
            # that loses its data anyway (server/backup.py).
            snapshots = Snapshots(repository, clock)
            backup = TableBackup(snapshots.write, config.snapshot_seconds)

            async def database_copies() -> list[Table]:
                restored = await asyncio.to_thread(_restored_tables, repository, games, clock.now())
                for table, entries in restored:
                    snapshots.restored(table, entries)
                return [table for table, _ in restored]

            store = RedisTableStore(config.redis_url, games, backup=database_copies)
            store.listen(backup.table_changed)
        else:
            # Single process: every change is written to the database before anyone hears of it,
            # so a restart resumes every table as its players last saw it.
            snapshots = Snapshots(repository, clock)
            memory = MemoryTableStore(persist=snapshots.write)
            memory.listen(snapshots.table_changed)
            restored = await asyncio.to_thread(_restored_tables, repository, games, clock.now())
            for table, entries in restored:
                snapshots.restored(table, entries)
            memory.restore([table for table, _ in restored])
            store = memory
        services = cls(config, clock, repository, games, store, Optima(secret), secret)
        services.backup = backup
        await store.start()
        if backup is not None:
            backup.start()
        await services.scheduler.resume()
        # Work out the exact optimum of today's puzzle now (and start its process), not when the
        # first player finishes.
        services._spawn(services.optima.get(today(clock.now()).isoformat()))
        services._spawn(metrics.keep_gauges(services.gauge_snapshot))
        # Operators' requests (`spieltisch admin close-table`), looked for every few seconds.
        services._spawn(Moderation(repository, store, clock, services.hub).run())
        return services

    def now(self) -> float:
        return self.clock.now()

    async def gauge_snapshot(self) -> tuple[list[str], list[tuple[str, str]]]:
        """The players of this process's open sockets, and the game and status of every live table
        (from their briefs: every process knows every table's): server/metrics.py."""
        briefs = self.store.briefs().values()
        return [c.player for c in self.hub.connections], [
            (b.facts.game, b.facts.status.value) for b in briefs
        ]

    def _spawn(self, coroutine: Coroutine[Any, Any, object]) -> None:
        task = asyncio.create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def close(self) -> None:
        # The clock first: nothing then waits for the puzzle solver, which is stopped mid-solve.
        await self.scheduler.close()
        for task in self._background:
            task.cancel()
        await asyncio.to_thread(self.optima.close)
        if self.backup is not None:
            await self.backup.close()
        await self.store.close()


class Snapshots:
    """The single process's live tables in the records database: one row per table, rewritten,
    and the table's game log beside it, appended to (a change adds an entry or two; the log of a
    long game is never written twice).

    Changes that arrive while a write is under way are written together in the next transaction
    (a group commit): under load one commit carries many tables' changes instead of each change
    waiting for its own. Every `write` still returns only once its change is committed."""

    def __init__(self, repository: Repository, clock: Clock) -> None:
        self.repository = repository
        self.clock = clock
        self._rows: dict[str, LiveTableRow] = {}
        self._logs: dict[str, LiveLogAppend] = {}
        #: Of each table, the game and the length of the log that the database has (or will have
        #: once the pending commit is done).
        self._logged: dict[str, tuple[str | None, int]] = {}
        self._batch: asyncio.Future[None] | None = None  # the commit the pending rows will be in
        self._writer: asyncio.Task[None] | None = None

    def restored(self, table: Table, entries: int) -> None:
        """A table read back at start, of whose log the database has `entries` entries apart."""
        self._logged[table.id] = (table.game_id, entries)

    async def table_changed(self, table_id: str, table: Table | None, here: bool) -> None:
        """A table deleted (forgotten) leaves nothing here either."""
        if table is None:
            self._logged.pop(table_id, None)

    async def write(self, table: Table) -> None:
        self._rows[table.id] = (
            table.id,
            table.game,
            table.status.value,
            table.version,
            table.snapshot_json(),
        )
        game_id, count = self._logged.get(table.id, (None, 0))
        reset, entries = table.log_after(game_id, count)
        encoded = [wire.encode(entry) for entry in entries]
        pending = self._logs.get(table.id)
        if pending is not None and not reset:  # appended to what this commit appends already
            reset, start, earlier = pending[1], pending[2], pending[3]
            self._logs[table.id] = (table.id, reset, start, [*earlier, *encoded])
        elif reset or encoded:
            self._logs[table.id] = (table.id, reset, 0 if reset else count, encoded)
        self._logged[table.id] = (table.game_id, len(table.log or ()))
        if self._batch is None:
            self._batch = asyncio.get_running_loop().create_future()
        batch = self._batch
        if self._writer is None:
            self._writer = asyncio.create_task(self._drain())
        await asyncio.shield(batch)  # a caller given up on still leaves its change to the commit

    async def _drain(self) -> None:
        try:
            while self._rows:
                rows, self._rows = list(self._rows.values()), {}
                logs, self._logs = list(self._logs.values()), {}
                batch, self._batch = self._batch, None
                assert batch is not None
                try:
                    await asyncio.to_thread(self.repository.save_live_tables, rows, logs, self.clock.now())
                except Exception as error:  # every change of this commit is refused, none other
                    # What the database has of these tables' logs is not known now: the next
                    # change of each writes its log whole again.
                    for table_id, *_ in rows:
                        self._logged.pop(table_id, None)
                    batch.set_exception(error)
                    batch.exception()  # retrieved here: a batch nobody waits for any more is no warning
                else:
                    batch.set_result(None)
        finally:
            self._writer = None


def _restored_tables(repository: Repository, games: Games, now: float) -> list[tuple[Table, int]]:
    """The tables of an earlier run, each with how many entries of its log the database has apart
    (none for a snapshot from before logs were kept apart: its log is inside)."""
    tables = []
    for row, entries in repository.live_tables():
        try:
            data = wire.decode(row.data)
            table = Table.from_dict(data, games, [wire.decode(entry) for entry in entries])
        except Exception:  # a snapshot from an incompatible older version: skip it, loudly
            log.warning("cannot restore table %s", row.id, exc_info=True)
            continue
        for seat in table.seats:
            if seat.connected:  # nobody is connected to a process that has just started
                seat.connected, seat.away_since = False, now
        tables.append((table, 0 if "log" in data else len(entries)))
    return tables


def services(request: Request) -> Services:
    """The process's services, for a route (`Depends(services)`)."""
    found: Services = request.app.state.services
    return found


def socket_services(websocket: WebSocket) -> Services:
    found: Services = websocket.app.state.services
    return found


#: A route's parameter for the process's services.
ServicesDep = Annotated[Services, Depends(services)]
