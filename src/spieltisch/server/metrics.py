"""What an operator's Prometheus reads at GET /metrics (the text format, by the prometheus-client
library): the live tables and connections, the moves and how long each took, the frames refused
(by error code: rate limits included), the sockets refused at the door, the store's and the
database's failures, and the computers' thinking time.

Several processes (`spieltisch serve --workers N`): `serve` points PROMETHEUS_MULTIPROC_DIR at an
empty folder before the workers start; each writes its figures there and whichever answers a scrape
adds them up (counters and histograms summed; connections summed over the live processes; live
tables — every process knows every table through Redis — the largest count). Without it (one
process, the tests) the figures live in this process.

Who may read it: clients on the loopback (a Prometheus on the same host), or anyone who sends
`Authorization: Bearer $SPIELTISCH_METRICS_TOKEN` when that is set.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections import Counter as Tally
from collections.abc import Awaitable, Callable, Iterable

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
#: Seconds between a process's updates of its gauges (and at every scrape).
GAUGE_SECONDS = 5.0

MOVES = Counter("spieltisch_moves", "Moves and table actions of players accepted", ["game"])
MOVE_SECONDS = Histogram(
    "spieltisch_move_seconds",
    "From a player's move read to its change stored (the table's lock, the rules, the store's write)",
    ["game"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
REFUSED_FRAMES = Counter(
    "spieltisch_refused_frames",
    "Messages answered with an error, by its code (rate_limited: over the budget)",
    ["code"],
)
REFUSED_SOCKETS = Counter(
    "spieltisch_refused_sockets", "WebSockets refused in their handshake (an address over its cap, or slowed)"
)
STORE_FAILURES = Counter(
    "spieltisch_store_failures", "Changes the live-table store could not make (Redis or disk away)"
)
DATABASE_OUTAGES = Counter(
    "spieltisch_database_outages", "HTTP requests answered 503: the database out of reach"
)
COMPUTER_SECONDS = Histogram(
    "spieltisch_computer_think_seconds",
    "Computer players' thinking for one table's due moves (in a thread)",
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
)
WEBSOCKETS = Gauge("spieltisch_websockets", "Open WebSockets (browser tabs)", multiprocess_mode="livesum")
PLAYERS = Gauge(
    "spieltisch_players_connected", "Players with at least one open tab", multiprocess_mode="livesum"
)
LIVE_TABLES = Gauge(
    "spieltisch_live_tables",
    "Live tables by game and status",
    ["game", "status"],
    multiprocess_mode="livemax",
)
CATALOG_LOAD_SECONDS = Gauge(
    "spieltisch_catalog_load_seconds",
    "How long the Speedgans catalog took to load (or build) at start",
    multiprocess_mode="livemax",
)

_seen_tables: set[tuple[str, str]] = set()


def update_gauges(connections: Iterable[str], tables: Iterable[tuple[str, str]]) -> None:
    """Set the gauges from the players of this process's open sockets and the live tables' (game,
    status) (the sockets' own count moves as they open and close: `WEBSOCKETS`,
    server/routes/socket.py)."""
    PLAYERS.set(len(set(connections)))
    counts = Tally(tables)
    for key in _seen_tables - set(counts):
        LIVE_TABLES.labels(*key).set(0)  # a kind of table that is gone now reads 0, not its last count
    for key, count in counts.items():
        LIVE_TABLES.labels(*key).set(count)
        _seen_tables.add(key)


async def keep_gauges(
    snapshot: Callable[[], Awaitable[tuple[Iterable[str], Iterable[tuple[str, str]]]]],
) -> None:
    """Update the gauges every few seconds, for the life of the process (a task of the services)."""
    while True:
        with contextlib.suppress(Exception):  # the store away for a moment: the next round then
            update_gauges(*await snapshot())
        await asyncio.sleep(GAUGE_SECONDS)


def exposition() -> tuple[bytes, str]:
    """The scrape's body and content type: every process's figures, or this one's."""
    if MULTIPROCESS:
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    from prometheus_client import REGISTRY

    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
