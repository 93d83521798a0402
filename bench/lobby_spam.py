"""Floods of tables and solo runs, measured from outside with the server's default limits.

    .venv/bin/python bench/lobby_spam.py                    # this working tree
    .venv/bin/python bench/lobby_spam.py --before 35dc7d0   # and a git revision, side by side

Two attacks, each on a fresh server (its own uvicorn and SQLite file; the Speedgans catalog of
./var), every client on 127.0.0.1 naming its address in X-Forwarded-For (uvicorn trusts it from there):

- lobby: a regular (he has finished a Plan Ahead game) and a newcomer each host a table, each from
  an address of his own; then 98 fresh accounts of one address try three sockets each (the sockets
  the server refuses in their handshake are counted), and send a `create_table` on each socket they
  got, as fast as they go. Printed: the lobby's lines (GET /api/tables), how many are spam, and
  whether the two honest tables are listed.
- solo: one player over 8 sockets sends `create_table` for an Übung as fast as the message limit
  lets each socket (19 a second) for `--seconds`. Printed: the solo runs still running and the
  live-table rows (the database mirrors what the process holds), and how much the server's
  resident memory grew.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from revisions import revision_tree, serve_tree

ROOT = Path(__file__).resolve().parent.parent
SPAM = "198.51.100.7"


@contextmanager
def serve(tree: Path, database: Path) -> Iterator[tuple[str, int]]:
    """The tree's server with its default limits on a free port: its URL and process id."""
    (database.parent / "data").mkdir()
    for catalog in (ROOT / "var" / "catalog", ROOT / ".cache" / "test-data" / "catalog"):
        if catalog.exists():  # built already (serve.sh, or the tests): not built again
            (database.parent / "data" / "catalog").symlink_to(catalog)
            break
    env = {
        "SPIELTISCH_DATABASE_URL": f"sqlite:///{database}",
        "SPIELTISCH_DATA_DIR": str(database.parent / "data"),
    }
    with serve_tree(tree, env, "--ws-max-size", "65536") as served:
        yield served


def new_player(url: str, name: str, address: str) -> dict:
    response = httpx.post(f"{url}/api/players", json={"nickname": name}, headers={"X-Forwarded-For": address})
    response.raise_for_status()
    return response.json()


async def socket_of(url: str, token: str, address: str):
    ws = await connect(
        url.replace("http://", "ws://") + f"/ws?token={token}",
        additional_headers={"X-Forwarded-For": address},
        max_size=2**22,
    )
    await ws.recv()  # welcome
    return ws


