"""Speedgans alone (Rekordjagd, Tagesstadt, Übung) on a fake clock: points, hints, skip, the end."""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.speedgans import solo
from spieltisch.games.speedgans.catalog import city_of_code
from spieltisch.games.speedgans.notation import City
from spieltisch.games.speedgans.solo import (
    DAILY_SECONDS,
    AskHint,
    CallDone,
    Mode,
    NewTasks,
    Outcome,
    SetCity,
    Skip,
    Solo,
    act,
    ask_hint,
    call_done,
    daily_triple,
    draw_triple,
    due,
    finished,
    from_dict,
    give_up,
    live_points,
    new,
    new_daily,
    new_practice,
    new_record,
    new_tasks,
    on_deadline,
    result,
    set_city,
    skip,
    time_bonus,
    to_dict,
    view,
)
from spieltisch.games.speedgans.tasks import allowed_triples, is_allowed_triple, task_values

INVALID = "1a3 3a0 4a0 5a1 9b2 6a3 7b0 2a1 8b2"  # nine tiles, dead ends
HALF = "4a2 7a3 5a2 3b2 . . . . ."
SPEC_A = "6b1 3b0 5a3 1b2 9b0 2a2 7a2 4a0 8a1"  # valid, far from best for most triples


def best_city(catalog, state: Solo) -> str:
    return str(catalog.musterstadt(state.tasks).city)


def expected_tenths(catalog, tasks: tuple[str, ...], city: str) -> int:
    values = task_values(City.parse(city))
    return sum(catalog.task_tenths(t, values[t]) for t in tasks)


def refused(code: ErrorCode, fn: Any, *args: Any) -> None:
    with pytest.raises(RuleError) as caught:
        fn(*args)
    assert caught.value.code == code


def laid_by_hand(state: Solo, city: str, start: float, step: float = 0.6) -> Solo:
    """The city laid as a person lays it: one tile after the other, `step` seconds apart."""
    entries = city.split()
    for count in range(1, 10):
        state = set_city(state, " ".join(entries[:count] + ["."] * (9 - count)), start + count * step)
    return state


def roundtrip(state: Solo) -> None:
    data = json.loads(json.dumps(to_dict(state)))
    assert from_dict(data) == state


# Points ----------------------------------------------------------------------------------------
def test_task_points_match_the_catalog(catalog) -> None:
    for task in ("F1", "W6", "H3", "L5"):  # W6: fewer is better
        best, worst = catalog.best_value(task), catalog.worst_value(task)
        assert catalog.task_tenths(task, best) == 1000
        assert catalog.task_tenths(task, worst) == 0
        for value in range(min(best, worst), max(best, worst) + 1):
            assert catalog.task_tenths(task, value) / 10 == pytest.approx(
                catalog.solo_score(task, value), abs=0.05
            )


@pytest.mark.parametrize(
    ("seconds", "bonus"),
    [(0.0, 120), (0.4, 119), (1.0, 119), (60.0, 60), (118.999, 1), (119.0, 1), (119.0004, 1)]
    + [(119.001, 0), (119.5, 0), (120.0, 0), (121.0, 0), (1000.0, 0)],
)
def test_time_bonus_boundaries(seconds: float, bonus: int) -> None:
    assert time_bonus(seconds) == bonus


# Draws -----------------------------------------------------------------------------------------
def test_draws_are_seeded_allowed_and_change() -> None:
    assert draw_triple(5, 1) == draw_triple(5, 1)
    seen = set()
    previous = None
    for number in range(1, 200):
        triple = draw_triple(5, number, previous)
        assert is_allowed_triple(triple) and triple != previous
        seen.add(triple)
        previous = triple
    assert any(t in seen for t in allowed_triples() if {"F5", "F6", "W5", "W6", "H6", "L5"} & set(t))
    assert daily_triple(20250101) == daily_triple(20250101)
    assert len({daily_triple(day) for day in range(40)}) > 30


