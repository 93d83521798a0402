"""`spieltisch serve --workers N` (server/routed_workers.py): several processes on one port, the
players of a table all sent to the same one, as nginx routing by table does in front of several
hosts. The process that runs a table is the only one that holds it; workers killed are started
again, and the players play on; a stop ends every worker."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.exceptions import WebSocketException

from spieltisch.server.routed_workers import worker_for
from tests.conftest import free_port
from tests.server.player_client import Client
from tests.server.routed_play import both_lay_a_tile, table_of_two
from tests.server.solo_play import wait_for
from tests.services import run_by_its_followers


def request_for(table_id: str) -> bytes:
    """What a table's page sends first (web/js/net.js `follow`)."""
    return f"GET /ws?table={table_id} HTTP/1.1\r\nHost: example.org\r\nUpgrade: websocket\r\n".encode()


def test_a_tables_sockets_go_to_one_worker_and_everything_else_in_turn():
    for table_id in ("abc123", "x7k2pq", "z"):
        assert len({worker_for(request_for(table_id), 3, turn) for turn in range(9)}) == 1
    spread = [worker_for(request_for(f"t{n}"), 3, 0) for n in range(600)]
    assert all(150 < spread.count(worker) < 250 for worker in range(3))  # tables spread evenly
    # A page, the API, a socket without a table, and what is no routable request: in turn.
    others = [
        b"GET / HTTP/1.1\r\n",
        b"GET /ws HTTP/1.1\r\n",
        b"GET /ws?table= HTTP/1.1\r\n",
        b"GET /ws?tables=abc HTTP/1.1\r\n",
        b"POST /ws?table=abc HTTP/1.1\r\n",
        b"GET /wsx?table=abc HTTP/1.1\r\n",
        b"GET /ws?table=abc",  # the request line not whole
        b"\x16\x03\x01\x02\x00",  # TLS where plain HTTP was expected
        b"",
    ]
    for request in others:
        assert [worker_for(request, 3, turn) for turn in range(6)] == [0, 1, 2, 0, 1, 2]


@given(st.binary(max_size=300), st.integers(1, 8), st.integers(0, 10**6))
def test_any_bytes_choose_a_worker_that_exists(request, workers, turn):
    assert 0 <= worker_for(request, workers, turn) < workers


def workers_of(front: int) -> list[int]:
    """The worker processes of `spieltisch serve --workers N` (its spawned children)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == front and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def reconnected(url: str, token: str, table_id: str) -> Client | None:
    """The player's page connected again (None while the server cannot answer yet: a connection
    waits for its worker to start, which takes a while on a busy machine)."""
    try:
        return Client(url, token=token, table=table_id)
    except (OSError, WebSocketException):
        return None


@pytest.mark.services
def test_serve_with_workers_runs_each_table_in_one_and_survives_them_killed(
    server_factory, redis_url, postgres_url
):
    import redis

    env = {"SPIELTISCH_REDIS_URL": redis_url, "SPIELTISCH_DATABASE_URL": postgres_url}
    server = server_factory(env, workers=2)
    assert len(workers_of(server.process.pid)) == 2
    rng = random.Random(37)
    tables: dict[str, tuple[Client, Client, dict]] = {}
    by_worker: dict[int, list[str]] = defaultdict(list)
    while min(len(by_worker[0]), len(by_worker[1])) < 2:  # two tables on each worker, whatever ids come
        table_id, host, guest, view = table_of_two(server.url, f"Tisch {len(tables)}", f"Gast {len(tables)}")
        tables[table_id] = (host, guest, view)
        by_worker[worker_for(request_for(table_id), 2, 0)].append(table_id)
        assert len(tables) < 30

    # Each table is followed by one process only, and that one runs its clock: one process for all
    # the tables of one worker, another for those of the other.
    wait_for(lambda: all(run_by_its_followers(redis_url, table_id) for table_id in tables), 15)
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    owners = {table_id: client.hget(f"spieltisch:table:{table_id}", "owner") for table_id in tables}
    client.close()
    assert [len({owners[t] for t in by_worker[worker]}) for worker in (0, 1)] == [1, 1]
    assert owners[by_worker[0][0]] != owners[by_worker[1][0]]
    table_id = by_worker[0][0]
    host, guest, view = tables[table_id]
    assert both_lay_a_tile(host, guest, table_id, view, rng)["game"]["turn"] == 1

    # Both workers killed: the server starts them again, the players' pages connect again, and the
    # game moves on where it was once the dead processes' leases have run out.
    for pid in workers_of(server.process.pid):
        os.kill(pid, signal.SIGKILL)
    killed = time.monotonic()
    for player in (host, guest):
        player.close()
    host = wait_for(lambda: reconnected(server.url, host.token, table_id), 90)
    guest = wait_for(lambda: reconnected(server.url, guest.token, table_id), 30)
    for player in (host, guest):
        player.send({"type": "open_table", "table": table_id})
    view = host.table_until(lambda t: t["status"] == "playing", 30)
    assert both_lay_a_tile(host, guest, table_id, view, rng)["game"]["turn"] == 2
    assert time.monotonic() - killed < 90
    assert len(workers_of(server.process.pid)) == 2
    wait_for(lambda: run_by_its_followers(redis_url, table_id), 15)

    # A stop (SIGTERM) ends the workers with it, gently.
    front, workers = server.process, workers_of(server.process.pid)
    front.send_signal(signal.SIGTERM)
    assert front.wait(30) == 0
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]


async def app_that_cannot_start(scope, receive, send):
    """An ASGI app whose start fails (as ours does when it cannot reach what it needs)."""
    assert scope["type"] == "lifespan"
    await receive()
    await send({"type": "lifespan.startup.failed", "message": "nothing to serve"})


def test_workers_that_cannot_start_stop_the_server_with_exit_code_2():
    script = (
        "import sys\n"
        "from spieltisch.server.routed_workers import serve_routed\n"
        f"sys.exit(serve_routed('127.0.0.1', {free_port()}, 2, "
        "{'app': 'tests.server.test_routed_workers:app_that_cannot_start', 'lifespan': 'on'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "could not start" in done.stderr


@pytest.mark.services
def test_connections_that_say_nothing_hold_up_nobody_else(server_factory, redis_url, postgres_url):
    """An address that opens connections and sends nothing (slowloris): the parent waits for their
    request lines no longer than a moment and no more of them than an address may keep waiting
    (the rest are closed at once), a worker closes the others at its deadline: every one is closed
    unanswered, and a player from another address plays meanwhile."""
    env = {
        "SPIELTISCH_REDIS_URL": redis_url,
        "SPIELTISCH_DATABASE_URL": postgres_url,
        "SPIELTISCH_WAITING_PER_ADDRESS": "10",
        "SPIELTISCH_HEADER_TIMEOUT": "3",
    }
    server = server_factory(env, workers=2)
    idle = []
    for _ in range(30):
        quiet = socket.socket()
        quiet.bind(("127.0.0.2", 0))  # the attacker's address, not the player's 127.0.0.1
        quiet.connect(("127.0.0.1", server.port))
        quiet.settimeout(30)
        idle.append(quiet)
    table_id, host, guest, view = table_of_two(server.url, "Geduldig", "Geduldig Gast")
    assert both_lay_a_tile(host, guest, table_id, view, random.Random(5))["game"]["turn"] == 1
    started = time.monotonic()
    for quiet in idle:  # every one closed by the server, none answered
        with quiet:
            assert quiet.recv(100) == b""
    assert time.monotonic() - started < 30
