"""A hostile evening: what one address can do to everyone else on one server with default limits.

Starts a real server (one process, SQLite, the default limits), seats a victim at a Plan Ahead table
of its own (it pings every 100 ms and moves its tile every 250 ms, from 127.0.0.1), and runs each
attack of issue 31 for a few seconds from an address of its own (127.0.1.N: one address each, so one
attack's penalty is not the next one's), in a process of its own (the load generator's CPU is the
victim's process and the attacker's together; both share the machine's cores with the server):

    ping flood          one socket sending pings as fast as it can (reconnecting when closed)
    nested JSON flood   the same with "[[[[…" (4,000 deep)
    eight ping floods   eight sockets of one player flooding pings
    400 sockets         50 players × 8 tabs, each pinging at 19 a second (a connection's 20 allowed)
    lobby spam          98 players × 3 tabs, each tab hosting an open table, after an honest host
                        (who has played a game) opened one: lobby lines that are spam, the honest
                        table listed or not
    solo spam           one player creating Übung runs over 8 sockets (one after the other on each)
    half-open HTTP      19,980 connections that send half a request and wait: do other requests
                        (GET /healthz from the victim's address, one a 100 ms) still succeed

    python bench/hostile.py                        # this tree
    python bench/hostile.py --before 35dc7d0       # and a git revision, attack for attack
    python bench/hostile.py --attacks ping,nested --seconds 5
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from load import ROOT, Server
from revisions import revision_tree

#: The server's own limits: the settings bench/load.py lifts are left to their defaults.
DEFAULT_LIMITS: dict[str, str | None] = {
    "SPIELTISCH_PLAYER_BURST": None,
    "SPIELTISCH_MESSAGE_RATE": None,
    "SPIELTISCH_SOCKETS_PER_ADDRESS": None,
}
VICTIM_ADDRESS = "127.0.0.1"
HONEST_ADDRESS = "127.0.0.3"
ATTACKS = ("ping", "nested", "eight", "sockets400", "lobby", "solo", "halfopen")
TITLES = {
    "none": "no attack",
    "ping": "ping flood, 1 socket",
    "nested": "nested JSON flood",
    "eight": "8 sockets flooding pings",
    "sockets400": "400 sockets at 19/s",
    "lobby": "98 accounts × 3 tables",
    "solo": "Übung runs over 8 sockets",
    "halfopen": "19,980 half-open HTTP",
}
PING_EVERY, MOVE_EVERY = 0.1, 0.25
#: Pings and moves not answered this long after the window count as lost.
GRACE_SECONDS = 5.0


def ws_url(base: str, token: str) -> str:
    return base.replace("http://", "ws://") + f"/ws?token={token}"


async def open_socket(base: str, token: str, address: str, compression: bool = False) -> Any:
    """A WebSocket of a player from `address` (loopback: any 127.x.y.z is this machine)."""
    return await connect(
        ws_url(base, token),
        local_addr=(address, 0),
        max_size=2**23,
        open_timeout=30,
        compression="deflate" if compression else None,
    )


async def new_players(base: str, address: str, prefix: str, count: int) -> list[dict[str, Any]]:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as http:
        made = []
        for index in range(count):
            # Names are unique: the address's last number keeps one attack's from the next one's.
            name = f"{prefix}{address.rsplit('.', 1)[-1]}n{index}"
            response = await http.post("/api/players", json={"nickname": name})
            if response.status_code != 201:
                break  # the address's new players are spent
            made.append(response.json())
        return made


async def next_of(ws: Any, kind: str, timeout: float = 30) -> dict[str, Any]:
    """The next message of the kind, or the next error."""
    async with asyncio.timeout(timeout):
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == kind or message["type"] == "error":
                return message


async def next_view(ws: Any) -> dict[str, Any]:
    """The next view of a table, where no error is expected (the victim's and the honest host's)."""
    message = await next_of(ws, "table")
    if message["type"] == "error":
        raise RuntimeError(f"refused: {message}")
    view: dict[str, Any] = message["table"]
    return view


def process_cpu(pid: int) -> float:
    """User + system CPU seconds of one process (the server: one process, its helpers not counted)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# The victim ---------------------------------------------------------------------------------------