# Rekordjagd ------------------------------------------------------------------------------------
def test_record_city_after_city(catalog) -> None:
    state = new_record(seed=1, now=0.0)
    assert state.mode is Mode.RECORD and state.tasks == draw_triple(1, 1) and due(state) == 300.0
    first = state.tasks
    city = best_city(catalog, state)
    state = set_city(state, HALF, 5.0)
    assert live_points(catalog, state.tasks, state.city) is None
    state = set_city(state, city, 10.0)
    live = live_points(catalog, state.tasks, state.city)
    muster = catalog.musterstadt(first)
    assert live is not None and live["sum"] == muster.sum  # one rounding rule
    state = call_done(state, 20.0, catalog)
    assert state.number == 2 and state.tasks == draw_triple(1, 2, first) and state.tasks != first
    assert state.city == City.empty() and state.shown_at == 20.0 and state.hints == 0
    (done,) = state.results
    assert done.outcome is Outcome.DONE and done.tasks == first and done.seconds == 20.0
    assert done.tenths == expected_tenths(catalog, first, city) == live["sum"] * 10
    assert state.total == done.tenths / 10
    # The next city: a worse one.
    second = state.tasks
    state = call_done(set_city(state, SPEC_A, 30.0), 31.0, catalog)
    assert state.results[1].tenths == expected_tenths(catalog, second, SPEC_A)
    assert state.total_tenths == state.results[0].tenths + state.results[1].tenths
    roundtrip(state)


def test_record_skip_costs_only_time(catalog) -> None:
    state = set_city(new_record(seed=2, now=0.0), HALF, 1.0)
    before = state.tasks
    state = skip(state, 12.5)
    assert state.number == 2 and state.tasks != before and state.city == City.empty()
    (skipped,) = state.results
    assert skipped.outcome is Outcome.SKIPPED and skipped.tenths == 0 and skipped.city.cells[0] is not None
    assert state.total == 0.0 and due(state) == 300.0


def test_record_gasse_dicht_needs_a_finished_city(catalog) -> None:
    state = new_record(seed=3, now=0.0)
    refused(ErrorCode.NOT_VALID, call_done, state, 1.0, catalog)
    refused(ErrorCode.NOT_VALID, call_done, set_city(state, HALF, 1.0), 2.0, catalog)
    refused(ErrorCode.NOT_VALID, call_done, set_city(state, INVALID, 1.0), 2.0, catalog)
    refused(ErrorCode.BAD_CITY, set_city, state, "1a0 1a0 . . . . . . .", 1.0)
    refused(ErrorCode.BAD_ACTION, new_tasks, state, 1.0, None)


def test_record_hints_cost_30_from_the_run(catalog) -> None:
    state = new_record(seed=4, now=0.0)
    state = ask_hint(state, 1.0, catalog)
    assert state.hints == 1 and state.total == 0.0  # never below 0
    hint = state.hint
    assert hint is not None and hint.next_cell == 0 and hint.wrong == ()
    assert ask_hint(state, 2.0, catalog) == state  # unchanged city: the same hint again, free
    state = set_city(state, HALF, 3.0)
    state = ask_hint(state, 4.0, catalog)
    assert state.hints == 2
    # Finish with the Musterstadt: its points minus 60.
    state = set_city(state, best_city(catalog, state), 5.0)
    done_tasks = state.tasks
    state = ask_hint(state, 6.0, catalog)  # nothing left to say: free
    assert state.hints == 2 and state.hint is not None and state.hint.next_cell is None
    state = call_done(state, 7.0, catalog)
    (done,) = state.results
    assert done.hints == 2 and done.hint_tenths == 600
    assert state.total_tenths == expected_tenths(catalog, done_tasks, str(done.city)) - 600
    # Hints on a skipped city still cost.
    state = skip(ask_hint(state, 8.0, catalog), 9.0)
    assert state.total_tenths == expected_tenths(catalog, done_tasks, str(done.city)) - 900
    roundtrip(state)


def test_record_never_negative(catalog) -> None:
    state = new_record(seed=5, now=0.0)
    for step in range(5):
        state = set_city(state, HALF if step % 2 else ". . . . . . . . .", 2.0 * step + 1)
        state = ask_hint(state, 2.0 * step + 1.5, catalog)
    assert state.hints == 5 and state.total == 0.0
    state = skip(state, 20.0)
    assert state.total == 0.0 and result(state)["total"] == 0.0


