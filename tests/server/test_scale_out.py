"""The multi-process mode: two server processes share live tables through Redis and keep records in
PostgreSQL; players on different processes play one game together."""

from __future__ import annotations

import random
import secrets
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.server.player_client import Client

pytestmark = pytest.mark.services


def test_two_processes_one_game_records_in_postgres(server_factory, redis_url, postgres_url, tmp_path):
    env = {"SPIELTISCH_REDIS_URL": redis_url, "SPIELTISCH_DATABASE_URL": postgres_url}
    first = server_factory(env)
    second = server_factory(env)
    ann = Client(first.url, "Ann")
    # The player is a record in PostgreSQL, so her token works on either process.
    assert (
        httpx.get(f"{second.url}/api/players/me", headers={"Authorization": f"Bearer {ann.token}"}).json()[
            "nickname"
        ]
        == ann.player["nickname"]
    )
    bob = Client(second.url, "Bob")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 3}})
    table_id = ann.table_until(lambda t: True)["id"]
    bob.send({"type": "watch_lobby"})
    bob.lobby_until(lambda tables: table_id in tables)
    bob.send({"type": "join", "table": table_id})
    ann.table_until(lambda t: len(t["seats"]) == 2)  # Ann, on the other process, sees Bob arrive
    ann.send({"type": "add_bot", "table": table_id, "level": "easy"})
    ann.send({"type": "start", "table": table_id})
    rng = random.Random(3)
    for turn in range(19):
        for client in (ann, bob):
            view = client.table_until(
                lambda t, n=turn: (
                    t["game"] is not None
                    and t["game"]["turn"] == n
                    and not t["game"]["seats"][t["you"]]["confirmed"]
                ),
                timeout=20,
            )
            free = [
                i for i, e in enumerate(view["game"]["seats"][view["you"]]["land"].split(), 1) if e == "."
            ]
            client.send({"type": "place", "table": table_id, "field": rng.choice(free)})
            client.send({"type": "confirm", "table": table_id})
    end = bob.table_until(lambda t: t["status"] == "finished", timeout=20)
    assert all(seat["land"].count(".") == 0 for seat in end["game"]["seats"])
    for _ in range(100):
        games = httpx.get(f"{first.url}/api/games", params={"table": table_id}).json()["games"]
        if games:
            break
        time.sleep(0.1)
    assert len(games) == 1  # recorded exactly once, though both processes saw the end
    assert games[0]["result"]["scores"] == [seat["score"] for seat in end["game"]["seats"]]
    assert [p["bot"] for p in games[0]["players"]] == [None, None, "easy"]


def _fresh_postgres_database(postgres_url: str) -> str:
    import psycopg

    name = f"fresh_{secrets.token_hex(4)}"
    admin = postgres_url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return postgres_url.rsplit("/", 1)[0] + f"/{name}"


@pytest.mark.parametrize("database", ["postgresql", "sqlite"])
def test_processes_starting_together_on_a_fresh_database_migrate_once(
    database, server_factory, redis_url, postgres_url, tmp_path
):
    """Several processes (workers, hosts) starting at once on an empty database: one migrates, the
    others wait for it, and every one of them serves (before, most died on a duplicate table)."""
    url = (
        _fresh_postgres_database(postgres_url)
        if database == "postgresql"
        else f"sqlite:///{tmp_path / 'new.db'}"
    )
    env = {"SPIELTISCH_REDIS_URL": redis_url, "SPIELTISCH_DATABASE_URL": url}
    with ThreadPoolExecutor(3) as pool:
        servers = list(pool.map(lambda _: server_factory(env), range(3)))
    for n, server in enumerate(servers):  # (names are unique: one each)
        assert httpx.post(f"{server.url}/api/players", json={"nickname": f"Ann {n}"}).is_success
        assert "Traceback" not in server.log.read_text()


def test_players_of_a_process_that_died_are_away_at_once(server_factory, redis_url, postgres_url):
    """A process killed with its players' sockets open cannot say they left. The others find it gone
    (its lease ran out) and count its players away: its open table leaves the lobby (nobody there to
    play with), and whoever opens it sees the host away, not present forever."""
    env = {"SPIELTISCH_REDIS_URL": redis_url, "SPIELTISCH_DATABASE_URL": postgres_url}
    first, second = server_factory(env), server_factory(env)
    ann, bob = Client(first.url, "Ann"), Client(second.url, "Bob")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 3}})
    table_id = ann.table_until(lambda t: True)["id"]
    bob.send({"type": "watch_lobby"})
    bob.lobby_until(lambda tables: table_id in tables)
    assert first.process is not None
    first.process.kill()
    first.process.wait()
    bob.lobby_until(lambda tables: table_id not in tables, timeout=20)
    bob.send({"type": "open_table", "table": table_id})
    seats = bob.table_until(lambda t: t["id"] == table_id)["seats"]
    assert [(seat["nickname"], seat["connected"]) for seat in seats] == [(ann.player["nickname"], False)]


def test_a_player_with_pages_on_two_processes_stays_present_when_one_closes(
    server_factory, redis_url, postgres_url
):
    """Without a proxy that routes by table, one player's two tabs may reach two processes. Closing
    one of them must not count him away while the other still shows the table, nor pass on the open
    table he hosts to the one who is there."""
    env = {"SPIELTISCH_REDIS_URL": redis_url, "SPIELTISCH_DATABASE_URL": postgres_url}
    first, second = server_factory(env), server_factory(env)
    ann = Client(first.url, "Ann")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 3}})
    table_id = ann.table_until(lambda t: True)["id"]
    other_tab = Client(second.url, token=ann.token)
    other_tab.send({"type": "open_table", "table": table_id})
    other_tab.table_until(lambda t: t["id"] == table_id)
    bob = Client(second.url, "Bob")
    bob.send({"type": "join", "table": table_id})
    bob.table_until(lambda t: len(t["seats"]) == 2)
    ann.close()  # her first tab goes; the one on the second process still shows the table
    time.sleep(1)
    bob.send({"type": "open_table", "table": table_id})
    view = bob.table_until(lambda t: t["id"] == table_id and t["seats"][0]["connected"], timeout=5)
    assert view["seats"][0]["nickname"] == ann.player["nickname"]
    assert view["host"] == ann.player["id"]
    other_tab.close()  # her last tab: now she is away
    bob.table_until(lambda t: not t["seats"][0]["connected"])


def test_a_player_of_a_process_that_died_is_away_where_another_runs_the_table(
    server_factory, redis_url, postgres_url
):
    """The process that died did not run the table's clock: the one that does finds it gone (its
    heartbeats stopped, its lease ran out) and counts its players away."""
    env = {"SPIELTISCH_REDIS_URL": redis_url, "SPIELTISCH_DATABASE_URL": postgres_url}
    first, second = server_factory(env), server_factory(env)
    ann, bob = Client(first.url, "Ann"), Client(second.url, "Bob")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 3}})
    table_id = ann.table_until(lambda t: True)["id"]
    bob.send({"type": "join", "table": table_id})
    ann.table_until(lambda t: len(t["seats"]) == 2 and t["seats"][1]["connected"])
    assert second.process is not None
    second.process.kill()
    second.process.wait()
    seats = ann.table_until(lambda t: not t["seats"][1]["connected"], timeout=20)["seats"]
    assert [seat["connected"] for seat in seats] == [True, False]
