"""How many players one server serves: a load generator over real WebSockets.

Starts a real server (one process with SQLite, or `--workers N` with Redis and PostgreSQL started
here on 127.0.0.1), seats 5 players per table and plays the way browsers do: every player first
watches the lobby, then opens its table (the lobby page's subscription ends there), and plays —
Plan Ahead: place + OK 2–5 s after each new tile; Speedgans: a changed city every 1–2 s while
building (not once its clock has run out), „Weiter“ after the scoring. A finished game is started
again (Revanche). Besides them, browsers that stay on the lobby (a tenth as many as players, by
default) see the tables come and go; every browser pings every 25 s, as the client does.

Latency is measured from sending a move to the first view that shows it: to the sender, and to
each of the other four (Plan Ahead: that the seat confirmed; Speedgans: the seat's tile count).
The load generator's own CPU is printed too: it shares the machine's cores with the server.

    python bench/load.py                       # Plan Ahead, 50/100/200 tables, one process
    python bench/load.py --game speedgans --tables 100,200
    python bench/load.py --workers 2 --tables 100   # Redis + PostgreSQL, two processes
    python bench/load.py --hosts 2 --proxy --tables 300  # two processes behind nginx, routed by table
    python bench/load.py --tables 200 --before HEAD~3   # and a git revision, in the same run
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import os
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from revisions import revision_tree

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PLAYERS_PER_TABLE = 5
#: Seconds between a browser's pings (web/js/net.js).
PING_SECONDS = 25.0
#: Moves waiting for their moment (cancelled when a run ends).
PENDING: set[asyncio.Future[None]] = set()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []  # seconds, sender and others together
        self.seen_at: list[float] = []  # when each of them was seen (perf_counter)
        self.moves = 0
        self.views = 0
        self.view_bytes = 0
        self.lobby_bytes = 0
        self.lobby_messages = 0
        self.errors: Counter[str] = Counter()
        self.seconds = 0.0
        self.server_cpu = 0.0  # seconds of CPU in the measured window
        self.own_cpu = 0.0
        self.server_memory = 0  # bytes resident at the end of the window
        self.started = 0.0
        self.own_lags: list[float] = []  # the load generator's own loop: seconds late
        self.metrics: dict[str, float] = {}  # the server's /metrics at the window's end
        self.proxy_cpu = 0.0  # nginx's seconds of CPU in the measured window (`--proxy`)
        self.routing = ""  # several processes: how many tables one process alone follows and runs

    def seen(self, at: float, latency: float) -> None:
        self.latencies.append(latency)
        self.seen_at.append(at)

    def percentile(self, share: float, latencies: list[float] | None = None) -> float:
        values = self.latencies if latencies is None else latencies
        if not values:
            return float("nan")
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000

    def timeline(self, started: float, step: float) -> str:
        """p99 in each `step` seconds of the window: a burst (rounds that end together) shows."""
        buckets: dict[int, list[float]] = {}
        for at, latency in zip(self.seen_at, self.latencies, strict=True):
            buckets.setdefault(int((at - started) // step), []).append(latency)
        return " ".join(f"{self.percentile(0.99, buckets[b]):.0f}" for b in sorted(buckets) if b >= 0)


class Player:
    """One browser: a WebSocket, the views it receives, and the moves it makes."""

    def __init__(
        self, base: str, token: str, seat_name: str, stats: Stats, rng: random.Random, hello: bool = True
    ) -> None:
        self.base, self.token, self.name, self.stats, self.rng = base, token, seat_name, stats, rng
        #: Whether the token goes in the socket's first frame (a server from before: in its URL).
        self.hello = hello
        self.view: dict[str, Any] | None = None
        self.table_id: str | None = None
        self.pending: list[tuple[float, Any]] = []  # (sent at, what shows it) of own moves
        self.ws: Any = None
        self.seen: dict[tuple[Any, ...], bool] = {}
        self.acted_for: Any = None
        self.timer: asyncio.Task[None] | None = None
        self.received_at = 0.0  # when the last message came (perf_counter)
        self.route: str | None = None  # the welcome's: "table" where the server runs as several

    def server_now(self) -> float:
        """The server's clock now, as the last view tells it (as the browser works it out)."""
        view = self.view or {}
        return float(view.get("server_time", 0.0)) + time.perf_counter() - self.received_at

    async def open(self, table_id: str | None = None) -> None:
        """Connect (`table_id`: as a table's page does where the server runs as several processes,
        naming the table for a proxy that routes by it: web/js/net.js `follow`)."""
        url = self.base.replace("http://", "ws://") + "/ws" + (f"?table={table_id}" if table_id else "")
        self.ws = await connect(
            url if self.hello else f"{url}?token={self.token}", max_size=2**23, open_timeout=60
        )
        if self.hello:
            await self.ws.send(orjson.dumps({"type": "hello", "token": self.token}).decode())

    async def send(self, message: dict[str, Any]) -> None:
        # Closed: the run is over (or the server dropped us, which `receive` counts).
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(orjson.dumps(message).decode())


