"""How much one player or one address may ask of a process: token buckets, kept in memory per
process (several processes each allow as much; what matters is that no one can flood any of them).

Limits (per process): WebSocket messages per connection (a person sends a few a second; dragging
tiles in Speedgans sends a city per change), connections per player, new players per address, and
open tables per host (the lobby lists open tables: one player cannot push everyone else's out).
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
