"""Speedgans alone, for the server: `GameRules` over games.speedgans.solo — Rekordjagd, Tagesstadt
and Übung, each a solo table that starts when it is created.

Settings: {"mode": "record"} · {"mode": "daily", "day": "YYYY-MM-DD" (default: today)} ·
{"mode": "practice", "tasks": "F1,W2,H3" (optional)}. The day's triple is drawn from a keyed hash
of the server's secret and the date, so nobody can work it out before its day; a day after today
is refused. After a run the server records it (Übung keeps nothing) and tells the player the
personal best (Rekordjagd) or whether the attempt ranks on the day's list (Tagesstadt).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from collections.abc import Mapping
from typing import Any

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.speedgans import rounds, solo
from spieltisch.games.speedgans.catalog import Catalog
from spieltisch.server.puzzles import day_end, today
from spieltisch.server.records import AfterGame, SoloRecord
from spieltisch.server.rules.base import FinishedGame, GameRules, Lookups

#: The first Tagesstadt (the day the solo modes opened).
FIRST_DAILY = dt.date(2026, 12, 1)
#: How many earlier days the Tagesstadt archive lists.
DAILY_ARCHIVE_DAYS = 30

Move = solo.Action


class SpeedgansSoloRules(GameRules[solo.Solo, Move]):
    name = "speedgans_solo"
    actions = (rounds.SetCity, rounds.CallDone, solo.Skip, solo.AskHint, solo.NewTasks, solo.GiveUp)
    listed = False
    starts_alone = True

    # The engine's own (games/speedgans/solo.py):
    due = staticmethod(solo.due)
    on_deadline = staticmethod(solo.on_deadline)
    finished = staticmethod(solo.finished)
    dump = staticmethod(solo.to_dict)
    load = staticmethod(solo.from_dict)

    def __init__(self, catalog: Catalog, secret: bytes, record_seconds: float | None = None) -> None:
        self.catalog = catalog
        self.secret = secret
        #: An operator's override of the Rekordjagd's 5 minutes.
        self.record_seconds = record_seconds

    def daily_seed(self, day: dt.date) -> int:
        digest = hmac.new(self.secret, f"tagesstadt:{day.isoformat()}".encode(), hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big")

    def daily_tasks(self, day: dt.date) -> tuple[str, ...]:
        return solo.daily_triple(self.daily_seed(day))

    def settings(self, raw: Mapping[str, Any], now: float) -> dict[str, Any]:
        mode = raw.get("mode")
        allowed = {"record": {"mode"}, "daily": {"mode", "day"}, "practice": {"mode", "tasks"}}
        if not isinstance(mode, str) or mode not in allowed:
            raise RuleError(ErrorCode.BAD_SETTINGS, "mode must be record, daily or practice")
        unknown = set(raw) - allowed[mode]
        if unknown:
            raise RuleError(ErrorCode.BAD_SETTINGS, f"unknown setting {sorted(unknown)[0]!r} for {mode}")
        if mode == "daily":
            return {"mode": mode, "day": daily_day(raw.get("day"), now).isoformat()}
        if mode == "practice" and raw.get("tasks") is not None:
            tasks = raw["tasks"]
            if not isinstance(tasks, str):
                raise RuleError(ErrorCode.BAD_SETTINGS, "tasks are three task ids like F1,W2,H3")
            return {"mode": mode, "tasks": ",".join(solo.checked_triple(tasks))}
        return {"mode": mode}

    def attempt_key(self, settings: Mapping[str, Any]) -> str | None:
        return f"daily:{settings['day']}" if settings["mode"] == "daily" else None

    def sealed_until(self, settings: Mapping[str, Any]) -> float | None:
        # The Tagesstadt's tasks are everyone's that day; a Rekordjagd's and an Übung's are its own.
        return day_end(dt.date.fromisoformat(settings["day"])) if settings["mode"] == "daily" else None

    def new(self, settings: Mapping[str, Any], seat_count: int, seed: int, now: float) -> solo.Solo:
        mode = settings["mode"]
        if mode == "daily":
            # Every attempt at a day gets that day's triple; the table's random seed is not used.
            return solo.new_daily(self.daily_seed(dt.date.fromisoformat(settings["day"])), now)
        if mode == "record":
            # A replay passes the run's time (see `logged_settings`).
            seconds = settings.get("record_seconds") or self.record_seconds or solo.RECORD_SECONDS
            return solo.new_record(seed, now, seconds)
        return solo.new_practice(seed, now, settings.get("tasks"))

    def logged_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        if settings["mode"] == "record" and self.record_seconds:
            return {**settings, "record_seconds": self.record_seconds}
        return dict(settings)

    def act(self, state: solo.Solo, seat: int, action: Move, now: float, *, by_bot: bool) -> solo.Solo:
        return solo.act(state, action, now, self.catalog)

    def view(self, state: solo.Solo, seat: int | None) -> dict[str, Any]:
        return solo.view(state, self.catalog)

    def abandon(self, state: solo.Solo, seat: int, now: float) -> solo.Solo:
        return solo.give_up(state, now)

    def step(self, state: solo.Solo) -> int:
        return state.number

    def seed(self, state: solo.Solo) -> int:
        return state.seed

    async def after_game(self, game: FinishedGame[solo.Solo], lookups: Lookups) -> AfterGame:
        state = game.state
        if state.mode is solo.Mode.PRACTICE:
            return AfterGame()  # Übung keeps nothing
        day = game.settings.get("day")
        record = SoloRecord(
            mode=state.mode.value,
            day=day,
            points=state.total or 0.0,
            leaderboard_points=solo.leaderboard_points(state),
            result=solo.result(state),
            on_its_day=day is None or today(game.started_at).isoformat() == day,
            ranked=state.by_hand,
        )
        # The records tell where it stands: the day's list (Tagesstadt), the player's best (Rekordjagd).
        return AfterGame(record)


def daily_day(raw: object, now: float) -> dt.date:
    """The day of a Tagesstadt that may be played by the server's clock (RuleError otherwise):
    today (None) or an earlier day since the first."""
    current = today(now)
    if raw is None:
        return current
    if not isinstance(raw, str):
        raise RuleError(ErrorCode.BAD_SETTINGS, "day must be a date like 2026-12-01")
    try:
        day = dt.date.fromisoformat(raw)
    except ValueError:
        raise RuleError(ErrorCode.BAD_SETTINGS, f"day {raw!r} is not a date like 2026-12-01") from None
    if day < FIRST_DAILY:
        raise RuleError(ErrorCode.NO_PUZZLE, f"the first Tagesstadt is of {FIRST_DAILY.isoformat()}")
    if day > current:
        raise RuleError(ErrorCode.FUTURE_PUZZLE, f"the Tagesstadt of {day.isoformat()} is not out yet")
    return day


def daily_archive(now: float) -> list[str]:
    """Today and the earlier days of the Tagesstadt, newest first."""
    current = today(now)
    count = min(DAILY_ARCHIVE_DAYS, (current - FIRST_DAILY).days + 1)
    return [(current - dt.timedelta(days=back)).isoformat() for back in range(max(0, count))]
