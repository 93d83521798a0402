"""Round flow and scoring of Speedgans at a table, every variant, on a fake clock (plain numbers)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spieltisch.games.errors import RuleError
from spieltisch.games.speedgans.notation import parse_city
from spieltisch.games.speedgans.report import report
from spieltisch.games.speedgans.rounds import (
    Game,
    Phase,
    Settings,
    abandon,
    call_done,
    draw_tasks,
    due,
    from_dict,
    new_game,
    on_deadline,
    parse_settings,
    ready,
    set_city,
    target_points,
    to_dict,
    waiting_for,
)
from spieltisch.games.speedgans.tasks import STAR_TASKS
from spieltisch.games.speedgans.views import seat_view
from spieltisch.server.rules.speedgans import leaderboard_points

# The spec's worked examples (values: F1 2/4/1, F2 0/1/1, W1 8/10/9, W6 6/7/7, H1 6/0/5, H3 0/0/0).
A = "6b1 3b0 5a3 1b2 9b0 2a2 7a2 4a0 8a1"
B = "6a2 7a2 8b3 9b2 1a0 3a0 4a0 5b1 2a3"
C = "4a2 7a3 5a2 3b2 1a2 9b3 2a3 8a3 6a0"
BAD = "1a3 3a0 4a0 5a1 9b2 6a3 7b0 2a1 8b2"  # nine tiles, dead ends
HALF = "4a2 7a3 5a2 3b2 . . . . ."


def building(seats: int = 3, tasks: tuple[str, ...] = ("F1", "W1", "H1"), **settings) -> Game:
    """A game at t=3 (reading over), with the round's tasks chosen by the test."""
    game = new_game(Settings(**settings), seats, seed=7, now=0.0)
    game = replace(game, tasks=tasks)
    game = on_deadline(game, 3.0)
    assert game.phase is Phase.BUILDING
    return game


def play(game: Game, moves: list[tuple[float, int, str | None]]) -> Game:
    """(time, seat, city) sets a city; (time, seat, None) calls "Gasse dicht!"."""
    for now, seat, city in moves:
        game = set_city(game, seat, city, now) if city is not None else call_done(game, seat, now)
    return game


def points_of(game: Game) -> list[int]:
    return [seat.round_points for seat in game.seats]


# Settings ------------------------------------------------------------------------------------------
def test_settings_defaults():
    assert parse_settings({}) == Settings(
        seats=4,
        turn_seconds=120,
        hourglass=30,
        mode="race",
        one_task=False,
        scoring="all",
        strict=False,
        stars=True,
        target="normal",
    )
    assert parse_settings({"turn_seconds": None}).turn_seconds is None
    full = {"seats": 6, "turn_seconds": 30, "hourglass": 60, "mode": "relaxed", "one_task": True}
    full |= {"scoring": "finished", "strict": True, "stars": False, "target": "long"}
    assert parse_settings(full).to_dict() == full


@pytest.mark.parametrize(
    "raw",
    [
        {"seats": 1},
        {"seats": 7},
        {"seats": True},
        {"seats": "4"},
        {"turn_seconds": 45},
        {"turn_seconds": 60.0},
        {"hourglass": 20},
        {"hourglass": None},
        {"mode": "fast"},
        {"one_task": 1},
        {"scoring": "best"},
        {"strict": "yes"},
        {"stars": None},
        {"target": "medium"},
        {"colour": "red"},
    ],
)
def test_bad_settings_are_refused(raw):
    with pytest.raises(RuleError) as error:
        parse_settings(raw)
    assert error.value.code == "bad_settings"


def test_a_game_needs_two_seats():
    with pytest.raises(RuleError) as error:
        new_game(Settings(), 1, seed=1, now=0.0)
    assert error.value.code == "no_players"