class Table:
    """Five players and the shared bookkeeping of who changed what when."""

    def __init__(self, players: list[Player], game: str) -> None:
        self.players, self.game = players, game
        #: (game, step, seat, mark) -> when the move was sent; every other player measures to it.
        self.sent: dict[tuple[Any, ...], float] = {}
        #: Games begun at the table (a rematch begins the next): a tile or round of a new game is
        #: not the one of the same number before.
        self.games = 0
        self.playing = False  # whether the game of `games` runs (as the players last saw)

    def rematch(self, player: Player, view: dict[str, Any]) -> None:
        """Player 0 starts the next game once, a moment after the end (a later view of the ended
        game, with its records, asks for none)."""
        if self.playing:
            self.playing = False
            self.games += 1
            schedule(player, 1.0, [{"type": "rematch", "table": view["id"]}], self, None)


async def receive(player: Player, table: Table, stop: asyncio.Event) -> None:
    try:
        async for frame in player.ws:
            if stop.is_set():
                return
            player.received_at = time.perf_counter()
            # (orjson: the browser parses natively; the standard library's parser took a third of
            # the load generator's CPU, which it shares with the server)
            message = orjson.loads(frame)
            kind = message.get("type")
            if kind == "table":
                player.stats.views += 1
                player.stats.view_bytes += len(frame)
                view = message["table"]
                if player.view is None or view["version"] > player.view["version"]:
                    player.view = view
                    on_view(player, table, view)
            elif kind == "welcome":
                player.route = message.get("route")
            elif kind in ("lobby", "lobby_changes"):
                player.stats.lobby_bytes += len(frame)
                player.stats.lobby_messages += 1
            elif kind == "error":
                player.stats.errors[message.get("code", "?")] += 1
    except Exception:
        if not stop.is_set():
            player.stats.errors["connection"] += 1


def on_view(player: Player, table: Table, view: dict[str, Any]) -> None:
    now = time.perf_counter()
    game = view.get("game")
    if game is None or view.get("you") is None:
        return
    me = view["you"]
    if view["status"] == "playing":
        table.playing = True
    if table.game == "planahead":
        turn = game["turn"]
        for seat, entry in enumerate(game["seats"]):
            for key in ((table.games, turn, seat), (table.games, turn - 1, seat)):
                shown = entry["confirmed"] if key[1] == turn else True
                if shown and key in table.sent and (key, me) not in player.seen:
                    player.seen[(key, me)] = True
                    player.stats.seen(now, now - table.sent[key])
        if view["status"] == "finished":
            if me == 0:
                table.rematch(player, view)
            return
        if not game["seats"][me]["confirmed"] and player.acted_for != (table.games, turn):
            player.acted_for = (table.games, turn)
            free = [i for i, e in enumerate(game["seats"][me]["land"].split(), 1) if e == "."]
            field = player.rng.choice(free)
            moves = [
                {"type": "place", "table": view["id"], "field": field},
                {"type": "confirm", "table": view["id"]},
            ]
            schedule(player, player.rng.uniform(2, 5), moves, table, (table.games, turn, me))
    else:
        for seat, entry in enumerate(game["seats"]):
            key = (table.games, game["round"], seat, entry["tiles"])
            if key in table.sent and (key, me) not in player.seen:
                player.seen[(key, me)] = True
                player.stats.seen(now, now - table.sent[key])
        if view["status"] == "finished":
            if me == 0:
                table.rematch(player, view)
        elif game["phase"] == "scored" and player.acted_for != ("next", table.games, game["round"]):
            player.acted_for = ("next", table.games, game["round"])
            schedule(player, 1.0, [{"type": "next_round", "table": view["id"]}], table, None)
        elif game["phase"] in ("reading", "building") and player.timer is None:
            player.timer = asyncio.ensure_future(build(player, table))
            PENDING.add(player.timer)
            player.timer.add_done_callback(PENDING.discard)


