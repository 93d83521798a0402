"""The HTTP side of Speedgans alone: the Tagesstadt's days and each day's list (first attempts only)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Header, HTTPException

from spieltisch.games.errors import RuleError
from spieltisch.server.creation import is_open_attempt
from spieltisch.server.puzzles import day_end
from spieltisch.server.routes.answers import viewer
from spieltisch.server.rules.speedgans_solo import SpeedgansSoloRules, daily_archive, daily_day
from spieltisch.server.services import Services, ServicesDep
from spieltisch.storage.models import SoloResult

router = APIRouter(prefix="/api/tagesstadt")


def _rules(s: Services) -> SpeedgansSoloRules:
    rules = s.games[SpeedgansSoloRules.name]
    assert isinstance(rules, SpeedgansSoloRules)
    return rules


@router.get("")
async def days(s: ServicesDep) -> dict[str, Any]:
    found = daily_archive(s.clock.now())
    return {"today": found[0] if found else None, "days": found}


@router.get("/{day}")
async def day_list(
    day: str, s: ServicesDep, authorization: str | None = Header(default=None)
) -> dict[str, Any]:
    """A day's triple and its list: each player's first attempt, best first (equal points: the
    faster first). Later attempts count in `attempts` but never rank. The triple (`tasks`) is
    null until the day is over, except for a player who has played it or plays it now: before, it
    would let anyone prepare a city and play it at once."""
    try:
        date = daily_day(day, s.clock.now())
    except RuleError as error:
        raise HTTPException(404, error.message) from None
    results = await asyncio.to_thread(s.repository.solo_results, "daily", date.isoformat())
    player = await viewer(s, authorization) if authorization else None
    # The viewer's attempt at the day that is still being played (its clock runs): the page says
    # so and „Tagesstadt spielen“ takes him back to it, not as if he had not begun.
    running = player is not None and _running_attempt(s, player.id, date.isoformat())
    shown = (
        s.clock.now() >= day_end(date)
        or running
        or (player is not None and any(r.player_id == player.id for r in results))
    )
    first = sorted(
        (r for r in results if r.first_attempt),
        key=lambda r: (-r.points, r.result.get("seconds") or float("inf"), r.id),
    )
    entries: list[dict[str, Any]] = []
    for row in first:
        tied = entries and entries[-1]["points"] == row.points
        entries.append({"rank": entries[-1]["rank"] if tied else len(entries) + 1, **_entry(row)})
    return {
        "day": date.isoformat(),
        "tasks": list(_rules(s).daily_tasks(date)) if shown else None,
        "attempts": len(results),
        "entries": entries,
        "running": running,
    }


def _running_attempt(s: Services, player: str, day: str) -> bool:
    key = _rules(s).attempt_key({"mode": "daily", "day": day})
    return key is not None and any(
        is_open_attempt(brief.facts, player, key) for brief in s.store.briefs().values()
    )


def _entry(row: SoloResult) -> dict[str, Any]:
    return {
        "player": row.player_id,
        "nickname": row.nickname,
        "points": row.points,
        "seconds": row.result.get("seconds"),
        "hints": row.result.get("hints", 0),
        "at": row.created_at.isoformat(),
    }