@dataclass
class Victim:
    """A player at a Plan Ahead table of one seat: pings and moves its tile between two free fields
    (never confirming, so the game and the measure go on). A move counts as answered by the first
    view that shows it, or a later move of it."""

    base: str
    ws: Any = None
    table: str = ""
    fields: tuple[int, int] = (1, 2)
    pings: dict[int, float] = field(default_factory=dict)  # seq -> sent at
    moves: list[tuple[float, int]] = field(default_factory=list)  # (sent at, field), not yet seen
    ping_times: list[tuple[float, float]] = field(default_factory=list)  # (sent at, latency)
    move_times: list[tuple[float, float]] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    #: (when, seconds late) of the victim's own loop: a latency it measures includes this much of its
    #: own delay (the attacker and the server share the cores with it).
    lags: list[tuple[float, float]] = field(default_factory=list)

    async def start(self) -> None:
        player = (await new_players(self.base, VICTIM_ADDRESS, "Victim", 1))[0]
        self.ws = await open_socket(self.base, player["token"], VICTIM_ADDRESS, compression=True)
        await self.ws.send(
            json.dumps({"type": "create_table", "game": "planahead", "settings": {"seats": 1}})
        )
        view = await next_view(self.ws)
        self.table = view["id"]
        await self.ws.send(json.dumps({"type": "start", "table": self.table}))
        while view["status"] != "playing":
            view = await next_view(self.ws)
        land = view["game"]["seats"][view["you"]]["land"].split()
        free = [index for index, cell in enumerate(land, 1) if cell == "."]
        self.fields = (free[0], free[1])
        tasks = (self._receive, self._ping, self._move, self._own_lag)
        self.tasks = [asyncio.create_task(task()) for task in tasks]

    async def _own_lag(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            self.lags.append((before, time.perf_counter() - before - 0.01))

    async def _ping(self) -> None:
        seq = 0
        while True:
            seq += 1
            self.pings[seq] = time.perf_counter()
            await self.ws.send(json.dumps({"type": "ping", "seq": seq}))
            await asyncio.sleep(PING_EVERY)

    async def _move(self) -> None:
        turn = 0
        while True:
            turn += 1
            place = self.fields[turn % 2]
            self.moves.append((time.perf_counter(), place))
            await self.ws.send(json.dumps({"type": "place", "table": self.table, "field": place}))
            await asyncio.sleep(MOVE_EVERY)

    async def _receive(self) -> None:
        async for frame in self.ws:
            now = time.perf_counter()
            message = json.loads(frame)
            if message["type"] == "pong" and message.get("seq") in self.pings:
                sent = self.pings.pop(message["seq"])
                self.ping_times.append((sent, now - sent))
            elif message["type"] == "table" and message["table"]["id"] == self.table:
                view = message["table"]
                shown = view["game"]["seats"][view["you"]].get("tentative")
                latest = max((i for i, (_, f) in enumerate(self.moves) if f == shown), default=None)
                if latest is not None:
                    for sent, _ in self.moves[: latest + 1]:
                        self.move_times.append((sent, now - sent))
                    del self.moves[: latest + 1]
            elif message["type"] == "error":
                self.errors[message["code"]] = self.errors.get(message["code"], 0) + 1

    def window(self, start: float, end: float) -> dict[str, Any]:
        """What the victim met for what it sent between start and end (perf_counter)."""

        def within(times: list[tuple[float, float]]) -> list[float]:
            return sorted(latency for sent, latency in times if start <= sent < end)

        pings, moves = within(self.ping_times), within(self.move_times)
        lost_pings = sum(1 for sent in self.pings.values() if start <= sent < end)
        lost_moves = sum(1 for sent, _ in self.moves if start <= sent < end)
        return {
            "ping": pings,
            "move": moves,
            "lost": lost_pings + lost_moves,
            "lag": within(self.lags),
        }


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(share * len(values)))] * 1000


# The attackers (each in a process of its own: python bench/hostile.py --attack NAME …) -------------
class Attack:
    """What an attacker reports: its own counts, and `ready` once its setup is done."""

    def __init__(self, base: str, address: str, seconds: float) -> None:
        self.base, self.address, self.seconds = base, address, seconds
        self.report: dict[str, Any] = {}
        self.cpu_at_ready = 0.0

    def count(self, key: str, by: int = 1) -> None:
        self.report[key] = self.report.get(key, 0) + by

    def ready(self) -> None:
        self.cpu_at_ready = own_cpu()
        print("ready", flush=True)

    def done(self) -> None:
        self.report["cpu"] = own_cpu() - self.cpu_at_ready
        print(json.dumps(self.report), flush=True)