def schedule(player: Player, delay: float, moves: list[dict[str, Any]], table: Table, key: Any) -> None:
    async def later() -> None:
        await asyncio.sleep(delay)
        for move in moves:
            if key is not None and move["type"] == "confirm":
                table.sent[key] = time.perf_counter()
            await player.send(move)
            player.stats.moves += 1

    task = asyncio.ensure_future(later())
    PENDING.add(task)
    task.add_done_callback(PENDING.discard)


async def build(player: Player, table: Table) -> None:
    """Speedgans: lay one more tile (or move one) every 1–2 s while the round is being built."""
    try:
        while player.view and player.view["game"]["phase"] in ("reading", "building"):
            await asyncio.sleep(player.rng.uniform(1, 2))
            view = player.view
            game = view["game"]
            ends = [t for t in (game.get("building_ends"), game.get("hourglass_ends")) if t is not None]
            if game["phase"] != "building" or (ends and player.server_now() >= min(ends) - 0.05):
                continue  # the browser takes no tile once the clock has run out
            me = view["you"]
            cells = game["seats"][me].get("city", ". . . . . . . . .").split()
            used = {cell[:-2] for cell in cells if cell != "."}
            empty = [i for i, cell in enumerate(cells) if cell == "."]
            if empty:
                tile = player.rng.choice([t for t in "123456789" if t not in used])
                cells[player.rng.choice(empty)] = f"{tile}{player.rng.choice('ab')}{player.rng.randrange(4)}"
            else:
                a, b = player.rng.sample(range(9), 2)
                cells[a], cells[b] = cells[b], cells[a]
            tiles = sum(1 for cell in cells if cell != ".")
            table.sent[(table.games, game["round"], me, tiles)] = time.perf_counter()
            await player.send({"type": "city", "table": view["id"], "city": " ".join(cells)})
            player.stats.moves += 1
    finally:
        player.timer = None


