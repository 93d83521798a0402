"""What a new table or solo run may cost the others: the limits a creation is checked against
(limits.py), and the solo runs it ends.

- Creations per player and per address are token buckets: a refused one is `rate_limited` and
  changes nothing.
- A host keeps at most `OPEN_TABLES_PER_HOST` open tables; hosts who have not yet finished a table
  game keep at most `address_open_tables` open tables per address together (`too_many_tables`):
  a hundred fresh accounts cannot fill the lobby, and a host who has played is never counted.
- A player holds at most `SOLO_RUNS_PER_PLAYER` running solo runs, an address
  `address_solo_runs`: a new one ends the oldest (one whose player is not at it first), as if
  given up — its results count as the rules say for a run given up — and forgets his finished ones
  nobody is at but the newest `FINISHED_RUNS_KEPT`.

A table remembers its address only as a keyed hash (`origin_of`): enough to count by, nothing to
read an address from.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field

from spieltisch.server import limits
from spieltisch.server.brief import Facts
from spieltisch.server.limits import AddressBuckets
from spieltisch.server.tables import Status


def origin_of(address: str, secret: bytes) -> str:
    """The address as tables keep it: 16 hex digits of a keyed hash."""
    return hmac.new(secret, f"origin:{address}".encode(), hashlib.sha256).hexdigest()[:16]


class CreationBuckets:
    """Creations per player and per address (both remember a bounded number of keys)."""

    def __init__(self, address_burst: float) -> None:
        self._players = AddressBuckets(limits.CREATIONS_PER_SECOND, limits.CREATION_BURST)
        self._addresses = AddressBuckets(limits.ADDRESS_CREATIONS_PER_SECOND, address_burst)

    def take(self, player: str, origin: str) -> bool:
        """One creation's token from the player's bucket and the address's; False: refused. (A
        player refused takes nothing from his address: one player's flood does not empty it.)"""
        return self._players.take(player) and self._addresses.take(origin)


class KeyedLocks:
    """One lock per key while anyone holds or waits for it (then forgotten): the creations from
    one address are checked and made one after the other, so that a flood of them at once cannot
    all pass a count taken before any was made. Other addresses do not wait for them."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(key, (asyncio.Lock(), 0))
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)


@dataclass
class Holdings:
    """What a player and his address hold now, from one pass over the live tables' facts (every
    process has them of every table: server/brief.py)."""

    #: Open lobby tables the player hosts.
    hosted_open: int = 0
    #: Open lobby tables from the address whose creator had not played.
    unplayed_open_from_origin: int = 0
    #: Running solo runs of the player, and of everyone from the address.
    own_runs: list[Facts] = field(default_factory=list)
    origin_runs: list[Facts] = field(default_factory=list)
    #: The player's running attempt at the day's game of the key asked for, if any.
    open_attempt: Facts | None = None
    #: The player's finished solo runs in the records that nobody is at.
    own_finished: list[Facts] = field(default_factory=list)


def is_open_attempt(table: Facts, player: str, attempt_key: str) -> bool:
    """Whether the table is the player's attempt at the day's game of `attempt_key` (e.g. today's
    Tagesstadt) that is still being played."""
    return (
        table.status is Status.PLAYING
        and table.starts_alone
        and table.attempt_key == attempt_key
        and table.seat_of(player) is not None
    )


def holdings(tables: Iterable[Facts], player: str, origin: str, attempt_key: str | None) -> Holdings:
    held = Holdings()
    for table in tables:
        if table.status is Status.OPEN and table.listed:
            held.hosted_open += table.host == player
            held.unplayed_open_from_origin += table.origin == origin and not table.creator_played
        elif table.status is Status.FINISHED and table.starts_alone:
            if table.recorded and not table.anyone_here and table.seat_of(player) is not None:
                held.own_finished.append(table)
        elif table.status is Status.PLAYING and table.starts_alone:
            mine = table.seat_of(player) is not None
            if mine:
                held.own_runs.append(table)
                if attempt_key is not None and is_open_attempt(table, player, attempt_key):
                    held.open_attempt = table
            if table.origin == origin:
                held.origin_runs.append(table)
    return held


def runs_to_end(held: Holdings, per_address: int, new: str) -> list[Facts]:
    """The running solo runs to end now that run `new` is made, so that the player and the address
    each hold no more than their limit: the oldest first among those whose player is not at them,
    never the new one. (Asked after the new run is stored: of creations racing each other, the
    last to ask sees every run, so none is left over the limit.)"""
    ending: dict[str, Facts] = {}
    for runs, limit in ((held.own_runs, limits.SOLO_RUNS_PER_PLAYER), (held.origin_runs, per_address)):
        left = [run for run in runs if run.id not in ending]
        candidates = sorted((run for run in left if run.id != new), key=_first_to_end)
        for run in candidates[: max(0, len(left) - limit)]:
            ending[run.id] = run
    return list(ending.values())


def finished_to_forget(held: Holdings) -> list[Facts]:
    """The player's finished solo runs nobody is at but the newest `FINISHED_RUNS_KEPT`."""
    newest_first = sorted(held.own_finished, key=lambda run: (run.created, run.id), reverse=True)
    return newest_first[limits.FINISHED_RUNS_KEPT :]


def _first_to_end(run: Facts) -> tuple[bool, float, str]:
    return (run.anyone_here, run.created, run.id)
