"""Replays of finished games over HTTP (docs/history.md): a game still running has none."""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Header, HTTPException
from fastapi.responses import JSONResponse

from spieltisch.games.errors import ErrorCode
from spieltisch.server.replays import replay
from spieltisch.server.routes.answers import error_response, viewer
from spieltisch.server.services import Services, ServicesDep

router = APIRouter(prefix="/api/replays")

#: A game's id: its table's id and 12 hex digits.
GAME_ID = re.compile(r"^[a-z0-9]{6}-[0-9a-f]{12}$")
#: Replays worked out lately, by game id: a finished game never changes, and a shared link is
#: opened by many.
_recent: OrderedDict[str, dict[str, Any]] = OrderedDict()
RECENT = 64


@router.get("/{game_id}", response_model=None)
async def game_replay(
    game_id: str, s: ServicesDep, authorization: str | None = Header(default=None)
) -> dict[str, Any] | JSONResponse:
    found = _recent.get(game_id)
    if found is None and GAME_ID.match(game_id):
        found = await asyncio.to_thread(_work_out, s, game_id)
    if found is None:
        raise HTTPException(404, f"there is no finished game {game_id!r}")
    if found["settings"].get("private"):
        # A private table's game is its players' alone: to anyone else there is none.
        player = await viewer(s, authorization)
        if player is None or player.id not in {sitter["player"] for sitter in found["players"]}:
            raise HTTPException(404, f"there is no finished game {game_id!r}")
    sealed = s.games[found["game"]].sealed_until(found["settings"])
    if sealed is not None and s.clock.now() < sealed:
        # The day's tiles or tasks: its own player may look back, everyone else after midnight.
        player = await viewer(s, authorization)
        if player is None or player.id not in {sitter["player"] for sitter in found["players"]}:
            return error_response(
                403, ErrorCode.SEALED, "a game of the day can be watched by everyone once the day is over"
            )
    if found["game"] == "puzzle" and "optimum" not in found:
        await _with_optimum(s, found)
    return found


async def _with_optimum(s: Services, found: dict[str, Any]) -> None:
    """A Rätsel's replay also shows the day's best land, and for each move whether its tile lies where
    the best land has it (`optimal_field`: the field the best land gives the tile)."""
    score, land = await s.optima.get(found["settings"]["puzzle"])
    where = {tile: field for field, tile in enumerate(land.split(), 1)}
    for seat in found["analysis"]:
        for move in seat["moves"] if seat else ():
            move["optimal_field"] = where.get(move["tile"])
    found["optimum"] = {"score": score, "land": land}


def _work_out(s: Services, game_id: str) -> dict[str, Any] | None:
    row = s.repository.game_log(game_id)
    # The record's result: the move analysis noted after the game's end, if it is there already, and
    # the match the game was part of.
    recorded = {} if row is None else (s.repository.game_result(game_id) or {})
    found = None if row is None else replay(s.games, row, noted=recorded.get("analysis"))
    if found is not None and "match" in recorded:
        found["match"] = recorded["match"]
    if found is not None:
        _recent[game_id] = found
        while len(_recent) > RECENT:
            _recent.popitem(last=False)
    return found
