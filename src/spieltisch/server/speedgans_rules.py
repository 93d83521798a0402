"""Speedgans at a table, for the server: the GameRules interface over games.speedgans.rounds.

The catalog of every valid city ("beste N", the Musterstadt, the computer players' cities) is
loaded once per process at start (Services.start hands it in with `use_catalog`).
"""

from __future__ import annotations

import random
from typing import Any

from spieltisch.games.errors import RuleError
from spieltisch.games.speedgans import bots, rounds
from spieltisch.games.speedgans.catalog import Catalog, ensure_catalog

_PHASE_STEP = {phase: index for index, phase in enumerate(rounds.Phase)}


class SpeedgansRules:
    name = "speedgans"
    listed = True
    #: Geese, as the game is: the level words themselves (Leicht, Normal, Stark) are no names.
    bot_names = {"easy": "Gössel", "medium": "Gans", "strong": "Wildgans"}
    #: An easy computer may well not finish before the hourglass runs out: the clock does not wait.
    bot_beats_clock = False

    def __init__(self) -> None:
        self.catalog: Catalog | None = None

    def use_catalog(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def _catalog(self) -> Catalog:
        if self.catalog is None:  # a process that did not go through Services.start (tools, tests)
            self.catalog = ensure_catalog(progress=False)
        return self.catalog

    def settings(self, raw: dict[str, Any]) -> dict[str, Any]:
        return rounds.parse_settings(raw).to_dict()

    def seat_limit(self, settings: dict[str, Any]) -> int:
        return settings["seats"]

    def new(self, settings, seat_count, seed, now):
        return rounds.new_game(rounds.Settings(**settings), seat_count, seed, now)

    def act(self, state, seat, action, now):
        kind = action["type"]
        if action.get("bot"):
            # A computer's step planned before a deadline but run after it (a late timer): the
            # round has moved on, so the step is simply void. People cannot send "bot" (the
            # protocol forbids unknown fields).
            caught_up = rounds.on_time(state, now)
            wanted = rounds.Phase.SCORED if kind == "next_round" else rounds.Phase.BUILDING
            if caught_up.phase is not wanted or caught_up.round != state.round:
                return caught_up
        if kind == "city":
            return rounds.set_city(state, seat, action["city"], now)
        if kind == "done":
            return rounds.call_done(state, seat, now)
        if kind == "next_round":
            return rounds.ready(state, seat, now)
        raise RuleError("bad_action", f"{kind} is not a Speedgans move")

    def view(self, state, seat):
        return rounds.seat_view(state, seat, self._catalog())

    def due(self, state):
        return rounds.due(state)

    def tick(self, state, now):
        return rounds.on_time(state, now)

    def abandon(self, state, seat, now):
        return rounds.abandon(state, seat, now)

    def waiting_for(self, state, seat):
        return rounds.waiting_for(state, seat)

    def bot_actions(self, state, seat, level, rng: random.Random):
        if state.phase is rounds.Phase.SCORED:
            return [{"type": "next_round", "bot": True}]
        if state.phase is not rounds.Phase.BUILDING:
            return []
        # Only what a player sees: the round's tasks and its own city.
        actions = bots.next_actions(self._catalog(), state.tasks, state.seats[seat].city, level, rng)
        return [{**action, "bot": True} for action in actions]

    def bot_delay(self, state, seat, level, rng):
        building = state.phase is rounds.Phase.BUILDING
        return bots.thinking_seconds(level, state.seats[seat].tiles, building, rng)

    def step(self, state):
        return state.round * len(_PHASE_STEP) + _PHASE_STEP[state.phase]

    def finished(self, state):
        return state.phase is rounds.Phase.FINISHED

    def result(self, state):
        return {
            "points": [seat.points for seat in state.seats],
            "ranking": list(state.ranking()),
            "target": state.target,
            "rounds": list(state.history),
            "cities": [str(seat.city) for seat in state.seats],  # the last round's
            "markers": [seat.marker for seat in state.seats],
        }

    def seed(self, state):
        return state.seed

    def dump(self, state):
        return rounds.game_to_dict(state)

    def load(self, data):
        return rounds.game_from_dict(data)
