"""The pages: every path a player can type or follow serves the one-page app (the app itself
then says what is missing, in the player's language, where a path names nothing)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse

from spieltisch.games.errors import RuleError
from spieltisch.server.puzzles import puzzle_day_or_404
from spieltisch.server.rules.speedgans_solo import daily_day
from spieltisch.server.services import ServicesDep

WEB = Path(__file__).resolve().parent.parent.parent / "web"
INDEX = WEB / "index.html"
TABLE_ID = re.compile(r"^[a-z0-9]{4,16}$")

router = APIRouter(include_in_schema=False)


def wants_page(request: Request) -> bool:
    """A browser asking for a page (a typed or followed link), not a program asking the API."""
    path = request.url.path
    return (
        request.method in ("GET", "HEAD")
        and not path.startswith(("/api/", "/static/", "/ws"))
        and "text/html" in request.headers.get("accept", "")
    )


@router.get("/")
async def home() -> FileResponse:
    return FileResponse(INDEX)


@router.get("/puzzle")
async def puzzle_page() -> FileResponse:
    return FileResponse(INDEX)


@router.get("/puzzle/{puzzle_id}")
async def puzzle_day_page(puzzle_id: str, s: ServicesDep) -> FileResponse:
    puzzle_day_or_404(puzzle_id, s.clock.now())  # 404 for a puzzle that does not exist
    return FileResponse(INDEX)


@router.get("/bestenliste")
async def leaderboard_page() -> FileResponse:
    return FileResponse(INDEX)


@router.get("/tagesstadt")
async def daily_page() -> FileResponse:
    return FileResponse(INDEX)


@router.get("/tagesstadt/{day}")
async def daily_day_page(day: str, s: ServicesDep) -> FileResponse:
    try:
        daily_day(day, s.clock.now())  # 404 for a day that is not out (or not a day)
    except RuleError as error:
        raise HTTPException(404, error.message) from None
    return FileResponse(INDEX)


@router.get("/t/{table_id}")
async def table_page(table_id: str) -> FileResponse:
    if not TABLE_ID.match(table_id):
        raise HTTPException(404, f"there is no table {table_id!r}")
    return FileResponse(INDEX)


@router.get("/healthz", response_model=None)
async def health(s: ServicesDep) -> dict[str, Any] | JSONResponse:
    """200 while this process can serve every table; 503 while it cannot reach its live-table store
    (a load balancer then sends players elsewhere)."""
    if not s.store.healthy:
        return JSONResponse({"ok": False, "store": "unreachable"}, status_code=503)
    return {"ok": True}
