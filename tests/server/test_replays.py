"""Replays: a game run again from its log of moves ends exactly where the game ended (every kind of
table game, driven at random by people who err, leave and come back, computers and the clock), and
the replay API shows finished games only."""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import time
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.games.errors import RuleError
from spieltisch.games.planahead import game as pa
from spieltisch.games.planahead.analysis import analyse
from spieltisch.games.planahead.notation import format_land, parse_tiles
from spieltisch.games.speedgans.catalog import ensure_catalog
from spieltisch.server.replays import final_state, replay
from spieltisch.server.rules.base import GameRules
from spieltisch.server.rules.planahead import PlanAheadRules
from spieltisch.server.rules.puzzle import PuzzleRules
from spieltisch.server.rules.speedgans import SpeedgansRules
from spieltisch.server.tables import (
    AddBot,
    Join,
    Leave,
    Start,
    Status,
    Table,
    apply,
    create_table,
    set_connected,
    tick,
)
from spieltisch.storage.models import GameLog
from tests.server.inprocess import InProcessServer
from tests.server.moments import T0
from tests.server.player_client import Client

PACING = 1.0
PEOPLE = ("ann", "bob", "cem")


@pytest.fixture(scope="module")
def games(data_dir) -> dict[str, GameRules[Any, Any]]:
    return {
        "planahead": PlanAheadRules(),
        "puzzle": PuzzleRules(b"a test secret of the server", time_limit_s=90),
        "speedgans": SpeedgansRules(ensure_catalog(progress=False, directory=data_dir)),
    }


def logged(table: Table) -> GameLog:
    """The game's log as the records keep it (through JSON, as the database stores it)."""
    assert table.log is not None and table.started_at is not None
    return GameLog(
        game_id=table.game_id,
        game=table.game,
        table_id=table.id,
        settings=json.loads(json.dumps(table.rules.logged_settings(table.settings))),
        players=[{"player": s.player, "nickname": s.nickname, "bot": s.bot} for s in table.seats],
        seed=str(table.rules.seed(table.state)),
        started=table.started_at,
        log=json.loads(json.dumps(list(table.log))),
    )


def person_moves(table: Table, seat: int, rng: random.Random, careful: bool) -> list[object]:
    """What a person might send: sensible moves (as a computer would make them), or a mistake."""
    sensible = []
    if table.rules.waiting_for(table.state, seat):
        # Aiming at one city a round (a computer's aim is seeded by the round, as here).
        aim = random.Random(f"{seat}:{table.rules.step(table.state)}")
        sensible = list(table.rules.bot_actions(table.state, seat, "medium", aim))
    if careful:
        return sensible
    mistaken: list[object] = []
    if sensible and rng.random() < 0.3:
        mistaken = [rng.choice(sensible)]  # sent twice, or out of order
    if sensible and table.game != "speedgans" and rng.random() < 0.3:
        mistaken = [pa.Place(rng.randint(0, 20))]  # a field that may be taken or none
    return mistaken + sensible[: rng.randint(0, len(sensible))]


def play_at_random(table: Table, rng: random.Random, now: float) -> Table:
    """People act, err, go away and leave; the clock moves; until the game is over (in the end
    they play with care: a Speedgans game where nobody finishes a city never ends)."""
    for step in range(4000):
        if table.status is Status.FINISHED:
            return table
        roll = rng.random()
        people = [i for i, s in enumerate(table.seats) if s.player and not s.left]
        if roll < 0.55 and people:
            seat = rng.choice(people)
            player = table.seats[seat].player
            assert player is not None
            for action in person_moves(table, seat, rng, careful=step > 1000):
                with contextlib.suppress(RuleError):
                    table = apply(table, player, player.title(), action, now, PACING)
        elif roll < 0.6 and people and step < 1000:
            player = table.seats[rng.choice(people)].player
            assert player is not None
            changed = set_connected(table, player, rng.random() < 0.5, now)
            table = changed or table
        elif roll < 0.61 and len(people) > 1:
            player = table.seats[rng.choice(people)].player
            assert player is not None
            table = apply(table, player, player.title(), Leave(), now, PACING)
        else:
            now += rng.choice((0.05, 0.4, 2.0, 9.0))
            table = tick(table, now, PACING) or table
    raise AssertionError("the game did not end")


