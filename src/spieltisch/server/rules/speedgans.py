"""Speedgans at a table, for the server: `GameRules` over games.speedgans.rounds.

The catalog of every valid city ("beste N", the Musterstadt, the computer players' cities) is
loaded once per process at start and handed in.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from spieltisch.games.levels import BotLevel
from spieltisch.games.speedgans import bots, rounds, views
from spieltisch.games.speedgans import replay as speedgans_replay
from spieltisch.games.speedgans.catalog import Catalog
from spieltisch.server.puzzles import day_start
from spieltisch.server.records import AfterGame, TableRecord
from spieltisch.server.rules.base import (
    ComputerPolicy,
    FinishedGame,
    GameRules,
    Lookups,
    PlayedFor,
    mostly_played_for,
    played_for_people,
)

_PHASE_STEP = {phase: index for index, phase in enumerate(rounds.Phase)}


def rounds_played_for(state: rounds.Game, seat: int) -> PlayedFor:
    """Rounds, not tiles: a city is one round's work (and Speedgans has no clock that builds)."""
    played = len(state.history)
    computer = tuple(r for r in state.seats[seat].computer_rounds if r <= played)
    return PlayedFor(computer=computer, clock=(), of=played)


class SpeedgansRules(GameRules[rounds.Game, rounds.Action]):
    name = "speedgans"
    actions = (rounds.SetCity, rounds.CallDone, rounds.NextRound)
    computers: ClassVar[ComputerPolicy[rounds.Game]] = ComputerPolicy(
        # Geese's names, as the game is (Martin's goose, Akka who leads Nils Holgersson's flock, Gustav
        # Gans): proper names, alike in German and English; the level is shown beside them.
        names={
            "easy": ("Auguste", "Lotte", "Emil", "Frieda", "Paul"),
            "medium": ("Martin", "Ida", "Oskar", "Greta", "Theo"),
            "strong": ("Akka", "Gustav", "Wilma", "Magnus", "Helga"),
        },
        # An easy computer may well not finish before the hourglass runs out: the clock does not wait.
        beats_clock=False,
        thinking=lambda state, seat, level, rng: bots.thinking_seconds(
            level,
            state.seats[seat].tiles,
            state.phase is rounds.Phase.BUILDING,
            rng,
            bots.round_tempo(state.seed, state.round, seat),
        ),
    )

    # The engine's own (games/speedgans/rounds.py):
    due = staticmethod(rounds.due)
    on_deadline = staticmethod(rounds.on_deadline)
    abandon = staticmethod(rounds.abandon)
    waiting_for = staticmethod(rounds.waiting_for)
    played_for = staticmethod(rounds_played_for)
    dump = staticmethod(rounds.to_dict)
    load = staticmethod(rounds.from_dict)

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def settings(self, raw: Mapping[str, Any], now: float) -> dict[str, Any]:
        return rounds.parse_settings(dict(raw)).to_dict()

    def new(self, settings: Mapping[str, Any], seat_count: int, seed: int, now: float) -> rounds.Game:
        return rounds.new_game(rounds.Settings(**settings), seat_count, seed, now)

    def act(
        self, state: rounds.Game, seat: int, action: rounds.Action, now: float, *, by_bot: bool
    ) -> rounds.Game:
        return rounds.act(state, seat, action, now, by_computer=by_bot)

    def view(self, state: rounds.Game, seat: int | None) -> dict[str, Any]:
        return views.seat_view(state, seat, self.catalog)

    def views(self, state: rounds.Game, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
        return views.seat_views(state, seats, self.catalog)

    def step(self, state: rounds.Game) -> int:
        return state.round * len(_PHASE_STEP) + _PHASE_STEP[state.phase]

    def finished(self, state: rounds.Game) -> bool:
        return state.phase is rounds.Phase.FINISHED

    def seed(self, state: rounds.Game) -> int:
        return state.seed

    def played_by_hand(self, state: rounds.Game, seat: int) -> bool:
        return state.seats[seat].by_hand

    def bot_actions(
        self, state: rounds.Game, seat: int, level: BotLevel, rng: random.Random, *, kin: int = 0
    ) -> Sequence[rounds.Action]:
        if state.phase is rounds.Phase.SCORED:
            return (rounds.NextRound(),)
        if state.phase is not rounds.Phase.BUILDING:
            return ()
        # Only what a player sees: the round's tasks and its own city.
        return bots.next_actions(self.catalog, state.tasks, state.seats[seat].city, level, rng)

    def replay(self, moments: Iterable[tuple[float, rounds.Game]]) -> dict[str, Any]:
        return speedgans_replay.replay(moments, self.catalog)

    async def after_game(self, game: FinishedGame[rounds.Game], lookups: Lookups) -> AfterGame:
        state = game.state
        result = {
            "points": [seat.points for seat in state.seats],
            "ranking": list(state.ranking()),
            "target": state.target,
            "rounds": list(state.history),
            "cities": [str(seat.city) for seat in state.seats],  # the last round's
            "markers": [seat.marker for seat in state.seats],
            "played_for": played_for_people(self, game),
        }
        now = lookups.now()
        leaderboard = leaderboard_entries(game, now - game.started_at)
        # How far each person's cities were from the optimal ones, round by round (the player's page
        # charts it).
        people = [sitter.player is not None for sitter in game.sitters]
        return AfterGame(
            TableRecord(result, leaderboard, (day_start(now), COMPUTER_POINTS_PER_DAY)),
            notes=lambda: {
                "city_analysis": speedgans_replay.rounds_analysis(self.catalog, state.history, people)
            },
        )


#: A game faster than this many seconds a round was not played by people (reading alone takes 3 s).
MIN_SECONDS_PER_ROUND = 15.0
#: What one person's games against computers alone (no second person at the table) bring on the
#: Bestenliste in a day, at most: a few won games; the rest of such a day is practice. (Besides,
#: a player earns from one table game at a time: Repository.save_game.)
COMPUTER_POINTS_PER_DAY = 300.0


#: The Bestenliste's bonus for the places of a table game.
PLACE_BONUS = {1: 30, 2: 15, 3: 5}


def leaderboard_points(game_points: int, place: int, easy_computer_at_table: bool) -> float:
    """What a finished game brings a person on the leaderboard: 3 per game point plus 30/15/5 for
    places 1/2/3 (shared places share the bonus); half if an easy computer sat at the table."""
    points = 3 * game_points + PLACE_BONUS.get(place, 0)
    return points / 2 if easy_computer_at_table else float(points)


def leaderboard_entries(game: FinishedGame[rounds.Game], seconds: float) -> list[dict[str, Any]]:
    """Leaderboard points of the people who played a finished Speedgans table to its end, there at the
    end (computers, and people who left or closed their tab, earn none). A game counts only when at
    least two people played it to the end, or a person against the computer (as the rules say), and
    only when it took as long as people need: a second account that leaves at once earns nobody
    anything, nor does a game left to the computers, nor a seat whose cities came in more than one
    tile at a time (a script's), nor a person's game that a computer mostly built for him while he
    was away (`mostly_played_for`: he earns nothing by letting it play)."""
    state = game.state
    stayed = [s for s in game.sitters if s.player is not None and not s.left and s.present]
    computers = [s for s in game.sitters if s.bot is not None]
    if len(stayed) < 2 and not (stayed and computers):
        return []
    if seconds < MIN_SECONDS_PER_ROUND * max(1, len(state.history)):
        return []
    easy = any(sitter.bot == "easy" for sitter in game.sitters)
    places = state.ranking()
    return [
        {
            "player": sitter.player,
            "nickname": sitter.nickname,
            "points": leaderboard_points(state.seats[index].points, places[index], easy),
            "game_points": state.seats[index].points,
            "place": places[index],
            "kind": "table" if len(stayed) >= 2 else "computer",
            "stood_in": bool(rounds_played_for(state, index).computer),
        }
        for index, sitter in enumerate(game.sitters)
        if sitter in stayed
        and state.seats[index].by_hand  # a city sent whole: no hand laid it
        and not mostly_played_for(rounds_played_for(state, index))  # the computer played it
    ]