async def flood_socket(attack: Attack, token: str, frame: str, until: float, drain: bool = True) -> None:
    """Send `frame` as fast as the socket takes it; when the server closes the socket, connect
    again at once (a script does not give up)."""
    while time.monotonic() < until:
        try:
            ws = await open_socket(attack.base, token, attack.address)
        except Exception:  # refused in the handshake (or the port is out of descriptors)
            attack.count("refused")
            await asyncio.sleep(0.01)
            continue
        reader = asyncio.create_task(read_all(attack, ws)) if drain else None
        try:
            while time.monotonic() < until:
                await ws.send(frame)
                attack.count("sent")
                if attack.report["sent"] % 64 == 0:
                    await asyncio.sleep(0)  # let the reader read (a socket's buffer takes a lot)
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else 0
            attack.count(f"closed {code}")
        finally:
            if reader is not None:
                reader.cancel()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 1)


async def read_all(attack: Attack, ws: Any) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for frame in ws:
            kind = json.loads(frame).get("type")
            attack.count("answered" if kind != "welcome" else "welcomed")


async def attack_flood(attack: Attack, frame: str, sockets: int) -> None:
    player = (await new_players(attack.base, attack.address, "Flood", 1))[0]
    attack.ready()
    until = time.monotonic() + attack.seconds
    await asyncio.gather(*(flood_socket(attack, player["token"], frame, until) for _ in range(sockets)))


async def attack_400(attack: Attack) -> None:
    """50 players × 8 tabs, each tab pinging at 19 a second (just under a connection's 20)."""
    players = await new_players(attack.base, attack.address, "Many", 50)
    sockets = []
    for player in players:
        for _ in range(8):
            with contextlib.suppress(Exception):
                ws = await open_socket(attack.base, player["token"], attack.address)
                if (await next_of(ws, "welcome"))["type"] == "welcome":
                    sockets.append(ws)
                    continue
                await ws.close()
            attack.count("refused")
    attack.report["welcomed"] = len(sockets)
    readers = [asyncio.create_task(read_all(attack, ws)) for ws in sockets]
    attack.ready()
    until = time.monotonic() + attack.seconds

    async def pace(ws: Any, offset: float) -> None:
        await asyncio.sleep(offset)
        with contextlib.suppress(ConnectionClosed):
            while time.monotonic() < until:
                await ws.send('{"type": "ping"}')
                attack.count("sent")
                await asyncio.sleep(1 / 19)

    await asyncio.gather(*(pace(ws, i / len(sockets) / 19) for i, ws in enumerate(sockets)))
    attack.report["open at the end"] = sum(1 for ws in sockets if ws.close_code is None)
    for reader in readers:
        reader.cancel()
    await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)


async def attack_lobby(attack: Attack) -> None:
    """98 players, each with 3 tabs hosting a table each (an open table needs its host present).
    The sockets stay open until the victim's side has read the lobby (the attacker's stdin closes)."""
    players = await new_players(attack.base, attack.address, "Spam", 98)
    attack.ready()

    async def host(player: dict[str, Any]) -> list[Any]:
        tabs = []
        for _ in range(3):
            try:
                ws = await open_socket(attack.base, player["token"], attack.address)
            except Exception:
                attack.count("refused")
                continue
            tabs.append(ws)
            try:
                await ws.send('{"type": "create_table", "game": "planahead", "settings": {"seats": 4}}')
                answer = await next_of(ws, "table")
                attack.count("tables" if answer["type"] == "table" else f"error {answer['code']}")
            except (ConnectionClosed, TimeoutError):
                attack.count("closed")
        return tabs

    started = time.monotonic()
    tabs = [ws for made in await asyncio.gather(*(host(p) for p in players)) for ws in made]
    attack.report["seconds"] = round(time.monotonic() - started, 1)
    attack.report["players"] = len(players)
    readers = [asyncio.create_task(read_all(attack, ws)) for ws in tabs]
    attack.done()
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # held until told
    for reader in readers:
        reader.cancel()
    await asyncio.gather(*(ws.close() for ws in tabs), return_exceptions=True)


