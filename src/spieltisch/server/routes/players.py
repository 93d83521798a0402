"""A player's history over HTTP (docs/history.md, "A player's page"): recent games with their results,
personal bests, the streak of days played, the Rätsel's share of the optimum day by day, and the
Speedgans task groups a player is strong or weak at. Public, like the lists the names come from."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Any

from fastapi import APIRouter, Header, HTTPException
from fastapi.responses import JSONResponse

from spieltisch.games.errors import ErrorCode
from spieltisch.games.speedgans.tasks import GROUPS, TASK_IDS
from spieltisch.server.puzzles import PUZZLE_ZONE, plausible, today
from spieltisch.server.routes.answers import error_response, viewer
from spieltisch.server.routes.pages import PLAYER_ID
from spieltisch.server.services import ServicesDep
from spieltisch.storage.models import GameRecord, PuzzleResult, SoloResult
from spieltisch.storage.repository import Repository

router = APIRouter(prefix="/api/players")

#: How many games the recent list holds.
RECENT = 30
#: How many days back the Rätsel's share by day and the days played go (today included).
DAYS = 60
#: How many of a player's latest Speedgans table games the task groups are worked out from.
TASK_GAMES = 200
#: How many of a player's latest Plan Ahead table games the trend of his moves is worked out from.
TREND_GAMES = 20


@router.get("/{player_id}/history", response_model=None)
async def history(
    player_id: str, s: ServicesDep, authorization: str | None = Header(default=None)
) -> dict[str, Any] | JSONResponse:
    if not PLAYER_ID.match(player_id):
        return error_response(
            422, ErrorCode.BAD_REQUEST, f"{player_id[:40]!r} is no player id (p_ and 16 hex digits)"
        )
    # The player's own page links the replays of his games at private tables too (his alone).
    looking = await viewer(s, authorization)
    own = looking is not None and looking.id == player_id
    found = await asyncio.to_thread(player_history, s.repository, player_id, today(s.clock.now()), own)
    if found is None:
        raise HTTPException(404, f"there is no player {player_id!r}")
    return found


def player_history(
    repository: Repository, player_id: str, day: dt.date, own: bool = False
) -> dict[str, Any] | None:
    """Everything the player's page shows, as of the Berlin day `day` (None: no such player); `own`:
    as the player himself sees it (his games at private tables link their replays)."""
    player = repository.player(player_id)
    if player is None:
        return None
    moments = repository.player_moments(player_id)
    played = {berlin_day(moment) for _, moment in moments}
    counts = dict.fromkeys(("planahead", "speedgans", "puzzle", "record", "daily"), 0)
    for kind, _ in moments:
        counts[kind] = counts.get(kind, 0) + 1
    puzzles = repository.player_puzzle_results(player_id)
    first_puzzles = [r for r in puzzles if r.first_attempt]
    since = day - dt.timedelta(days=DAYS - 1)
    best_record = repository.player_solo_best(player_id, "record")
    best_daily = repository.player_solo_best(player_id, "daily", first_only=True)
    best_puzzle = max(first_puzzles, key=lambda r: (share(r), -r.id), default=None)
    return {
        "player": {"id": player.id, "nickname": player.nickname},
        "today": day.isoformat(),
        "counts": counts,
        "streak": streak(played, day),
        "days": sorted(d.isoformat() for d in played if since <= d <= day),
        "recent": recent_games(repository, player_id, puzzles, own),
        "bests": {
            "puzzle": None
            if best_puzzle is None
            else {
                "share": share(best_puzzle),
                "score": best_puzzle.score,
                "optimum": best_puzzle.optimum,
                "day": best_puzzle.puzzle_id,
            },
            "record": None
            if best_record is None
            else {"points": best_record.points, "at": utc(best_record.created_at).isoformat()},
            "daily": None if best_daily is None else {"points": best_daily.points, "day": best_daily.day},
            "planahead": planahead_bests(
                repository.player_table_games(player_id, game="planahead", limit=TASK_GAMES)
            ),
        },
        "puzzle_days": [
            {"day": r.puzzle_id, "score": r.score, "optimum": r.optimum, "share": share(r)}
            for r in sorted(first_puzzles, key=lambda r: r.puzzle_id)
            if since.isoformat() <= r.puzzle_id <= day.isoformat()
        ],
        "task_groups": task_groups(
            repository.player_table_games(player_id, game="speedgans", limit=TASK_GAMES)
        ),
        "move_trend": move_trend(
            repository.player_table_games(player_id, game="planahead", limit=TREND_GAMES)
        ),
        "city_trend": city_trend(
            repository.player_table_games(player_id, game="speedgans", limit=TREND_GAMES)
        ),
        # Each game's skill rating with its latest changes (storage/ratings.py).
        "ratings": {
            game: {
                **rated,
                "changes": [
                    {"at": utc(c["at"]).isoformat(), "rating": c["rating"]} for c in rated["changes"]
                ],
            }
            for game, rated in repository.player_ratings(player_id, history=TREND_GAMES).items()
        },
    }


# Days ---------------------------------------------------------------------------------------------
def utc(moment: dt.datetime) -> dt.datetime:
    """A stored moment with its time zone (SQLite gives it back without one: it is UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def berlin_day(moment: dt.datetime) -> dt.date:
    """The day a moment falls on in the players' home time zone (as the Rätsel's and Tagesstadt's)."""
    return utc(moment).astimezone(PUZZLE_ZONE).date()


def streak(days: Iterable[dt.date], day: dt.date) -> dict[str, int]:
    """Days played in a row: `current` ends today, or yesterday while today is not played yet (a
    streak lasts until a day passes without a game); `longest` is the longest ever."""
    played = set(days)
    longest = 0
    for start in played:
        if start - dt.timedelta(days=1) in played:
            continue  # not the first day of its run
        length = 1
        while start + dt.timedelta(days=length) in played:
            length += 1
        longest = max(longest, length)
    end = day if day in played else day - dt.timedelta(days=1)
    current = 0
    while end - dt.timedelta(days=current) in played:
        current += 1
    return {"current": current, "longest": longest}


# Recent games -------------------------------------------------------------------------------------
def share(result: PuzzleResult) -> float:
    """A Rätsel attempt's share of the best possible score."""
    return result.score / result.optimum if result.optimum else 1.0


def recent_games(
    repository: Repository, player_id: str, puzzles: Sequence[PuzzleResult], own: bool = False
) -> list[dict[str, Any]]:
    """The player's latest games of every kind, newest first, each with its own result and place."""
    entries: list[tuple[dt.datetime, dict[str, Any]]] = []
    for record, seat in repository.player_table_games(player_id, limit=RECENT):
        entries.append((utc(record.finished_at), table_entry(record, seat, own)))
    latest_puzzles = sorted(puzzles, key=lambda r: r.id)[-RECENT:]
    puzzle_places = puzzle_places_of(repository, latest_puzzles)
    for result in latest_puzzles:
        place, of = puzzle_places.get(result.id, (None, None))
        entries.append(
            (
                utc(result.created_at),
                {
                    "kind": "puzzle",
                    "day": result.puzzle_id,
                    "score": result.score,
                    "optimum": result.optimum,
                    "share": share(result),
                    "seconds": round(result.seconds_used, 1),
                    "first_attempt": result.first_attempt,
                    "place": place,
                    "of": of,
                    "game_id": result.game_id,
                },
            )
        )
    solos = repository.player_solo_results(player_id, limit=RECENT)
    daily_places = daily_places_of(repository, solos)
    for run in solos:
        place, of = daily_places.get(run.id, (None, None))
        entries.append(
            (
                utc(run.created_at),
                {
                    "kind": run.mode,
                    "day": run.day,
                    "points": run.points,
                    "seconds": run.result.get("seconds"),
                    "first_attempt": run.first_attempt,
                    "place": place,
                    "of": of,
                    "game_id": None,  # a solo run has no replay
                },
            )
        )
    entries.sort(key=lambda entry: entry[0], reverse=True)
    latest = entries[:RECENT]
    # A game links to its replay only where its log of moves is kept (not for games from before).
    logged = repository.logged_games([e["game_id"] for _, e in latest if e["game_id"]])
    return [
        {
            **entry,
            "at": moment.isoformat(),
            "game_id": entry["game_id"] if entry["game_id"] in logged else None,
        }
        for moment, entry in latest
    ]


def table_entry(record: GameRecord, seat: int, own: bool = False) -> dict[str, Any]:
    """A table game as the player saw its end: own score (Plan Ahead) or points (Speedgans), place;
    `own`: as he sees it himself."""
    result = record.result or {}
    ranking = result.get("ranking") or []
    # Plan Ahead counts a land's score, Speedgans a game's points.
    field, values = (
        ("score", result.get("scores")) if record.game == "planahead" else ("points", result.get("points"))
    )
    values = values or []
    entry: dict[str, Any] = {
        "kind": record.game,
        field: values[seat] if seat < len(values) else None,
        "place": ranking[seat] if seat < len(ranking) else None,
        "of": len(record.players or []),
        # (a private table's game has a replay for its players alone: only his own page links it)
        "game_id": None if (record.settings or {}).get("private") and not own else record.game_id,
    }
    if left_at(record, seat):  # a computer finished it for him: no place of his own
        entry.update(place=None, left=True)
    played_for = played_for_at(record, seat)
    if played_for is not None:  # a computer stood in for him, or the clock laid tiles: the row says so
        entry["played_for"] = played_for
    match = result.get("match")
    if match is not None:  # a game of a match: which one, and (its last) the match's total and place
        entry["match"] = {"number": match["number"], "of": match["of"]}
        if match["number"] == match["of"] and seat < len(values):
            totals = [before + points for before, points in zip(match["before"], values, strict=False)]
            entry["match"].update(total=totals[seat], place=1 + sum(total > totals[seat] for total in totals))
    return entry


def played_for_at(record: GameRecord, seat: int) -> dict[str, Any] | None:
    """What a computer standing in for the player of this seat, or the clock, played for him (the
    record's `played_for`; None: he played it all, or a game recorded before this was kept)."""
    notes = (record.result or {}).get("played_for") or []
    return notes[seat] if seat < len(notes) else None


def his_own(record: GameRecord, seat: int) -> bool:
    """A game that counts as the player's own in his averages: not left, not mostly played for him."""
    return not left_at(record, seat) and not (played_for_at(record, seat) or {}).get("mostly")


def planahead_bests(games: Sequence[tuple[GameRecord, int]]) -> dict[str, Any] | None:
    """Plan Ahead at tables: the best and the average score, how many games and how many won (a win
    needs someone to beat), of the games that were his own (`his_own`). None: no such game."""
    scores: list[int] = []
    wins = 0
    for record, seat in games:
        result = record.result or {}
        values, ranking = result.get("scores") or [], result.get("ranking") or []
        if not his_own(record, seat) or seat >= len(values):
            continue
        scores.append(values[seat])
        wins += seat < len(ranking) and ranking[seat] == 1 and len(values) > 1
    if not scores:
        return None
    return {
        "best": max(scores),
        "average": round(sum(scores) / len(scores), 1),
        "games": len(scores),
        "wins": wins,
    }


def move_trend(games: Sequence[tuple[GameRecord, int]]) -> list[dict[str, Any]]:
    """How well the player's Plan Ahead moves were, game by game (oldest first): the average loss per
    tile by the move analysis, noted in each record after its game (games/planahead/replay.py), of
    the games that were his own."""
    trend = []
    for record, seat in games:
        losses = (record.result or {}).get("loss_per_tile") or []
        if his_own(record, seat) and seat < len(losses) and losses[seat] is not None:
            trend.append(
                {"at": utc(record.started_at).isoformat(), "loss": losses[seat], "game_id": record.game_id}
            )
    return trend[::-1]


def city_trend(games: Sequence[tuple[GameRecord, int]]) -> list[dict[str, Any]]:
    """How close the player's Speedgans cities came to the optimal ones, game by game (oldest first),
    from the analysis noted in each record after its game (games/speedgans/replay.py), of the games
    that were his own and the rounds he built himself: per round on average, the tiles that differ
    from the nearest optimal city and the points short of the Musterstadt (all of them for a city
    not finished), and how many rounds were optimal."""
    trend = []
    for record, seat in games:
        noted = (record.result or {}).get("city_analysis") or []
        if not his_own(record, seat) or seat >= len(noted) or not noted[seat]:
            continue
        by_computer = set((played_for_at(record, seat) or {}).get("computer", ()))
        built = [r for r in noted[seat] if r["round"] not in by_computer]
        if not built:
            continue
        short = [r["best"] - (r["points"] or 0.0) for r in built]
        trend.append(
            {
                "at": utc(record.started_at).isoformat(),
                "game_id": record.game_id,
                "rounds": len(built),
                "optimal": sum(r["differ"] == 0 for r in built),
                "differ": round(sum(r["differ"] for r in built) / len(built), 2),
                "missed": round(sum(short) / len(built), 1),
            }
        )
    return trend[::-1]


def left_at(record: GameRecord, seat: int) -> bool:
    """Whether the player of this seat left the game before its end."""
    players = record.players or []
    return seat < len(players) and bool(players[seat].get("left"))


def puzzle_places_of(repository: Repository, results: Sequence[PuzzleResult]) -> dict[int, tuple[int, int]]:
    """Each ranked first attempt's place among the day's (as the day's list ranks: score, then time;
    attempts faster than a person can play are not ranked), and how many rank that day."""
    own = [r for r in results if r.first_attempt and plausible(r)]
    days: dict[str, list[PuzzleResult]] = {}
    for result in repository.puzzle_first_attempts(sorted({r.puzzle_id for r in own})):
        if plausible(result):
            days.setdefault(result.puzzle_id, []).append(result)
    places: dict[int, tuple[int, int]] = {}
    for result in own:
        ranked = days.get(result.puzzle_id, [])
        if all(r.id != result.id for r in ranked):
            continue  # on no list (hidden by an operator, or the player is blocked): no place
        key = (-result.score, round(result.seconds_used, 1))
        ahead = sum((-r.score, round(r.seconds_used, 1)) < key for r in ranked)
        places[result.id] = (ahead + 1, len(ranked))
    return places


def daily_places_of(repository: Repository, runs: Sequence[SoloResult]) -> dict[int, tuple[int, int]]:
    """Each first Tagesstadt attempt's rank on its day's list (equal points share a rank), and how
    many rank that day; an attempt on no list (hidden, or the player is blocked) has none."""
    own = [r for r in runs if r.mode == "daily" and r.first_attempt and r.day]
    points: dict[str, list[float]] = {}
    listed: set[int] = set()
    for row_id, day, value in repository.daily_first_attempts(sorted({r.day for r in own if r.day})):
        points.setdefault(day, []).append(value)
        listed.add(row_id)
    return {
        r.id: (sum(p > r.points for p in points.get(r.day or "", [])) + 1, len(points.get(r.day or "", [])))
        for r in own
        if r.id in listed
    }


# Speedgans task groups ----------------------------------------------------------------------------
def task_groups(games: Iterable[tuple[GameRecord, int]]) -> dict[str, Any]:
    """How well a player does at each group of tasks: per task of a round, the player's points over a
    first place's (1.0: first place), averaged over every round and task of the group; and per task.
    Only games recorded with each task's points count (older ones lack them)."""
    totals: dict[str, list[float]] = {task: [] for task in TASK_IDS}
    counted = 0
    for record, seat in games:
        if left_at(record, seat):
            continue  # (the rounds after he left were a computer's)
        # (and so were the rounds a computer built for him while he was away)
        by_computer = set((played_for_at(record, seat) or {}).get("computer", ()))
        rounds = [
            r
            for r in (record.result or {}).get("rounds", [])
            if "by_task" in r and r.get("top") and r.get("round") not in by_computer
        ]
        counted += bool(rounds)
        for entry in rounds:
            for task, points in entry["by_task"].items():
                if task in totals and seat < len(points):
                    totals[task].append(points[seat] / entry["top"])

    def mean(values: list[float]) -> float | None:
        return sum(values) / len(values) if values else None

    return {
        "games": counted,
        "groups": [
            {
                "group": group,
                "share": mean([v for task in TASK_IDS if task[0] == group for v in totals[task]]),
                "count": sum(len(totals[task]) for task in TASK_IDS if task[0] == group),
                "tasks": [
                    {"id": task, "share": mean(totals[task]), "count": len(totals[task])}
                    for task in TASK_IDS
                    if task[0] == group
                ],
            }
            for group in GROUPS
        ],
    }
