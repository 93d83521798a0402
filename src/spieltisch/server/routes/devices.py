"""One player on several devices over HTTP (storage/devices.py): a one-time link (and its QR code)
that signs another device in, the claim of it, the list of signed-in devices, signing one out."""

from __future__ import annotations

import asyncio
import io
from typing import Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from spieltisch.games.errors import ErrorCode
from spieltisch.server.routes.answers import error_response, viewer
from spieltisch.server.services import Services, ServicesDep
from spieltisch.storage.devices import LINK_SECONDS, Devices, TooManyDevices, device_label

router = APIRouter(prefix="/api")


class ClaimBody(BaseModel):
    code: str = Field(min_length=8, max_length=64)


async def _me(s: Services, authorization: str | None) -> tuple[Any, str] | None:
    player = await viewer(s, authorization)
    token = (authorization or "").removeprefix("Bearer ").strip()
    return (player, token) if player is not None else None


def _unknown() -> JSONResponse:
    return error_response(401, ErrorCode.UNKNOWN_PLAYER, "unknown player token")


@router.post("/players/me/device-link", response_model=None)
async def device_link(
    request: Request, s: ServicesDep, authorization: str | None = Header(default=None)
) -> dict[str, Any] | JSONResponse:
    """A link that signs another device in as this player: once, within minutes. Its code goes in the
    link's fragment, so neither a proxy's log nor a Referer ever carries it."""
    me = await _me(s, authorization)
    if me is None:
        return _unknown()
    now = s.clock.now()
    try:
        code = await asyncio.to_thread(Devices(s.repository).link, me[0].id, now)
    except TooManyDevices as error:
        return error_response(409, ErrorCode.TOO_MANY_DEVICES, str(error))
    url = f"{str(request.base_url).rstrip('/')}/geraet#{code}"
    return {"url": url, "expires_at": now + LINK_SECONDS, "qr_svg": _qr(url)}


@router.post("/devices/claim", response_model=None)
async def claim(body: ClaimBody, request: Request, s: ServicesDep) -> dict[str, Any] | JSONResponse:
    """The other device, with the link's code: it becomes the same player, with a token of its own."""
    address = request.client.host if request.client else "unknown"
    if not s.new_players.take(address):  # (a code guessed at is a new player asked for, as often)
        return error_response(429, ErrorCode.RATE_LIMITED, "too many sign-ins from this address: try later")
    label = device_label(request.headers.get("user-agent", ""))
    found = await asyncio.to_thread(Devices(s.repository).claim, body.code, label, s.clock.now())
    if found is None:
        return error_response(404, ErrorCode.NOT_FOUND, "this link is unknown, used already or expired")
    player, token = found
    return {"id": player.id, "nickname": player.nickname, "token": token}


@router.get("/players/me/devices", response_model=None)
async def devices(
    s: ServicesDep, authorization: str | None = Header(default=None)
) -> dict[str, Any] | JSONResponse:
    me = await _me(s, authorization)
    if me is None:
        return _unknown()
    store = Devices(s.repository)
    current = await asyncio.to_thread(store.device_of, me[1])
    listed = await asyncio.to_thread(store.devices, me[0].id)
    return {
        "devices": [
            {"id": d.id, "label": d.label, "created_at": d.created_at.isoformat(), "current": d.id == current}
            for d in listed
        ]
    }


@router.delete("/players/me/devices/{device_id}", response_model=None)
async def sign_out(
    device_id: str, s: ServicesDep, authorization: str | None = Header(default=None)
) -> dict[str, Any] | JSONResponse:
    me = await _me(s, authorization)
    if me is None:
        return _unknown()
    if not await asyncio.to_thread(Devices(s.repository).sign_out, me[0].id, device_id[:20]):
        return error_response(404, ErrorCode.NOT_FOUND, f"you have no device {device_id[:20]!r}")
    return {"signed_out": True}


def _qr(url: str) -> str:
    """The link as a QR code, an SVG that scales (dark modules on white, a quiet zone around)."""
    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", scale=4, border=2, xmldecl=False, svgns=True, omitsize=True
    )
    return out.getvalue().decode()
