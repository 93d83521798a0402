"""Faults against real processes: the server killed at random moments, Redis restarted and paused,
PostgreSQL stopped while games end. What must hold: every change a player was shown survives, every
finished game is recorded exactly once, every table moves again soon after the fault ends, and the
health check tells the fault."""

from __future__ import annotations

import contextlib
import os
import random
import subprocess
import time

import httpx
import pytest

from tests.conftest import free_port
from tests.server.player_client import Client
from tests.server.solo_play import free_fields, play_tile, solo_table, wait_for
from tests.services import PostgresServer

pytestmark = [pytest.mark.services, pytest.mark.slow]


def health(server) -> int:
    return httpx.get(f"{server.url}/healthz", timeout=5).status_code


def test_a_server_killed_at_random_moments_forgets_nothing_it_showed(server_factory):
    server = server_factory()
    ann = Client(server.url, "Ann")
    view = solo_table(ann)
    table_id = view["id"]
    rng = random.Random(11)
    kills = lost = 0
    while view["status"] != "finished":
        view = play_tile(ann, table_id, view, rng)
        shown = view["game"]["seats"][0]["land"]
        if view["game"]["turn"] % 2 == 0:
            continue
        # Ann has seen this land: kill the server within a few milliseconds, as a crash would.
        time.sleep(rng.uniform(0, 0.003))
        server.process.kill()
        server.process.wait()
        kills += 1
        server.start()
        ann = Client(server.url, token=ann.token)
        ann.send({"type": "open_table", "table": table_id})
        view = ann.table_until(lambda t: t["game"] is not None)
        lost += view["game"]["seats"][0]["land"] != shown
        assert view["seats"][0]["connected"]  # she is back (and was not before she came)
    assert kills >= 9 and lost == 0
    records = wait_for(
        lambda: httpx.get(f"{server.url}/api/games", params={"table": table_id}).json()["games"]
    )
    assert len(records) == 1


def test_after_a_redis_restart_every_process_serves_every_table_again(
    server_factory, redis_server, postgres_url
):
    env = {"SPIELTISCH_REDIS_URL": redis_server.url, "SPIELTISCH_DATABASE_URL": postgres_url}
    first, second = server_factory(env), server_factory(env)
    ann, bob = Client(first.url, "Ann"), Client(second.url, "Bob")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 3}})
    table_id = ann.table_until(lambda t: True)["id"]
    bob.send({"type": "join", "table": table_id})
    ann.send({"type": "add_bot", "table": table_id, "level": "easy"})
    ann.table_until(lambda t: len(t["seats"]) == 3)
    ann.send({"type": "start", "table": table_id})
    rng = random.Random(5)
    views = {"ann": ann.table_until(lambda t: t["status"] == "playing")}
    views["bob"] = bob.table_until(lambda t: t["status"] == "playing")

    redis_server.stop()
    wait_for(lambda: health(first) == 503 and health(second) == 503, timeout=20)
    time.sleep(2)
    redis_server.start()
    wait_for(lambda: health(first) == 200 and health(second) == 200, timeout=30)

    # Views flow again across processes, and the computer's timer moves the table on.
    for _ in range(2):
        turn = views["ann"]["game"]["turn"]
        for name, client in (("ann", ann), ("bob", bob)):
            free = free_fields(views[name])
            client.send({"type": "place", "table": table_id, "field": rng.choice(free)})
            client.send({"type": "confirm", "table": table_id})
        for name, client in (("ann", ann), ("bob", bob)):
            views[name] = client.table_until(lambda t, n=turn: t["game"]["turn"] > n, timeout=20)
        assert not [m for m in ann.received + bob.received if m["type"] == "error"]
    # A new table on the other process gets its answer.
    bob.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
    assert bob.table_until(lambda t: t["id"] != table_id)["status"] == "open"


