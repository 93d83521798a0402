"""Plan Ahead at a table, for the server: `GameRules` over games.planahead.game."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, ClassVar

from spieltisch.games.levels import BotLevel
from spieltisch.games.planahead import game as planahead
from spieltisch.games.planahead import replay as planahead_replay
from spieltisch.games.planahead.notation import format_land
from spieltisch.server.records import AfterGame, TableRecord
from spieltisch.server.rules.base import (
    ComputerPolicy,
    FinishedGame,
    GameRules,
    Lookups,
    PlayedFor,
    played_for_people,
)

#: Seconds a computer player thinks before placing, by the table's pace and the level, counted from
#: when the tile appears. Brisk (zügig, the default): under 1.5 s, so that a person who places in a
#: few seconds never waits; relaxed (gemächlich): a person's few seconds.
THINKING: Mapping[str, Mapping[BotLevel, tuple[float, float]]] = {
    "brisk": {"easy": (0.6, 1.4), "medium": (0.5, 1.3), "strong": (0.4, 1.2)},
    "relaxed": {"easy": (2.5, 5.0), "medium": (2.0, 4.5), "strong": (1.5, 4.0)},
}


def thinking_seconds(state: planahead.Game, seat: int, level: BotLevel, rng: random.Random) -> float:
    """Drawn from the tile and seat alone (not `rng`): the same however often the table asks within
    a tile, as the thinking counts from when the tile appeared."""
    low, high = THINKING[state.settings.bot_pace][level]
    return random.Random(f"{state.seed}:{state.turn}:{seat}:think").uniform(low, high)


class PlanAheadRules(GameRules[planahead.Game, planahead.Action]):
    name = "planahead"
    actions = (planahead.Place, planahead.Confirm)
    computers: ClassVar[ComputerPolicy[planahead.Game]] = ComputerPolicy(
        # Proper names, alike in German and English (the level is shown beside them); the masters are
        # named after mathematicians (Ada Lovelace, Carl Friedrich Gauß, Emmy Noether, Leonhard Euler,
        # Sofia Kowalewskaja).
        names={
            "easy": ("Lina", "Ben", "Mia", "Finn", "Ella"),
            "medium": ("Clara", "Jonas", "Marie", "Anton", "Sophie"),
            "strong": ("Ada", "Carl", "Emmy", "Leonhard", "Sofia"),
        },
        # Everyone waits for the last to confirm: once the people have, the computers place at once.
        never_keep_people_waiting=True,
        thinking=thinking_seconds,
        # The thinking counts from when the tile appeared.
        thinking_since=lambda state: state.turn_started,
    )

    # The engine's own (games/planahead/game.py, replay.py):
    view = staticmethod(planahead.seat_view)
    views = staticmethod(planahead.seat_views)
    on_deadline = staticmethod(planahead.on_deadline)
    abandon = staticmethod(planahead.abandon)
    replay = staticmethod(planahead_replay.replay)
    analysis = staticmethod(planahead_replay.analyses)
    dump = staticmethod(planahead.to_dict)
    load = staticmethod(planahead.from_dict)

    def settings(self, raw: Mapping[str, Any], now: float) -> dict[str, Any]:
        return planahead.parse_settings(raw).to_dict()

    def new(self, settings: Mapping[str, Any], seat_count: int, seed: int, now: float) -> planahead.Game:
        checked = planahead.parse_settings(settings)
        return planahead.new_game(seat_count, seed, now, checked)

    def act(
        self, state: planahead.Game, seat: int, action: planahead.Action, now: float, *, by_bot: bool
    ) -> planahead.Game:
        return planahead.act(state, seat, action, now, by_computer=by_bot)

    def due(self, state: planahead.Game) -> float | None:
        return state.deadline

    def waiting_for(self, state: planahead.Game, seat: int) -> bool:
        return state.phase is planahead.Phase.PLAYING and not state.seats[seat].confirmed

    def step(self, state: planahead.Game) -> int:
        # Every confirmation is a step of its own, so that the table plans the computers again when a
        # person confirms (and lets them place at once when he was the last person).
        return state.turn * (planahead.MAX_SEATS + 1) + sum(seat.confirmed for seat in state.seats)

    def finished(self, state: planahead.Game) -> bool:
        return state.phase is planahead.Phase.FINISHED

    def seed(self, state: planahead.Game) -> int:
        return state.seed

    def played_for(self, state: planahead.Game, seat: int) -> PlayedFor:
        # Tile numbers (1 = the first drawn) of the tiles the computer or the clock fixed.
        number = {tile: turn for turn, tile in enumerate(state.draw, start=1)}
        own = state.seats[seat]
        laid = {field: number[tile] for field, tile in enumerate(own.land, start=1) if tile is not None}
        return PlayedFor(
            computer=tuple(sorted(laid[f] for f in own.computer_placed if f in laid)),
            clock=tuple(sorted(laid[f] for f in own.clock_placed if f in laid)),
            of=len(laid),
        )

    def bot_actions(
        self, state: planahead.Game, seat: int, level: BotLevel, rng: random.Random, *, kin: int = 0
    ) -> Sequence[planahead.Action]:
        from spieltisch.games.planahead.bots import choose_field, turned_seat

        tile = state.current_tile
        if tile is None:
            return ()
        if state.seats[seat].tentative is not None:
            # A computer standing in for a person who laid the tile and went away keeps what the
            # person laid (as the turn clock would); a computer's own seat never holds a tile unconfirmed.
            return (planahead.Confirm(),)
        drawn = state.draw[: state.turn + 1]  # never a tile after the current one
        # Seeded per seat (`rng`), and turned every other computer of the level: two computers of
        # one level play their own lands.
        turned = turned_seat(state.seed, kin)
        field = choose_field(level, state.seats[seat].land, tile, drawn, rng, turned=turned)
        return (planahead.Place(field), planahead.Confirm())

    def match_points(self, state: planahead.Game) -> Sequence[int]:
        return list(state.scores())

    async def after_game(self, game: FinishedGame[planahead.Game], lookups: Lookups) -> AfterGame:
        state = game.state
        result: dict[str, Any] = {
            "draw": " ".join(tile.code for tile in state.draw),
            "lands": [format_land(seat.land) for seat in state.seats],
            "scores": list(state.scores()),
            "ranking": list(state.ranking()),
            "played_for": played_for_people(self, game),
        }
        if game.match is not None:
            result["match"] = dict(game.match)  # which game of the match, the points before it
        # How well each person's moves were, written into the record beside its result (the replay
        # shows it, the player's page its trend).
        people = [sitter.player is not None for sitter in game.sitters]
        return AfterGame(
            TableRecord(result),
            shown_later=lambda: {"strongest": _strongest(state)},
            notes=partial(planahead_replay.noted_analysis, state, people),
        )


def _strongest(state: planahead.Game) -> dict[str, Any]:
    """What the strongest computer would have scored on the same tiles, and its land (the board
    works out its lines, as for every player's)."""
    from spieltisch.games.planahead.bots import replay_strongest

    score, land = replay_strongest(state.draw)
    return {"score": score, "land": format_land(land)}
