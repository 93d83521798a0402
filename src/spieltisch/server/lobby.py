"""The lobby's list of tables, kept up to date one changed table at a time.

A move at a table almost never changes its line in the lobby (the line shows seats, names, status
and settings, not the game), so the list is not rebuilt from every table after every change: the
hub hands each changed table to `LobbyList.update`, which says whether a line changed at all.

A browser that opens the lobby gets the whole list once (`lobby`); after that only what changed
(`lobby_changes`: the lines that are new or different, and the ids that left the list), gathered
by the hub. Every browser on the lobby has the same list: the one last told (`shown`).
"""

from __future__ import annotations

from typing import Any

from spieltisch.server import wire
from spieltisch.server.tables import Status, Table

#: The most tables the lobby lists (open ones first): it stays small on a phone and on the wire.
LOBBY_SIZE = 100

Line = dict[str, Any]


def listed(table: Table) -> bool:
    """Open and running tables of listed kinds where someone is present (a game everyone has left
    is nothing to join or watch)."""
    return table.rules.listed and table.status is not Status.FINISHED and table.anyone_here


def _order(table: Table) -> tuple[bool, float, str]:
    """Open tables first, then running ones (to watch), newest first (the browser sorts alike:
    by `status` and `created`)."""
    return (table.status is not Status.OPEN, -table.created, table.id)


class LobbyList:
    """Every listed table's line and place in the order, and the list its browsers were last told."""

    def __init__(self, tables: list[Table]) -> None:
        self._lines: dict[str, tuple[tuple[bool, float, str], Line]] = {}
        self.rebuild(tables)
        self._shown = self._top()
        self._message: str | None = None

    def rebuild(self, tables: list[Table]) -> None:
        """Every line anew from the tables (the differences reach the browsers as changes)."""
        self._lines = {}
        for table in tables:
            self.update(table.id, table)

    def update(self, table_id: str, table: Table | None) -> bool:
        """Take the table's newest state (None: it is gone); whether the lobby's list changed."""
        before = self._lines.get(table_id)
        after = (_order(table), table.summary()) if table is not None and listed(table) else None
        if before == after:
            return False
        if after is None:
            del self._lines[table_id]
        else:
            self._lines[table_id] = after
        return True

    def _top(self) -> dict[str, Line]:
        ordered = sorted(self._lines.values(), key=lambda line: line[0])
        return {line["id"]: line for _, line in ordered[:LOBBY_SIZE]}

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
