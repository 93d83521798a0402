"""How much one player or one address may ask of a process: token buckets, kept in memory per
process (several processes each allow as much; what matters is that no one can flood any of them).

Limits (per process): WebSocket frames per connection and per address (a person sends a few a
second; dragging tiles in Speedgans sends a city per change), sockets per address, connections per
player, new players per address (in a burst and over a day), and open tables per host (the lobby
lists open tables: one player cannot push everyone else's out); new tables and runs per player and
per address, running solo runs per player and the lobby's lines per address (server/creation.py and
server/lobby.py apply them).

An address is what the server sees (uvicorn trusts X-Forwarded-For only from its
`forwarded_allow_ips`, by default 127.0.0.1: a reverse proxy on the same host).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from enum import Enum

#: A connection's frames: ServerConfig.message_rate (20) a second on average, bursts of this many
#: seconds' worth.
MESSAGE_BURST_SECONDS = 3.0
#: All sockets of one address together send at most this many connections' worth of frames (the
#: same bursts): eight sockets flooding get no more than four would. A class of 30 behind one
#: address plays at well under 80 frames a second (a move every few seconds each).
ADDRESS_SHARE = 4
#: A frame that is not a valid message (not JSON, too large, too deep, unknown) costs this many
#: frames of the budget: a person's client never sends one; a fuzzer is slowed at once.
MALFORMED_COST = 4.0
#: A connection whose frames are refused (over budget) for this many seconds running is closed
#: with 4429: no browser sends like that, and every frame it sends still costs the loop a little.
#: So is one that has sent a whole burst beyond its budget (its debt is full): a flood of small
#: frames is closed on the first read of it (the server reads and parses 256 KiB, some 10,000 frames,
#: at once), not after seconds of it.
CLOSE_AFTER_SECONDS = 3.0
#: Refused frames further apart than this end a run of them (a client that slows down is forgiven).
REFUSALS_JOIN_SECONDS = 1.0
#: An over-budget frame is not answered one by one: at most one `rate_limited` this often.
TELL_EVERY_SECONDS = 1.0
#: An address whose connection was closed for flooding opens no new socket for this long (its other
#: sockets stay); a browser reconnects by itself after backing off.
PENALTY_SECONDS = 30.0
#: Browser tabs one player may have connected at once.
CONNECTIONS_PER_PLAYER = 8
#: New players from one address: 1 a minute on average, bursts of 100 (a school's shared address).
PLAYERS_PER_SECOND, PLAYER_BURST = 1 / 60, 100.0
#: And a second bucket of one burst that refills in a day: a farm of accounts that waits for the
#: minute's bucket gets a burst a day (200 in the first, 100 a day after), not 1,540; a school signs
#: up a class or three a day.
PLAYER_REFILL_SECONDS = 86_400.0
#: Open (not yet started) tables one player may host at once.
OPEN_TABLES_PER_HOST = 3
#: How many idle addresses the buckets remember (the oldest go first; an address with a live
#: socket is always kept, and those are bounded by the sockets per address and the file descriptors).
ADDRESSES_KEPT = 10_000


@dataclass
class Bucket:
    rate: float
    burst: float
    tokens: float = field(init=False)
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst  # a new bucket is full

    def refill(self, now: float) -> None:
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now

    def take(self, now: float | None = None, cost: float = 1.0) -> bool:
        """Take `cost` tokens if there are as many (refilled at `rate` a second up to `burst`)."""
        self.refill(time.monotonic() if now is None else now)
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True

    def charge(self, now: float, cost: float = 1.0) -> bool:
        """Like `take`, but a refused cost is charged too, as a debt (down to one burst): a frame
        counts whether it is served or not, so a flood keeps its sender's budget empty."""
        self.refill(now)
        enough = self.tokens >= cost
        self.tokens = max(-self.burst, self.tokens - cost)
        return enough


class AddressBuckets:
    """One bucket per address, the least recently used forgotten first (memory stays bounded)."""

    def __init__(self, rate: float, burst: float, kept: int = ADDRESSES_KEPT) -> None:
        self.rate, self.burst, self.kept = rate, burst, kept
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def bucket(self, address: str) -> Bucket:
        bucket = self._buckets.pop(address, None) or Bucket(self.rate, self.burst)
        self._buckets[address] = bucket
        while len(self._buckets) > self.kept:
            self._buckets.popitem(last=False)
        return bucket

    def take(self, address: str) -> bool:
        return self.bucket(address).take()


