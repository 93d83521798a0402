"""How fast a quick message reaches the others at its table (issue 35), over real WebSockets: a real
server (one process with SQLite), tables of four players each; every player says one phrase at a
random moment within a few seconds (within the rate: three at once), and each bubble's time from its
sending to its arrival at each of the three others is measured. A bubble is a change of the table
(its snapshot written before anyone is told), so this is also what a chatty table costs.

    python bench/quick_messages.py                  # 50 tables
    python bench/quick_messages.py --tables 200

Prints the median and the 95th percentile of the delivery time, and how many bubbles arrived.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

from tests.conftest import ServerProcess  # noqa: E402

PHRASES = ["well_played", "another", "close", "thanks"]


def new_players(url: str, count: int) -> list[dict]:
    """The players, made one after another before the clock starts (the API is not what is measured)."""
    with httpx.Client() as http:
        return [http.post(f"{url}/api/players", json={"nickname": f"B{n}"}).json() for n in range(count)]


async def player(url: str, made: dict) -> tuple[str, object]:
    ws = await connect(url.replace("http://", "ws://") + "/ws", max_size=2**22)
    await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
    while json.loads(await ws.recv())["type"] != "welcome":
        pass
    return made["id"], ws


async def until(ws, kind: str, where=lambda m: True) -> dict:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == kind and where(message):
            return message


async def table(seated: list[tuple[str, object]], spread: float, latencies: list[float]) -> None:
    host = seated[0][1]
    await host.send(json.dumps({"type": "create_table", "game": "planahead", "settings": {"seats": 4}}))
    table_id = (await until(host, "table"))["table"]["id"]
    for _, ws in seated[1:]:
        await ws.send(json.dumps({"type": "join", "table": table_id}))
        await until(ws, "table", lambda m: m["table"]["you"] is not None)
    sent: dict[str, float] = {}

    async def speak(player_id: str, ws) -> None:
        await asyncio.sleep(random.uniform(0, spread))
        sent[player_id] = time.perf_counter()
        await ws.send(json.dumps({"type": "say", "table": table_id, "phrase": random.choice(PHRASES)}))

    async def listen(ws) -> None:
        for _ in range(4):  # every bubble, one's own too
            said = await until(ws, "said")
            latencies.append(time.perf_counter() - sent[said["player"]])

    await asyncio.gather(*(speak(p, ws) for p, ws in seated), *(listen(ws) for _, ws in seated))
    for _, ws in seated:
        await ws.close()


async def run(url: str, tables: int, spread: float) -> list[float]:
    latencies: list[float] = []
    # Sockets opened one after another (an address's handshakes under way at once are capped).
    sockets = [await player(url, made) for made in new_players(url, tables * 4)]
    await asyncio.gather(*(table(sockets[n * 4 : n * 4 + 4], spread, latencies) for n in range(tables)))
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--spread", type=float, default=3.0, help="seconds over which the players speak")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp), {"PYTHONPATH": str(ROOT / "src")}).start()  # this tree's server
        try:
            latencies = asyncio.run(run(server.url, args.tables, args.spread))
        finally:
            server.stop()
    latencies.sort()
    p95 = latencies[int(len(latencies) * 0.95) - 1]
    print(
        f"{args.tables} tables × 4 players, one bubble each over {args.spread} s: {len(latencies)} arrivals, "
        f"median {statistics.median(latencies) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