async def next_table(ws, where=lambda t: True, timeout: float = 20.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        if message["type"] == "table" and where(message["table"]):
            return message["table"]


async def host_table(ws) -> str:
    await ws.send(json.dumps({"type": "create_table", "game": "planahead", "settings": {"seats": 4}}))
    return (await next_table(ws, lambda t: t["kind"] == "planahead" and t["status"] == "open"))["id"]


async def play_alone(ws) -> None:
    """A Plan Ahead game of one seat, to its end and into the records."""
    await ws.send(json.dumps({"type": "create_table", "game": "planahead", "settings": {"seats": 1}}))
    table = (await next_table(ws, lambda t: t["status"] == "open"))["id"]
    await ws.send(json.dumps({"type": "start", "table": table}))
    for turn in range(19):
        await ws.send(json.dumps({"type": "place", "table": table, "field": turn + 1}))
        await ws.send(json.dumps({"type": "confirm", "table": table}))
        await next_table(
            ws, lambda t, n=turn: t["game"] and (t["game"]["turn"] == n + 1 or t["status"] == "finished")
        )
    await next_table(ws, lambda t: t["status"] == "finished" and "strongest" in (t["game"] or {}))
    await asyncio.sleep(1.0)  # recorded


async def drain(ws) -> None:
    try:
        async for _ in ws:
            pass
    except Exception:
        pass


async def lobby_attack(url: str) -> dict:
    regular = new_player(url, "Stammgast", "203.0.113.1")
    newcomer = new_player(url, "Neuling", "203.0.113.2")
    ws = await socket_of(url, regular["token"], "203.0.113.1")
    await play_alone(ws)
    honest = {await host_table(ws)}
    ws2 = await socket_of(url, newcomer["token"], "203.0.113.2")
    honest.add(await host_table(ws2))
    spammers = [new_player(url, f"Spam {n}", SPAM) for n in range(98)]
    # A socket per table (a tab each): every table has its host at it, as the lobby lists them. A
    # server that caps an address's sockets refuses the rest in their handshake (counted).
    sockets, refused = [], 0
    for player in spammers:
        for _ in range(3):
            try:
                sockets.append(await socket_of(url, player["token"], SPAM))
            except InvalidStatus:
                refused += 1
    drains = [asyncio.create_task(drain(s)) for s in sockets]
    started = time.monotonic()
    for s in sockets:
        await s.send(json.dumps({"type": "create_table", "game": "planahead", "settings": {"seats": 6}}))
    sent = time.monotonic() - started
    await asyncio.sleep(3.0)  # every creation answered, the lobby's half-second gathering done
    lines = httpx.get(f"{url}/api/tables").json()["tables"]
    spam = sum(line["host"].startswith("Spam") for line in lines)
    for s in [ws, ws2, *sockets]:
        await s.close()
    for task in drains:
        task.cancel()
    listed = {line["id"] for line in lines}
    return {
        "sent_s": round(sent, 1),
        "refused_sockets": refused,
        "lines": len(lines),
        "spam": spam,
        "honest_listed": f"{len(honest & listed)}/{len(honest)}",
    }


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def live_rows(database: Path) -> tuple[int, int]:
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT game, status FROM live_tables").fetchall()
    return len(rows), sum(game == "speedgans_solo" and status == "playing" for game, status in rows)


async def solo_attack(url: str, pid: int, database: Path, seconds: float) -> dict:
    eve = new_player(url, "Eve", SPAM)
    sockets = [await socket_of(url, eve["token"], SPAM) for _ in range(8)]
    drains = [asyncio.create_task(drain(s)) for s in sockets]
    await asyncio.sleep(1.0)
    before = rss_kb(pid)
    message = json.dumps({"type": "create_table", "game": "speedgans_solo", "settings": {"mode": "practice"}})

    async def flood(ws) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            await ws.send(message)
            await asyncio.sleep(1 / 19)

    await asyncio.gather(*(flood(s) for s in sockets))
    await asyncio.sleep(1.0)
    rows, running = live_rows(database)
    grown = rss_kb(pid) - before
    for s in sockets:
        await s.close()
    for task in drains:
        task.cancel()
    return {"running_solo_runs": running, "live_table_rows": rows, "rss_growth_mb": round(grown / 1024, 1)}


def measure(tree: Path, seconds: float) -> dict:
    results: dict = {}
    with tempfile.TemporaryDirectory() as tmp, serve(tree, Path(tmp) / "lobby.sqlite3") as (url, _):
        results["lobby"] = asyncio.run(lobby_attack(url))
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "solo.sqlite3"
        with serve(tree, database) as (url, pid):
            results["solo"] = asyncio.run(solo_attack(url, pid, database, seconds))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="a git revision to measure as well")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the solo flood lasts")
    args = parser.parse_args()
    rows: dict[str, dict] = {}
    if args.before:
        with revision_tree(args.before) as tree:
            rows[args.before] = measure(tree, args.seconds)
    rows["this tree"] = measure(ROOT, args.seconds)
    print(
        f"{'':12} {'sockets refused':>15} {'lobby lines':>11} {'spam':>5} {'honest listed':>13} | "
        f"{'solo running':>12} {'live rows':>9} {'RSS +MB':>8}"
    )
    for name, row in rows.items():
        lobby, solo = row["lobby"], row["solo"]
        print(
            f"{name:12} {lobby['refused_sockets']:>15} {lobby['lines']:>11} {lobby['spam']:>5} {lobby['honest_listed']:>13} | "
            f"{solo['running_solo_runs']:>12} {solo['live_table_rows']:>9} {solo['rss_growth_mb']:>8}"
        )


if __name__ == "__main__":
    main()