class NewPlayers:
    """New players per address: a burst then one a minute, and a burst a day over days."""

    def __init__(self, burst: float, kept: int = ADDRESSES_KEPT) -> None:
        self.minutes = AddressBuckets(PLAYERS_PER_SECOND, burst, kept)
        self.days = AddressBuckets(burst / PLAYER_REFILL_SECONDS, burst, kept)

    def take(self, address: str, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        minutes, days = self.minutes.bucket(address), self.days.bucket(address)
        minutes.refill(now)
        days.refill(now)
        if minutes.tokens < 1 or days.tokens < 1:  # neither is spent on a refused player
            return False
        minutes.tokens -= 1
        days.tokens -= 1
        return True


class Verdict(Enum):
    """What becomes of a frame: served, dropped (told or not), or the connection's end."""

    SERVE = "serve"
    DROP = "drop"
    TELL = "tell"  # dropped, and the client hears `rate_limited` (at most once a second)
    CLOSE = "close"


@dataclass(eq=False)
class Address:
    """What the process knows of one address: its live sockets, their shared frame budget, and
    until when it is slowed (no new sockets) for flooding."""

    frames: Bucket
    sockets: int = 0
    slowed_until: float = 0.0


class Addresses:
    """Every address with a live socket, and the most recently seen idle ones (bounded)."""

    def __init__(self, message_rate: float, sockets_per_address: int, kept: int = ADDRESSES_KEPT) -> None:
        self.rate = message_rate * ADDRESS_SHARE
        self.burst = self.rate * MESSAGE_BURST_SECONDS
        self.sockets_per_address = sockets_per_address
        self.kept = kept
        self._known: OrderedDict[str, Address] = OrderedDict()

    def connect(self, host: str) -> Address | str:
        """The address's entry, its socket counted; or why the socket is refused."""
        address = self._known.pop(host, None) or Address(Bucket(self.rate, self.burst))
        self._known[host] = address
        self._forget_idle()
        if time.monotonic() < address.slowed_until:
            return "this address sent too much: wait a little before connecting again"
        if address.sockets >= self.sockets_per_address:
            return "too many connections from this address"
        address.sockets += 1
        return address

    def disconnect(self, address: Address) -> None:
        address.sockets -= 1

    def _forget_idle(self) -> None:
        for _ in range(len(self._known) - self.kept):
            host, oldest = self._known.popitem(last=False)
            if oldest.sockets > 0:  # still in use: kept (as if just seen)
                self._known[host] = oldest


class FrameBudget:
    """One connection's frames: each one counts, before it is read, against the connection's own
    bucket and its address's shared one. An over-budget frame is dropped unread; the client hears
    of it once a second; a connection refused for CLOSE_AFTER_SECONDS running, or a burst beyond
    its budget, is to be closed and its address slowed."""

    def __init__(self, message_rate: float, address: Address) -> None:
        self.own = Bucket(message_rate, message_rate * MESSAGE_BURST_SECONDS)
        self.address = address
        self._refusing_since: float | None = None
        self._refused_at = 0.0
        self._told_at = float("-inf")

    def frame(self, now: float) -> Verdict:
        # The address's budget pays only what the connection's own allows: one flooding socket
        # costs the others of its address (a school's) no more than its fair share.
        if self.own.charge(now) and self.address.frames.charge(now):
            return Verdict.SERVE
        if self._refusing_since is None or now - self._refused_at > REFUSALS_JOIN_SECONDS:
            self._refusing_since = now
        self._refused_at = now
        if now - self._refusing_since >= CLOSE_AFTER_SECONDS or self.own.tokens <= -self.own.burst:
            self.address.slowed_until = now + PENALTY_SECONDS
            return Verdict.CLOSE
        if now - self._told_at >= TELL_EVERY_SECONDS:
            self._told_at = now
            return Verdict.TELL
        return Verdict.DROP

    def malformed(self, now: float) -> None:
        """The frame just served was no valid message: it costs more (its first share was paid)."""
        self.own.charge(now, MALFORMED_COST - 1)


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
