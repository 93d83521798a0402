"""Scale out by table (issue 37): a process holds only the tables its own connections follow (and
those whose clock it runs); of every other table it knows the brief, from which its lobby is kept
and from which it steps in for a process that died.

Two stores on one Redis stand for two processes where a store's inside is looked at; real server
processes where a player would notice."""

from __future__ import annotations

import asyncio
import secrets
import time

import httpx
import pytest

from spieltisch.server.store import RedisTableStore
from tests.aio import run as run_async
from tests.server.player_client import Client
from tests.server.test_redis_store import GAMES, a_turn, started_table, until

pytestmark = pytest.mark.services


def test_a_process_holds_no_table_none_of_its_connections_follows(redis_url):
    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        first, second = RedisTableStore(redis_url, GAMES, prefix), RedisTableStore(redis_url, GAMES, prefix)
        await first.start()
        await second.start()
        decoded: list[str] = []
        hear = second._hear

        async def counted(message: str) -> None:  # every announcement with a snapshot that arrives
            decoded.append(message.split(" ", 1)[0])
            await hear(message)

        second._hear = counted  # type: ignore[method-assign]
        try:
            table = started_table()
            await first.create(table)
            for _ in range(3):
                changed = await first.update(table.id, a_turn)
            # The second process knows the table's brief (version, when due, its lobby line) ...
            await until(lambda: second.briefs().get(table.id, None) is not None)
            await until(lambda: second.briefs()[table.id].version == changed.version)
            brief = second.briefs()[table.id]
            assert brief.due == changed.next_due() and brief.facts.summary == changed.summary()
            # ... and neither holds the table nor hears its snapshots.
            assert table.id not in second._tables and decoded == []

            # Once a connection of the second follows it, the second holds it and hears each change.
            second.watch(table.id, True)
            assert (await second.get(table.id)).version == changed.version
            changed = await first.update(table.id, a_turn)
            await until(lambda: second._tables[table.id].version == changed.version)
            # Followed no more: the next change made elsewhere drops it, unread.
            second.watch(table.id, False)
            assert table.id not in second._tables
            changed = await first.update(table.id, a_turn)
            await until(lambda: second.briefs()[table.id].version == changed.version)
            assert table.id not in second._tables
            # The process that made a change holds the table (it runs its clock) until another does.
            moved = await second.update(table.id, a_turn)
            assert second._tables[table.id].version == moved.version
            await until(lambda: table.id not in first._tables)
            assert first.briefs()[table.id].version == moved.version
            # A deletion reaches every brief.
            await second.delete(table.id)
            await until(lambda: table.id not in first.briefs())
        finally:
            await first.close()
            await second.close()

    run_async(run())


def test_the_lobby_of_one_process_shows_a_table_created_and_changed_on_another(
    server_factory, redis_url, postgres_url
):
    env = {"SPIELTISCH_REDIS_URL": redis_url, "SPIELTISCH_DATABASE_URL": postgres_url}
    first, second = server_factory(env), server_factory(env)
    ann, carl = Client(first.url, "Ann"), Client(first.url, "Carl")
    bob = Client(second.url, "Bob")
    bob.send({"type": "watch_lobby"})
    bob.lobby_until(lambda tables: True)
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 3}})
    table_id = ann.table_until(lambda t: True)["id"]
    line = bob.lobby_until(lambda tables: table_id in tables)[table_id]
    assert line["status"] == "open" and line["players"] == [ann.player["nickname"]]
    carl.send({"type": "join", "table": table_id})
    line = bob.lobby_until(lambda tables: tables.get(table_id, {}).get("taken") == 2)[table_id]
    assert line["players"] == [ann.player["nickname"], carl.player["nickname"]]
    ann.send({"type": "start", "table": table_id})
    bob.lobby_until(lambda tables: tables.get(table_id, {}).get("status") == "playing")
    # The HTTP list of the second process, from its briefs, says the same.
    listed = httpx.get(f"{second.url}/api/tables").json()["tables"]
    assert [t["status"] for t in listed if t["id"] == table_id] == ["playing"]
    # Ann's way back to her table, offered by the second process.
    ann_there = Client(second.url, token=ann.token)
    ann_there.send({"type": "watch_lobby"})
    own = ann_there.next_of("your_tables", 10)["tables"]
    assert [t["id"] for t in own] == [table_id]


