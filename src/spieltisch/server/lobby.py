"""The lobby's list of tables, kept up to date one changed table at a time.

A move at a table almost never changes its line in the lobby (the line shows seats, names, status
and settings, not the game), so the list is not rebuilt from every table after every change: the
hub hands each changed table's facts (server/brief.py: every process has them of every table, not
only of those it holds) to `LobbyList.update`, which says whether a line changed at all.

A browser that opens the lobby gets the whole list once (`lobby`); after that only what changed
(`lobby_changes`: the lines that are new or different, and the ids that left the list), gathered
by the hub. Every browser on the lobby has the same list: the one last told (`shown`).

Which tables make the list when there are more than it shows, or when someone creates tables to
fill it: tables whose creator had finished a table game come first (accounts made by the hundred
have played nothing), and of the others at most `LOBBY_LINES_PER_ORIGIN` per address they were
created from and per host. An address with more than a few such tables floods: all floods together
fill at most a quarter of the list (none while nobody else has a table). Any one host fills at
most `LINES_PER_HOST` lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from spieltisch.server import wire
from spieltisch.server.brief import Facts
from spieltisch.server.limits import LOBBY_FLOOD_TABLES, LOBBY_LINES_PER_ORIGIN, OPEN_TABLES_PER_HOST
from spieltisch.server.tables import Status

#: The most tables the lobby lists (open ones first): it stays small on a phone and on the wire.
LOBBY_SIZE = 100
#: The most lines of one host (as many as the open tables he may host).
LINES_PER_HOST = OPEN_TABLES_PER_HOST

Line = dict[str, Any]
Order = tuple[bool, bool, float, str]


@dataclass(frozen=True, slots=True)
class _Entry:
    order: Order
    host: str
    #: What the table counts against in the list: its address (or, from before addresses were
    #: kept, its host); None when its creator had played (such tables are not counted).
    counted_as: str | None
    line: Line
    #: The facts the entry was made of (the same facts again: nothing to compare).
    facts: Facts = field(compare=False)


def listed(table: Facts) -> bool:
    """Open and running tables of listed kinds where someone is present (a game everyone has left
    is nothing to join or watch), but no private one: only its invite link leads there."""
    return (
        table.listed
        and not table.summary.get("private")
        and table.status is not Status.FINISHED
        and table.anyone_here
    )


def _order(table: Facts) -> Order:
    """Open tables first, then running ones (to watch); of each, those whose creator had played
    first; newest first. (The browser sorts what it is sent by `status` and `created` alone.)"""
    return (table.status is not Status.OPEN, not table.creator_played, -table.created, table.id)


def _entry(table: Facts) -> _Entry:
    counted_as = None if table.creator_played else (table.origin or f"host:{table.host}")
    return _Entry(_order(table), table.host, counted_as, table.summary, table)


class LobbyList:
    """Every listed table's line and place in the order, and the list its browsers were last told."""

    def __init__(self, tables: Iterable[Facts]) -> None:
        self._lines: dict[str, _Entry] = {}
        self.rebuild(tables)
        self._shown = self._top()
        self._message: str | None = None

    def rebuild(self, tables: Iterable[Facts]) -> None:
        """Every line anew from the tables' facts (the differences reach the browsers as changes)."""
        self._lines = {}
        for table in tables:
            self.update(table.id, table)

    def update(self, table_id: str, table: Facts | None) -> bool:
        """Take the table's newest facts (None: it is gone); whether the lobby's list changed."""
        before = self._lines.get(table_id)
        if before is not None and before.facts is table:
            return False  # (a change that left the facts as they were hands in the same ones)
        after = _entry(table) if table is not None and listed(table) else None
        if before == after:
            if after is not None:
                self._lines[table_id] = after  # (its facts: the next change may hand in the same)
            return False
        if after is None:
            del self._lines[table_id]
        else:
            self._lines[table_id] = after
        return True

    def _top(self) -> dict[str, Line]:
        """The lines listed, in order: at most `LINES_PER_HOST` of a host; of tables whose creator
        had not played at most `LOBBY_LINES_PER_ORIGIN` per address, and of an address that has
        more than `LOBBY_FLOOD_TABLES` such tables (a flood) only as many as keep all floods
        together within a quarter of the list."""
        ordered = sorted(self._lines.values(), key=lambda entry: entry.order)
        fresh = Counter(entry.counted_as for entry in ordered if entry.counted_as is not None)
        flooding = {origin for origin, count in fresh.items() if count > LOBBY_FLOOD_TABLES}
        chosen: list[_Entry] = []
        flood: list[_Entry] = []
        per_host: Counter[str] = Counter()
        per_origin: Counter[str] = Counter()
        for entry in ordered:
            if per_host[entry.host] >= LINES_PER_HOST:
                continue
            if entry.counted_as is not None:
                if per_origin[entry.counted_as] >= LOBBY_LINES_PER_ORIGIN:
                    continue
                per_origin[entry.counted_as] += 1
            per_host[entry.host] += 1
            (flood if entry.counted_as in flooding else chosen).append(entry)
        listed = sorted(chosen + flood[: len(chosen) // 3], key=lambda entry: entry.order)
        return {entry.line["id"]: entry.line for entry in listed[:LOBBY_SIZE]}

    def tables(self) -> list[Line]:
        """The list now, in order."""
        return list(self._top().values())

    def message(self) -> str:
        """The `lobby` message: the whole list as its browsers were last told it (the changes since
        follow), encoded once for every browser."""
        if self._message is None:
            self._message = wire.encode({"type": "lobby", "tables": list(self._shown.values())})
        return self._message

    def changes(self) -> str | None:
        """The `lobby_changes` message from the list as last told to the list now (None: the same),
        which is from now on the list as told."""
        now = self._top()
        changed = [line for table_id, line in now.items() if self._shown.get(table_id) != line]
        gone = [table_id for table_id in self._shown if table_id not in now]
        self._shown = now
        if not changed and not gone:
            return None
        self._message = None
        return wire.encode({"type": "lobby_changes", "tables": changed, "gone": gone})