def test_record_ends_with_the_time(catalog) -> None:
    state = new_record(seed=6, now=100.0, duration=60.0)
    assert due(state) == 160.0
    state = call_done(laid_by_hand(state, best_city(catalog, state), 101.0), 120.0, catalog)
    points = state.total
    state = set_city(state, HALF, 150.0)
    assert on_deadline(state, 159.999) == state
    ended = on_deadline(state, 175.0)  # a late tick: the run ended at 160
    assert finished(ended) and ended.timed_out and due(ended) is None
    assert ended.total == points
    last = ended.results[-1]
    assert last.outcome is Outcome.UNFINISHED and last.ended_at == 160.0 and str(last.city) == HALF
    assert on_deadline(ended, 200.0) == ended
    # Any move at or after the end: the run is over.
    refused(ErrorCode.TIME_UP, set_city, state, SPEC_A, 160.0)
    refused(ErrorCode.TIME_UP, call_done, set_city(state, SPEC_A, 155.0), 160.0, catalog)
    refused(ErrorCode.TIME_UP, ask_hint, ended, 161.0, catalog)
    refused(ErrorCode.TIME_UP, skip, ended, 161.0)
    record = result(ended)
    assert record["mode"] == "record" and record["finished"] == 1 and record["total"] == points
    assert [c["outcome"] for c in record["cities"]] == ["done", "unfinished"]
    assert solo.leaderboard_points(ended) == pytest.approx(points / 10)
    roundtrip(ended)


def test_record_give_up(catalog) -> None:
    state = give_up(new_record(seed=7, now=0.0), 30.0)
    assert finished(state) and not state.timed_out and state.results[-1].outcome is Outcome.UNFINISHED
    assert give_up(state, 31.0) == state
    refused(ErrorCode.GAME_OVER, skip, state, 32.0)


@pytest.mark.parametrize(
    ("kwargs", "mode"),
    [({"duration": 0}, "record"), ({"duration": -5.0}, "record"), ({"duration": math.inf}, "record")]
    + [({"duration": True}, "record"), ({"tasks": "F1,W2,H3"}, "record"), ({"tasks": "F1,W2,H3"}, "daily")]
    + [({"tasks": "F1,F2,H3"}, "practice"), ({"tasks": "F1,W2"}, "practice"), ({}, "tournament")],
)
def test_bad_settings(kwargs: dict[str, Any], mode: str) -> None:
    refused(ErrorCode.BAD_SETTINGS, lambda: new(mode, 1, 0.0, **kwargs))


# Tagesstadt ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("seconds", "bonus"), [(0.5, 119), (30.0, 90), (119.0, 1), (119.9, 0), (120.0, 0), (400.0, 0)]
)
def test_daily_points_with_time_bonus(catalog, seconds: float, bonus: int) -> None:
    state = new_daily(seed=20250601, now=1000.0)
    assert state.tasks == daily_triple(20250601) and due(state) == 1000.0 + DAILY_SECONDS
    city = best_city(catalog, state)
    state = call_done(set_city(state, city, 1000.0 + seconds / 2), 1000.0 + seconds, catalog)
    assert finished(state)
    (done,) = state.results
    assert done.bonus == bonus
    assert state.total_tenths == expected_tenths(catalog, state.tasks, city) + 10 * bonus
    record = result(state)
    assert record["time_bonus"] == bonus and record["seconds"] == pytest.approx(seconds)
    assert view(state, catalog)["last"]["bonus"] == bonus
    refused(ErrorCode.GAME_OVER, set_city, state, HALF, 2000.0)
    roundtrip(state)


def test_an_abandoned_daily_attempt_ends_unfinished_after_ten_minutes(catalog) -> None:
    state = set_city(new_daily(seed=9, now=0.0), SPEC_A, 5.0)
    assert on_deadline(state, DAILY_SECONDS - 0.1) == state
    over = on_deadline(state, DAILY_SECONDS)
    assert finished(over) and over.timed_out and over.total == 0
    assert result(over)["finished"] == 0 and "seconds" not in result(over)


def test_daily_hints_and_no_skip(catalog) -> None:
    state = new_daily(seed=9, now=0.0)
    refused(ErrorCode.BAD_ACTION, skip, state, 1.0)
    refused(ErrorCode.BAD_ACTION, new_tasks, state, 1.0, ("F1", "W2", "H3"))
    for step in range(3):
        state = ask_hint(set_city(state, HALF if step % 2 else SPEC_A, step + 1.0), step + 1.5, catalog)
    assert state.hints == 3
    state = call_done(set_city(state, SPEC_A, 10.0), 200.0, catalog)  # no bonus after 120 s
    assert state.total_tenths == max(0, expected_tenths(catalog, state.tasks, SPEC_A) - 900)
    assert state.total_tenths is not None and state.total_tenths >= 0


