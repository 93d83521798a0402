"""What a process pays for the changes of tables another process makes (issue 37), in CPU seconds,
measured apart from the machine's other load: a writer process plays Plan Ahead turns at many
tables through Redis, and a listener process — a real RedisTableStore — either follows every one
of those tables (as every process did before issue 37, and as a process does whose players sit at
them) or none (a table routed to another process: it keeps the table's brief only).

    python bench/replication.py                 # 200 tables, 15 turns each
    python bench/replication.py --tables 600

Prints the listener's CPU per change heard, for each way, and the writer's CPU per change.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import secrets
import socket
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

from tests.server.test_redis_store import GAMES, a_turn, started_table  # noqa: E402
from tests.services import RedisServer  # noqa: E402

from spieltisch.server.store import RedisTableStore  # noqa: E402


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listener(url: str, prefix: str, follow: list[str], pipe: Connection) -> None:
    async def main() -> None:
        store = RedisTableStore(url, GAMES, prefix)
        await store.start()
        for table_id in follow:
            store.watch(table_id, True)
            await store.get(table_id)
        pipe.send(("ready", len(store._tables)))
        await asyncio.to_thread(pipe.recv)  # go
        started = time.process_time()
        await asyncio.to_thread(pipe.recv)  # stop
        spent = time.process_time() - started
        pipe.send((spent, len(store._tables), max((b.version for b in store.briefs().values()), default=0)))
        await store.close()

    asyncio.run(main())


def measure(url: str, tables: int, turns: int, follow: bool) -> tuple[float, float, int, int]:
    prefix = f"bench-{secrets.token_hex(4)}"
    parent, child = multiprocessing.Pipe()

    async def run() -> tuple[float, float, int, int]:
        store = RedisTableStore(url, GAMES, prefix)
        await store.start()
        made = [started_table() for _ in range(tables)]
        for table in made:
            await store.create(table)
        process = multiprocessing.get_context("spawn").Process(
            target=listener, args=(url, prefix, [t.id for t in made] if follow else [], child)
        )
        process.start()
        _, held = await asyncio.to_thread(parent.recv)
        parent.send("go")
        changes = 0
        started = time.process_time()
        for _ in range(turns):
            for table in made:
                if await store.update(table.id, a_turn) is not None:
                    changes += 1
        writer = time.process_time() - started
        await asyncio.sleep(2.0)  # the listener hears the last changes
        parent.send("stop")
        spent, held_after, _ = await asyncio.to_thread(parent.recv)
        process.join()
        await store.close()
        return spent, writer, changes, held_after

    return asyncio.run(run())


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--turns", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="spieltisch-replication-") as folder:
        redis = RedisServer(Path(folder), free_port()).start()
        try:
            print(f"{args.tables} Plan Ahead tables, {args.turns} turns each, changed by one process\n")
            print(
                f"{'listener':<28} {'changes':>8} {'held':>5} {'listener µs/change':>19} {'writer µs/change':>17}"
            )
            for follow, label in ((True, "follows every table"), (False, "follows none (briefs)")):
                spent, writer, changes, held = measure(redis.url, args.tables, args.turns, follow)
                print(
                    f"{label:<28} {changes:>8} {held:>5} {spent / changes * 1e6:>19.0f} "
                    f"{writer / changes * 1e6:>17.0f}",
                    flush=True,
                )
        finally:
            redis.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
