"""Plan Ahead at a table, for the server: `GameRules` over games.planahead.game."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from spieltisch.games.levels import BotLevel
from spieltisch.games.planahead import game as planahead
from spieltisch.games.planahead.notation import format_land
from spieltisch.server.rules.base import FinishedGame, GameRules, Records, save_game_record


class PlanAheadRules(GameRules[planahead.Game, planahead.Action]):
    name = "planahead"
    actions = (planahead.Place, planahead.Confirm)
    bot_names: ClassVar[Mapping[BotLevel, str]] = {
        "easy": "Einsteiger",
        "medium": "Fortgeschritten",
        "strong": "Meister",
    }
    #: Seconds a computer player thinks before placing, by level, counted from when the tile
    #: appears (a person who takes a few seconds to place rarely waits for the computers).
    THINKING: ClassVar[Mapping[BotLevel, tuple[float, float]]] = {
        "easy": (2.0, 5.0),
        "medium": (1.5, 4.0),
        "strong": (1.0, 3.0),
    }

    def settings(self, raw: Mapping[str, Any], now: float) -> dict[str, Any]:
        return planahead.parse_settings(raw).to_dict()

    def seat_limit(self, settings: Mapping[str, Any]) -> int:
        return int(settings["seats"])

    def new(self, settings: Mapping[str, Any], seat_count: int, seed: int, now: float) -> planahead.Game:
        checked = planahead.parse_settings(settings)
        return planahead.new_game(seat_count, seed, now, checked)

    def act(
        self, state: planahead.Game, seat: int, action: planahead.Action, now: float, *, by_bot: bool
    ) -> planahead.Game:
        return planahead.act(state, seat, action, now)

    def view(self, state: planahead.Game, seat: int | None) -> dict[str, Any]:
        return planahead.seat_view(state, seat)

    def due(self, state: planahead.Game) -> float | None:
        return state.deadline

    def on_deadline(self, state: planahead.Game, now: float) -> planahead.Game:
        return planahead.on_deadline(state, now)

    def abandon(self, state: planahead.Game, seat: int, now: float) -> planahead.Game:
        return planahead.abandon(state, seat, now)

    def waiting_for(self, state: planahead.Game, seat: int) -> bool:
        return state.phase is planahead.Phase.PLAYING and not state.seats[seat].confirmed

    def step(self, state: planahead.Game) -> int:
        return state.turn

    def finished(self, state: planahead.Game) -> bool:
        return state.phase is planahead.Phase.FINISHED

    def seed(self, state: planahead.Game) -> int:
        return state.seed

    def bot_actions(
        self, state: planahead.Game, seat: int, level: BotLevel, rng: random.Random
    ) -> Sequence[planahead.Action]:
        from spieltisch.games.planahead.bots import choose_field

        tile = state.current_tile
        if tile is None:
            return ()
        drawn = state.draw[: state.turn + 1]  # never a tile after the current one
        field = choose_field(level, state.seats[seat].land, tile, drawn, rng)
        return (planahead.Place(field), planahead.Confirm())

    def bot_delay(self, state: planahead.Game, seat: int, level: BotLevel, rng: random.Random) -> float:
        low, high = self.THINKING[level]
        return rng.uniform(low, high)

    def dump(self, state: planahead.Game) -> dict[str, Any]:
        return planahead.to_dict(state)

    def load(self, data: dict[str, Any]) -> planahead.Game:
        return planahead.from_dict(data)

    async def after_game(self, game: FinishedGame[planahead.Game], records: Records) -> dict[str, Any]:
        state = game.state
        result = {
            "draw": " ".join(tile.code for tile in state.draw),
            "lands": [format_land(seat.land) for seat in state.seats],
            "scores": list(state.scores()),
            "ranking": list(state.ranking()),
        }
        await save_game_record(self, game, records, result)
        return {"strongest": await asyncio.to_thread(_strongest, state)}


def _strongest(state: planahead.Game) -> dict[str, Any]:
    """What the strongest computer would have scored on the same tiles, with its lines, so that its
    land shows what each line brought, like every player's."""
    from spieltisch.games.planahead.bots import replay_strongest
    from spieltisch.games.planahead.scoring import score_land

    score, land = replay_strongest(state.draw)
    lines = [line.as_view() for line in score_land(land).lines]
    return {"score": score, "land": format_land(land), "lines": lines}
