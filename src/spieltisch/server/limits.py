"""How much one player or one address may ask of a process: token buckets, kept in memory per
process (several processes each allow as much; what matters is that no one can flood any of them).

Limits (per process): WebSocket messages per connection (a person sends a few a second; dragging
tiles in Speedgans sends a city per change), connections per player, new players per address, and
open tables per host (the lobby lists open tables: one player cannot push everyone else's out);
new tables and runs per player and per address, running solo runs per player and the lobby's lines
per address (server/creation.py and server/lobby.py apply them).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field

#: A connection's messages: ServerConfig.message_rate (20) a second on average, bursts of this many
#: seconds' worth.
MESSAGE_BURST_SECONDS = 3.0
#: Browser tabs one player may have connected at once.
CONNECTIONS_PER_PLAYER = 8
#: New players from one address: 1 a minute on average, bursts of 100 (a school's shared address).
PLAYERS_PER_SECOND, PLAYER_BURST = 1 / 60, 100.0
#: Open (not yet started) tables one player may host at once.
OPEN_TABLES_PER_HOST = 3
#: How many addresses the new-player buckets remember (the oldest go first).
ADDRESSES_KEPT = 10_000


@dataclass
class Bucket:
    rate: float
    burst: float
    tokens: float = field(init=False)
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst  # a new bucket is full

    def take(self, now: float | None = None) -> bool:
        """Take one token if there is one (refilled at `rate` a second up to `burst`)."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class AddressBuckets:
    """One bucket per address, the least recently used forgotten first (memory stays bounded)."""

    def __init__(self, rate: float, burst: float, kept: int = ADDRESSES_KEPT) -> None:
        self.rate, self.burst, self.kept = rate, burst, kept
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, address: str) -> bool:
        bucket = self._buckets.pop(address, None) or Bucket(self.rate, self.burst)
        self._buckets[address] = bucket
        while len(self._buckets) > self.kept:
            self._buckets.popitem(last=False)
        return bucket.take()


# Tables and solo runs a client creates (the lobby under spam) ---------------------------------------
#: New tables and runs (create_table, start_puzzle, a rematch) per player: bursts of 10, then one every
#: 6 s. A person who starts a run, gives up and starts again does so a few times a minute at most.
CREATIONS_PER_SECOND, CREATION_BURST = 1 / 6, 10.0
#: The same per address, for all its players together (ServerConfig.creation_burst: 60): a class
#: behind one school address starting their Rätsel at once; 98 accounts cannot create at 98 times
#: one player's pace.
ADDRESS_CREATIONS_PER_SECOND = 1.0
#: Solo runs (a kind that `starts_alone`: Rekordjagd, Tagesstadt, Übung, a Rätsel attempt) one
#: player holds running at once; a new one ends the oldest, as if given up. A person plays one, or
#: a few in tabs side by side.
SOLO_RUNS_PER_PLAYER = 4
#: A finished solo run nobody is at is forgotten this many seconds after its end, or after its
#: player left its page if later (a reload, a phone that slept through the end come back within
#: them; its results are in the records, its replay at /replay/<game id>) — at once if the server
#: ended it for the limit while he was away.
SOLO_LINGER_SECONDS = 600.0
#: Of a player's finished solo runs nobody is at, a new run keeps the newest this many (the older
#: are forgotten then): one who starts and gives up again and again leaves no trail in memory.
FINISHED_RUNS_KEPT = 2
#: The lobby lists at most this many tables of hosts without a finished game from one address
#: (the address that created them), and of one such host: 98 new accounts from one address show as
#: two lines, not a hundred. Hosts who have played are listed first and not counted.
LOBBY_LINES_PER_ORIGIN = 2
#: An address whose hosts without a finished game have more tables than this (a school's class has
#: a few) floods: all floods together get at most a quarter of the lobby's lines, none while nobody
#: else has a table there.
LOBBY_FLOOD_TABLES = 5