# Übung -----------------------------------------------------------------------------------------
def test_practice_free_hints_chosen_tasks_no_points(catalog) -> None:
    state = new_practice(seed=3, now=0.0, tasks="h3,F1,w2")
    assert state.tasks == ("H3", "F1", "W2") and due(state) is None
    state = ask_hint(set_city(state, HALF, 1.0), 2.0, catalog)
    assert state.hints == 1 and state.total is None
    state = call_done(set_city(state, best_city(catalog, state), 3.0), 4.0, catalog)
    (last,) = state.results
    assert last.outcome is Outcome.DONE and last.hints == 1 and last.hint_tenths == 0
    assert state.tasks == draw_triple(3, 2, ("H3", "F1", "W2"))
    shown = view(state, catalog)
    assert shown["total"] is None and shown["cities"] == [] and shown["last"]["points"] == last.tenths / 10
    state = new_tasks(state, 5.0, ["L1", "H2", "W3"])
    assert state.tasks == ("L1", "H2", "W3") and state.results == (last,)
    refused(ErrorCode.BAD_SETTINGS, new_tasks, state, 6.0, ["L1", "L2", "W3"])
    refused(ErrorCode.BAD_SETTINGS, new_tasks, state, 6.0, ["L1", "H2", "Z3"])
    state = skip(state, 7.0)
    assert state.number == 4 and state.results == (last,)
    # Only the last city is kept, however long one practises.
    state = call_done(set_city(state, SPEC_A, 8.0), 9.0, catalog)
    assert len(state.results) == 1 and solo.leaderboard_points(state) == 0.0
    roundtrip(state)


# Views -----------------------------------------------------------------------------------------
def test_view_hides_the_seed_and_the_hint_target(catalog) -> None:
    state = new_record(seed=424242, now=0.0)
    state = set_city(state, HALF, 1.0)
    state = ask_hint(state, 2.0, catalog)
    assert state.hint is not None
    shown = view(state, catalog)
    text = json.dumps(shown)
    assert "seed" not in shown and "424242" not in text
    assert str(state.hint.target) not in text and "target" not in text
    assert shown["hint"] == {
        "wrong": list(state.hint.wrong),
        "next_cell": state.hint.next_cell,
        "next_piece": str(state.hint.next_piece),
    }
    assert [t["id"] for t in shown["tasks"]] == list(state.tasks)
    assert shown["ends_at"] == 300.0 and shown["hints"] == 1 and shown["hint_cost"] == 30
    assert shown["report"]["valid"] is False and shown["live"] is None and shown["last"] is None
    # The hint shows only while the city is the one it was asked for.
    moved = set_city(state, SPEC_A, 3.0)
    assert view(moved, catalog)["hint"] is None
    assert view(set_city(moved, HALF, 4.0), catalog)["hint"] == shown["hint"]


def test_view_after_a_city_shows_the_musterstadt(catalog) -> None:
    state = new_record(seed=8, now=0.0)
    tasks = state.tasks
    state = call_done(set_city(state, SPEC_A, 1.0), 2.0, catalog)
    shown = view(state, catalog)
    muster = dict(shown["last"]["musterstadt"])
    assert muster.pop("report")["valid"]  # drawn with its catches
    assert muster == catalog.musterstadt(tasks).to_dict()
    assert shown["last"]["tasks"] == list(tasks) and shown["last"]["outcome"] == "done"
    assert shown["cities"] == [state.results[0].summary()]
    assert shown["total"] == state.results[0].tenths / 10
    live = view(set_city(state, best_city(catalog, state), 3.0), catalog)["live"]
    assert live is not None and list(live["values"]) == list(state.tasks)


# Moves -----------------------------------------------------------------------------------------
def test_act_dispatches(catalog) -> None:
    state = new_practice(seed=1, now=0.0)
    state = act(state, SetCity(HALF), 1.0, catalog)
    state = act(state, AskHint(), 2.0, catalog)
    assert state.hints == 1
    state = act(state, NewTasks(("F2", "W1", "L6")), 3.0, catalog)
    assert state.tasks == ("F2", "W1", "L6")
    state = act(state, Skip(), 4.0, catalog)
    state = act(state, SetCity(best_city(catalog, state)), 5.0, catalog)
    state = act(state, CallDone(), 6.0, catalog)
    assert state.results[0].outcome is Outcome.DONE


# Any sequence of moves -------------------------------------------------------------------------
moves = st.lists(
    st.tuples(
        st.floats(0.0, 40.0),
        st.sampled_from(["half", "valid", "best", "invalid", "done", "skip", "hint", "new"]),
    ),
    max_size=14,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=st.sampled_from(list(Mode)), seed=st.integers(0, 2**31), steps=moves)
