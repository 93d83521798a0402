"""Scale out by table (issue 37): a process holds only the tables its own connections follow (and
those whose clock it runs); of every other table it knows the brief, heard only when the table's
facts change, from which its lobby is kept. A table's clock runs in one process; another claims it
once that process's heartbeat has stopped.

Two stores on one Redis stand for two processes where a store's inside is looked at; real server
processes where a player would notice."""

from __future__ import annotations

import asyncio
import secrets
import time

import httpx
import pytest

from spieltisch.server.store import RedisTableStore
from spieltisch.server.tables import Table
from tests.aio import run as run_async
from tests.server.player_client import Client
from tests.server.test_redis_store import GAMES, a_turn, started_table, until

pytestmark = pytest.mark.services


def nobody_here(table: Table) -> Table:
    """A change of the table's facts (its lobby line): Ann closes her page, or opens it again."""
    table = table.copy()
    table.seats[0].connected = not table.seats[0].connected
    table.version += 1
    return table


def test_a_process_holds_no_table_none_of_its_connections_follows(redis_url):
    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        first, second = RedisTableStore(redis_url, GAMES, prefix), RedisTableStore(redis_url, GAMES, prefix)
        await first.start()
        await second.start()
        decoded: list[str] = []
        briefed: list[str] = []
        hear, hear_brief = second._hear, second._hear_brief

        async def counted(message: str) -> None:  # every announcement with a snapshot that arrives
            decoded.append(message.split(" ", 1)[0])
            await hear(message)

        async def counted_brief(line: str) -> None:  # every brief line that arrives
            briefed.append(line.split(" ", 1)[0])
            await hear_brief(line)

        second._hear = counted  # type: ignore[method-assign]
        second._hear_brief = counted_brief  # type: ignore[method-assign]
        try:
            table = started_table()
            await first.create(table)
            first.watch(table.id, True)  # (its creator's page: the clock stays where he is)
            # The second process knows the new table's brief (version, when due, its lobby line) ...
            await until(lambda: second.briefs().get(table.id, None) is not None)
            brief = second.briefs()[table.id]
            assert brief.version == table.version and brief.facts.summary == table.summary()
            assert briefed == [table.id]
            # ... hears nothing of moves (they change no lobby line): neither a brief nor a snapshot,
            # and holds no replica ...
            for _ in range(3):
                changed = await first.update(table.id, a_turn)
            facts = await first.update(table.id, nobody_here)  # (one that does, heard after them)
            await until(lambda: second.briefs()[table.id].version == facts.version)
            assert briefed == [table.id, table.id] and decoded == []
            assert table.id not in second._tables
            assert second.briefs()[table.id].facts.anyone_here == facts.anyone_here
            # ... nor runs its clock: the first does, which created it.
            assert first.runs_clock(table.id) and not second.runs_clock(table.id)

            # Once a connection of the second follows it, the second holds it and hears each change.
            second.watch(table.id, True)
            assert (await second.get(table.id)).version == facts.version
            await until(lambda: table.id in second._confirmed)
            changed = await first.update(table.id, a_turn)
            await until(lambda: second._tables[table.id].version == changed.version)
            assert second.briefs()[table.id].version == changed.version  # (what it holds: exact)
            # Followed no more: the next change made elsewhere drops it, unread.
            second.watch(table.id, False)
            assert table.id not in second._tables
            changed = await first.update(table.id, a_turn)
            await asyncio.sleep(0.2)
            assert table.id not in second._tables
            # The process that made a change holds the table (the newest version is there) until
            # another changes it; the clock stays with the first, which hears the change.
            moved = await second.update(table.id, a_turn)
            assert second._tables[table.id].version == moved.version
            await until(lambda: first._tables[table.id].version == moved.version)
            assert first.runs_clock(table.id) and not second.runs_clock(table.id)
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
    its heartbeat stops, the second claims the table, and the computer moves."""
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
    ann.table_until(lambda t: len(t["seats"]) == 2)  # (the computer's seat is then the third)
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


def test_the_clock_of_a_process_whose_heartbeat_stopped_is_taken_over(redis_url):
    """A process runs the clocks of the tables it created while its heartbeat goes on; once it
    stops (the process is gone, its lease runs out), another claims them and its scheduler is told
    to run them — one process of the two that try, never both."""

    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        stores = [RedisTableStore(redis_url, GAMES, prefix) for _ in range(3)]
        for store in stores:
            await store.start()
        first, others = stores[0], stores[1:]
        told: list[tuple[int, str, bool]] = []
        for index, store in enumerate(others):

            async def heard(table_id: str, brief: object, runs_clock: bool, index: int = index) -> None:
                told.append((index, table_id, runs_clock))

            store.listen_briefs(heard)
        try:
            tables = [started_table() for _ in range(4)]
            for table in tables:
                await first.create(table)
            # Alive: nobody else takes them, however long (here: a few times ORPHAN_S).
            await asyncio.sleep(3 * first.ORPHAN_S)
            assert all(first.runs_clock(t.id) for t in tables)
            assert not any(store.runs_clock(t.id) for store in others for t in tables)
            assert not any(runs for _, _, runs in told)

            await first.close()  # (its heartbeat ends with it; its lease runs out)
            await until(lambda: all(any(s.runs_clock(t.id) for s in others) for t in tables), 20.0)
            await asyncio.sleep(2 * first.HEARTBEAT_S)  # (a second claim would come by now)
            for table in tables:
                assert [s.runs_clock(table.id) for s in others].count(True) == 1
                owner = next(i for i, s in enumerate(others) if s.runs_clock(table.id))
                assert (owner, table.id, True) in told
                assert others[owner]._tables[table.id].version == table.version  # (it read the table)
                assert await others[0]._redis.hget(others[0]._key(table.id), "owner") == others[owner]._me
        finally:
            for store in others:
                await store.close()

    run_async(run())


def test_briefs_follow_every_change_of_facts_without_holding_the_tables(redis_url):
    """Many tables changed by one process: the other has a brief of each with its newest facts
    and none of the tables; a process started later reads every brief at its newest version."""

    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        first, second = RedisTableStore(redis_url, GAMES, prefix), RedisTableStore(redis_url, GAMES, prefix)
        await first.start()
        await second.start()
        try:
            tables = [started_table() for _ in range(20)]
            for table in tables:
                await first.create(table)
            await asyncio.gather(*(first.update(t.id, a_turn) for t in tables))
            newest = await asyncio.gather(*(first.update(t.id, nobody_here) for t in tables))
            await until(
                lambda: all(
                    second.briefs().get(t.id) is not None and second.briefs()[t.id].version == t.version
                    for t in newest
                )
            )
            assert all(second.briefs()[t.id].facts.anyone_here == t.anyone_here for t in newest)
            assert not second._tables
            moved = await asyncio.gather(*(first.update(t.id, a_turn) for t in tables))
            # A third process started now reads every brief from Redis.
            third = RedisTableStore(redis_url, GAMES, prefix)
            await third.start()
            try:
                assert {t.id: t.version for t in moved} == {i: b.version for i, b in third.briefs().items()}
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


def test_a_tables_clock_goes_where_its_players_are(redis_url):
    """Behind a proxy that routes by table every connection of a table reaches one process, which
    need not be the one that created it: the clock (and with it the replica) moves there, to the
    process whose connections follow the table once its owner's do not — never to two at once."""

    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        stores = [RedisTableStore(redis_url, GAMES, prefix) for _ in range(3)]
        for store in stores:
            await store.start()
        told: list[tuple[int, bool]] = []
        for index, store in enumerate(stores):

            async def heard(table_id: str, brief: object, runs_clock: bool, index: int = index) -> None:
                told.append((index, runs_clock))

            store.listen_briefs(heard)
        first, second, third = stores

        def clocks(table: Table) -> list[bool]:
            return [store.runs_clock(table.id) for store in stores]

        try:
            table = started_table()
            await first.create(table)
            first.watch(table.id, True)  # the creator's page
            second.watch(table.id, True)  # a player on the second: both follow, the owner keeps it
            await asyncio.sleep(0.5)
            assert clocks(table) == [True, False, False]
            told.clear()
            first.watch(table.id, False)  # the creator's page goes (to the process of the table)
            await until(lambda: clocks(table) == [False, True, False])
            await until(lambda: (1, True) in told and (0, False) in told)
            assert await first._redis.hget(first._key(table.id), "owner") == second._me
            # It moves on from its new owner; the first, which follows it no more, lets it go.
            moved = await second.update(table.id, a_turn)
            assert second._tables[table.id].version == moved.version
            await until(lambda: table.id not in first._tables)

            third.watch(table.id, True)  # the second still follows it: it stays
            await asyncio.sleep(0.5)
            assert clocks(table) == [False, True, False]
            second.watch(table.id, False)
            await until(lambda: clocks(table) == [False, False, True])
            third.watch(table.id, False)  # nobody follows it: its owner keeps it (a clock runs on)
            await asyncio.sleep(0.5)
            assert clocks(table) == [False, False, True]

            # A table created on a process none of its players follows goes to the first that does.
            other = started_table()
            await first.create(other)
            second.watch(other.id, True)
            await until(lambda: clocks(other) == [False, True, False])
            await second.delete(other.id)
            assert not await first._redis.exists(first._followers_key(other.id))
        finally:
            for store in stores:
                await store.close()

    run_async(run())
