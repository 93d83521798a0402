"""One player on several devices: each browser signed in as him has its own token (`devices`); a
one-time link signs another one in, and any of them can sign any out.

    link(player) -> code           a code for the link, valid LINK_SECONDS, once
    claim(code, label) -> (player, token) | None
    devices(player) -> [Device]    signed-in devices, oldest first
    sign_out(player, device) -> whether there was one

Only hashes are stored: of the tokens, and of the links' codes. A code works once: the claim that
uses it marks it in the same statement that checks it, so two claims of one code never both win.
"""

from __future__ import annotations

import secrets

from sqlalchemy import delete, func, select, update

from spieltisch.storage.db import session_factory
from spieltisch.storage.models import Device, DeviceLink, Player
from spieltisch.storage.repository import Repository, hash_token, is_deleted

#: How long a link to sign another device in works.
LINK_SECONDS = 600.0
#: Links a player may have open at once (a new one beyond them ends the oldest).
OPEN_LINKS = 3
#: Devices one player may have signed in.
MAX_DEVICES = 20


class TooManyDevices(Exception):
    """The player has MAX_DEVICES signed in: one must be signed out first."""


class Devices:
    def __init__(self, repository: Repository) -> None:
        self._session = session_factory(repository.engine)

    def link(self, player_id: str, now: float) -> str:
        """A new one-time code for the player (only its hash is kept); his links beyond the newest
        OPEN_LINKS, and expired ones, are ended."""
        code = secrets.token_urlsafe(24)
        with self._session.begin() as session:
            signed_in = session.scalar(
                select(func.count()).select_from(Device).where(Device.player_id == player_id)
            )
            if (signed_in or 0) >= MAX_DEVICES:
                raise TooManyDevices(f"{MAX_DEVICES} devices are signed in: sign one out first")
            session.execute(delete(DeviceLink).where(DeviceLink.expires_at <= now))
            session.add(
                DeviceLink(code_hash=hash_token(code), player_id=player_id, expires_at=now + LINK_SECONDS)
            )
            session.flush()
            kept = select(DeviceLink.code_hash).where(DeviceLink.player_id == player_id, ~DeviceLink.used)
            newest = kept.order_by(DeviceLink.expires_at.desc()).limit(OPEN_LINKS)
            session.execute(
                delete(DeviceLink).where(
                    DeviceLink.player_id == player_id, DeviceLink.code_hash.not_in(newest.scalar_subquery())
                )
            )
        return code

    def claim(self, code: str, label: str, now: float) -> tuple[Player, str] | None:
        """Sign a new device in with a link's code: the player and the device's new token, or None
        when the code is unknown, used or expired (all alike: nothing to learn from the answer)."""
        token = secrets.token_urlsafe(24)
        with self._session.begin() as session:
            taken = session.execute(
                update(DeviceLink)
                .where(
                    DeviceLink.code_hash == hash_token(code), ~DeviceLink.used, DeviceLink.expires_at > now
                )
                .values(used=True)
                .returning(DeviceLink.player_id)
            ).scalar_one_or_none()
            if taken is None:
                return None
            player = session.get(Player, taken)
            if player is None or is_deleted(player):
                return None
            session.add(
                Device(
                    id="d_" + secrets.token_hex(8),
                    player_id=player.id,
                    token_hash=hash_token(token),
                    label=label[:80],
                )
            )
            session.flush()
            session.expunge(player)
        return player, token

    def devices(self, player_id: str) -> list[Device]:
        with self._session() as session:
            query = select(Device).where(Device.player_id == player_id).order_by(Device.created_at, Device.id)
            return list(session.scalars(query))

    def device_of(self, token: str) -> str | None:
        """The id of the device a token belongs to."""
        with self._session() as session:
            return session.scalar(select(Device.id).where(Device.token_hash == hash_token(token)))

    def sign_out(self, player_id: str, device_id: str) -> bool:
        """Sign one of the player's devices out: its token opens nothing any more."""
        with self._session.begin() as session:
            gone = session.scalars(
                delete(Device)
                .where(Device.player_id == player_id, Device.id == device_id)
                .returning(Device.id)
            ).all()
            return bool(gone)


def device_label(user_agent: str) -> str:
    """A device's name from its User-Agent, as its owner knows it: "Chrome · Android"."""
    agent = user_agent or ""
    browser = next(
        (
            name
            for key, name in (
                ("Edg/", "Edge"),
                ("Firefox/", "Firefox"),
                ("Chrome/", "Chrome"),
                ("Chromium/", "Chromium"),
                ("Safari/", "Safari"),
            )
            if key in agent
        ),
        "Browser",
    )
    system = next(
        (
            name
            for key, name in (
                ("Android", "Android"),
                ("iPhone", "iPhone"),
                ("iPad", "iPad"),
                ("Windows", "Windows"),
                ("Mac OS X", "macOS"),
                ("Linux", "Linux"),
            )
            if key in agent
        ),
        None,
    )
    return f"{browser} · {system}" if system else browser
