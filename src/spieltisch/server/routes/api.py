"""The small HTTP API: players (nickname and token), tables, finished games, the leaderboard and
the puzzles' archive and results lists."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.responses import JSONResponse

from spieltisch.games.errors import ErrorCode
from spieltisch.server.nicknames import NicknameRefused
from spieltisch.server.protocol import NicknameBody
from spieltisch.server.puzzles import puzzle_day_or_404, puzzle_details, puzzle_index, week_start
from spieltisch.server.routes.answers import error_response, viewer
from spieltisch.server.routes.pages import TABLE_ID
from spieltisch.server.services import Services, ServicesDep
from spieltisch.storage.devices import device_label
from spieltisch.storage.models import Player
from spieltisch.storage.own_data import OwnData
from spieltisch.storage.ratings import ANCHORS, MODEL, PROVISIONAL_GAMES, shown
from spieltisch.storage.repository import NicknameTaken

#: The games whose tables are rated (storage/ratings.py).
RATED_GAMES = ("planahead", "speedgans")

router = APIRouter(prefix="/api")


# Players -------------------------------------------------------------------------------------------
async def _player(s: Services, authorization: str | None) -> Player:
    player = await viewer(s, authorization)
    if player is None:
        raise HTTPException(401, "unknown player token")
    return player


def refused(error: NicknameRefused) -> JSONResponse:
    return error_response(422, error.code, str(error))


def taken(error: NicknameTaken) -> JSONResponse:
    return error_response(409, ErrorCode.NICKNAME_TAKEN, str(error))


@router.post("/players", status_code=201, response_model=None)
async def new_player(body: NicknameBody, request: Request, s: ServicesDep) -> dict[str, Any] | JSONResponse:
    try:
        nickname = body.clean()
    except NicknameRefused as error:
        return refused(error)
    address = request.client.host if request.client else "unknown"
    if not s.new_players.take(address):
        return error_response(
            429, ErrorCode.RATE_LIMITED, "too many new players from this address: try later"
        )
    try:
        # The browser that made him is his first device, named as the others are (storage/devices.py).
        device = device_label(request.headers.get("user-agent", ""))
        player, token = await asyncio.to_thread(s.repository.create_player, nickname, device)
    except NicknameTaken as error:
        return taken(error)
    return {"id": player.id, "token": token, "nickname": player.nickname}


@router.get("/players/me")
async def me(s: ServicesDep, authorization: str | None = Header(default=None)) -> dict[str, Any]:
    player = await _player(s, authorization)
    return {"id": player.id, "nickname": player.nickname}


@router.patch("/players/me", response_model=None)
async def rename(
    body: NicknameBody, s: ServicesDep, authorization: str | None = Header(default=None)
) -> dict[str, Any] | JSONResponse:
    player = await _player(s, authorization)
    try:
        nickname = body.clean()
    except NicknameRefused as error:
        return refused(error)
    try:
        await asyncio.to_thread(s.repository.rename_player, player.id, nickname)
    except NicknameTaken as error:
        return taken(error)
    return {"id": player.id, "nickname": nickname}


@router.get("/players/me/data", response_model=None)
async def own_data(s: ServicesDep, authorization: str | None = Header(default=None)) -> JSONResponse:
    """„Meine Daten“: everything the records hold about the player, as a file to keep."""
    player = await _player(s, authorization)
    found = await asyncio.to_thread(OwnData(s.repository).export, player.id)
    if found is None:
        raise HTTPException(401, "unknown player token")
    filename = f"spieltisch-{player.id}.json"
    return JSONResponse(found, headers={"content-disposition": f'attachment; filename="{filename}"'})


@router.delete("/players/me", response_model=None)
async def delete_me(
    s: ServicesDep, confirm: str = "", authorization: str | None = Header(default=None)
) -> dict[str, Any] | JSONResponse:
    """Delete the player (storage/own_data.py). `confirm` must be his id: a stray request deletes nothing."""
    player = await _player(s, authorization)
    if confirm != player.id:
        return error_response(422, ErrorCode.BAD_REQUEST, "confirm: give your player id to delete yourself")
    await asyncio.to_thread(OwnData(s.repository).delete, player.id)
    return {"deleted": True}


# Tables and records --------------------------------------------------------------------------------
@router.get("/tables")
async def tables(s: ServicesDep) -> dict[str, Any]:
    return {"tables": (await s.hub.lobby()).tables()}


@router.get("/tables/{table_id}")
async def table(table_id: str, s: ServicesDep) -> dict[str, Any]:
    found = await s.store.get(table_id) if TABLE_ID.match(table_id) else None
    # A solo table is its player's alone, a private one its invite link's (both on the socket only).
    if found is None or not found.rules.listed or found.private:
        raise HTTPException(404, f"there is no table {table_id!r}")
    return found.view(None, s.clock.now())


@router.get("/games", response_model=None)
async def games(s: ServicesDep, table: str | None = None, limit: int = 20) -> dict[str, Any] | JSONResponse:
    if not 1 <= limit <= 100:
        return error_response(422, ErrorCode.BAD_REQUEST, "limit must be 1 to 100")
    records = await asyncio.to_thread(s.repository.games, table_id=table, limit=limit)
    # A private table's games are its players' alone (their replays too): this list is everyone's.
    records = [r for r in records if not (r.settings or {}).get("private")]
    return {
        "games": [
            {
                "id": r.id,
                "game": r.game,
                "table": r.table_id,
                "seed": r.seed,
                "settings": r.settings,
                "players": r.players,
                "result": r.result,
                "finished_at": r.finished_at.isoformat(),
            }
            for r in records
        ]
    }


@router.get("/leaderboard", response_model=None)
async def leaderboard(
    s: ServicesDep,
    game: str = "speedgans",
    period: str = "all",
    player: str | None = None,
    limit: int = 50,
) -> dict[str, Any] | JSONResponse:
    """The Bestenliste: points of table games and a tenth of solo runs, all time or this week
    (from Monday 0:00, Berlin time); `player`: that player's own row too, wherever it stands."""
    if game != "speedgans":  # the only game with a leaderboard so far
        return error_response(422, ErrorCode.BAD_REQUEST, "game must be speedgans")
    if period not in ("all", "week"):
        return error_response(422, ErrorCode.BAD_REQUEST, "period must be all or week")
    if not 1 <= limit <= 100:
        return error_response(422, ErrorCode.BAD_REQUEST, "limit must be 1 to 100")
    since = week_start(s.clock.now()) if period == "week" else None
    return await asyncio.to_thread(s.repository.leaderboard, game, limit, since=since, player=player)