# Targets -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seats", "settings", "target"),
    [
        (2, {}, 20),
        (4, {}, 40),
        (2, {"target": "short"}, 12),
        (2, {"target": "long"}, 30),
        (2, {"one_task": True}, 10),
        (3, {"target": "short", "one_task": True}, 9),
        (5, {"target": "long", "one_task": True}, 38),  # 37.5 rounded up
        (3, {"target": "long", "one_task": True}, 23),  # 22.5 rounded up
    ],
)
def test_target(seats, settings, target):
    assert target_points(Settings(**settings), seats) == target


# Task drawing --------------------------------------------------------------------------------------
@given(seed=st.integers(0, 2**48), round_number=st.integers(1, 200), stars=st.booleans())
def test_three_tasks_of_three_groups_and_stars_only_when_allowed(seed, round_number, stars):
    tasks = draw_tasks(seed, round_number, Settings(stars=stars))
    assert len(tasks) == 3
    assert len({task[0] for task in tasks}) == 3
    assert stars or not set(tasks) & STAR_TASKS
    assert draw_tasks(seed, round_number, Settings(stars=stars)) == tasks  # the seed alone decides


@given(seed=st.integers(0, 2**48), round_number=st.integers(1, 200), stars=st.booleans())
def test_one_task_a_round(seed, round_number, stars):
    tasks = draw_tasks(seed, round_number, Settings(stars=stars, one_task=True))
    assert len(tasks) == 1
    assert stars or tasks[0] not in STAR_TASKS


def test_star_tasks_do_appear_when_allowed():
    drawn = {task for n in range(1, 200) for task in draw_tasks(3, n, Settings())}
    assert drawn & STAR_TASKS


def test_rounds_draw_new_tasks():
    draws = {draw_tasks(5, n, Settings()) for n in range(1, 20)}
    assert len(draws) > 10


# Round flow ----------------------------------------------------------------------------------------
def test_reading_then_building_with_turn_clock():
    game = new_game(Settings(turn_seconds=60), 3, seed=1, now=100.0)
    assert game.phase is Phase.READING and game.round == 1
    assert len(game.tasks) == 3
    assert due(game) == 103.0
    with pytest.raises(RuleError) as error:
        set_city(game, 0, A, 101.0)
    assert error.value.code == "not_building"
    assert not waiting_for(game, 0)
    game = on_deadline(game, 103.0)
    assert game.phase is Phase.BUILDING
    assert game.building_ends == 163.0 and due(game) == 163.0
    assert waiting_for(game, 0)


def test_an_action_after_the_reading_time_needs_no_tick_first():
    game = new_game(Settings(), 2, seed=1, now=0.0)
    game = set_city(game, 0, HALF, 3.5)  # the server's timer has not fired yet
    assert game.phase is Phase.BUILDING and game.seats[0].tiles == 4


def test_city_changes_and_bad_notation():
    game = building()
    game = set_city(game, 0, HALF, 4.0)
    assert game.seats[0].tiles == 4 and game.seats[0].changed_at == 4.0
    game = set_city(game, 0, HALF, 9.0)  # no change: the time of the last change stays
    assert game.seats[0].changed_at == 4.0
    for text in ["1a0 1a0 . . . . . . .", "1a4 . . . . . . . .", "x", ". . ."]:
        with pytest.raises(RuleError) as error:
            set_city(game, 0, text, 5.0)
        assert error.value.code == "bad_city"
    with pytest.raises(RuleError):
        set_city(game, 5, A, 5.0)


def test_done_takes_the_smallest_free_marker_locks_and_starts_the_hourglass():
    game = building(hourglass=30)
    game = play(game, [(10.0, 1, B), (10.0, 1, None)])
    assert (game.seats[1].done, game.seats[1].marker) == (True, 1)
    assert game.hourglass_ends == 40.0 and due(game) == 40.0  # before the turn clock (123)
    with pytest.raises(RuleError) as error:
        set_city(game, 1, A, 11.0)
    assert error.value.code == "locked"
    with pytest.raises(RuleError) as error:
        call_done(game, 1, 11.0)
    assert error.value.code == "locked"
    assert not waiting_for(game, 1)
    game = play(game, [(20.0, 0, A), (21.0, 0, None)])
    assert game.seats[0].marker == 2
    assert game.hourglass_ends == 40.0  # only the first starts it
    game = set_city(game, 2, HALF, 25.0)
    assert on_deadline(game, 39.9).phase is Phase.BUILDING
    game = on_deadline(game, 40.0)
    assert game.phase is Phase.SCORED
    assert game.seats[2].marker is None and game.seats[2].round_points == 0
    assert game.results["scored"] == [0, 1]
    assert game.next_round_at == 70.0