async def attack_solo(attack: Attack) -> None:
    """One player, 8 sockets, each creating an Übung run as soon as the last one is answered."""
    player = (await new_players(attack.base, attack.address, "Solo", 1))[0]
    attack.ready()
    until = time.monotonic() + attack.seconds

    async def create(tab: int) -> None:
        while time.monotonic() < until:
            try:
                ws = await open_socket(attack.base, player["token"], attack.address)
            except Exception:
                attack.count("refused")
                await asyncio.sleep(0.1)
                continue
            with contextlib.suppress(ConnectionClosed, TimeoutError):
                while time.monotonic() < until:
                    await ws.send(
                        '{"type": "create_table", "game": "speedgans_solo", "settings": {"mode": "practice"}}'
                    )
                    answer = await next_of(ws, "table")
                    attack.count("created" if answer["type"] == "table" else f"error {answer['code']}")
            await ws.close()

    await asyncio.gather(*(create(tab) for tab in range(8)))


async def attack_half_open(attack: Attack, count: int) -> None:
    """`count` connections that send half a request's headers and then wait."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    host, port = attack.base.removeprefix("http://").split(":")
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []

    async def one() -> None:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, int(port), local_addr=(attack.address, 0)), 10
            )
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: spieltisch\r\nX-Slow: ")
            held.append((reader, writer))
        except (OSError, TimeoutError):
            attack.count("failed")

    for start in range(0, count, 500):
        await asyncio.gather(*(one() for _ in range(min(500, count - start))))
    attack.report["opened"] = len(held)
    attack.ready()
    await asyncio.sleep(attack.seconds)

    async def still_open(reader: asyncio.StreamReader) -> bool:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(reader.read(1), 0.001)
        return not reader.at_eof()

    alive = await asyncio.gather(*(still_open(reader) for reader, _ in held))
    attack.report["held at the end"] = sum(alive)
    for _, writer in held:
        writer.close()


def run_attack(name: str, base: str, address: str, seconds: float, half_open: int) -> None:
    attack = Attack(base, address, seconds)

    async def go() -> None:
        if name == "ping":
            await attack_flood(attack, '{"type": "ping"}', 1)
        elif name == "nested":
            await attack_flood(attack, "[" * 4000, 1)
        elif name == "eight":
            await attack_flood(attack, '{"type": "ping"}', 8)
        elif name == "sockets400":
            await attack_400(attack)
        elif name == "lobby":
            await attack_lobby(attack)
            return
        elif name == "solo":
            await attack_solo(attack)
        elif name == "halfopen":
            await attack_half_open(attack, half_open)
        attack.done()

    asyncio.run(go())


# The run ------------------------------------------------------------------------------------------
@dataclass
class Row:
    attack: str
    server: str
    victim: dict[str, Any]
    server_cpu: float
    load_cpu: float
    figures: str


async def lobby_figures(base: str, honest_table: str, honest_name: str) -> str:
    """The lobby as a newcomer sees it: lines that are spam, and whether the honest table is in."""
    watcher = (await new_players(base, HONEST_ADDRESS, "Newcomer", 1))[0]
    ws = await open_socket(base, watcher["token"], HONEST_ADDRESS)
    await ws.send('{"type": "watch_lobby"}')
    lines = (await next_of(ws, "lobby"))["tables"]
    await ws.close()
    spam = sum(1 for line in lines if line["host"].startswith("Spam"))
    listed = "listed" if any(line["id"] == honest_table for line in lines) else "NOT listed"
    return f"{spam} of {len(lines)} lobby lines spam; the honest table {listed} ({honest_name})"


async def honest_host(base: str) -> tuple[Any, str, str]:
    """A player who has played a game (a solo Plan Ahead to its end) and hosts an open table."""
    player = (await new_players(base, HONEST_ADDRESS, "Honest", 1))[0]
    ws = await open_socket(base, player["token"], HONEST_ADDRESS)
    await ws.send('{"type": "create_table", "game": "planahead", "settings": {"seats": 1}}')
    view = await next_view(ws)
    await ws.send(json.dumps({"type": "start", "table": view["id"]}))
    turn = None
    while view["status"] != "finished":
        view = await next_view(ws)
        game = view.get("game")
        if view["status"] == "playing" and game and game["turn"] != turn:
            turn = game["turn"]
            land = game["seats"][view["you"]]["land"].split()
            free = next(index for index, cell in enumerate(land, 1) if cell == ".")
            await ws.send(json.dumps({"type": "place", "table": view["id"], "field": free}))
            await ws.send(json.dumps({"type": "confirm", "table": view["id"]}))
        await asyncio.sleep(0.06)  # a person's pace, well within any limit
    await ws.send('{"type": "create_table", "game": "planahead", "settings": {"seats": 2}}')
    table = await next_view(ws)
    return ws, table["id"], player["nickname"]


def live_solo_runs(database: Path) -> int:
    with contextlib.closing(sqlite3.connect(database)) as db:
        row = db.execute(
            "SELECT count(*) FROM live_tables WHERE game = 'speedgans_solo' AND status = 'playing'"
        ).fetchone()
    return int(row[0])


async def http_probe(base: str, until: float) -> tuple[int, int]:
    """GET /healthz from the victim's address every 100 ms on a new connection: (ok, tried)."""
    ok = tried = 0
    while time.monotonic() < until:
        tried += 1
        with contextlib.suppress(httpx.HTTPError):
            async with httpx.AsyncClient(timeout=2) as http:
                ok += (await http.get(base + "/healthz")).status_code == 200
        await asyncio.sleep(0.1)
    return ok, tried


