"""Fixtures shared by the whole suite: real servers on 127.0.0.1 (uvicorn, and where asked Redis and
PostgreSQL), each started by the tests and stopped by PID."""

from __future__ import annotations

import fcntl
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_http(url: str, process: subprocess.Popen | None = None, timeout: float = 150.0) -> None:
    """Wait until `url` answers 200. Generous: a server loads its catalog and compiles its computers'
    kernels at start, several at once on a busy 2-core machine (seen: over 60 s); it returns as soon
    as the server is up."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            if httpx.get(url, timeout=1.0).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not come up in {timeout} s")


#: One data directory for the whole session (each xdist worker has its own), holding the Speedgans catalog.
DATA_DIR: Path | None = None
#: Where the catalog is kept between test runs (git-ignored): building it takes tens of seconds, and it
#: is rebuilt there whenever it is stale (another catalog version or other rules).
CATALOG_CACHE = ROOT / ".cache" / "test-data"


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory) -> Path:
    """The session's data directory, holding the Speedgans catalog for every test and server: built once
    in CATALOG_CACHE (one process at a time: parallel workers wait for the first) and linked here."""
    global DATA_DIR
    from spieltisch.games.speedgans.catalog import catalog_path, ensure_catalog

    CATALOG_CACHE.mkdir(parents=True, exist_ok=True)
    with open(CATALOG_CACHE / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        ensure_catalog(progress=False, directory=CATALOG_CACHE)
    folder = tmp_path_factory.mktemp("data")
    catalog_path(folder).parent.symlink_to(catalog_path(CATALOG_CACHE).parent, target_is_directory=True)
    DATA_DIR = folder
    return folder


class ServerProcess:
    """`spieltisch serve`-equivalent uvicorn in its own process, on a free port (`workers` > 1:
    `spieltisch serve --workers N` itself, server/routed_workers.py)."""

    def __init__(self, tmp: Path, env: dict[str, str] | None = None, workers: int = 1) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tmp / f"server-{self.port}.log"
        self.env = {
            **os.environ,
            "SPIELTISCH_DATA_DIR": str(DATA_DIR or tmp / "data"),
            "SPIELTISCH_DATABASE_URL": f"sqlite:///{tmp / 'spieltisch.sqlite3'}",
            "SPIELTISCH_BOT_PACING": "0.05",
            "SPIELTISCH_PLAYER_BURST": "100000",  # the tests make many players from one address
            "SPIELTISCH_MESSAGE_RATE": "100000",  # and play faster than any person
            # All of them from 127.0.0.1: an address's tables and runs are not limited here.
            "SPIELTISCH_CREATION_BURST": "100000",
            "SPIELTISCH_ADDRESS_OPEN_TABLES": "100000",
            "SPIELTISCH_ADDRESS_SOLO_RUNS": "100000",
            "SPIELTISCH_SOCKETS_PER_ADDRESS": "100000",  # all from 127.0.0.1
            **(env or {}),
        }
        self.workers = workers
        self.process: subprocess.Popen | None = None

    def start(self) -> ServerProcess:
        if self.workers > 1:  # as an operator runs several: each table's players to one of them
            command = [sys.executable, "-m", "spieltisch", "serve", "--port", str(self.port)]
            command += ["--workers", str(self.workers)]
        else:
            command = self.uvicorn_command()
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                command, env=self.env, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT
            )
        wait_http(self.url + "/healthz", self.process)
        return self

    def uvicorn_command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "uvicorn",
            "spieltisch.server.asgi:app",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--ws-max-size",
            "65536",
            "--http",  # as `spieltisch serve` does
            "spieltisch.server.slow_clients:SlowClientsProtocol",
        ]

    def stop(self) -> None:
        from tests.services import stop_gently

        if self.process:
            stop_gently(self.process)

    def restart(self) -> None:
        self.stop()
        self.start()

    def check_replays(self) -> None:
        """Every game this server recorded replays from its log to its record (tests/replay_check.py)."""
        from tests.replay_check import check_replays

        env = self.env
        check_replays(
            env["SPIELTISCH_DATABASE_URL"], Path(env["SPIELTISCH_DATA_DIR"]), env.get("SPIELTISCH_SECRET")
        )


@pytest.fixture
def server_factory(tmp_path: Path, data_dir: Path) -> Iterator:
    started: list[ServerProcess] = []

    def make(env: dict[str, str] | None = None, workers: int = 1, tmp: Path | None = None) -> ServerProcess:
        server = ServerProcess(tmp or tmp_path, env, workers).start()
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()
    for server in started:
        server.check_replays()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory, data_dir: Path) -> Iterator[str]:
    """Base URL of a server shared by the session (its own SQLite database, in-process live state).
    Tests keep apart by creating their own players and tables. What a test leaves here outlives it
    (tables, solo runs, Rätsel attempts whose clock records them minutes later): a test that counts
    or reads a shared list (results, the day's lists, the Bestenliste, the lobby's tables) uses a
    server of its own (`server_factory`), or looks at its own entries only."""
    server = ServerProcess(tmp_path_factory.mktemp("live")).start()
    yield server.url
    server.stop()
    server.check_replays()


#: Fixtures that start Chromium or real Redis/PostgreSQL servers, and the marker each brings: a test that
#: uses one is marked so whatever its module says, and the fast tier
#: (`-m "not browser and not services and not slow"`) never waits for them.
MARKER_OF_FIXTURE = {"browser": "browser", "redis_url": "services", "postgres_url": "services"}


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for fixture, marker in MARKER_OF_FIXTURE.items():
            if fixture in getattr(item, "fixturenames", ()) and item.get_closest_marker(marker) is None:
                item.add_marker(marker)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def routed_servers(server_factory, redis_url, postgres_url, tmp_path) -> Iterator:
    """Two processes (Redis + PostgreSQL) behind nginx configured as docs/nginx/by-table.conf:
    (the proxy, [the two servers])."""
    from tests.services import NginxProxy

    env = {"SPIELTISCH_REDIS_URL": redis_url, "SPIELTISCH_DATABASE_URL": postgres_url}
    servers = [server_factory(env), server_factory(env)]
    folder = tmp_path / "nginx"
    folder.mkdir()
    proxy = NginxProxy(folder, free_port(), [server.port for server in servers]).start()
    yield proxy, servers
    proxy.stop()


# Real Redis and PostgreSQL servers on 127.0.0.1, for the multi-process mode ------------------------
@pytest.fixture(scope="session")
def session_redis(tmp_path_factory) -> Iterator[str]:
    from tests.services import RedisServer

    try:
        server = RedisServer(tmp_path_factory.mktemp("redis"), free_port()).start()
    except RuntimeError as error:
        pytest.fail(str(error))
    yield server.url
    server.stop()


@pytest.fixture
def redis_url(session_redis: str) -> str:
    """The session's Redis, emptied: what an earlier test left there (tables whose processes were
    killed, players counted as present) is not in this test's lobby. The servers of the earlier
    test are stopped by then (tests of one worker run one after the other)."""
    import redis

    with redis.Redis.from_url(session_redis) as client:
        client.flushall()
    return session_redis


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    from tests.services import PostgresServer

    try:
        server = PostgresServer(free_port()).create()
    except RuntimeError as error:
        pytest.fail(str(error))
    yield server.url
    server.remove()