def test_done_is_refused_for_an_incomplete_or_invalid_city():
    game = building()
    for city in (HALF, BAD):
        game = set_city(game, 0, city, 5.0)
        with pytest.raises(RuleError) as error:
            call_done(game, 0, 5.0)
        assert error.value.code == "not_valid"
    assert game.hourglass_ends is None


def test_round_ends_when_all_are_done():
    game = building(seats=2)
    game = play(game, [(5.0, 0, A), (6.0, 0, None), (7.0, 1, B), (8.0, 1, None)])
    assert game.phase is Phase.SCORED
    assert game.next_round_at == 38.0


def test_turn_clock_ends_the_round_and_late_finished_cities_get_markers_by_last_change():
    game = building(seats=4, turn_seconds=30)
    # Nobody calls; B's city was complete earlier than C's; seat 3 stays unfinished.
    game = play(game, [(5.0, 0, HALF), (6.0, 1, B), (8.0, 2, C), (9.0, 0, A), (9.5, 3, BAD)])
    game = on_deadline(game, 33.5)  # a late tick: the round ended at the deadline itself
    assert game.phase is Phase.SCORED
    assert game.next_round_at == 63.0
    assert [seat.marker for seat in game.seats] == [3, 1, 2, None]
    assert game.results["scored"] == [0, 1, 2]
    # F1: B 4, A 2, C 1 → 4, 3, 2 points (4 seats at the table); seat 3 nothing.
    assert [(e["seat"], e["points"]) for e in game.results["tasks"]["F1"]] == [(1, 4), (0, 3), (2, 2)]
    assert game.seats[3].round_points == 0


def test_hourglass_before_turn_clock_and_house_rule_length():
    game = building(seats=2, hourglass=15, turn_seconds=120)
    game = play(game, [(50.0, 0, A), (50.0, 0, None)])
    assert game.hourglass_ends == 65.0
    game = on_deadline(game, 65.0)
    assert game.phase is Phase.SCORED


def test_turn_clock_before_hourglass():
    game = building(seats=2, hourglass=60, turn_seconds=30)
    game = play(game, [(20.0, 0, A), (20.0, 0, None)])
    assert game.hourglass_ends == 80.0 and due(game) == 33.0
    assert on_deadline(game, 33.0).phase is Phase.SCORED


def test_relaxed_has_no_hourglass():
    game = building(seats=2, mode="relaxed", turn_seconds=None)
    game = play(game, [(5.0, 0, A), (6.0, 0, None)])
    assert game.hourglass_ends is None and due(game) is None
    assert on_deadline(game, 10_000.0).phase is Phase.BUILDING  # only the other player ends it
    game = play(game, [(10_001.0, 1, C), (10_002.0, 1, None)])
    assert game.phase is Phase.SCORED


def test_relaxed_turn_clock_still_ends_the_round():
    game = building(seats=2, mode="relaxed", turn_seconds=90)
    game = play(game, [(5.0, 0, A), (6.0, 0, None)])
    assert due(game) == 93.0
    assert on_deadline(game, 93.0).phase is Phase.SCORED


def test_no_clock_at_all_waits_for_the_players():
    game = building(seats=2, turn_seconds=None)
    assert due(game) is None