async def one_attack(
    server: Server, label: str, victim: Victim, name: str, index: int, args: argparse.Namespace, extra: Any
) -> Row:
    address = f"127.0.1.{index + 1}"
    seconds = args.solo_seconds if name == "solo" else args.seconds
    attacker = None
    memory_before = server.memory()
    if name != "none":
        command = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--attack",
            name,
            "--url",
            server.url,
            "--address",
            address,
        ]
        command += ["--seconds", str(seconds), "--half-open", str(args.half_open)]
        attacker = await asyncio.create_subprocess_exec(
            *command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=Path(__file__).parent
        )
        assert attacker.stdout is not None
        line = await asyncio.wait_for(attacker.stdout.readline(), 600)
        if line.strip() != b"ready":
            raise RuntimeError(f"attack {name} did not start: {line!r}")
    start, cpu, own = time.perf_counter(), process_cpu(server.processes[0].pid), own_cpu()
    probe = (
        asyncio.create_task(http_probe(server.url, time.monotonic() + seconds))
        if name == "halfopen"
        else None
    )
    report: dict[str, Any] = {}
    if attacker is not None and name == "lobby":
        assert attacker.stdout is not None
        report = json.loads(await asyncio.wait_for(attacker.stdout.readline(), 600))
        seconds = time.perf_counter() - start
    else:
        await asyncio.sleep(seconds)
    end = time.perf_counter()
    window = end - start
    server_cpu = (process_cpu(server.processes[0].pid) - cpu) / window
    load_cpu = own_cpu() - own
    figures = ""
    if name == "lobby":
        honest_table, honest_name = extra
        figures = await lobby_figures(server.url, honest_table, honest_name) + "; "
    if attacker is not None:
        assert attacker.stdin is not None and attacker.stdout is not None
        attacker.stdin.close()
        if name != "lobby":
            output = await asyncio.wait_for(attacker.stdout.read(), 600)
            report = json.loads(output.decode().strip().splitlines()[-1])
        await attacker.wait()
        load_cpu += report.pop("cpu", 0.0)
    if name == "solo":
        runs = live_solo_runs(server.folder / "load.sqlite3")
        grown = (server.memory() - memory_before) / 2**20
        figures += f"{runs} live solo runs, {grown:+.1f} MB; "
    if probe is not None:
        ok, tried = await probe
        figures += f"other requests {ok}/{tried} OK; "
    figures += ", ".join(f"{key} {value}" for key, value in report.items())
    await asyncio.sleep(GRACE_SECONDS)  # late answers to the window's pings and moves still count
    return Row(name, label, victim.window(start, end), server_cpu, load_cpu / window, figures)


async def run_all(server: Server, label: str, args: argparse.Namespace) -> list[Row]:
    victim = Victim(server.url)
    await victim.start()
    host_ws, honest_table, honest_name = await honest_host(server.url)
    keep_alive = asyncio.create_task(read_quietly(host_ws))
    rows = []
    for index, name in enumerate(["none", *args.attacks]):
        extra = (honest_table, honest_name) if name == "lobby" else None
        row = await one_attack(server, label, victim, name, index, args, extra)
        print_row(row, flush=True)
        rows.append(row)
        await asyncio.sleep(2)  # the server settles between attacks
    keep_alive.cancel()
    for task in victim.tasks:
        task.cancel()
    return rows


