"""Whether a player has finished table games, as the lobby asks it of every table's creator: a
look-up in the records at most once per player and a while, never one per lobby message.

Accounts made by the hundred to fill the lobby have played nothing; a table whose creator has is
listed before them (server/lobby.py). Playing a table game to its end takes minutes, which is what
makes the mark cost something to fake.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Callable

from spieltisch.server.brief import Brief
from spieltisch.server.tables import Status

log = logging.getLogger(__name__)

#: A "not yet" is asked again after this many seconds (the player may have finished a game since);
#: a "yes" stays true for good.
NOT_YET_SECONDS = 60.0
#: Players remembered at most (the least recently asked go first): memory stays bounded.
PLAYERS_KEPT = 10_000


class PlayedCache:
    def __init__(self, look_up: Callable[[str], bool], kept: int = PLAYERS_KEPT) -> None:
        #: The records' answer (a database query: run in a thread).
        self._look_up = look_up
        self._kept = kept
        #: Per player: the answer, and until when (monotonic time) it holds.
        self._known: OrderedDict[str, tuple[bool, float]] = OrderedDict()

    async def has_played(self, player: str) -> bool:
        known = self._known.pop(player, None)
        if known is not None and time.monotonic() < known[1]:
            self._known[player] = known
            return known[0]
        try:
            played = await asyncio.to_thread(self._look_up, player)
        except Exception as error:  # the records out of reach: the table is made, listed as a new host's
            log.warning("could not look up whether %s has played: %s", player, error)
            return False
        self._known[player] = (played, math.inf if played else time.monotonic() + NOT_YET_SECONDS)
        self._forget_oldest()
        return played

    async def brief_changed(self, table_id: str, brief: Brief | None, here: bool) -> None:
        """A table game in the records (every process hears its brief): its people have played,
        from now on — one who finishes his first game and sets up a table is listed as having
        played."""
        if brief is None:
            return
        table = brief.facts
        if not table.listed or table.status is not Status.FINISHED:
            return
        if not table.recorded or table.abandoned:
            return  # not yet in the records, or never (a game everyone left)
        for player, _ in table.seats:
            if player is not None:
                self._known.pop(player, None)
                self._known[player] = (True, math.inf)
        self._forget_oldest()

    def _forget_oldest(self) -> None:
        while len(self._known) > self._kept:
            self._known.popitem(last=False)
