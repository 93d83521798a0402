"""What the server needs of each game, in one small interface, and the registry of games.

The server never touches a game's rules itself: it hands settings, actions and the clock to the
game's engine through this interface and forwards the views the engine computes for each seat.
"""

from __future__ import annotations

import os
import random
from typing import Any, Protocol

from spieltisch.games.errors import RuleError
from spieltisch.games.planahead import game as planahead
from spieltisch.server.speedgans_rules import SpeedgansRules


class GameRules(Protocol):
    name: str
    #: Whether tables of this game appear in the lobby (solo modes do not).
    listed: bool
    #: The nickname of a computer player by level (a number is added: "Meister 2").
    bot_names: dict[str, str]

    def settings(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Checked settings with defaults filled in (RuleError on anything wrong)."""

    def seat_limit(self, settings: dict[str, Any]) -> int: ...

    def new(self, settings: dict[str, Any], seat_count: int, seed: int, now: float) -> Any: ...

    def act(self, state: Any, seat: int, action: dict[str, Any], now: float) -> Any:
        """Apply a player's action; RuleError if the rules forbid it."""

    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...

    def due(self, state: Any) -> float | None:
        """When the game's own clock next needs a tick (a deadline), if at all."""

    def tick(self, state: Any, now: float) -> Any: ...

    def abandon(self, state: Any, seat: int, now: float) -> Any:
        """The seat's player has left: let the game go on without waiting for him."""

    def waiting_for(self, state: Any, seat: int) -> bool:
        """Whether the game waits for this seat to act (for bots and left seats)."""

    def bot_actions(self, state: Any, seat: int, level: str, rng: random.Random) -> list[dict[str, Any]]:
        """A computer player's next actions; it is asked again while `waiting_for` stays true."""

    def bot_delay(self, state: Any, seat: int, level: str, rng: random.Random) -> float:
        """Seconds a computer player "thinks" before its next actions (before the server's pacing factor)."""

    #: Whether computer players always act before the game's next deadline (`due`).
    bot_beats_clock: bool

    def step(self, state: Any) -> int:
        """A number that changes whenever the seats are asked to act anew (a new tile, a new round)."""

    def finished(self, state: Any) -> bool: ...

    def result(self, state: Any) -> dict[str, Any]: ...

    def seed(self, state: Any) -> int: ...

    def dump(self, state: Any) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> Any: ...


class PlanAheadRules:
    name = "planahead"
    listed = True
    bot_names = {"easy": "Einsteiger", "medium": "Fortgeschritten", "strong": "Meister"}
    bot_beats_clock = True
    #: Seconds a computer player thinks before placing, by level, counted from when the tile
    #: appears (a person who takes a few seconds to place rarely waits for the computers).
    THINKING = {"easy": (2.0, 5.0), "medium": (1.5, 4.0), "strong": (1.0, 3.0)}

    def bot_delay(self, state, seat, level, rng):
        low, high = self.THINKING[level]
        return rng.uniform(low, high)

    def settings(self, raw: dict[str, Any]) -> dict[str, Any]:
        unknown = set(raw) - {"seats", "turn_seconds"}
        if unknown:
            raise RuleError("bad_settings", f"unknown setting {sorted(unknown)[0]!r}")
        seats = raw.get("seats", 2)
        if type(seats) is not int or not 1 <= seats <= planahead.MAX_SEATS:
            raise RuleError("bad_settings", f"seats must be 1 to {planahead.MAX_SEATS}")
        turn_seconds = raw.get("turn_seconds")
        if turn_seconds is not None and type(turn_seconds) is not int:
            raise RuleError("bad_settings", "turn_seconds must be a whole number or null")
        planahead.Settings(turn_seconds)  # raises on a value that is not offered
        return {"seats": seats, "turn_seconds": turn_seconds}

    def seat_limit(self, settings: dict[str, Any]) -> int:
        return settings["seats"]

    def new(self, settings, seat_count, seed, now):
        return planahead.new_game(seat_count, seed, now, planahead.Settings(settings["turn_seconds"]))

    def act(self, state, seat, action, now):
        if action["type"] == "place":
            return planahead.place(state, seat, action["field"])
        if action["type"] == "confirm":
            return planahead.confirm(state, seat, now)
        raise RuleError("bad_action", f"{action['type']} is not a Plan Ahead move")

    def view(self, state, seat):
        return planahead.seat_view(state, seat)

    def due(self, state):
        return state.deadline

    def tick(self, state, now):
        return planahead.on_deadline(state, now)

    def abandon(self, state, seat, now):
        return planahead.remove_seat_wait(state, seat, now)

    def waiting_for(self, state, seat):
        return state.phase is planahead.Phase.PLAYING and not state.seats[seat].confirmed

    def bot_actions(self, state, seat, level, rng):
        from spieltisch.games.planahead.bots import choose_field

        own = state.seats[seat]
        drawn = state.draw[: state.turn + 1]  # never a tile after the current one
        field = choose_field(level, own.land, state.current_tile, drawn, rng)
        return [{"type": "place", "field": field}, {"type": "confirm"}]

    def step(self, state):
        return state.turn

    def finished(self, state):
        return state.phase is planahead.Phase.FINISHED

    def result(self, state):
        from spieltisch.games.planahead.notation import format_land

        return {
            "draw": " ".join(tile.code for tile in state.draw),
            "lands": [format_land(seat.land) for seat in state.seats],
            "scores": list(state.scores()),
            "ranking": list(state.ranking()),
        }

    def seed(self, state):
        return state.seed

    def dump(self, state):
        return planahead.game_to_dict(state)

    def load(self, data):
        return planahead.game_from_dict(data)


def puzzle_seconds() -> float | None:
    """An operator's override of every puzzle's time limit (SPIELTISCH_PUZZLE_SECONDS), e.g. for events
    or for tests; unset: each puzzle's own limit."""
    raw = os.environ.get("SPIELTISCH_PUZZLE_SECONDS")
    return float(raw) if raw else None


class PuzzleRules:
    """A Plan Ahead puzzle attempt (Rätsel): one seat, the puzzle's fixed tiles, one clock for all."""

    name = "puzzle"
    listed = False
    bot_names = PlanAheadRules.bot_names
    bot_beats_clock = False

    def bot_delay(self, state, seat, level, rng):
        return 0.0

    def settings(self, raw):
        import datetime as dt

        # Which days may be played is checked where the server's clock is known (start_puzzle).
        if set(raw) != {"puzzle"} or not isinstance(raw["puzzle"], str):
            raise RuleError("bad_settings", "a puzzle table needs exactly the setting 'puzzle'")
        try:
            return {"puzzle": dt.date.fromisoformat(raw["puzzle"]).isoformat()}
        except ValueError:
            raise RuleError("bad_puzzle", f"puzzle id {raw['puzzle']!r} is not a date") from None

    def seat_limit(self, settings):
        return 1

    def new(self, settings, seat_count, seed, now):
        import datetime as dt

        from spieltisch.games.planahead import attempt
        from spieltisch.games.planahead.puzzle import puzzle_for

        # The random seed is ignored: every attempt at a puzzle gets the puzzle's own tiles.
        day = dt.date.fromisoformat(settings["puzzle"])
        return attempt.start(puzzle_for(day), now, puzzle_seconds())

    def act(self, state, seat, action, now):
        from spieltisch.games.planahead import attempt

        if action["type"] == "place":
            return attempt.place(state, action["field"])
        if action["type"] == "confirm":
            return attempt.confirm(state, now)
        raise RuleError("bad_action", f"{action['type']} is not a puzzle move")

    def view(self, state, seat):
        from spieltisch.games.planahead import attempt

        return attempt.view(state)

    def due(self, state):
        return None if state.over else state.ends_at

    def tick(self, state, now):
        from spieltisch.games.planahead import attempt

        return attempt.on_time(state, now)

    def abandon(self, state, seat, now):
        return state  # the puzzle's clock ends an abandoned attempt

    def waiting_for(self, state, seat):
        return False

    def bot_actions(self, state, seat, level, rng):
        return []

    def step(self, state):
        return state.game.turn

    def finished(self, state):
        return state.over

    def result(self, state):
        from spieltisch.games.planahead.notation import format_land

        return {
            "puzzle": state.puzzle_id,
            "land": format_land(state.game.seats[0].land),
            "score": state.score,
            "timed_out": state.timed_out,
        }

    def seed(self, state):
        return state.game.seed

    def dump(self, state):
        from spieltisch.games.planahead import attempt

        return attempt.to_dict(state)

    def load(self, data):
        from spieltisch.games.planahead import attempt

        return attempt.from_dict(data)


GAMES: dict[str, GameRules] = {"planahead": PlanAheadRules(), "puzzle": PuzzleRules()}
GAMES["speedgans"] = SpeedgansRules()