# Scoring -------------------------------------------------------------------------------------------
def test_ranking_with_ties_broken_by_markers_and_lower_is_better():
    # F2: A 0, B 1, C 1; W6 (fewer is better): A 6, B 7, C 7; H3: all 0.
    game = building(seats=3, tasks=("F2", "W6", "H3"))
    game = play(game, [(5.0, 0, A), (5.0, 0, None), (6.0, 2, C), (6.0, 2, None), (7.0, 1, B), (7.0, 1, None)])
    assert [seat.marker for seat in game.seats] == [1, 3, 2]
    ranks = {
        task: [(e["seat"], e["value"], e["rank"], e["points"]) for e in entries]
        for task, entries in game.results["tasks"].items()
    }
    assert ranks["F2"] == [(2, 1, 1, 3), (1, 1, 2, 2), (0, 0, 3, 1)]
    assert ranks["W6"] == [(0, 6, 1, 3), (2, 7, 2, 2), (1, 7, 3, 1)]
    assert ranks["H3"] == [(0, 0, 1, 3), (2, 0, 2, 2), (1, 0, 3, 1)]
    assert points_of(game) == [7, 4, 7]
    assert [seat.points for seat in game.seats] == [7, 4, 7]


def test_every_scored_city_gets_at_least_one_point():
    game = building(seats=2, tasks=("F1", "W1", "H1"))
    game = play(game, [(5.0, 0, A), (5.0, 0, None), (6.0, 1, B), (6.0, 1, None)])
    # Two seats: 2 for the best, 1 for the other, in each task.
    assert points_of(game) == [1 + 1 + 2, 2 + 2 + 1]


def test_unfinished_and_faulty_cities_get_nothing_best_gets_seat_count():
    game = building(seats=4, tasks=("F1", "W1", "H1"))
    game = play(
        game, [(5.0, 0, A), (5.0, 0, None), (6.0, 1, B), (6.0, 1, None), (7.0, 2, BAD), (8.0, 3, HALF)]
    )
    game = on_deadline(game, 35.0)  # hourglass (30 s from t=5)
    assert game.results["scored"] == [0, 1]
    # F1 B best (4), A 3; W1 B 4, A 3; H1 A 4, B 3.
    assert points_of(game) == [3 + 3 + 4, 4 + 4 + 3, 0, 0]


def test_scoring_only_finished_best_gets_number_of_valid_cities():
    game = building(seats=4, tasks=("F1", "W1", "H1"), scoring="finished")
    game = play(game, [(5.0, 0, A), (5.0, 0, None), (6.0, 1, B), (6.0, 1, None), (7.0, 2, BAD)])
    game = on_deadline(game, 35.0)
    assert points_of(game) == [1 + 1 + 2, 2 + 2 + 1, 0, 0]


def test_strict_locks_any_nine_tiles_and_a_faulty_city_scores_zero():
    game = building(seats=3, tasks=("F1", "W1", "H1"), strict=True)
    with pytest.raises(RuleError):
        call_done(set_city(game, 2, HALF, 4.0), 2, 4.0)  # nine tiles still needed
    game = play(game, [(4.0, 2, BAD), (4.5, 2, None)])
    assert (game.seats[2].done, game.seats[2].marker) == (True, 1)
    assert game.hourglass_ends == 34.5  # the faulty city started the hourglass
    game = play(game, [(5.0, 0, A), (5.0, 0, None), (6.0, 1, B), (6.0, 1, None)])
    assert game.phase is Phase.SCORED
    assert game.results["scored"] == [0, 1]
    assert points_of(game) == [2 + 2 + 3, 3 + 3 + 2, 0]
    # After the scoring the faulty city's report shows the zeros it brought.
    view = seat_view(game, 0)
    assert set(view["seats"][2]["report"]["tasks"].values()) == {0}
    assert view["seats"][2]["report"]["valid"] is False


def test_one_task_rounds():
    game = new_game(Settings(one_task=True), 2, seed=11, now=0.0)
    assert len(game.tasks) == 1
    game = replace(on_deadline(game, 3.0), tasks=("F1",))
    game = play(game, [(5.0, 0, A), (5.0, 0, None), (6.0, 1, B), (6.0, 1, None)])
    assert points_of(game) == [1, 2]
    assert list(game.results["tasks"]) == ["F1"]