def new_table(rules: GameRules[Any, Any], rng: random.Random) -> Table:
    if rules.starts_alone:
        return create_table(rules, "ann", "Ann", {"puzzle": "2026-11-30"}, T0, PACING)
    raw: dict[str, Any] = {"seats": 4, "turn_seconds": 15}
    if rules.name == "speedgans":  # a short game: it is the steps that matter, not their number
        raw = {"seats": 4, "turn_seconds": 30, "target": "short", "one_task": rng.random() < 0.5}
    table = create_table(rules, "ann", "Ann", raw, T0, PACING)
    for guest in PEOPLE[1 : rng.randint(1, 3)]:
        table = apply(table, guest, guest.title(), Join(), T0, PACING)
    while len(table.seats) < rng.randint(2, 4):
        table = apply(table, "ann", "Ann", AddBot(rng.choice(("easy", "medium", "strong"))), T0, PACING)
    return apply(table, "ann", "Ann", Start(), T0, PACING)


@pytest.mark.parametrize("game", ["planahead", "puzzle", "speedgans"])
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_a_replay_ends_exactly_where_the_game_ended(games, game, seed):
    rules = games[game]
    rng = random.Random(seed)
    table = play_at_random(new_table(rules, rng), rng, T0)
    row = logged(table)
    assert rules.dump(final_state(rules, row)) == rules.dump(table.state)

    shown = replay(games, row, analysed=game == "speedgans" or seed % 4 == 0)
    assert shown is not None
    frames, final = shown["frames"], shown["final"]
    state = table.state
    if game == "speedgans":
        assert [frame["round"] for frame in frames] == [entry["round"] for entry in state.history]
        for frame, entry in zip(frames, state.history, strict=True):
            assert [seat["round_points"] for seat in frame["scored"]["seats"]] == entry["points"]
            for index, seat in enumerate(frame["scored"]["seats"]):
                grown = [e["city"] for e in frame["events"] if e["seat"] == index and "city" in e]
                if grown:
                    assert grown[-1] == seat["city"]  # each city grew into the one scored
            assert [e["at"] for e in frame["events"]] == sorted(e["at"] for e in frame["events"])
        assert final["points"] == [seat.points for seat in state.seats]
        for frame in frames:  # each round's cities weighed against the optimal ones
            if frame["scored"] is None:
                continue
            assert len(frame["analysis"]) == len(state.seats)
            for seat, found in zip(frame["scored"]["seats"], frame["analysis"], strict=True):
                laid = sum(entry != "." for entry in seat["city"].split())
                assert 9 - laid <= found["differ"] <= 9
                assert found["missed"] is None or all(m >= 0 for m in found["missed"])
    else:
        lands = state.seats if game == "planahead" else state.game.seats
        assert len(frames) == (state.turn if game == "planahead" else state.game.turn)
        if frames:
            assert [seat["land"] for seat in frames[-1]["seats"]] == [format_land(s.land) for s in lands]
        for turn, frame in enumerate(frames):  # a tile a frame, on every land
            assert {sum(t != "." for t in seat["land"].split()) for seat in frame["seats"]} == {turn + 1}
        assert final["scores"] == [seat.score for seat in lands]
        if seed % 4 == 0:  # (the analysis takes ~0.6 s a seat: a quarter of the games)
            assert len(shown["analysis"]) == len(lands)
            for seat, found, player in zip(lands, shown["analysis"], row.players, strict=True):
                if player.get("bot"):
                    assert found is None  # a computer's moves are the engine's own
                else:
                    assert len(found["moves"]) == sum(tile is not None for tile in seat.land)  # laid in order
        assert "analysis" not in replay(games, row, analysed=False)