async def own_lag(stats: Stats) -> None:
    """How late the load generator's own loop wakes (it shares the cores): a latency it measures
    includes this much of its own delay."""
    while True:
        before = time.perf_counter()
        await asyncio.sleep(0.01)
        stats.own_lags.append(time.perf_counter() - before - 0.01)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """A thousand browsers are a thousand small heaps; here they are one, and a full collection of
    it stopped this loop for 160-240 ms (8 in a 40 s window, measured), which every view received
    meanwhile counted as the server's latency. What the setup built is frozen out of collections
    and the collector is off meanwhile (what is freed is freed by reference counting)."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


async def ping(player: Player) -> None:
    await asyncio.sleep(player.rng.uniform(0, PING_SECONDS))
    while True:
        await player.send({"type": "ping"})
        await asyncio.sleep(PING_SECONDS)


async def run_load(
    server: Server,
    game: str,
    tables: int,
    seconds: float,
    lobby_only: int,
    routed: bool = False,
    proxied: bool = False,
) -> Stats:
    base = server.url
    stats = Stats()
    rng = random.Random(tables)
    stop = asyncio.Event()
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:

        async def new_player(index: int) -> str:
            response = await http.post("/api/players", json={"nickname": f"P{index}"})
            response.raise_for_status()
            return str(response.json()["token"])

        tokens = []
        for start in range(0, tables * PLAYERS_PER_TABLE + lobby_only, 100):
            count = min(100, tables * PLAYERS_PER_TABLE + lobby_only - start)
            tokens += await asyncio.gather(*(new_player(start + i) for i in range(count)))

    def host_of(index: int) -> str:
        """Several hosts: every player of a table on the same one (`routed`, as a proxy that routes
        by table does), or each player on any one (as a proxy that does not); behind nginx
        (`proxied`) every one connects to nginx."""
        if proxied:
            return server.entry
        if routed and index < tables * PLAYERS_PER_TABLE:
            return server.urls[index // PLAYERS_PER_TABLE % len(server.urls)]
        return server.urls[rng.randrange(len(server.urls))]

    # A revision from before the hello (`--before`) takes the token in the socket's URL.
    hello = (server.tree / "src/spieltisch/server/handshake.py").exists()
    players = [
        Player(host_of(i), token, f"P{i}", stats, random.Random(rng.random()), hello)
        for i, token in enumerate(tokens)
    ]
    for start in range(0, len(players), 50):
        await asyncio.gather(*(p.open() for p in players[start : start + 50]))
    groups = [
        Table(players[i * PLAYERS_PER_TABLE : (i + 1) * PLAYERS_PER_TABLE], game) for i in range(tables)
    ]
    receivers = [asyncio.ensure_future(receive(p, t, stop)) for t in groups for p in t.players]
    watchers = players[tables * PLAYERS_PER_TABLE :]
    receivers += [asyncio.ensure_future(receive(p, Table([p], game), stop)) for p in watchers]
    receivers += [asyncio.ensure_future(ping(p)) for p in players]
    for player in players:  # every browser starts on the lobby page
        await player.send({"type": "watch_lobby"})
    settings = {"seats": PLAYERS_PER_TABLE}
    if game == "speedgans":
        settings["turn_seconds"] = 30
    for group in groups:
        host = group.players[0]
        await host.send({"type": "create_table", "game": game, "settings": settings})
    for _ in range(1200):
        if all(g.players[0].view for g in groups):
            break
        await asyncio.sleep(0.05)
    missing = [g for g in groups if g.players[0].view is None]
    groups = [g for g in groups if g.players[0].view is not None]
    for group in groups:
        # Each browser opens its socket again, naming the table, where the welcome asks it to (several
        # processes: a proxy, or `serve --workers N` itself, sends it to the one that runs the table).
        if group.players[0].route == "table":
            table_id = group.players[0].view["id"]
            await asyncio.gather(*(player.ws.close() for player in group.players))
            await asyncio.gather(*(player.open(table_id) for player in group.players))
            receivers += [asyncio.ensure_future(receive(p, group, stop)) for p in group.players]
            await group.players[0].send({"type": "open_table", "table": table_id})
    for group in groups:
        table_id = group.players[0].view["id"]
        for guest in group.players[1:]:
            await guest.send({"type": "open_table", "table": table_id})
            await guest.send({"type": "join", "table": table_id})
    await asyncio.sleep(1.0)
    for group in groups:
        await group.players[0].send({"type": "start", "table": group.players[0].view["id"]})
        await asyncio.sleep(2.0 / tables)  # tables start spread over two seconds, as in life
    with collector_paused():
        await asyncio.sleep(3.0)
        stats.latencies.clear()  # the measured window starts once every table plays
        stats.seen_at.clear()
        stats.moves = stats.views = stats.view_bytes = stats.lobby_bytes = stats.lobby_messages = 0
        stats.errors.clear()
        if missing:
            stats.errors["table not created within 60 s"] = len(missing)
        started, cpu, own = time.perf_counter(), server.cpu_seconds(), own_cpu()
        proxy_cpu = server.proxy_cpu_seconds()
        lag = asyncio.ensure_future(own_lag(stats))
        await asyncio.sleep(seconds)
        # What the server's own figures say at the window's end, every player still there.
        stats.metrics = await asyncio.to_thread(scrape_metrics, server.url)
        if server.hosts > 1 or server.workers > 1:
            stats.routing = await asyncio.to_thread(server.routing, [g.players[0].view["id"] for g in groups])
    lag.cancel()
    stats.seconds = time.perf_counter() - started
    stats.started = started
    stats.server_cpu = server.cpu_seconds() - cpu
    stats.proxy_cpu = server.proxy_cpu_seconds() - proxy_cpu
    stats.own_cpu = own_cpu() - own
    stats.server_memory = server.memory()
    stop.set()
    for task in [*receivers, *PENDING]:
        task.cancel()
    # All at once: one by one, a busy server's close handshakes took minutes after the window.
    await asyncio.gather(*(player.ws.close() for player in players), return_exceptions=True)
    return stats


class Server:
    """The server under load: the working tree's, or that of `tree` (an earlier revision)."""

    def __init__(
        self, workers: int, folder: Path, tree: Path = ROOT, hosts: int = 1, proxy: bool = False
    ) -> None:
        self.folder = folder
        self.tree = tree
        self.workers = workers
        self.hosts = hosts
        self.ports = [free_port() for _ in range(hosts)]
        #: One URL per host (`--hosts`: servers on their own ports, as on several machines).
        self.urls = [f"http://127.0.0.1:{port}" for port in self.ports]
        self.url = self.urls[0]
        #: Where browsers connect: the first host, or nginx in front of all (`proxy`: configured as
        #: docs/nginx/by-table.conf, routing sockets by table).
        self.entry = self.url
        self.proxy = proxy
        self.nginx: Any = None
        #: Settings over those below (None: the server's own default; bench/hostile.py runs with
        #: the default limits).
        self.extra: dict[str, str | None] = {}
        self.services: list[Any] = []

    def start(self) -> Server:
        data = self.folder / "data"
        data.mkdir(parents=True, exist_ok=True)
        catalog = ROOT / "var" / "catalog"
        if catalog.exists() and not (data / "catalog").exists():
            shutil.copytree(catalog, data / "catalog")
        env = {
            **os.environ,
            "SPIELTISCH_DATA_DIR": str(data),
            "SPIELTISCH_DATABASE_URL": f"sqlite:///{self.folder / 'load.sqlite3'}",
            "SPIELTISCH_PLAYER_BURST": "1000000",
            "SPIELTISCH_MESSAGE_RATE": "1000",
            # Every simulated browser comes from 127.0.0.1: no per-address limits on its tables.
            "SPIELTISCH_CREATION_BURST": "1000000",
            "SPIELTISCH_ADDRESS_OPEN_TABLES": "1000000",
            "SPIELTISCH_SOCKETS_PER_ADDRESS": "1000000",  # every browser here is 127.0.0.1
            # Its thousand players come from one address, a hundred connecting at once.
            "SPIELTISCH_WAITING_PER_ADDRESS": "100000",
            "PYTHONPATH": str(self.tree / "src"),
        }
        for name, value in self.extra.items():
            if value is None:
                env.pop(name, None)
            else:
                env[name] = value
        if self.workers > 1 or self.hosts > 1:
            from tests.services import PostgresServer, RedisServer

            (self.folder / "redis").mkdir()
            redis = RedisServer(self.folder / "redis", free_port()).start()
            postgres = PostgresServer(free_port()).create()
            self.services = [redis, postgres]
            env["SPIELTISCH_REDIS_URL"] = redis.url
            env["SPIELTISCH_DATABASE_URL"] = postgres.url
        self.log = open(self.folder / "server.log", "ab")  # noqa: SIM115 - open while the server runs
        self.processes = []
        for port, url in zip(self.ports, self.urls, strict=True):  # one after the other: one migrates
            command = [sys.executable, "-m", "spieltisch", "serve", "--port", str(port)]
            command += ["--workers", str(self.workers)]
            process = subprocess.Popen(
                command, env=env, stdout=self.log, stderr=subprocess.STDOUT, cwd=self.tree
            )
            self.processes.append(process)
            self._wait_for(process, url)
        if self.proxy:
            from tests.services import NginxProxy

            (self.folder / "nginx").mkdir()
            self.nginx = NginxProxy(self.folder / "nginx", free_port(), self.ports).start()
            self.entry = self.nginx.url
        return self

    def routing(self, table_ids: list[str]) -> str:
        """Of these tables, how many one process alone follows and runs the clock of (Redis's
        sets of followers, server/store.py), and how many each process runs."""
        import redis

        client = redis.Redis.from_url(self.services[0].url, decode_responses=True)
        with client.pipeline(transaction=False) as pipe:
            for table_id in table_ids:
                pipe.smembers(f"spieltisch:followers:{table_id}")
                pipe.hget(f"spieltisch:table:{table_id}", "owner")
            found = pipe.execute()
        client.close()
        pairs = list(zip(found[::2], found[1::2], strict=True))
        alone = sum(1 for followers, owner in pairs if followers == {owner})
        owners = Counter(owner for _, owner in pairs)
        return f"{alone} of {len(pairs)} tables followed and run by one process; run per process: " + (
            ", ".join(str(count) for _, count in owners.most_common())
        )

    def proxy_cpu_seconds(self) -> float:
        """User + system CPU of nginx (its master and worker), 0 without it."""
        if self.nginx is None:
            return 0.0
        pids = [self.nginx.process.pid]
        children = Path(f"/proc/{self.nginx.process.pid}/task/{self.nginx.process.pid}/children")
        if children.exists():
            pids += [int(p) for p in children.read_text().split()]
        return _cpu_seconds(pids)

    def _wait_for(self, process: subprocess.Popen[bytes], url: str) -> None:
        for _ in range(1200):
            try:
                if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if process.poll() is not None:
                raise RuntimeError(f"the server did not start: see {self.folder / 'server.log'}")
            time.sleep(0.1)
        raise RuntimeError("the server did not answer within 120 s")

    def pids(self) -> list[int]:
        """The server's processes: each host's parent and its workers."""
        pids = []
        for process in self.processes:
            pids.append(process.pid)
            children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
            if children.exists():
                pids += [int(p) for p in children.read_text().split()]
        return pids

    def memory(self) -> int:
        """Bytes resident in the server's processes (a worker's parent only watches: counted too)."""
        total = 0
        for pid in self.pids():
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
        return total

    def cpu_seconds(self) -> float:
        """User + system CPU of the server's processes (the parent and its workers)."""
        return _cpu_seconds(self.pids())

    def stop(self, keep_log: Path | None = None) -> None:
        if self.nginx is not None:
            self.nginx.stop()
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
        for service in self.services:
            getattr(service, "remove", service.stop)()  # PostgreSQL's folder goes too
        if keep_log is not None:
            shutil.copyfile(self.folder / "server.log", keep_log)


