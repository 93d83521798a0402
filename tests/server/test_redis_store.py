"""The Redis store against a real Redis, two stores standing for two processes: each keeps a replica
of the tables it follows, a change reaches the other with its log and without a fetch, a replica that fell
behind is caught by the version and the change computed again on the newest table, and tables
written by the earlier layout (one JSON string each) are taken over."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator

import pytest

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.planahead import game as pa
from spieltisch.server.rules.planahead import PlanAheadRules
from spieltisch.server.store import RedisTableStore
from spieltisch.server.tables import AddBot, Join, Start, Table, apply, create_table, tick
from tests.aio import run as run_async

pytestmark = pytest.mark.services

GAMES = {"planahead": PlanAheadRules()}
T0 = 1_800_000_000.0


async def until(condition, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not within time")


class Heard:
    """A listener: what a store told, in order."""

    def __init__(self, store: RedisTableStore) -> None:
        self.told: list[tuple[str, int | None, bool]] = []
        store.listen(self)

    async def __call__(self, table_id: str, table: Table | None, here: bool) -> None:
        self.told.append((table_id, None if table is None else table.version, here))


@contextlib.asynccontextmanager
async def two_processes(redis_url: str) -> AsyncIterator[tuple[RedisTableStore, RedisTableStore, Table]]:
    """Two stores on one Redis (their own key prefix), and a started table the first one created,
    once the second one has it."""
    prefix = f"test-{secrets.token_hex(4)}"
    first, second = RedisTableStore(redis_url, GAMES, prefix), RedisTableStore(redis_url, GAMES, prefix)
    await first.start()
    await second.start()
    try:
        table = started_table()
        first.watch(table.id, True)  # (a connection of each follows the table)
        second.watch(table.id, True)
        await both_hear(first, table.id)
        await first.create(table)
        await until(lambda: table.id in second._tables)
        yield first, second, table
    finally:
        await first.close()
        await second.close()


async def both_hear(first: RedisTableStore, table_id: str) -> None:
    """Until both stores hear the table's channel (their subscriptions went out in the background)."""
    for _ in range(500):
        [(_, count)] = await first._redis.pubsub_numsub(first._channel(table_id))
        if count == 2:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("not subscribed within time")


def started_table() -> Table:
    table = create_table(GAMES["planahead"], "ann", "Ann", {"seats": 3}, T0, 1.0)
    table = apply(table, "ann", "Ann", AddBot("easy"), T0, 1.0)
    return apply(table, "ann", "Ann", Start(), T0, 1.0)


def place_and_confirm(table: Table) -> Table:
    field = table.state.seats[0].land.index(None) + 1
    table = apply(table, "ann", "Ann", pa.Place(field), T0 + 1, 1.0)
    return apply(table, "ann", "Ann", pa.Confirm(), T0 + 1, 1.0)


def a_turn(table: Table) -> Table:
    """Ann places and confirms, then the computer (who never keeps people waiting) places."""
    table = place_and_confirm(table)
    return tick(table, T0 + 2, 1.0) or table


def test_a_change_reaches_the_other_process_with_its_log(redis_url):
    async def run() -> None:
        prefix = f"test-{secrets.token_hex(4)}"
        first, second = RedisTableStore(redis_url, GAMES, prefix), RedisTableStore(redis_url, GAMES, prefix)
        await first.start()
        await second.start()
        heard = Heard(second)
        table = started_table()
        first.watch(table.id, True)
        second.watch(table.id, True)
        await both_hear(first, table.id)
        await first.create(table)
        changed = await first.update(table.id, place_and_confirm)
        assert changed is not None and len(changed.log) == 2
        await until(lambda: (table.id, changed.version, False) in heard.told)
        replica = await second.get(table.id)
        assert replica.version == changed.version and replica.log == changed.log
        assert replica.to_dict() == json.loads(json.dumps(changed.to_dict()))
        assert heard.told[0] == (table.id, table.version, False)  # first the new table, then the move
        # The other process changes it on its replica, the first one hears it the same way.
        with pytest.raises(RuleError):  # refused by the newest table: nothing changes anywhere
            await second.update(table.id, lambda t: apply(t, "bob", "Bob", Join(), T0 + 2, 1.0))
        assert (await second.get(table.id)).version == changed.version
        bot_moved = await second.update(table.id, lambda t: tick(t, T0 + 30, 1.0))
        assert bot_moved is not None and len(bot_moved.log) > len(changed.log)
        await until(lambda: first._tables[table.id].version == bot_moved.version)
        assert first._tables[table.id].log == bot_moved.log
        await first.close()
        await second.close()

    run_async(run())