# Next rounds and the end of the game ----------------------------------------------------------------
def test_next_round_when_all_are_ready_or_after_thirty_seconds():
    game = building(seats=2)
    game = play(game, [(5.0, 0, A), (5.0, 0, None), (6.0, 1, B), (6.0, 1, None)])
    assert waiting_for(game, 0) and waiting_for(game, 1)
    with pytest.raises(RuleError) as error:
        set_city(game, 0, A, 7.0)
    assert error.value.code == "not_building"
    game = ready(game, 0, 7.0)
    assert game.phase is Phase.SCORED and game.seats[0].ready and not waiting_for(game, 0)
    ready_both = ready(game, 1, 8.0)
    assert ready_both.phase is Phase.READING and ready_both.round == 2
    assert ready_both.reading_ends == 11.0
    assert [s.points for s in ready_both.seats] == [s.points for s in game.seats]
    assert all(s.tiles == 0 and s.marker is None and not s.done for s in ready_both.seats)
    assert ready_both.tasks == draw_tasks(7, 2, Settings())
    waited = on_deadline(game, 36.0)  # next_round_at = 6 + 30
    assert waited.phase is Phase.READING and waited.round == 2 and waited.reading_ends == 39.0
    with pytest.raises(RuleError) as error:
        ready(ready_both, 0, 9.0)
    assert error.value.code == "not_scored"


def test_late_tick_catches_up_several_steps():
    game = building(seats=2, turn_seconds=30)
    game = on_deadline(game, 1000.0)  # round 1 ended at 33, round 2 read from 63, built until 96 …
    assert game.round > 2


def test_game_ends_after_the_round_in_which_someone_reaches_the_target():
    # Two seats, short, one task: target 6; the winner of each task gets 2, the other 1.
    game = new_game(Settings(one_task=True, target="short"), 2, seed=3, now=0.0)
    assert game.target == 6
    now = 0.0
    for round_number in (1, 2, 3):
        game = replace(on_deadline(game, now + 3.0), tasks=("F1",))
        now += 3.0
        game = play(game, [(now, 1, B), (now, 1, None), (now, 0, A), (now, 0, None)])
        if round_number < 3:
            assert game.phase is Phase.SCORED
            game = ready(ready(game, 0, now), 1, now)
    assert game.phase is Phase.FINISHED
    assert [s.points for s in game.seats] == [3, 6]
    assert game.ranking() == (2, 1)
    assert due(game) is None
    with pytest.raises(RuleError) as error:
        set_city(game, 0, A, now + 1)
    assert error.value.code == "game_over"
    view = seat_view(game, 0)
    assert view["ranking"] == [2, 1] and view["phase"] == "finished"
    assert [h["points"] for h in view["history"]] == [[1, 2]] * 3


def test_equal_points_are_decided_by_the_last_rounds_marker():
    game = building(seats=2, tasks=("F1", "W1", "H1"))
    # Target 20. This round A gets 1 + 1 + 2 = 4 and B 2 + 2 + 1 = 5: both end with 24.
    game = replace(game, seats=(replace(game.seats[0], points=20), replace(game.seats[1], points=19)))
    game = play(game, [(5.0, 1, B), (5.0, 1, None), (6.0, 0, A), (6.0, 0, None)])
    assert game.phase is Phase.FINISHED
    assert [s.points for s in game.seats] == [24, 24]
    assert [s.marker for s in game.seats] == [2, 1]
    assert game.ranking() == (2, 1)


def test_equal_points_without_markers_share_a_place():
    game = building(seats=3, tasks=("F1", "W1", "H1"))
    game = replace(
        game, seats=tuple(replace(s, points=p) for s, p in zip(game.seats, (30, 10, 10), strict=True))
    )
    game = on_deadline(game, 123.0)  # turn clock, nobody built anything
    assert game.phase is Phase.FINISHED
    assert game.ranking() == (1, 2, 2)