async def read_quietly(ws: Any) -> None:
    with contextlib.suppress(ConnectionClosed):
        async for _ in ws:
            pass


HEADER = (
    f"{'attack':<26} {'server':<10} {'ping p50':>8} {'p99':>7} {'move p50':>8} {'p99':>7} {'max':>7} "
    f"{'lost':>5} {'own lag':>7} {'srv CPU':>7} {'load CPU':>8}  figures"
)


def print_row(row: Row, flush: bool = False) -> None:
    ping, move = row.victim["ping"], row.victim["move"]
    print(
        f"{TITLES[row.attack]:<26} {row.server[:10]:<10} {percentile(ping, 0.5):>8.0f} "
        f"{percentile(ping, 0.99):>7.0f} {percentile(move, 0.5):>8.0f} {percentile(move, 0.99):>7.0f} "
        f"{(max(move) * 1000 if move else float('nan')):>7.0f} {row.victim['lost']:>5} {percentile(row.victim['lag'], 0.99):>7.0f} "
        f"{row.server_cpu * 100:>6.0f}% {row.load_cpu * 100:>7.0f}%  {row.figures}",
        flush=flush,
    )


def measure(tree: Path, label: str, args: argparse.Namespace) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="spieltisch-hostile-") as folder:
        server = Server(1, Path(folder), tree)
        server.extra = dict(DEFAULT_LIMITS)
        server.start()
        try:
            return asyncio.run(run_all(server, label, args))
        finally:
            server.stop(args.server_log)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", metavar="REV", help="also measure this git revision, attack for attack")
    parser.add_argument("--attacks", default=",".join(ATTACKS), help=f"some of {','.join(ATTACKS)}")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds each attack is measured")
    parser.add_argument("--solo-seconds", type=float, default=20.0, help="seconds of solo-run creation")
    parser.add_argument("--half-open", type=int, default=19_980, help="half-open HTTP requests")
    parser.add_argument("--server-log", type=Path, metavar="FILE", help="keep the server's log here")
    parser.add_argument("--attack", choices=ATTACKS, help=argparse.SUPPRESS)  # an attacker's process
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--address", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        run_attack(args.attack, args.url, args.address, args.seconds, args.half_open)
        return 0
    args.attacks = [name for name in args.attacks.split(",") if name]
    unknown = set(args.attacks) - set(ATTACKS)
    if unknown:
        parser.error(f"unknown attacks: {', '.join(sorted(unknown))} (choose from {', '.join(ATTACKS)})")
    if args.seconds <= 0 or args.solo_seconds <= 0 or args.half_open < 1:
        parser.error("--seconds, --solo-seconds and --half-open must be positive")
    print(
        f"one server process (SQLite, default limits); victim from {VICTIM_ADDRESS}: a ping every "
        f"{PING_EVERY * 1000:.0f} ms, a move every {MOVE_EVERY * 1000:.0f} ms; each attack from an address "
        f"of its own; {os.cpu_count()} cores shared by server, victim and attacker\n"
    )
    print(HEADER)
    print("-" * len(HEADER), flush=True)
    rows: list[Row] = []
    if args.before:
        with revision_tree(args.before) as tree:
            rows += measure(tree, args.before, args)
    rows += measure(ROOT, "this tree", args)
    print("\nside by side:")
    print(HEADER)
    print("-" * len(HEADER))
    for name in ["none", *args.attacks]:
        for row in rows:
            if row.attack == name:
                print_row(row)
    print(
        "\nms: the victim's ping and move latencies in the attack's window (a move: until the view that"
        "\nshows it); lost: pings and moves never answered (within 5 s after the window); own lag: p99 ms"
        "\nby which the victim's own loop woke late (part of every latency it measures)."
        "\nsrv CPU: the server's process; load CPU: victim + attacker (100 % = one core), both share the"
        "\nmachine with the server. figures: the attacker's counts (sent: frames; answered: frames back;"
        "\nclosed 4429: sockets closed for flooding; refused: connections refused)."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