def test_a_replica_that_fell_behind_is_caught_and_the_change_made_on_the_newest(redis_url):
    async def run() -> None:
        async with two_processes(redis_url) as (first, second, table):
            old = second._tables[table.id]
            newer = await first.update(table.id, place_and_confirm)
            second._tables[table.id] = old  # as if its announcement were still on the way
            seen: list[int] = []

            def rename(current: Table) -> Table:
                seen.append(current.version)
                copy = current.copy()
                copy.version += 1
                copy.seats[0].nickname = "Anna"
                return copy

            result = await second.update(table.id, rename)
            assert seen == [old.version, newer.version]  # computed again on the newest table
            assert result.version == newer.version + 1 and result.log == newer.log
            await until(lambda: first._tables[table.id].version == result.version)
            assert first._tables[table.id].seats[0].nickname == "Anna"

            # A refusal on a stale replica is checked against the newest table before it stands.
            second._tables[table.id] = old

            def refuse_the_old(current: Table) -> Table:
                if current.version == old.version:
                    raise RuleError(ErrorCode.ALREADY_CONFIRMED, "stale")
                return rename(current)

            assert (await second.update(table.id, refuse_the_old)).version == result.version + 1
            # A change that comes to nothing on a stale replica is looked at again, too.
            second._tables[table.id] = old
            assert await second.update(table.id, lambda t: None if t.version == old.version else rename(t))

    run_async(run())


def test_changes_made_at_once_in_one_process_go_one_after_the_other(redis_url):
    async def run() -> None:
        async with two_processes(redis_url) as (first, _, table):
            seen: list[int] = []

            def named(name: str):
                def change(current: Table) -> Table:
                    seen.append(current.version)
                    copy = current.copy()
                    copy.version += 1
                    copy.seats[0].nickname += name
                    return copy

                return change

            await asyncio.gather(*(first.update(table.id, named(name)) for name in "xyz"))
            # Each computed once, on the table the one before wrote (none lost to the others).
            assert seen == [table.version, table.version + 1, table.version + 2]
            assert first._tables[table.id].seats[0].nickname == "Annxyz"

    run_async(run())


def test_a_replica_of_the_game_before_is_fetched_with_the_new_games_whole_log(redis_url):
    async def run() -> None:
        async with two_processes(redis_url) as (first, second, table):
            played = await first.update(table.id, a_turn)
            await until(lambda: second._tables[table.id].version == played.version)
            old = second._tables[table.id]

            def new_game(current: Table) -> Table:  # a Revanche: a new game, its log starts afresh
                copy = a_turn(a_turn(started_table()))
                copy.id, copy.version, copy.game_id = current.id, current.version + 1, "revanche"
                return copy

            revanche = await first.update(table.id, new_game)
            assert len(revanche.log) > len(old.log)  # (longer than the old one: length tells nothing)
            await until(lambda: second._tables[table.id].version == revanche.version)
            second._tables[table.id] = old  # as if its announcement were still on the way

            def rename(current: Table) -> Table:
                copy = current.copy()
                copy.version += 1
                copy.seats[0].nickname = "Anna"
                return copy

            result = await second.update(table.id, rename)
            assert result.game_id == "revanche" and result.log == revanche.log

    run_async(run())


def test_a_process_that_missed_part_of_a_log_fetches_it(redis_url):
    async def run() -> None:
        async with two_processes(redis_url) as (first, second, table):
            second._tables[table.id] = table.copy()
            second._tables[table.id].log = ()  # as if it had missed the first announcements (and log)
            second._tables[table.id].version -= 1
            changed = await first.update(table.id, a_turn)
            changed = await first.update(table.id, a_turn)
            await until(lambda: second._tables[table.id].version == changed.version)
            assert second._tables[table.id].log == changed.log

    run_async(run())


def test_tables_of_the_earlier_layout_are_taken_over(redis_url):
    import redis

    async def run(prefix: str, table: Table) -> None:
        store = RedisTableStore(redis_url, GAMES, prefix)
        await store.start()
        found = await store.get(table.id)
        assert found is not None and found.log == table.log and found.version == table.version
        changed = await store.update(table.id, a_turn)
        assert changed.log[: len(table.log)] == table.log and len(changed.log) > len(table.log)
        await store.close()
        again = RedisTableStore(redis_url, GAMES, prefix)  # a later start reads the new layout
        await again.start()
        assert (await again.get(table.id)).log == changed.log
        await again.close()

    prefix = f"test-{secrets.token_hex(4)}"
    table = a_turn(started_table())
    client = redis.Redis.from_url(redis_url)
    client.set(f"{prefix}:table:{table.id}", json.dumps(table.to_dict()))  # with its log inside
    client.sadd(f"{prefix}:tables", table.id)
    run_async(run(prefix, table))
