"""Speedgans computer players: valid cities tile by tile, levels, determinism, what they may see."""

from __future__ import annotations

import inspect
import random
from dataclasses import replace

import pytest

from spieltisch.games.errors import RuleError
from spieltisch.games.speedgans import bots, rounds
from spieltisch.games.speedgans.notation import City, parse_city
from spieltisch.games.speedgans.report import report
from spieltisch.games.speedgans.tasks import allowed_triples
from spieltisch.server.rules.speedgans import SpeedgansRules

TRIPLES = [("F1", "W1", "H1"), ("F2", "W6", "H3"), ("F5", "W2", "L6"), ("W4", "H6", "L5")]


def build(catalog, tasks, level, seed) -> tuple[City, list[int]]:
    """Let a computer build from an empty city; returns its city and the tile count after each step."""
    city = City.empty()
    counts = []
    for _ in range(12):
        actions = bots.next_actions(catalog, tasks, city, level, random.Random(seed))
        for action in actions:
            if isinstance(action, rounds.SetCity):
                city = parse_city(action.city)
                counts.append(sum(p is not None for p in city.cells))
        if isinstance(actions[-1], rounds.CallDone):
            return city, counts
    raise AssertionError("the computer did not finish")


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
@pytest.mark.parametrize("tasks", TRIPLES + [("H1",)])
def test_computers_build_valid_cities_tile_by_tile(catalog, level, tasks):
    city, counts = build(catalog, tasks, level, seed=1)
    assert city.is_complete and report(city).valid
    assert counts == list(range(1, 10))  # one tile a step, like a person


def test_a_computer_is_deterministic_for_its_seed(catalog):
    for level in ("easy", "medium", "strong"):
        assert build(catalog, TRIPLES[0], level, 5) == build(catalog, TRIPLES[0], level, 5)
    varied = {str(build(catalog, TRIPLES[0], "easy", seed)[0]) for seed in range(8)}
    assert len(varied) > 1


def test_stronger_computers_build_better_cities(catalog):
    rng = random.Random(0)
    triples = rng.sample(allowed_triples(), 12)

    def average(level: str) -> float:
        total = 0.0
        for index, tasks in enumerate(triples):
            city, _ = build(catalog, tasks, level, index)
            values = report(city).tasks
            total += sum(catalog.solo_score(task, values[task]) for task in tasks)
        return total / len(triples)

    easy, medium, strong = average("easy"), average("medium"), average("strong")
    assert easy < medium < strong
    best = sum(catalog.musterstadt(t).sum for t in triples) / len(triples)
    assert strong >= 0.97 * best  # "nearly the best city for all three"


def test_a_wrong_tile_is_put_right(catalog):
    plan = bots.plan_city(catalog, TRIPLES[0], "strong", random.Random(3))
    wrong = plan.cells[0]
    messy = City((None,) * 8 + (wrong,))  # the first planned tile, but in the last cell
    actions = bots.next_actions(catalog, TRIPLES[0], messy, "strong", random.Random(3))
    assert isinstance(actions[0], rounds.SetCity)
    after = parse_city(actions[0].city)
    assert after.cells[0] == wrong and after.cells[8] is None


def test_easy_is_slow_and_strong_is_quick():
    rng = random.Random(1)

    def total(level: str) -> float:
        return sum(bots.thinking_seconds(level, tiles, True, rng) for tiles in range(9))

    easy = sum(total("easy") for _ in range(50)) / 50
    strong = sum(total("strong") for _ in range(50)) / 50
    assert strong < 30 < easy  # within one hourglass only the strong one is sure to finish


def test_computers_see_only_the_tasks_and_their_own_city(catalog):
    assert list(inspect.signature(bots.next_actions).parameters) == [
        "catalog",
        "tasks",
        "own",
        "level",
        "rng",
    ]
    rules = SpeedgansRules(catalog)
    game = rounds.on_deadline(rounds.new_game(rounds.Settings(), 3, seed=4, now=0.0), 3.0)
    other = parse_city("6b1 3b0 5a3 1b2 9b0 2a2 7a2 4a0 8a1")
    changed = replace(
        game, seats=(game.seats[0], replace(game.seats[1], city=other, done=True, marker=1), game.seats[2])
    )
    for state in (game, changed):
        assert rules.bot_actions(state, 2, "strong", random.Random(9)) == rules.bot_actions(
            game, 2, "strong", random.Random(9)
        )


def test_a_round_with_computers_only(catalog):
    """Engine and computers together on a fake clock: the strong one finishes, the easy one maybe not."""
    rules = SpeedgansRules(catalog)
    state = rules.new(rules.settings({"seats": 2, "turn_seconds": 30}, 0.0), 2, 77, 0.0)
    levels = ["strong", "easy"]
    now = 0.0
    due = {0: None, 1: None}
    while state.phase is rounds.Phase.READING or state.phase is rounds.Phase.BUILDING:
        now += 0.5
        state = rules.on_deadline(state, now) if (rules.due(state) or 1e9) <= now else state
        for seat, level in enumerate(levels):
            if not rules.waiting_for(state, seat):
                continue
            if due[seat] is None:
                due[seat] = now + rules.bot_delay(state, seat, level, random.Random(now))
            if due[seat] <= now:
                rng = random.Random(f"{state.seed}:{rules.step(state)}:{seat}")
                for action in rules.bot_actions(state, seat, level, rng):
                    state = rules.act(state, seat, action, now, by_bot=True)
                due[seat] = None
    assert state.phase is rounds.Phase.SCORED
    assert 0 in state.results["scored"] and state.seats[0].marker == 1
    assert state.seats[1].tiles < 9  # the easy one was too slow for a 30 s turn clock


def test_a_computer_step_after_the_deadline_is_void_not_an_error(catalog):
    rules = SpeedgansRules(catalog)
    state = rules.new(rules.settings({"seats": 2, "turn_seconds": 30}, 0.0), 2, 5, 0.0)
    state = rules.on_deadline(state, 3.0)
    actions = rules.bot_actions(state, 1, "strong", random.Random(1))
    late = rules.act(state, 1, actions[0], 40.0, by_bot=True)  # the turn clock ended the round at 33
    assert late.phase is rounds.Phase.SCORED and late.seats[1].tiles == 0
    with pytest.raises(RuleError):  # a person gets the error
        rules.act(state, 0, actions[0], 40.0, by_bot=False)
