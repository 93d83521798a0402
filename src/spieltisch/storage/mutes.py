"""Mutes: whose quick messages a player no longer hears (server/quick_messages.py). A mute lasts
until he lifts it: the server reads a player's mutes when a socket of his says hello, and leaves
the muted players' bubbles out of what it sends him, at every table.

    muted(player) -> {player id}         whom he muted
    set(player, other, muted) -> bool    mute or unmute; False if there is no such other player
"""

from __future__ import annotations

from sqlalchemy import delete, func, select

from spieltisch.storage.db import session_factory
from spieltisch.storage.models import Mute, Player
from spieltisch.storage.repository import Repository, is_deleted

#: Players one player may mute: far more than he meets at tables in months, few enough that a
#: script cannot grow his row count without end (the oldest mute goes when a new one is beyond it).
MAX_MUTES = 500


class Mutes:
    def __init__(self, repository: Repository) -> None:
        self._session = session_factory(repository.engine)

    def muted(self, player_id: str) -> set[str]:
        with self._session() as session:
            return set(session.scalars(select(Mute.muted_id).where(Mute.player_id == player_id)))

    def set(self, player_id: str, other_id: str, muted: bool) -> bool:
        """Mute (or unmute) another player. False, and nothing changed, if he does not exist."""
        with self._session.begin() as session:
            other = session.get(Player, other_id)
            if other is None or is_deleted(other) or other_id == player_id:
                return False
            mine = Mute.player_id == player_id
            if not muted:
                session.execute(delete(Mute).where(mine, Mute.muted_id == other_id))
                return True
            if session.get(Mute, (player_id, other_id)) is None:
                session.add(Mute(player_id=player_id, muted_id=other_id))
                session.flush()
                count = session.scalar(select(func.count()).select_from(Mute).where(mine)) or 0
                if count > MAX_MUTES:
                    oldest = (
                        select(Mute.muted_id).where(mine).order_by(Mute.created_at).limit(count - MAX_MUTES)
                    )
                    session.execute(delete(Mute).where(mine, Mute.muted_id.in_(oldest.scalar_subquery())))
            return True
