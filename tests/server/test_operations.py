"""Operations against real processes: the health check tells a paused Redis and a database that is
down, a request that needs the database during its outage is told 503 `unavailable`, a Redis that
does not persist is refused (or warned of), and a Redis that loses its data anyway loses no running
game: the tables come back from the processes' replicas or the database's copies."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import sqlite3
import subprocess
import sys

import httpx
import pytest

from tests.conftest import ROOT, free_port
from tests.server.player_client import Client
from tests.server.solo_play import play_tile, solo_table, wait_for
from tests.services import PostgresServer

pytestmark = [pytest.mark.services, pytest.mark.slow]


@pytest.fixture
def postgres():
    server = PostgresServer(free_port()).create()
    yield server
    server.remove()


def health(server, path: str = "/healthz") -> httpx.Response:
    return httpx.get(f"{server.url}{path}", timeout=10)


def test_the_health_check_tells_a_paused_redis(server_factory, redis_server):
    server = server_factory({"SPIELTISCH_REDIS_URL": redis_server.url})
    answer = health(server)
    assert answer.status_code == 200
    assert answer.json() == {"ok": True, "store": "ok", "database": "ok"}
    redis_server.pause()  # moves cannot be made now: the check must say so
    paused = wait_for(lambda: (r := health(server)).status_code == 503 and r)
    assert paused.json()["store"] == "unreachable" and paused.json()["database"] == "ok"
    assert health(server, "/readyz").status_code == 503
    assert health(server, "/livez").status_code == 200  # the process itself answers
    redis_server.resume()
    wait_for(lambda: health(server).status_code == 200)
    ann = Client(server.url, "Ann")  # and play works
    view = solo_table(ann)
    assert play_tile(ann, view["id"], view, random.Random(1))["game"]["turn"] == 1


def test_requests_that_need_the_database_are_unavailable_during_its_outage(
    server_factory, redis_url, postgres
):
    server = server_factory({"SPIELTISCH_REDIS_URL": redis_url, "SPIELTISCH_DATABASE_URL": postgres.url})
    postgres.stop()
    down = wait_for(lambda: (r := health(server)).status_code == 503 and r)
    assert down.json() == {"ok": False, "store": "ok", "database": "unreachable"}
    refused = httpx.post(f"{server.url}/api/players", json={"nickname": "Neu"}, timeout=30)
    assert refused.status_code == 503, refused.text
    assert refused.json()["error"]["code"] == "unavailable"
    assert int(refused.headers["retry-after"]) > 0
    postgres.start()
    wait_for(lambda: health(server).status_code == 200)
    welcome = httpx.post(f"{server.url}/api/players", json={"nickname": "Neu"}, timeout=30)
    assert welcome.status_code == 201 and welcome.json()["nickname"] == "Neu"


def lands(view: dict) -> str:
    return view["game"]["seats"][0]["land"]


def test_tables_come_back_when_redis_is_emptied_under_a_running_server(server_factory, redis_server):
    server = server_factory({"SPIELTISCH_REDIS_URL": redis_server.url})
    ann = Client(server.url, "Ann")
    rng = random.Random(3)
    view = solo_table(ann)
    table_id = view["id"]
    for _ in range(3):
        view = play_tile(ann, table_id, view, rng)
    shown = lands(view)
    import redis

    redis.Redis(port=redis_server.port).flushall()  # the connections stay; the data is gone
    # Ann plays on: her table is there with every tile she laid.
    view = play_tile(ann, table_id, view, rng)
    assert view["game"]["turn"] == 4
    assert sum(a != b for a, b in zip(lands(view).split(), shown.split(), strict=True)) == 1
    assert "REDIS HAS LOST ITS DATA" in server.log.read_text()


def copy_version(database: str, table_id: str) -> int | None:
    with contextlib.closing(sqlite3.connect(database)) as db:
        row = db.execute("SELECT version FROM live_tables WHERE id = ?", (table_id,)).fetchone()
    return None if row is None else row[0]


def test_tables_come_back_from_the_database_when_redis_and_every_server_restart_empty(
    server_factory, redis_server
):
    env = {"SPIELTISCH_REDIS_URL": redis_server.url, "SPIELTISCH_SNAPSHOT_SECONDS": "0.5"}
    server = server_factory(env)
    database = server.env["SPIELTISCH_DATABASE_URL"].removeprefix("sqlite:///")
    ann = Client(server.url, "Ann")
    rng = random.Random(8)
    view = solo_table(ann)
    table_id = view["id"]
    for _ in range(4):
        view = play_tile(ann, table_id, view, rng)
    shown = lands(view)
    version = httpx.get(f"{server.url}/api/tables/{table_id}").json()["version"]
    wait_for(lambda: copy_version(database, table_id) == version)  # the copy caught up
    # The host goes down, and Redis comes back without its data (no append-only file).
    server.process.kill()
    server.process.wait()
    redis_server.stop()
    for leftover in redis_server.folder.glob("appendonly*"):
        shutil.rmtree(leftover) if leftover.is_dir() else leftover.unlink()
    redis_server.start()
    server.start()
    again = Client(server.url, token=ann.token)
    again.send({"type": "open_table", "table": table_id})
    view = again.table_until(lambda t: t["game"] is not None)
    assert lands(view) == shown and view["game"]["turn"] == 4
    view = play_tile(again, table_id, view, rng)  # and the game goes on
    assert view["game"]["turn"] == 5


def test_a_redis_that_does_not_persist_is_refused_by_serve_and_warned_of(
    server_factory, redis_server, tmp_path
):
    import redis

    redis.Redis(port=redis_server.port).config_set("appendonly", "no")
    env = {
        **os.environ,
        "SPIELTISCH_DATA_DIR": str(tmp_path / "data"),
        "SPIELTISCH_DATABASE_URL": f"sqlite:///{tmp_path / 'serve.sqlite3'}",
    }
    command = [sys.executable, "-m", "spieltisch", "serve", "--port", str(free_port())]
    refused = subprocess.run(
        [*command, "--redis-url", redis_server.url],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2, refused.stderr
    line = refused.stderr.strip()
    assert "\n" not in line and "appendonly no" in line and "SPIELTISCH_ALLOW_VOLATILE_REDIS=1" in line
    # Allowed (a server started without the command's check): it serves, and its log says it loudly.
    server = server_factory({"SPIELTISCH_REDIS_URL": redis_server.url})
    assert health(server).status_code == 200
    assert "REDIS DOES NOT PERSIST" in server.log.read_text()