@router.get("/ratings", response_model=None)
async def ratings(
    s: ServicesDep, game: str = "planahead", limit: int = 50, player: str | None = None
) -> dict[str, Any] | JSONResponse:
    """The rating list of a game's tables (storage/ratings.py): established ratings, best first;
    `player`: that player's own rating too (`you`: also while it is provisional and on no list)."""
    if game not in RATED_GAMES:
        return error_response(422, ErrorCode.BAD_REQUEST, "game must be planahead or speedgans")
    if not 1 <= limit <= 100:
        return error_response(422, ErrorCode.BAD_REQUEST, "limit must be 1 to 100")
    entries = await asyncio.to_thread(s.repository.rating_list, game, limit)
    you = None
    if player is not None:
        rated = (await asyncio.to_thread(s.repository.player_ratings, player, 0)).get(game)
        you = None if rated is None else {k: rated[k] for k in ("rating", "games", "provisional")}
    return {
        "game": game,
        "entries": entries,
        "provisional_games": PROVISIONAL_GAMES,
        "start": shown(MODEL.mu),
        "computers": {level: shown(mu) for level, mu in ANCHORS.items()},
        "you": you,
    }


# Puzzles -------------------------------------------------------------------------------------------
@router.get("/puzzles")
async def puzzles(s: ServicesDep) -> dict[str, Any]:
    return puzzle_index(s.clock.now(), s.config.puzzle_seconds, s.secret)


@router.get("/puzzles/{puzzle_id}")
async def puzzle(puzzle_id: str, s: ServicesDep) -> dict[str, Any]:
    day = puzzle_day_or_404(puzzle_id, s.clock.now())
    results = await asyncio.to_thread(s.repository.puzzle_results, day.isoformat())
    return puzzle_details(day, results, s.config.puzzle_seconds, s.secret)