def test_any_run_keeps_its_books(catalog, mode: Mode, seed: int, steps: list[tuple[float, str]]) -> None:
    state = new(mode, seed, 0.0, duration=120.0) if mode is Mode.RECORD else new(mode, seed, 0.0)
    rng = random.Random(seed)
    now = 0.0
    for wait, move in steps:
        now += wait
        try:
            if move == "half":
                state = set_city(state, HALF, now)
            elif move == "valid":
                state = set_city(state, str(city_of_code(int(rng.choice(catalog.codes)))), now)
            elif move == "best":
                state = set_city(state, best_city(catalog, state), now)
            elif move == "invalid":
                state = set_city(state, INVALID, now)
            elif move == "done":
                state = call_done(state, now, catalog)
            elif move == "skip":
                state = skip(state, now)
            elif move == "hint":
                state = ask_hint(state, now, catalog)
            else:
                state = new_tasks(state, now)
        except RuleError as error:
            assert error.code in {
                ErrorCode.NOT_VALID,
                ErrorCode.TIME_UP,
                ErrorCode.GAME_OVER,
                ErrorCode.BAD_ACTION,
            }
        state = on_deadline(state, now)
        # The books: total = max(0, cities' points - hint costs), counted in tenths.
        if mode is Mode.PRACTICE:
            assert state.total is None and len(state.results) <= 1
        else:
            cost = sum(r.hint_tenths for r in state.results) + (0 if state.over else 300 * state.hints)
            assert state.total_tenths == max(0, sum(r.tenths for r in state.results) - cost) >= 0
        for done in state.results:
            assert 0 <= sum(done.task_tenths) <= 3000 and done.ended_at <= now
            assert (done.values is None) == (done.outcome is not Outcome.DONE)
        if mode is Mode.RECORD:
            assert state.over == (now >= 120.0)
            assert all(r.ended_at <= 120.0 for r in state.results)
        assert json.loads(json.dumps(view(state, catalog)))["mode"] == mode.value
        roundtrip(state)
    assert replace(state) == state


# Human pace ----------------------------------------------------------------------------------------
def test_a_city_sent_whole_or_laid_faster_than_a_hand_ranks_nowhere(catalog) -> None:
    """The scripts: a whole city in one message, or tile by tile at machine speed. Both are kept
    with their points (shown to the player) but rank nowhere and earn no Bestenliste points."""
    start = new_record(seed=11, now=0.0)
    best = best_city(catalog, start)
    whole = call_done(set_city(start, best, 10.0), 20.0, catalog)
    hurried = call_done(laid_by_hand(start, best, 0.0, step=0.01), 0.2, catalog)
    paced = call_done(laid_by_hand(start, best, 0.0), 8.0, catalog)
    for run in (whole, hurried):
        assert run.total == paced.total > 0  # the same points, shown
        assert not run.results[0].by_hand and not run.by_hand and not result(run)["by_hand"]
        assert solo.leaderboard_points(run) == 0
        assert view(run, catalog)["by_hand"] is False
        roundtrip(run)
    assert paced.by_hand and solo.leaderboard_points(paced) == pytest.approx(paced.total / 10)
    # The next city starts afresh: one hurried city marks the whole run.
    after = call_done(laid_by_hand(whole, best_city(catalog, whole), 20.0), 40.0, catalog)
    assert after.results[1].by_hand and not after.by_hand


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    order=st.permutations(range(9)),
    moves=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=6),
    gaps=st.lists(st.floats(0.5, 5.0), min_size=9, max_size=9),
)
def test_laying_one_tile_at_a_time_at_a_persons_pace_always_ranks(catalog, order, moves, gaps) -> None:
    """However a person lays the tiles (any order, swapping laid tiles between), a city laid one tile
    a message at 0.5 s a tile or slower ranks; a message bringing two tiles never does."""
    state = new_record(seed=3, now=0.0)
    target = best_city(catalog, state).split()
    cells = ["."] * 9
    now = 0.0
    for cell, gap in zip(order, gaps, strict=True):
        cells[cell] = target[cell]
        now += gap
        state = set_city(state, " ".join(cells), now)
    for a, b in moves:  # tiles moved around the city bring nothing new
        cells[a], cells[b] = cells[b], cells[a]
        state = set_city(state, " ".join(cells), now)
    for a, b in reversed(moves):
        cells[a], cells[b] = cells[b], cells[a]
        state = set_city(state, " ".join(cells), now)
    assert call_done(state, now + 0.1, catalog).results[0].by_hand
    two_at_once = set_city(new_record(seed=3, now=0.0), " ".join(target[:2] + ["."] * 7), 1.0)
    assert two_at_once.burst