# Players who leave -----------------------------------------------------------------------------------
def test_a_seat_that_left_is_locked_without_marker_and_still_scored():
    game = building(seats=3)
    game = play(game, [(5.0, 2, C), (6.0, 0, A), (6.0, 0, None)])
    game = abandon(game, 2, 7.0)
    assert (game.seats[2].done, game.seats[2].marker) == (True, None)
    assert game.phase is Phase.BUILDING
    game = play(game, [(8.0, 1, B), (8.0, 1, None)])
    assert game.phase is Phase.SCORED  # everyone is locked
    assert [s.marker for s in game.seats] == [1, 2, 3]
    assert game.results["scored"] == [0, 1, 2]
    game = abandon(game, 2, 9.0)
    assert game.seats[2].ready
    assert ready(ready(game, 0, 9.0), 1, 9.0).round == 2


# Views -----------------------------------------------------------------------------------------------
def test_views_hide_other_cities_until_the_scoring():
    game = building(seats=3, tasks=("F1", "W1", "H1"))
    game = play(game, [(5.0, 0, A), (5.0, 0, None), (6.0, 1, HALF)])
    own = seat_view(game, 1)
    assert own["phase"] == "building"
    assert own["seats"][1]["city"] == HALF and own["seats"][1]["report"]["valid"] is False
    assert own["seats"][1]["report"]["tasks"] == report(parse_city(HALF)).tasks  # live values
    for index in (0, 2):
        assert set(own["seats"][index]) == {
            "points",
            "round_points",
            "tiles",
            "done",
            "marker",
            "ready",
            "computer_rounds",
        }
    assert own["seats"][0] == {
        "points": 0,
        "round_points": None,
        "tiles": 9,
        "done": True,
        "marker": 1,
        "ready": False,
        "computer_rounds": [],
    }
    assert own["results"] is None and own["musterstadt"] is None and own["ranking"] is None
    text = json.dumps(own)
    assert A not in text and "6b1" not in text
    spectator = seat_view(game, None)
    assert all("city" not in s for s in spectator["seats"])
    assert [t["id"] for t in own["tasks"]] == ["F1", "W1", "H1"]
    assert own["tasks"][0]["name"] == "Gänsejagd"
    assert own["hourglass_ends"] == 35.0 and own["building_ends"] == 123.0 and own["reading_ends"] == 3.0
    assert own["target"] == 30 and own["round"] == 1
    scored = seat_view(on_deadline(game, 35.0), None)
    assert [s["city"] for s in scored["seats"]] == [A, HALF, ". . . . . . . . ."]
    assert scored["seats"][0]["round_points"] == 3 + 3 + 3  # the only scored city, 3 seats
    assert scored["results"]["scored"] == [0]
    assert scored["seats"][0]["report"]["caught"]


def test_views_with_the_catalog_show_best_values_and_the_musterstadt(catalog):
    game = building(seats=2, tasks=("F1", "W6", "H3"))
    view = seat_view(game, 0, catalog)
    assert [(t["id"], t["best"], t["worst"]) for t in view["tasks"]] == [
        (task, catalog.best_value(task), catalog.worst_value(task)) for task in ("F1", "W6", "H3")
    ]
    assert view["tasks"][1]["lower_is_better"] and view["tasks"][1]["star"]
    game = play(game, [(5.0, 0, A), (5.0, 0, None), (6.0, 1, B), (6.0, 1, None)])
    muster = seat_view(game, 0, catalog)["musterstadt"]
    report = muster.pop("report")
    assert muster == catalog.musterstadt(("F1", "W6", "H3")).to_dict()
    assert report["valid"] and "catches" in report  # drawn like any city, with its catches
    one = replace(building(seats=2, one_task=True), tasks=("H1",))
    one = play(one, [(5.0, 0, A), (5.0, 0, None), (6.0, 1, B), (6.0, 1, None)])
    single = seat_view(one, 1, catalog)["musterstadt"]
    assert single["tasks"] == {"H1": catalog.best_value("H1")} and single["points"] == [100.0]