def test_a_table_whose_process_was_killed_moves_on_from_another(server_factory, redis_url, postgres_url):
    """Every person of the table is on the first process (as a proxy that routes by table places
    them); the second follows nothing of it. The first is killed (-9) while the computer thinks:
    the second steps in from the table's brief, and the computer moves."""
    env = {
        "SPIELTISCH_REDIS_URL": redis_url,
        "SPIELTISCH_DATABASE_URL": postgres_url,
        # The computer thinks 2.5 s at least ("relaxed"): time enough to kill the first process.
        "SPIELTISCH_BOT_PACING": "1.0",
    }
    first, second = server_factory(env), server_factory(env)
    ann, dan = Client(first.url, "Ann"), Client(first.url, "Dan")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 3, "bot_pace": "relaxed"}})
    table_id = ann.table_until(lambda t: True)["id"]
    dan.send({"type": "join", "table": table_id})
    ann.send({"type": "add_bot", "table": table_id, "level": "easy"})
    ann.table_until(lambda t: len(t["seats"]) == 3)
    ann.send({"type": "start", "table": table_id})
    view = ann.table_until(lambda t: t["status"] == "playing" and t["game"] is not None)
    first.process.kill()
    first.process.wait()
    killed = time.monotonic()
    assert view["game"]["turn"] == 0 and not view["game"]["seats"][2]["confirmed"]

    def computer_moved() -> bool:
        found = httpx.get(f"{second.url}/api/tables/{table_id}", timeout=5).json()
        return bool(found["game"]["seats"][2]["confirmed"])

    while not computer_moved():
        assert time.monotonic() - killed < 20, "the computer never moved after the kill"
        time.sleep(0.2)
    first.start()  # (the fixture stops what it started)


def test_briefs_follow_every_change_without_holding_the_tables(redis_url):
    """Many tables changed by one process: the other has a brief of each at its newest version
    and none of the tables."""

    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        first, second = RedisTableStore(redis_url, GAMES, prefix), RedisTableStore(redis_url, GAMES, prefix)
        await first.start()
        await second.start()
        try:
            tables = [started_table() for _ in range(20)]
            for table in tables:
                await first.create(table)
            newest = await asyncio.gather(*(first.update(t.id, a_turn) for t in tables))
            await until(
                lambda: all(
                    second.briefs().get(t.id) is not None and second.briefs()[t.id].version == t.version
                    for t in newest
                )
            )
            assert not second._tables
            # A third process started now reads every brief from Redis.
            third = RedisTableStore(redis_url, GAMES, prefix)
            await third.start()
            try:
                assert {t.id: t.version for t in newest} == {i: b.version for i, b in third.briefs().items()}
                assert not third._tables
            finally:
                await third.close()
        finally:
            await first.close()
            await second.close()

    run_async(run())


def test_fresh_accounts_of_one_address_cannot_fill_the_lobby_by_spreading_over_processes(
    server_factory, redis_url, postgres_url
):
    """The attack: fresh accounts of one address host open tables on both processes in turn, so
    that neither process holds the other's tables. The limit counts the address's tables from the
    briefs of every table: the fourth and later are refused wherever they are asked for."""
    env = {
        "SPIELTISCH_REDIS_URL": redis_url,
        "SPIELTISCH_DATABASE_URL": postgres_url,
        "SPIELTISCH_SECRET": "a secret both processes share",
        "SPIELTISCH_ADDRESS_OPEN_TABLES": "3",
    }
    servers = [server_factory(env), server_factory(env)]
    answers = []
    for n in range(8):
        host = Client(servers[n % 2].url, f"Fresh{n}", address="198.51.100.23")
        host.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
        answer = host.next_of(("table", "error"))
        answers.append(answer["type"] if answer["type"] == "table" else answer["code"])
    assert answers == ["table"] * 3 + ["too_many_tables"] * 5
    for server in servers:  # neither lobby lists more than the address's three
        assert len(httpx.get(f"{server.url}/api/tables").json()["tables"]) <= 3
