"""What every HTTP route may need: an error in the API's own JSON, and who is asking."""

from __future__ import annotations

import asyncio

from fastapi.responses import JSONResponse

from spieltisch.games.errors import ErrorCode
from spieltisch.server.services import Services
from spieltisch.storage.models import Player


def error_response(status: int, code: ErrorCode, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code.value, "message": message}}, status_code=status)


async def viewer(s: Services, authorization: str | None) -> Player | None:
    """The player whose token came with the request, if any (pages are public; some parts are not)."""
    token = (authorization or "").removeprefix("Bearer ").strip()
    return await asyncio.to_thread(s.repository.player_by_token, token) if token else None
