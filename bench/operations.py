"""Operations, measured from outside with real processes (`spieltisch serve`, default limits):

- slow clients: one address holds as many half-open requests (headers never finished) as it can,
  opening a new one for each the server closes; meanwhile a victim on another address asks for
  /healthz every 100 ms on a new connection each time: how many of its requests are answered, how
  fast, and how many half-open connections the server keeps;
- Redis paused (SIGSTOP) for 10 s: seconds until /healthz says 503, and until it says 200 again
  after Redis resumes;
- Redis restarted without its data during a game (one process, SQLite records): whether the table
  comes back and with how many of its tiles, seconds until a move is made again and until /healthz
  says 200.

    python bench/operations.py                      # this tree
    python bench/operations.py --before HEAD~3      # and a git revision, side by side
    python bench/operations.py --half-open 5000 --skip-redis

The attack needs as many file descriptors as half-open requests: it raises its own soft limit to
the hard one (19,980 requests fit under 20,000).
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import resource
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx

from revisions import revision_tree

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.player_client import Client  # noqa: E402
from tests.services import RedisServer, stop_gently  # noqa: E402

HALF_A_HEAD = b"GET /healthz HTTP/1.1\r\nHost: spieltisch\r\nUser-Agent: slow"
VICTIM_ADDRESS = "127.0.0.2"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def server(tree: Path, folder: Path, env: dict[str, str] | None = None) -> Iterator[str]:
    """`spieltisch serve` of `tree` on a free port, with a SQLite file and the data folder in `folder`."""
    data = folder / "data"
    data.mkdir(parents=True, exist_ok=True)
    for catalog in (ROOT / ".cache" / "test-data" / "catalog", ROOT / "var" / "catalog"):
        if catalog.exists() and not (data / "catalog").exists():
            (data / "catalog").symlink_to(catalog, target_is_directory=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    environment = {
        **os.environ,
        "SPIELTISCH_DATA_DIR": str(data),
        "SPIELTISCH_DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}",
        "SPIELTISCH_REDIS_URL": "",
        "PYTHONPATH": str(tree / "src"),
        **(env or {}),
    }
    log = open(folder / f"server-{port}.log", "ab")  # noqa: SIM115 - open while the server runs
    process = subprocess.Popen(
        [sys.executable, "-m", "spieltisch", "serve", "--port", str(port)],
        env=environment,
        cwd=tree,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_until(lambda: httpx.get(url + "/healthz", timeout=1).status_code == 200, 180)
        yield url
    finally:
        stop_gently(process, 15)
        log.close()


def wait_until(what: Callable[[], object], timeout: float, step: float = 0.1) -> float:
    """Seconds until `what()` holds (errors count as not yet); raises after `timeout`."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        try:
            if what():
                return time.monotonic() - start
        except (httpx.HTTPError, OSError):
            pass
        time.sleep(step)
    raise TimeoutError(f"not within {timeout} s")


# Slow clients ---------------------------------------------------------------------------------
class HalfOpenFlood:
    """One address (127.0.0.1) holding up to `count` half-open requests, replacing each closed one: a
    process of its own, so that its loop does not slow the victim's measurement."""

    def __init__(self, url: str, count: int) -> None:
        self.port = int(url.rsplit(":", 1)[1])
        self.count = count
        self.stop = multiprocessing.Event()
        self.opened = multiprocessing.Value("i", 0)
        self.held = multiprocessing.Value("i", -1)
        self.process = multiprocessing.Process(target=self._run, daemon=True)

    def _run(self) -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
        self.open: dict[int, socket.socket] = {}
        self.poll = select.poll()
        while not self.stop.is_set():
            while len(self.open) < self.count and not self.stop.is_set():
                self._connect()
                if self.opened.value % 500 == 0:
                    self._reap(0)
            self._reap(100)
        # What the server holds: every connection it has not closed once it has caught up (the kernel
        # queues connections it has not accepted yet; it closes refused ones as it accepts them).
        deadline = time.monotonic() + 20
        while self._reap(1000) and time.monotonic() < deadline:
            pass
        self.held.value = len(self.open)
        for sock in self.open.values():
            sock.close()

    def _connect(self) -> None:
        sock = socket.socket()
        sock.settimeout(2)
        try:
            sock.connect(("127.0.0.1", self.port))
            sock.sendall(HALF_A_HEAD)
        except OSError:
            sock.close()
            time.sleep(0.01)
            return
        self.open[sock.fileno()] = sock
        self.poll.register(sock, select.POLLIN | select.POLLHUP | select.POLLERR)
        self.opened.value += 1

    def _reap(self, wait_ms: int) -> int:
        """Close the sockets the server has closed; how many."""
        ready = self.poll.poll(wait_ms)
        for fd, _ in ready:
            sock = self.open.pop(fd, None)
            if sock is not None:
                self.poll.unregister(fd)
                sock.close()
        return len(ready)