@pytest.mark.slow
def test_the_replay_api_shows_finished_games_only(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir, bot_pacing=0.01) as server:
        ann = Client(server.url, "Ann")
        ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 3}})
        table_id = ann.table_until(lambda t: True)["id"]
        for level in ("medium", "strong"):
            ann.send({"type": "add_bot", "table": table_id, "level": level})
        ann.send({"type": "start", "table": table_id})
        view = ann.table_until(lambda t: t["status"] == "playing")
        assert "game_id" not in view["game"]
        running = running_game_id(tmp_path, table_id)
        assert httpx.get(f"{server.url}/api/replays/{running}", timeout=60).status_code == 404
        for turn in range(19):
            if view["game"]["turn"] != turn:
                view = ann.table_until(lambda t, n=turn: t["game"]["turn"] == n)
            free = [i for i, f in enumerate(view["game"]["seats"][0]["land"].split(), 1) if f == "."]
            ann.send({"type": "place", "table": table_id, "field": free[turn % len(free)]})
            ann.send({"type": "confirm", "table": table_id})
        end = ann.table_until(lambda t: t["status"] == "finished" and "game_id" in t["game"], timeout=60)
        assert end["game"]["game_id"] == running
        shown = httpx.get(f"{server.url}/api/replays/{running}", timeout=60).json()
        assert [p["nickname"] for p in shown["players"]] == [s["nickname"] for s in end["seats"]]
        assert len(shown["frames"]) == 19
        assert [s["land"] for s in shown["frames"][-1]["seats"]] == [s["land"] for s in end["game"]["seats"]]
        assert shown["final"]["scores"] == [s["score"] for s in end["game"]["seats"]]
        drawn = [frame["tile"] for frame in shown["frames"]]
        assert sorted(drawn) == sorted(end["game"]["seats"][0]["land"].split())  # each tile once
        # Each seat's move-by-move analysis: the same as the command line's for its tiles and fields
        # (the Meister's own line loses next to nothing; Ann's first-free-field play loses plenty).
        analysis = shown["analysis"]
        assert len(analysis) == 3 and analysis[1] is None and analysis[2] is None  # computers: none
        for seat, found in zip(end["game"]["seats"][:1], analysis[:1], strict=True):
            land = seat["land"].split()
            fields = [land.index(tile) + 1 for tile in drawn]
            assert [move["field"] for move in found["moves"]] == fields
            assert found["score"] == seat["score"]
            expected = analyse(parse_tiles(" ".join(drawn)), fields).to_dict()
            assert [{k: v for k, v in m.items() if k != "verdict"} for m in found["moves"]] == expected[
                "moves"
            ]
            assert all(m["verdict"] in (None, "inaccuracy", "mistake", "blunder") for m in found["moves"])
        assert sum(m["loss"] for m in analysis[0]["moves"]) > 5  # the first free field each time costs

        ann.send({"type": "rematch", "table": table_id})
        again = ann.table_until(lambda t: t["status"] == "playing")
        assert "game_id" not in again["game"]
        rematch = running_game_id(tmp_path, table_id)
        assert rematch != running
        assert httpx.get(f"{server.url}/api/replays/{rematch}", timeout=60).status_code == 404
        for bad in ("nonsense", "abcdef-zz", "../../etc", "a" * 300):
            assert httpx.get(f"{server.url}/api/replays/{bad}", timeout=60).status_code == 404


def running_game_id(tmp_path, table_id: str) -> str:
    """A running game's id, as only the server knows it (its live-table snapshot)."""
    for _ in range(50):
        with sqlite3.connect(tmp_path / "inprocess.sqlite3") as db:
            row = db.execute("select data from live_tables where id = ?", (table_id,)).fetchone()
        data = json.loads(row[0]) if row else {}
        if data.get("status") == "playing":
            return data["game_id"]
        time.sleep(0.1)
    raise AssertionError("no snapshot of the running game")
