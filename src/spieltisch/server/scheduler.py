"""Everything that happens on the clock rather than on a message: turn deadlines, computer players'
moves, and the work after a game ends (the record, what the strongest computer would have scored).

Every process hears every table change and keeps one timer per running table. Should two processes
fire for the same moment, the store's one-change-at-a-time update makes the second a no-op.
"""

from __future__ import annotations

import asyncio
import logging

from spieltisch.server.clock import Clock
from spieltisch.server.puzzles import Optima
from spieltisch.server.store import TableStore
from spieltisch.server.tables import Status, Table, bot_moves, tick
from spieltisch.storage.repository import Repository

log = logging.getLogger(__name__)

#: How often idle tables are looked for; a table unchanged and idle for this long is forgotten.
SWEEP_SECONDS = 30 * 60


class Scheduler:
    def __init__(
        self, store: TableStore, clock: Clock, repository: Repository, pacing: float, optima: Optima
    ) -> None:
        self.store = store
        self.optima = optima
        self.clock = clock
        self.repository = repository
        self.pacing = pacing
        self._timers: dict[str, tuple[float, asyncio.Task]] = {}
        self._background: set[asyncio.Task] = set()
        #: Tables found idle at the last sweep, with their version then.
        self._idle: dict[str, int] = {}
        store.listen(self.table_changed)

    async def close(self) -> None:
        for _, task in self._timers.values():
            task.cancel()
        for task in list(self._background):
            task.cancel()

    async def resume(self) -> None:
        """After a start: pick up the clocks of every table that is still running, and begin sweeping."""
        for table in await self.store.all_tables():
            await self._plan(table)
        self._spawn(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            await self.clock.sleep_until(self.clock.now() + SWEEP_SECONDS)
            try:
                await self.sweep()
            except Exception:  # a failed sweep is retried next time; it must not end the loop
                log.exception("table sweep failed")

    async def sweep(self) -> None:
        """Forget tables nobody uses any more: without a person connected and unchanged for a whole
        sweep interval (finished games stay in the records)."""
        seen, self._idle = self._idle, {}
        for table in await self.store.all_tables():
            if table.anyone_here:
                continue
            if seen.get(table.id) == table.version:
                await self.store.delete(table.id)
                await asyncio.to_thread(self.repository.delete_live_table, table.id)
                timer = self._timers.pop(table.id, None)
                if timer:
                    timer[1].cancel()
            else:
                self._idle[table.id] = table.version

    async def table_changed(self, table_id: str) -> None:
        table = await self.store.get(table_id)
        if table is not None:
            await self._plan(table)

    async def _plan(self, table: Table) -> None:
        due = table.next_due()
        current = self._timers.get(table.id)
        if current and (due is None or current[0] != due):
            current[1].cancel()
            self._timers.pop(table.id, None)
        if due is not None and table.id not in self._timers:
            self._timers[table.id] = (due, asyncio.create_task(self._fire(table.id, due)))
        if table.status is Status.FINISHED and not table.recorded:
            self._spawn(self._record(table.id))

    def _spawn(self, coroutine) -> None:
        task = asyncio.create_task(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _fire(self, table_id: str, due: float) -> None:
        try:
            await self.clock.sleep_until(due)
            if self._timers.get(table_id, (None,))[0] == due:
                self._timers.pop(table_id, None)
            table = await self.store.get(table_id)
            decided = None
            if table is not None and table.bot_due:
                # The computers think in a thread: the strongest take tens of milliseconds a move.
                decided = await asyncio.to_thread(bot_moves, table, self.clock.now())
            changed = await self.store.update(
                table_id, lambda table: tick(table, self.clock.now(), self.pacing, decided)
            )
            if changed is None:
                # Nothing was due after all (the timer woke early, or another process got there
                # first): plan anew so that a table never stops at a deadline — but never spin.
                table = await self.store.get(table_id)
                again = table.next_due() if table else None
                if again is not None and table_id not in self._timers:
                    again = max(again, self.clock.now() + 0.25)
                    self._timers[table_id] = (again, asyncio.create_task(self._fire(table_id, again)))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("timer of table %s failed", table_id)

    async def _record(self, table_id: str) -> None:
        """Write a finished game to the records exactly once, then add the strongest computer's score."""

        def claim(table: Table) -> Table | None:
            if table.status is not Status.FINISHED or table.recorded:
                return None
            table.recorded = True
            table.version += 1
            return table

        table = await self.store.update(table_id, claim)
        if table is None:
            return  # another process (or an earlier event) has it
        rules = table.rules
        if table.game == "puzzle":
            await self._record_puzzle(table)
            return
        record_id = await asyncio.to_thread(
            self.repository.save_game,
            game=table.game,
            table_id=table.id,
            seed=rules.seed(table.state),
            settings=table.settings,
            players=[{"player": s.player, "nickname": s.nickname, "bot": s.bot} for s in table.seats],
            result=rules.result(table.state),
            started_at=table.started_at or self.clock.now(),
        )
        if table.game == "speedgans":
            await asyncio.to_thread(
                self.repository.add_leaderboard_entries,
                game=table.game,
                record_id=record_id,
                entries=_leaderboard_entries(table),
            )
        await self._add_extras(table, await asyncio.to_thread(_after_game_extras, table))

    async def _record_puzzle(self, table: Table) -> None:
        attempt = table.state
        seat = table.seats[0]
        best, land = await self.optima.get(attempt.puzzle_id)
        await asyncio.to_thread(
            self.repository.add_puzzle_result,
            puzzle_id=attempt.puzzle_id,
            player_id=seat.player,
            nickname=seat.nickname,
            score=attempt.score,
            optimum=best,
            land=table.rules.result(attempt)["land"],
            seconds_used=attempt.seconds_used(self.clock.now()),
        )
        share = attempt.score / best if best else 1.0
        await self._add_extras(table, {"optimum": {"score": best, "land": land, "share": share}})

    async def _add_extras(self, table: Table, extras: dict) -> None:
        if extras:
            version = table.version

            def add_extras(current: Table) -> Table | None:
                if current.version != version:
                    return None  # a rematch began meanwhile: these results belong to the old game
                current.extras.update(extras)
                current.version += 1
                return current

            await self.store.update(table.id, add_extras)


def _leaderboard_entries(table: Table) -> list[dict]:
    """Leaderboard points of the people at a finished Speedgans table (computers earn none)."""
    from spieltisch.games.speedgans.rounds import leaderboard_points

    state = table.state
    easy = any(seat.bot == "easy" for seat in table.seats)
    places = state.ranking()
    return [
        {
            "player": seat.player,
            "nickname": seat.nickname,
            "points": leaderboard_points(state.seats[index].points, places[index], easy),
            "game_points": state.seats[index].points,
            "place": places[index],
        }
        for index, seat in enumerate(table.seats)
        if seat.player is not None
    ]


def _after_game_extras(table: Table) -> dict:
    if table.game != "planahead":
        return {}
    try:
        from spieltisch.games.planahead.bots import replay_strongest
    except ImportError:  # computer players not available in this build
        return {}
    score, land = replay_strongest(table.state.draw)
    from spieltisch.games.planahead.notation import format_land
    from spieltisch.games.planahead.scoring import score_land

    # The lines too, so that its land shows what each line brought, like every player's.
    lines = [line.as_view() for line in score_land(land).lines]
    return {"strongest": {"score": score, "land": format_land(land), "lines": lines}}
