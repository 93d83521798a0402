"""What every process knows of every live table, without holding the table: its brief.

A process holds the whole table (its replica, with the game and its log) only for the tables its
own connections follow and those whose clock it runs (server/store.py). Everything else it needs of
a table — the lobby's line, whether a player holds a seat there, the limits of server/creation.py,
and the sweep and the clock of the process that runs it — is in the table's `Facts` and its
`Brief`: a few hundred bytes, computed by the process that made a change and published to every
process only when the facts changed, which a move never does (the process that runs the table's
clock holds the table and hears each change, with its version and due time).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from spieltisch.server import wire
from spieltisch.server.limits import SOLO_LINGER_SECONDS
from spieltisch.server.tables import Status, Table


@dataclass(frozen=True, slots=True, eq=True)
class Facts:
    """A table's facts that change with its seats and its life, never with a move of its game."""

    id: str
    game: str
    status: Status
    #: Of a kind the lobby lists (a table game), or played alone (a solo run).
    listed: bool
    starts_alone: bool
    #: The host's player id.
    host: str
    origin: str | None
    creator_played: bool
    created: float
    anyone_here: bool
    recorded: bool
    abandoned: bool
    #: Each seat's person (None: a computer) and whether he has left.
    seats: tuple[tuple[str | None, bool], ...]
    #: The day's game a solo run is an attempt at (rules.attempt_key), if any.
    attempt_key: str | None
    #: When a finished solo run is forgotten (`forget_at`).
    forget_at: float | None
    #: The lobby's line (Table.summary).
    summary: dict[str, Any]

    def seat_of(self, player: str) -> int | None:
        for index, (person, _) in enumerate(self.seats):
            if person == player:
                return index
        return None

    def holds_seat(self, player: str) -> bool:
        """Whether the player sits at the table and has not left it."""
        return any(person == player and not left for person, left in self.seats)

    def to_json(self) -> str:
        """The facts as a JSON list in the order of their fields (what a process publishes)."""
        return wire.encode([getattr(self, name) for name in _FACT_FIELDS])

    @classmethod
    def from_json(cls, text: str) -> Facts:
        values = dict(zip(_FACT_FIELDS, wire.decode(text), strict=True))
        values["status"] = Status(values["status"])
        values["seats"] = tuple((person, left) for person, left in values["seats"])
        return cls(**values)


#: The facts' fields in the order they go over the wire.
_FACT_FIELDS = tuple(field.name for field in fields(Facts))


@dataclass(frozen=True, slots=True)
class Brief:
    """A table's version, when it is next due (Table.next_due: a deadline, a computer's move, a
    rematch), and its facts."""

    version: int
    due: float | None
    facts: Facts


def facts_of(table: Table) -> Facts:
    return Facts(
        id=table.id,
        game=table.game,
        status=table.status,
        listed=table.rules.listed,
        starts_alone=table.rules.starts_alone,
        host=table.host,
        origin=table.origin,
        creator_played=table.creator_played,
        created=table.created,
        anyone_here=table.anyone_here,
        recorded=table.recorded,
        abandoned=bool(table.extras.get("abandoned")),
        seats=tuple((seat.player, seat.left) for seat in table.seats),
        attempt_key=table.rules.attempt_key(table.settings),
        forget_at=forget_at(table),
        summary=table.summary(),
    )


def brief_of(table: Table) -> Brief:
    return Brief(table.version, table.next_due(), facts_of(table))


def forget_at(table: Table) -> float | None:
    """When a finished solo run is forgotten, once it is in the records (None: not yet, or not a
    solo run): `SOLO_LINGER_SECONDS` after its end or after its player left its page, whichever is
    later (a phone that slept through the end of a Rekordjagd finds its results) — but at once
    when the server ended it for the limit, or he left it, while he was away: no page of it to
    come back to. (A player's newest few are kept at most: server/creation.py.)"""
    if not table.rules.starts_alone or table.status is not Status.FINISHED or not table.recorded:
        return None
    if table.anyone_here:
        return None
    gone = max(
        (seat.away_since for seat in table.seats if seat.away_since is not None), default=table.created
    )
    last = table.log[-1] if table.log else None
    if last is None:
        return gone + SOLO_LINGER_SECONDS
    ended = float(last[1])
    if last[0] == "abandon" and gone <= ended:
        return ended
    return max(gone, ended) + SOLO_LINGER_SECONDS