def seconds_until(what: Callable[[], object], timeout: float, step: float = 0.1) -> str:
    """`wait_until`'s seconds as a figure, or "never" (within `timeout`)."""
    try:
        return f"{wait_until(what, timeout, step):.1f}"
    except TimeoutError:
        return f"never ({timeout:.0f} s)"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def slow_clients(tree: Path, folder: Path, count: int, seconds: float) -> dict[str, object]:
    with server(tree, folder) as url:
        flood = HalfOpenFlood(url, count)
        flood.process.start()
        started = time.monotonic()
        while flood.opened.value < count and time.monotonic() - started < 60:
            time.sleep(0.2)  # the attacker fills up first (or gives up after a minute)
        answered: list[float] = []
        failed = 0
        transport = httpx.HTTPTransport(local_address=VICTIM_ADDRESS)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            begin = time.perf_counter()
            try:
                with httpx.Client(transport=transport, timeout=5) as victim:
                    victim.get(url + "/healthz").raise_for_status()
                answered.append(time.perf_counter() - begin)
            except httpx.HTTPError:
                failed += 1
            time.sleep(max(0.0, 0.1 - (time.perf_counter() - begin)))
        flood.stop.set()
        flood.process.join(60)
    total = len(answered) + failed
    return {
        "victim answered": f"{len(answered)}/{total}",
        "victim p50 ms": f"{1000 * percentile(answered, 0.5):.0f}",
        "victim p99 ms": f"{1000 * percentile(answered, 0.99):.0f}",
        "half-open held": str(flood.held.value),
        "attacker opened": str(flood.opened.value),
    }


# Redis ----------------------------------------------------------------------------------------
def free_fields(view: dict) -> list[int]:
    land = view["game"]["seats"][view["you"]]["land"].split()
    return [i for i, entry in enumerate(land, 1) if entry == "."]


def play_tile(client: Client, table_id: str, view: dict, rng: random.Random) -> dict:
    turn = view["game"]["turn"]
    client.send({"type": "place", "table": table_id, "field": rng.choice(free_fields(view))})
    client.send({"type": "confirm", "table": table_id})
    return client.table_until(lambda t: t["game"]["turn"] > turn, timeout=5)


def redis_faults(tree: Path, folder: Path) -> dict[str, object]:
    (folder / "redis").mkdir(parents=True)
    redis = RedisServer(folder / "redis", free_port()).start()
    figures: dict[str, object] = {}
    try:
        with server(tree, folder, {"SPIELTISCH_REDIS_URL": redis.url}) as url:

            def health() -> int:
                return httpx.get(url + "/healthz", timeout=5).status_code

            redis.pause()
            figures["paused: 503 after s"] = seconds_until(lambda: health() == 503, 20)
            time.sleep(10)
            redis.resume()
            figures["resumed: 200 after s"] = seconds_until(lambda: health() == 200, 60)

            ann = Client(url, "Ann")
            rng = random.Random(1)
            ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 1}})
            table_id = ann.table_until(lambda t: True, timeout=30)["id"]
            ann.send({"type": "start", "table": table_id})
            view = ann.table_until(lambda t: t["status"] == "playing", timeout=30)
            for _ in range(5):
                view = play_tile(ann, table_id, view, rng)
            time.sleep(3)  # a quiet moment, as between two moves
            redis.stop()
            for leftover in redis.folder.glob("appendonly*"):  # restarted without its data
                shutil.rmtree(leftover) if leftover.is_dir() else leftover.unlink()
            redis.start()
            back = time.monotonic()
            figures["empty Redis: 200 after s"] = seconds_until(lambda: health() == 200, 60, step=0.05)

            def move() -> bool:
                nonlocal view
                try:
                    view = play_tile(ann, table_id, view, rng)
                except (TimeoutError, AssertionError):
                    return False
                return True

            try:
                wait_until(move, 30, step=0.2)
                figures["empty Redis: a move after s"] = f"{time.monotonic() - back:.1f}"
                figures["empty Redis: tiles kept"] = f"{view['game']['turn'] - 1}/5"
            except TimeoutError:
                errors = [m.get("code") for m in ann.received if m["type"] == "error"]
                figures["empty Redis: a move after s"] = "never"
                figures["empty Redis: tiles kept"] = f"table lost ({errors[-1] if errors else 'no answer'})"
    finally:
        with contextlib.suppress(ProcessLookupError, FileNotFoundError):
            redis.resume()
        redis.stop()
    return figures


def measure(args: argparse.Namespace, label: str, tree: Path) -> dict[str, object]:
    figures: dict[str, object] = {"tree": label}
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_slow_clients:
            figures |= slow_clients(tree, Path(tmp) / "slow", args.half_open, args.seconds)
        if not args.skip_redis:
            figures |= redis_faults(tree, Path(tmp) / "redis")
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--half-open", type=int, default=19_980, help="half-open requests the attacker holds")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long the victim asks meanwhile")
    parser.add_argument("--before", metavar="REV", help="also measure this git revision")
    parser.add_argument("--skip-slow-clients", action="store_true")
    parser.add_argument("--skip-redis", action="store_true")
    args = parser.parse_args()
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.half_open > hard - 16:  # (the attacker, a process of its own, needs a few more)
        parser.error(f"--half-open must stay under this process's open-file limit ({hard})")
    rows = []
    if args.before:
        with revision_tree(args.before) as tree:
            rows.append(measure(args, args.before[:14], tree))
    rows.append(measure(args, "this tree", ROOT))
    names = list(dict.fromkeys(name for row in rows for name in row))
    width = max(len(name) for name in names)
    for name in names:
        print(f"{name:<{width}}  " + "  ".join(f"{str(row.get(name, '-')):>22}" for row in rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