def _cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of these processes so far."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


#: The server's own figures a run prints (`--metrics`): GET /metrics's samples by name.
METRICS = (
    "spieltisch_websockets",
    "spieltisch_players_connected",
    "spieltisch_live_tables",
    "spieltisch_moves_total",
)


def scrape_metrics(url: str) -> dict[str, float]:
    """The server's /metrics at this moment, summed by name (an earlier revision without it: {})."""
    try:
        answer = httpx.get(f"{url}/metrics", timeout=10)
    except httpx.HTTPError:
        return {}
    if answer.status_code != 200:
        return {}
    sums: dict[str, float] = {}
    for line in answer.text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name_labels, _, value = line.rpartition(" ")
        name = name_labels.split("{", 1)[0]
        if name in METRICS:
            sums[name] = sums.get(name, 0.0) + float(value)
    return sums


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def measure(args: argparse.Namespace, count: int, label: str, tree: Path = ROOT) -> None:
    with tempfile.TemporaryDirectory(prefix="spieltisch-load-") as folder:
        server = Server(args.workers, Path(folder), tree, args.hosts, args.proxy).start()
        try:
            watchers = (
                args.lobby_watchers if args.lobby_watchers is not None else count * PLAYERS_PER_TABLE // 10
            )
            stats = asyncio.run(
                run_load(server, args.game, count, args.seconds, watchers, args.routed, args.proxy)
            )
        finally:
            server.stop(args.server_log)
    seconds = stats.seconds
    errors = sum(stats.errors.values())
    print(
        f"{label:<14} {count:>6} {watchers:>5} {stats.moves / seconds:>8.0f} {stats.views / seconds:>8.0f} "
        f"{stats.view_bytes / max(1, stats.views) / 1024:>8.1f} {stats.lobby_messages / seconds:>7.0f} "
        f"{stats.lobby_bytes / seconds / 1024:>8.0f} "
        f"{stats.percentile(0.5):>7.0f} {stats.percentile(0.99):>8.0f} {errors:>7} "
        f"{stats.server_cpu / seconds * 100:>9.0f}% {stats.server_memory / 2**20:>7.0f} "
        f"{stats.own_cpu / seconds * 100:>8.0f}% {stats.percentile(0.99, stats.own_lags):>8.0f}",
        flush=True,
    )
    if errors:
        print(f"{'':<14} errors: {dict(stats.errors)}", flush=True)
    if stats.routing:
        print(f"{'':<14} {stats.routing}", flush=True)
    if args.proxy:
        moves = max(1, stats.moves)
        print(
            f"{'':<14} nginx CPU {stats.proxy_cpu / seconds * 100:.0f}%; CPU per move: server "
            f"{stats.server_cpu / moves * 1000:.2f} ms, nginx {stats.proxy_cpu / moves * 1000:.2f} ms",
            flush=True,
        )
    if args.timeline:
        print(f"{'':<14} p99 ms per {args.timeline:.0f} s: {stats.timeline(stats.started, args.timeline)}")
    if args.metrics:
        shown = ", ".join(
            f"{name.removeprefix('spieltisch_')} {value:.0f}" for name, value in stats.metrics.items()
        )
        print(f"{'':<14} /metrics at the window's end: {shown or 'none (this revision has no /metrics)'}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=("planahead", "speedgans"), default="planahead")
    parser.add_argument("--tables", default="50,100,200", help="comma-separated table counts, one run each")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured seconds per run")
    parser.add_argument("--workers", type=int, default=1, help=">1: Redis + PostgreSQL (started here)")
    parser.add_argument(
        "--hosts", type=int, default=1, help=">1: that many servers on their own ports (Redis + PostgreSQL)"
    )
    parser.add_argument(
        "--routed", action="store_true", help="with --hosts: all players of a table on one host"
    )
    parser.add_argument(
        "--proxy",
        action="store_true",
        help="with --hosts: nginx in front, as docs/nginx/by-table.conf (tables routed by id)",
    )
    parser.add_argument(
        "--metrics", action="store_true", help="print the server's own /metrics gauges at each window's end"
    )
    parser.add_argument(
        "--lobby-watchers", type=int, help="browsers that stay on the lobby (default: a tenth of the players)"
    )
    parser.add_argument("--timeline", type=float, metavar="S", help="also print the p99 of every S seconds")
    parser.add_argument("--server-log", type=Path, metavar="FILE", help="keep the server's log here")
    parser.add_argument("--before", metavar="REV", help="also measure this git revision, run for run")
    args = parser.parse_args()
    try:
        counts = [int(part) for part in args.tables.split(",")]
    except ValueError:
        parser.error("--tables takes numbers separated by commas, e.g. 50,100")
    if any(count < 1 for count in counts) or args.seconds <= 0 or args.workers < 1 or args.hosts < 1:
        parser.error("table counts, --seconds, --workers and --hosts must be positive")
    if args.routed and args.hosts < 2:
        parser.error("--routed places a table's players on one of several hosts: give --hosts 2 or more")
    if args.proxy and (args.hosts < 2 or args.routed):
        parser.error("--proxy puts nginx in front of several hosts: give --hosts 2 or more, not --routed")
    if args.lobby_watchers is not None and args.lobby_watchers < 0:
        parser.error("--lobby-watchers must not be negative")
    print(
        f"{args.game}, {PLAYERS_PER_TABLE} players per table, {args.workers} process(es), "
        f"{args.seconds:.0f} s measured, {os.cpu_count()} cores shared by server and load generator\n"
    )
    header = (
        f"{'server':<14} {'tables':>6} {'lobby':>5} {'moves/s':>8} {'views/s':>8} {'KB/view':>8} "
        f"{'lobby/s':>7} {'lobby KB/s':>8} {'p50 ms':>7} {'p99 ms':>8} {'errors':>7} {'server CPU':>10} "
        f"{'RSS MB':>7} {'load CPU':>9} {'load lag':>8}"
    )
    print(header)
    print("-" * len(header))
    for count in counts:
        if args.before:
            with revision_tree(args.before) as tree:
                measure(args, count, args.before[:14], tree)
        measure(args, count, "this tree")
    print(
        "\nlobby: browsers that stay on the lobby; lobby/s, lobby KB/s: lobby messages they received."
        "\nCPU: 100 % = one core busy for the whole measured window; load CPU: the load generator's own."
        "\nRSS: the server's processes at the end of the window."
        "\nload lag: p99 ms by which the load generator's own loop woke late (part of every latency it measures)."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