# Snapshots -------------------------------------------------------------------------------------------
def test_dump_and_load_in_every_phase():
    game = building(seats=3, tasks=("F2", "W6", "H3"))
    states = [game]
    game = play(game, [(5.0, 0, A), (5.0, 0, None), (6.0, 1, HALF)])
    states.append(game)
    game = on_deadline(game, 35.0)
    states.append(game)
    states.append(ready(game, 1, 36.0))
    states.append(new_game(Settings(one_task=True, strict=True), 2, seed=9, now=1.0))
    for state in states:
        data = json.loads(json.dumps(to_dict(state)))
        again = from_dict(data)
        assert again == state
        assert seat_view(again, 0) == seat_view(state, 0)


def test_leaderboard_points():
    assert leaderboard_points(30, 1, False) == 120.0
    assert leaderboard_points(20, 2, False) == 75.0
    assert leaderboard_points(10, 3, False) == 35.0
    assert leaderboard_points(7, 4, False) == 21.0
    assert leaderboard_points(7, 3, True) == 13.0  # against an easy computer: half


def test_a_computers_city_is_marked_for_its_round_and_the_mark_lasts_the_game():
    """A city a computer built (for a person: one standing in for him) carries its round, in the
    views and snapshots, and the next round keeps it (issue 32: results and replays say it)."""
    from spieltisch.games.speedgans.rounds import CallDone, SetCity, act

    game = building(seats=2)
    game = act(game, 0, SetCity("6b1 . . . . . . . ."), 4.0)
    game = act(game, 1, SetCity("6b1 . . . . . . . ."), 4.0, by_computer=True)
    assert [s.computer_rounds for s in game.seats] == [(), (1,)]
    assert seat_view(game, 0)["seats"][1]["computer_rounds"] == [1]
    game = act(game, 1, SetCity(A), 5.0, by_computer=True)
    game = act(game, 1, CallDone(), 6.0, by_computer=True)
    assert game.seats[1].computer_rounds == (1,)  # one mark a round
    assert from_dict(json.loads(json.dumps(to_dict(game)))).seats[1].computer_rounds == (1,)
    assert game.hourglass_ends is not None
    game = on_deadline(game, game.hourglass_ends)  # the round ends …
    assert game.phase is Phase.SCORED and game.next_round_at is not None
    game = on_deadline(game, game.next_round_at)  # … and the next begins
    assert game.round == 2 and game.seats[1].computer_rounds == (1,)


@given(
    st.integers(2, 5),
    st.sampled_from([("F1", "W1", "H1"), ("F2", "W6", "H3"), ("F1",)]),
    st.lists(st.sampled_from([A, B, C, BAD, HALF]), min_size=5, max_size=5),
    st.sampled_from(["all", "finished"]),
)
def test_round_summary_adds_up(seats, tasks, cities, scoring):
    """Issue 32 (5c): the table's round summary shows each task's „+N“ per seat and „+round“: they
    add up (no bonus at a table), and the total grows by exactly the round's points."""
    game = building(seats=seats, tasks=tasks, scoring=scoring)
    game = play(game, [(5.0 + i, i, cities[i]) for i in range(seats)])
    game = on_deadline(game, 125.0)  # the turn clock (120 s from t=3), before the next round
    assert game.phase in (Phase.SCORED, Phase.FINISHED)
    view = seat_view(game, 0)
    for i, seat in enumerate(view["seats"]):
        shown = [
            e["points"] for entries in view["results"]["tasks"].values() for e in entries if e["seat"] == i
        ]
        assert seat["round_points"] == sum(shown)
        assert seat["points"] == seat["round_points"]  # the first round: the total is this round's
    assert view["history"][-1]["points"] == [s["round_points"] for s in view["seats"]]