def test_a_redis_pause_freezes_no_table(server_factory, redis_server, postgres_url):
    env = {"SPIELTISCH_REDIS_URL": redis_server.url, "SPIELTISCH_DATABASE_URL": postgres_url}
    server = server_factory(env)
    ann = Client(server.url, "Ann")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
    table_id = ann.table_until(lambda t: True)["id"]
    ann.send({"type": "add_bot", "table": table_id, "level": "medium"})
    ann.table_until(lambda t: len(t["seats"]) == 2)
    ann.send({"type": "start", "table": table_id})
    view = ann.table_until(lambda t: t["status"] == "playing")
    ann.send({"type": "place", "table": table_id, "field": 10})
    ann.table_until(lambda t: t["game"]["seats"][0]["tentative"] == 10)
    # The computer's move falls due while Redis does not answer; Ann presses OK meanwhile, and is
    # told that the server cannot take it now (or it goes through once Redis answers again). Told
    # so, she presses OK again — and may hear that her first OK did count after all: "may not
    # have happened" is all the server can know of a write Redis had not answered yet.
    redis_server.pause()
    ann.send({"type": "confirm", "table": table_id, "seq": 1})
    time.sleep(8)
    redis_server.resume()
    deadline = time.monotonic() + 30
    while True:
        message = ann.next_message(timeout=max(0.1, deadline - time.monotonic()))
        if message["type"] == "error" and message["seq"] == 2:
            # (once her first OK counted, the computer may have placed too: the next tile is up)
            assert message["code"] in ("unavailable", "already_confirmed", "not_placed")
        elif message["type"] == "error":
            assert message["code"] == "unavailable" and message["seq"] == 1
            ann.send({"type": "confirm", "table": table_id, "seq": 2})  # she presses OK again
        elif message["type"] == "table" and message["table"]["game"]["turn"] == 1:
            view = message["table"]
            break
    assert view["game"]["seats"][0]["land"].split()[9] != "."
    wait_for(lambda: health(server) == 200, timeout=20)


@pytest.fixture
def postgres():
    server = PostgresServer(free_port()).create()
    yield server
    server.remove()


def test_games_that_end_while_the_database_is_down_are_recorded_once(
    server_factory, redis_url, postgres, tmp_path
):
    env = {"SPIELTISCH_REDIS_URL": redis_url, "SPIELTISCH_DATABASE_URL": postgres.url}
    server = server_factory(env)
    ann = Client(server.url, "Ann")
    rng = random.Random(2)
    tables = []
    for _ in range(2):
        view = solo_table(ann)
        for _ in range(18):
            view = play_tile(ann, view["id"], view, rng)
        tables.append(view)
    postgres.stop()
    for view in tables:  # both end while the records are out of reach
        assert play_tile(ann, view["id"], view, rng)["status"] == "finished"
    time.sleep(1.5)
    # The process dies before the database is back: the next one must still record both games.
    server.process.kill()
    server.process.wait()
    postgres.start()
    server.start()
    for view in tables:
        records = wait_for(
            lambda v=view: httpx.get(f"{server.url}/api/games", params={"table": v["id"]}).json()["games"],
            timeout=45,
        )
        assert len(records) == 1 and records[0]["result"]["scores"][0] >= 0
    time.sleep(2)  # no late second copy
    for view in tables:
        assert len(httpx.get(f"{server.url}/api/games", params={"table": view["id"]}).json()["games"]) == 1


@pytest.fixture
def small_disk(tmp_path):
    """A 4 MB tmpfs for the database, where the machine lets us mount one."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder) -> None:
    """Fill the disk to the last byte."""
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)


def test_a_full_disk_refuses_changes_and_forgets_none(server_factory, small_disk, tmp_path):
    env = {"SPIELTISCH_DATABASE_URL": f"sqlite:///{small_disk / 'spieltisch.sqlite3'}"}
    server = server_factory(env)
    ann = Client(server.url, "Ann")
    view = solo_table(ann)
    table_id = view["id"]
    rng = random.Random(4)
    view = play_tile(ann, table_id, view, rng)
    shown = view["game"]["seats"][0]["land"]
    version = httpx.get(f"{server.url}/api/tables/{table_id}").json()["version"]
    fill(small_disk)
    ann.send({"type": "place", "table": table_id, "field": free_fields(view)[0], "seq": 7})
    error = ann.error()
    assert error["code"] == "unavailable" and error["seq"] == 7
    assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["version"] == version  # nothing changed
    (small_disk / "filler").unlink()
    view = play_tile(ann, table_id, view, rng)  # the table moves again once there is room
    shown = view["game"]["seats"][0]["land"]
    server.process.kill()
    server.process.wait()
    server.start()
    again = Client(server.url, token=ann.token)
    again.send({"type": "open_table", "table": table_id})
    assert again.table_until(lambda t: t["game"] is not None)["game"]["seats"][0]["land"] == shown
