"""The lobby's list of tables, kept up to date one changed table at a time.

A move at a table almost never changes its line in the lobby (the line shows seats, names, status
and settings, not the game), so the list is not rebuilt from every table after every change: the
hub hands each changed table to `LobbyList.update`, which says whether the list changed at all.
"""

from __future__ import annotations

import json
from typing import Any

from spieltisch.server.tables import Status, Table

#: The most tables the lobby lists (open ones first): it stays small on a phone and on the wire.
LOBBY_SIZE = 100


def listed(table: Table) -> bool:
    """Open and running tables of listed kinds where someone is present (a game everyone has left
    is nothing to join or watch)."""
    return table.rules.listed and table.status is not Status.FINISHED and table.anyone_here


def _order(table: Table) -> tuple[bool, float]:
    """Open tables first, then running ones (to watch), newest first."""
    return (table.status is not Status.OPEN, -table.created)


class LobbyList:
    """Every listed table's line and place in the order; the message to send, encoded once."""

    def __init__(self, tables: list[Table]) -> None:
        self._lines: dict[str, tuple[tuple[bool, float], dict[str, Any]]] = {}
        for table in tables:
            self.update(table.id, table)
        self._encoded: str | None = None

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
        self._encoded = None
        return True

    def tables(self) -> list[dict[str, Any]]:
        ordered = sorted(self._lines.values(), key=lambda line: line[0])
        return [summary for _, summary in ordered[:LOBBY_SIZE]]

    def message(self) -> str:
        """The `lobby` message, encoded once for every browser that shows the lobby."""
        if self._encoded is None:
            self._encoded = json.dumps({"type": "lobby", "tables": self.tables()})
        return self._encoded
