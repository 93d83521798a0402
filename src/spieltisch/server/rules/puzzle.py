"""A Plan Ahead puzzle attempt (Rätsel), for the server: `GameRules` over games.planahead.attempt.
One seat, the puzzle's fixed tiles, one clock for the whole land; its results go to the day's lists."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.planahead import attempt
from spieltisch.games.planahead import game as planahead
from spieltisch.games.planahead import replay as planahead_replay
from spieltisch.games.planahead.notation import format_land
from spieltisch.games.planahead.puzzle import puzzle_for
from spieltisch.server.puzzles import day_end, puzzle_day, today
from spieltisch.server.records import AfterGame, PuzzleRecord
from spieltisch.server.rules.base import FinishedGame, GameRules, Lookups


class PuzzleRules(GameRules[attempt.Attempt, planahead.Action]):
    name = "puzzle"
    actions = (planahead.Place, planahead.Confirm)
    listed = False
    starts_alone = True

    # The engine's own (games/planahead/attempt.py):
    on_deadline = staticmethod(attempt.on_deadline)
    dump = staticmethod(attempt.to_dict)
    load = staticmethod(attempt.from_dict)

    def __init__(self, secret: bytes, time_limit_s: float | None = None) -> None:
        #: The key the day's tiles are drawn with (see games/planahead/puzzle.py: seed_for).
        self.secret = secret
        #: An operator's override of every puzzle's own time limit (None: each puzzle's own).
        self.time_limit_s = time_limit_s

    def settings(self, raw: Mapping[str, Any], now: float) -> dict[str, Any]:
        if set(raw) != {"puzzle"} or not isinstance(raw["puzzle"], str):
            raise RuleError(ErrorCode.BAD_SETTINGS, "a puzzle table needs exactly the setting 'puzzle'")
        return {"puzzle": puzzle_day(raw["puzzle"], now).isoformat()}  # a day whose puzzle is out

    def attempt_key(self, settings: Mapping[str, Any]) -> str | None:
        return f"puzzle:{settings['puzzle']}"

    def sealed_until(self, settings: Mapping[str, Any]) -> float | None:
        return day_end(dt.date.fromisoformat(settings["puzzle"]))

    def new(self, settings: Mapping[str, Any], seat_count: int, seed: int, now: float) -> attempt.Attempt:
        # The random seed is ignored: every attempt at a puzzle gets the puzzle's own tiles.
        day = dt.date.fromisoformat(settings["puzzle"])
        # A replay passes the time limit the attempt had (see `logged_settings`).
        limit = settings.get("time_limit_s", self.time_limit_s)
        return attempt.start(puzzle_for(day, self.secret), now, limit)

    def logged_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {**settings, "time_limit_s": self.time_limit_s} if self.time_limit_s else dict(settings)

    def act(
        self, state: attempt.Attempt, seat: int, action: planahead.Action, now: float, *, by_bot: bool
    ) -> attempt.Attempt:
        return attempt.act(state, action, now)

    def view(self, state: attempt.Attempt, seat: int | None) -> dict[str, Any]:
        return attempt.view(state)

    def due(self, state: attempt.Attempt) -> float | None:
        return None if state.over else state.ends_at

    def abandon(self, state: attempt.Attempt, seat: int, now: float) -> attempt.Attempt:
        # Ended before its time (its player started too many runs): it counts with what it had
        # then, as an attempt left open counts with what it had when its time ran out.
        return attempt.give_up(state, now)

    def step(self, state: attempt.Attempt) -> int:
        return state.game.turn

    def finished(self, state: attempt.Attempt) -> bool:
        return state.over

    def seed(self, state: attempt.Attempt) -> int:
        return state.game.seed

    def replay(self, moments: Iterable[tuple[float, attempt.Attempt]]) -> dict[str, Any]:
        return planahead_replay.replay((at, state.game) for at, state in moments)

    def analysis(self, state: attempt.Attempt, people: Sequence[bool]) -> list[dict[str, Any] | None]:
        return planahead_replay.analyses(state.game, people)

    async def after_game(self, game: FinishedGame[attempt.Attempt], lookups: Lookups) -> AfterGame:
        state = game.state
        best, land = await lookups.optima.get(state.puzzle_id)
        record = PuzzleRecord(
            puzzle_id=state.puzzle_id,
            score=state.score,
            optimum=best,
            land=format_land(state.game.seats[0].land),
            seconds_used=state.seconds_used(lookups.now()),
            on_its_day=today(state.started_at).isoformat() == state.puzzle_id,
        )
        share = state.score / best if best else 1.0
        return AfterGame(record, shown={"optimum": {"score": best, "land": land, "share": share}})
