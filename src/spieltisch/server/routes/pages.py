"""The pages: every path a player can type or follow serves the one-page app (the app itself
then says what is missing, in the player's language, where a path names nothing — with a 404
where the server can tell at once that it names nothing)."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from spieltisch.games.errors import RuleError
from spieltisch.server.preload import table_hints
from spieltisch.server.puzzles import puzzle_day_or_404
from spieltisch.server.routes.replays import GAME_ID
from spieltisch.server.rules.speedgans_solo import daily_day
from spieltisch.server.services import Services, ServicesDep
from spieltisch.server.static import UNVERSIONED_CACHE, ClientFiles, client_files

WEB = Path(__file__).resolve().parent.parent.parent / "web"
INDEX = WEB / "index.html"
#: The page's entry module; a table's preload hints go just before it.
ENTRY_SCRIPT = '  <script type="module" src="/static/js/app.js"></script>'
TABLE_ID = re.compile(r"^[a-z0-9]{4,16}$")
#: The games with a rules page (/regeln/<game>; web/js/rules/link.js names the same).
RULES_GAMES = frozenset({"planahead", "speedgans"})
#: A player's id, as the server makes them: "p_" and 16 hex digits.
PLAYER_ID = re.compile(r"^p_[0-9a-f]{16}$")

router = APIRouter(include_in_schema=False)


def wants_page(request: Request) -> bool:
    """A browser asking for a page (a typed or followed link), not a program asking the API."""
    path = request.url.path
    return (
        request.method in ("GET", "HEAD")
        and not path.startswith(("/api/", "/static/", "/ws"))
        and "text/html" in request.headers.get("accept", "")
    )


def static_files() -> ClientFiles:
    return client_files(WEB)


@functools.cache
def _page(kind: str | None = None) -> tuple[str, str]:
    """The one page, its files under this start's version, and its ETag (made once per process);
    for a table of `kind`, with its game's modules named for preloading (server/preload.py)."""
    html = INDEX.read_text(encoding="utf-8")
    if kind is not None:
        hints = table_hints(static_files().files, kind)
        html = html.replace(ENTRY_SCRIPT, hints + ENTRY_SCRIPT, 1)
    html = static_files().versioned(html)
    return html, f'"{hashlib.sha256(html.encode()).hexdigest()[:20]}"'


def page(request: Request | None = None, status_code: int = 200, kind: str | None = None) -> Response:
    """The app's page. A browser asks again each time (`no-cache`): it names this version's files."""
    html, etag = _page(kind)
    headers = {"cache-control": UNVERSIONED_CACHE, "etag": etag}
    if status_code == 200 and request is not None and request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return HTMLResponse(html, status_code=status_code, headers=headers)


@router.get("/")
async def home(request: Request) -> Response:
    return page(request)


@router.get("/puzzle")
async def puzzle_page(request: Request) -> Response:
    return page(request)


@router.get("/puzzle/{puzzle_id}")
async def puzzle_day_page(request: Request, puzzle_id: str, s: ServicesDep) -> Response:
    puzzle_day_or_404(puzzle_id, s.clock.now())  # 404 for a puzzle that does not exist
    return page(request)


@router.get("/bestenliste")
async def leaderboard_page(request: Request) -> Response:
    return page(request)


@router.get("/wertung")
async def ratings_page(request: Request) -> Response:
    return page(request)


@router.get("/tagesstadt")
async def daily_page(request: Request) -> Response:
    return page(request)


@router.get("/tagesstadt/{day}")
async def daily_day_page(request: Request, day: str, s: ServicesDep) -> Response:
    try:
        daily_day(day, s.clock.now())  # 404 for a day that is not out (or not a day)
    except RuleError as error:
        raise HTTPException(404, error.message) from None
    return page(request)


@router.get("/replay/{game_id}")
async def replay_page(request: Request, game_id: str, s: ServicesDep) -> Response:
    # A game still running is told apart by the page itself (it asks the API); a game that is
    # neither recorded nor running at its table is none (the page says so, with a 404).
    if not GAME_ID.match(game_id) or not await _game_known(s, game_id):
        raise HTTPException(404, f"there is no game {game_id!r}")
    return page(request)


async def _game_known(s: Services, game_id: str) -> bool:
    table = await s.store.get(game_id.split("-", 1)[0])
    if table is not None and table.game_id == game_id:
        return True
    return await asyncio.to_thread(s.repository.game_log, game_id) is not None


@router.get("/spieler/{player_id}")
async def player_page(request: Request, player_id: str) -> Response:
    # An unknown player's page is told by the page itself (it asks the API); a malformed id is not one.
    if not PLAYER_ID.match(player_id):
        raise HTTPException(404, f"there is no player {player_id!r}")
    return page(request)


@router.get("/geraet")
async def device_page(request: Request) -> Response:
    # „Auf anderem Gerät weiterspielen“: the link's code is in the fragment (never sent, never logged);
    # the page claims it (POST /api/devices/claim).
    return page(request)


@router.get("/regeln/{game}")
async def rules_page(request: Request, game: str) -> Response:
    if game not in RULES_GAMES:
        raise HTTPException(404, f"there are no rules for {game!r}")
    return page(request)


@router.get("/t/{table_id}")
async def table_page(request: Request, table_id: str, s: ServicesDep) -> Response:
    table = await s.store.get(table_id) if TABLE_ID.match(table_id) else None
    if table is None:
        raise HTTPException(404, f"there is no table {table_id!r}")
    return page(request, kind=table.game)


@router.get("/healthz", response_model=None)
@router.get("/readyz", response_model=None)
async def health(s: ServicesDep) -> dict[str, Any] | JSONResponse:
    """200 while this process can serve players: its live-table store hears every change and
    answers in time (Redis: a PING), and its database answers; 503 otherwise (a load balancer then
    sends players elsewhere). Which part fails stands in the answer (server/health.py)."""
    report = await s.health.report()
    return report.as_json() if report.ok else JSONResponse(report.as_json(), status_code=503)


@router.get("/livez")
async def alive() -> dict[str, Any]:
    """200 while the process answers at all (a supervisor restarts it otherwise); whether it can
    serve is /readyz's question: a restart does not bring Redis or the database back."""
    return {"ok": True}
