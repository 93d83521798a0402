"""Speedgans at a table through the real server: WebSockets, the fake clock, a computer player.

What each socket receives is checked on the raw text: no other city (nor its values) before the
round is scored.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

import httpx
import pytest

from spieltisch.games.speedgans.catalog import ensure_catalog
from spieltisch.games.speedgans.notation import parse_city
from spieltisch.games.speedgans.report import report
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client
from tests.server.solo_play import wait_for

A = "6b1 3b0 5a3 1b2 9b0 2a2 7a2 4a0 8a1"  # valid (spec example)
BAD = "1a3 3a0 4a0 5a1 9b2 6a3 7b0 2a1 8b2"  # nine tiles, dead ends


class RawClient(Client):
    """The protocol test client, keeping every frame as the text that came over the socket."""

    def __init__(self, base_url: str, nickname: str) -> None:
        self.raw: list[str] = []
        super().__init__(base_url, nickname)

    def next_message(self, timeout: float = 10.0) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        self.raw.append(text)
        message = json.loads(text)
        self.received.append(message)
        return message


@pytest.fixture
def server(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir, bot_pacing=1.0) as running:
        yield running


def public(server, table_id: str) -> dict[str, Any]:
    return httpx.get(f"{server.url}/api/tables/{table_id}").json()


def advance_until(server, table_id: str, predicate, step: float = 2.0, limit: float = 120.0) -> dict:
    """Move the fake clock in steps until the spectator's view satisfies `predicate`."""
    moved = 0.0
    while True:
        view = public(server, table_id)
        if predicate(view):
            return view
        if moved >= limit:
            raise AssertionError(f"not reached after {limit} s: {view['game']}")
        server.advance(step)
        moved += step


def prefix(city: str, tiles: int) -> str:
    entries = city.split()
    return " ".join(entries[:tiles] + ["."] * (9 - tiles))


@pytest.mark.slow
def test_a_game_with_two_people_and_a_computer(server, data_dir):
    catalog = ensure_catalog(progress=False, directory=data_dir)
    ann, bob = RawClient(server.url, "Ann"), RawClient(server.url, "Bob")
    settings = {"seats": 3, "one_task": True, "target": "short", "turn_seconds": 60}
    ann.send({"type": "create_table", "game": "speedgans", "settings": settings})
    table = ann.table_until(lambda t: True)
    table_id = table["id"]
    assert table["kind"] == "speedgans"
    defaults = {"hourglass": 30, "mode": "race", "scoring": "all", "strict": False, "stars": True}
    assert table["settings"] == {**settings, **defaults}
    ann.send({"type": "start", "table": table_id})
    assert ann.error()["code"] == "no_players"  # Speedgans needs two
    bob.send({"type": "join", "table": table_id})
    ann.table_until(lambda t: len(t["seats"]) == 2)  # Bob first (two sockets: no order otherwise)
    ann.send({"type": "add_bot", "table": table_id, "level": "strong"})
    seated = ann.table_until(lambda t: len(t["seats"]) == 3)
    # Speedgans names its computers as geese, not with Plan Ahead's level names.
    assert seated["seats"][2]["nickname"] == "Akka"  # a goose's name; the level is shown beside it
    ann.send({"type": "start", "table": table_id})
    started = ann.table_until(lambda t: t["status"] == "playing")
    view = started["game"]
    assert view["phase"] == "reading" and view["target"] == 9 and len(view["tasks"]) == 1
    assert view["reading_ends"] - started["server_time"] == 3.0
    ann.send({"type": "city", "table": table_id, "city": A})
    assert ann.error()["code"] == "not_building"

    rounds_played = 0
    while True:
        rounds_played += 1
        game = advance_until(server, table_id, lambda t: t["game"]["phase"] == "building", step=1.0)["game"]
        round_number = game["round"]
        task = game["tasks"][0]["id"]
        assert game["tasks"][0]["best"] == catalog.best_value(task)
        best = str(catalog.best_for_weights({task: 1.0}, 1)[0][0])
        ann_partial = prefix(best, 4)
        ann.lay_city(table_id, best, tiles=range(1, 5))  # by hand, as the Bestenliste wants it
        mine = ann.table_until(
            lambda t, r=round_number: t["game"]["round"] == r and t["game"]["seats"][0]["tiles"] == 4
        )
        assert mine["game"]["seats"][0]["city"] == ann_partial
        assert mine["game"]["seats"][0]["report"]["tasks"] == report(parse_city(ann_partial)).tasks
        seen = bob.table_until(
            lambda t, r=round_number: t["game"]["round"] == r and t["game"]["seats"][0]["tiles"] == 4
        )
        assert set(seen["game"]["seats"][0]) == {
            "points",
            "round_points",
            "tiles",
            "done",
            "marker",
            "ready",
            "computer_rounds",
        }
        if round_number == 1:
            bob.send({"type": "city", "table": table_id, "city": "1a0 1a0 . . . . . . ."})
            assert bob.error()["code"] == "bad_city"
            bob.lay_city(table_id, BAD)
            bob.send({"type": "done", "table": table_id})
            assert bob.error()["code"] == "not_valid"
        ann.lay_city(table_id, best, tiles=range(5, 10))
        ann.send({"type": "done", "table": table_id})
        locked = bob.table_until(
            lambda t, r=round_number: t["game"]["round"] == r and t["game"]["seats"][0]["done"]
        )
        assert locked["game"]["seats"][0]["marker"] == 1
        assert locked["game"]["hourglass_ends"] is not None
        ann.send({"type": "city", "table": table_id, "city": A})
        assert ann.error()["code"] == "locked"
        # The computer builds tile by tile: its count rises while Bob still builds. A strong
        # computer's first tile may take up to 7 s × its round tempo 1.25 (bots.LEVELS, TEMPO).
        counts = set()
        for _ in range(12):
            server.advance(1.0)
            counts.add(public(server, table_id)["game"]["seats"][2]["tiles"])
            if len(counts) > 1:
                break
        assert len(counts) > 1, counts
        bob.lay_city(table_id, A)
        bob.send({"type": "done", "table": table_id})
        before_scoring = list(bob.raw)
        scored = advance_until(server, table_id, lambda t: t["game"]["phase"] in ("scored", "finished"))
        # Nothing of Ann's or the computer's city came to Bob before the scoring.
        bot_city = scored["game"]["seats"][2]["city"]
        for text in before_scoring:
            frame = json.loads(text)
            if frame["type"] != "table" or (frame["table"]["game"] or {}).get("round") != round_number:
                continue  # the previous round's scoring rightly shows every city
            assert frame["table"]["game"]["phase"] in ("reading", "building")
            assert best not in text and ann_partial not in text
            if bot_city.count(".") < 9:
                assert bot_city not in text
            for index in (0, 2):
                assert "city" not in frame["table"]["game"]["seats"][index]
                assert "report" not in frame["table"]["game"]["seats"][index]
        game = scored["game"]
        assert [s["city"] for s in game["seats"][:2]] == [best, A]
        assert game["results"]["tasks"][task][0] == {
            "seat": 0,
            "value": catalog.best_value(task),
            "rank": 1,
            "points": 3,
        }
        assert game["seats"][0]["round_points"] == 3
        # The strong computer builds at a very good person's pace: its city counts when it was done in time.
        assert (game["seats"][2]["tiles"] == 9) == (2 in game["results"]["scored"])
        assert game["musterstadt"]["tasks"] == {task: catalog.best_value(task)}
        if game["phase"] == "finished":
            break
        ann.send({"type": "next_round", "table": table_id})
        bob.send({"type": "next_round", "table": table_id})
        advance_until(server, table_id, lambda t, r=round_number: t["game"]["round"] == r + 1, step=1.0)

    assert rounds_played == 3  # 3 points a round for Ann, target 9
    end = ann.table_until(lambda t: t["status"] == "finished")
    assert end["game"]["ranking"][0] == 1
    assert end["game"]["seats"][0]["points"] == 9
    assert [h["round"] for h in end["game"]["history"]] == [1, 2, 3]
    records = httpx.get(f"{server.url}/api/games", params={"table": table_id}).json()["games"]
    for _ in range(50):
        if records:
            break
        server.advance(0.1)
        records = httpx.get(f"{server.url}/api/games", params={"table": table_id}).json()["games"]
    assert records[0]["game"] == "speedgans"
    assert records[0]["result"]["points"][0] == 9

    # The leaderboard: 3 per game point plus the place bonus; people only (no easy computer here).
    board = httpx.get(f"{server.url}/api/leaderboard", params={"game": "speedgans"}).json()["entries"]
    bonus = {1: 30, 2: 15, 3: 5}
    seats = end["game"]["seats"]
    expected = {
        name: 3 * seats[i]["points"] + bonus.get(end["game"]["ranking"][i], 0)
        for i, name in enumerate(["Ann", "Bob"])
    }
    assert {e["nickname"]: e["points"] for e in board} == expected
    assert board[0]["nickname"] == "Ann" and board[0]["player"] == ann.player["id"]
    assert all(e["games"] == 1 for e in board)


def test_settings_are_checked(server):
    ann = Client(server.url, "Ann")
    ann.send({"type": "create_table", "game": "speedgans", "settings": {"hourglass": 20}})
    assert ann.error()["code"] == "bad_settings"
    ann.send({"type": "create_table", "game": "speedgans", "settings": {"seats": 1}})
    assert ann.error()["code"] == "bad_settings"
    ann.send(
        {"type": "create_table", "game": "speedgans", "settings": {"mode": "relaxed", "turn_seconds": None}}
    )
    table = ann.table_until(lambda t: True)
    assert table["settings"]["seats"] == 4 and table["settings"]["turn_seconds"] is None
    ann.send({"type": "done", "table": table["id"]})
    assert ann.error()["code"] == "not_playing"


def test_leaderboard_entries_of_a_table_halved_with_an_easy_computer(tmp_path):
    from spieltisch.games.speedgans import rounds
    from spieltisch.server.rules.base import FinishedGame, Sitter
    from spieltisch.server.rules.speedgans import leaderboard_entries
    from spieltisch.storage.db import make_engine
    from spieltisch.storage.repository import Repository

    state = rounds.new_game(rounds.Settings(seats=3), 3, seed=1, now=0.0)
    points = (40, 25, 12)
    state = replace(
        state,
        phase=rounds.Phase.FINISHED,
        seats=tuple(replace(s, points=p) for s, p in zip(state.seats, points, strict=True)),
    )
    sitters = (Sitter("p_1", "Ann", None), Sitter(None, "Gössel 1", "easy"), Sitter("p_2", "Bob", None))

    def entries_of(sitters, seconds=600.0):
        return leaderboard_entries(FinishedGame("abcdef", "abcdef-1", {}, sitters, state, 0.0), seconds)

    entries = entries_of(sitters)
    assert [(e["player"], e["points"], e["place"]) for e in entries] == [
        ("p_1", (3 * 40 + 30) / 2, 1),
        ("p_2", (3 * 12 + 5) / 2, 3),
    ]

    # Farming: a second account that left at once, or a game faster than people play, earns nothing.
    alone = (Sitter("p_1", "Ann", None), Sitter("p_9", "Eve", None, left=True), Sitter("p_2", "Bob", None))
    assert [e["player"] for e in entries_of(alone)] == ["p_1", "p_2"]
    assert entries_of(alone[:2]) == []  # one person, no computer
    gone = (Sitter("p_1", "Ann", None, present=False), Sitter(None, "Gössel 1", "easy"))
    assert entries_of(gone) == []  # a game left to the computers (the tab closed) earns nothing
    assert entries_of(sitters, seconds=6.2) == []
    # A seat whose city came in whole (a script's, not a hand's) earns nothing; the others do.
    scripted = replace(state, seats=(replace(state.seats[0], by_hand=False), *state.seats[1:]))
    found = leaderboard_entries(FinishedGame("abcdef", "abcdef-1", {}, sitters, scripted, 0.0), 600.0)
    assert [e["player"] for e in found] == ["p_2"]
    assert (
        not rounds.set_city(
            rounds.new_game(rounds.Settings(seats=3), 3, seed=1, now=0.0), 0, "1a0 2a0 . . . . . . .", 5.0
        )
        .seats[0]
        .by_hand
    )

    repository = Repository(make_engine(f"sqlite:///{tmp_path / 'board.sqlite3'}"))
    record = {"game": "speedgans", "table_id": "abcdef", "seed": 1, "settings": {}, "players": []}
    first = repository.save_game(game_id="g1", **record, result={}, started_at=0.0, leaderboard=entries)
    other = [{"player": "p_2", "nickname": "Bob", "points": 100.0, "game_points": 30, "place": 1}]
    later = time.time() + 1  # Bob's next game, after the first was over
    repository.save_game(game_id="g2", **record, result={}, started_at=later, leaderboard=other)
    # A retry after a fault writes nothing twice.
    assert (
        repository.save_game(game_id="g1", **record, result={}, started_at=0.0, leaderboard=entries) == first
    )
    board = repository.leaderboard("speedgans", player="p_1")
    assert board["entries"] == [
        {"rank": 1, "player": "p_2", "nickname": "Bob", "points": 20.5 + 100.0, "games": 2, "stood_in": 0},
        {"rank": 2, "player": "p_1", "nickname": "Ann", "points": 75.0, "games": 1, "stood_in": 0},
    ]
    assert board["you"] == board["entries"][1]
    assert repository.leaderboard("speedgans", limit=1, player="p_1")["you"]["rank"] == 2
    assert repository.leaderboard("planahead") == {"entries": [], "you": None}


def test_farming_many_tables_at_once_or_computers_all_day_earns_little(tmp_path):
    """The cheat: eight tables at once against a computer, the Musterstadt laid each round. A player
    earns from one table game at a time, and from games against computers alone up to a cap a day."""
    import datetime as dt

    from spieltisch.server.rules.speedgans import COMPUTER_POINTS_PER_DAY
    from spieltisch.storage.db import make_engine
    from spieltisch.storage.repository import Repository

    repository = Repository(make_engine(f"sqlite:///{tmp_path / 'board.sqlite3'}"))
    record = {"game": "speedgans", "seed": 1, "settings": {}, "players": [], "result": {}}
    cap = (dt.datetime.now(dt.UTC) - dt.timedelta(hours=1), COMPUTER_POINTS_PER_DAY)

    def entry(player: str, points: float, kind: str) -> dict:
        return {
            "player": player,
            "nickname": player,
            "points": points,
            "game_points": 20,
            "place": 1,
            "kind": kind,
        }

    def play(player: str, number: int, kind: str, started_at: float) -> None:
        repository.save_game(
            game_id=f"{player}-{number}",
            table_id=f"{player[2:5]}{number:03}",
            **record,
            started_at=started_at,
            leaderboard=[entry(player, 90.0, kind)],
            computer_cap=cap,
        )

    begun = time.time() - 60
    for table in range(8):  # all begun together, recorded one after the other
        play("p_eve", table, "computer", begun)
    # Against computers one at a time: up to the cap, the game that reaches it cut short.
    for game in range(5):
        play("p_rex", game, "computer", time.time())
    # Among people, no cap: one game after the other counts whole.
    for game in range(5):
        play("p_ann", game, "table", time.time())
    board = {
        row["player"]: (row["points"], row["games"]) for row in repository.leaderboard("speedgans")["entries"]
    }
    assert board == {"p_eve": (90.0, 1), "p_rex": (COMPUTER_POINTS_PER_DAY, 4), "p_ann": (450.0, 5)}


def test_the_record_weighs_each_round_of_a_persons_cities_as_the_replay_does(server, data_dir):
    """Issue 34: after a game the server notes in its record, round by round, how far each person's
    city was from the nearest optimal one and the points it missed; the replay's scoring says the
    same of each round, and the player's page sums it up game by game."""
    catalog = ensure_catalog(progress=False, directory=data_dir)
    ann = Client(server.url, "Ann")
    ann.send(
        {
            "type": "create_table",
            "game": "speedgans",
            "settings": {"seats": 2, "one_task": True, "target": "short"},
        }
    )
    table_id = ann.table_until(lambda t: True)["id"]
    ann.send({"type": "add_bot", "table": table_id, "level": "easy"})
    ann.table_until(lambda t: len(t["seats"]) == 2)
    ann.send({"type": "start", "table": table_id})
    laid: dict[int, str] = {}
    while True:
        game = advance_until(server, table_id, lambda t: t["game"]["phase"] == "building", step=1.0)["game"]
        best = str(catalog.best_for_weights({game["tasks"][0]["id"]: 1.0}, 1)[0][0])
        laid[game["round"]] = best if game["round"] % 2 else A  # the best city, then the spec's example
        ann.lay_city(table_id, laid[game["round"]])
        ann.send({"type": "done", "table": table_id})
        scored = advance_until(server, table_id, lambda t: t["game"]["phase"] in ("scored", "finished"))
        if scored["game"]["phase"] == "finished":
            break
        ann.send({"type": "next_round", "table": table_id})
        advance_until(server, table_id, lambda t, r=game["round"]: t["game"]["round"] == r + 1, step=1.0)

    def noted() -> dict | None:
        games = httpx.get(f"{server.url}/api/games", params={"table": table_id}).json()["games"]
        return games[0] if games and "city_analysis" in games[0]["result"] else None

    game_id = ann.table_until(lambda t: "game_id" in (t["game"] or {}), timeout=30)["game"]["game_id"]
    record = wait_for(noted, timeout=60)
    mine, computer = record["result"]["city_analysis"]
    assert computer is None  # a computer's cities are the engine's own
    assert [r["round"] for r in mine] == sorted(laid)
    replay = httpx.get(f"{server.url}/api/replays/{game_id}", timeout=60).json()
    for weighed, frame in zip(mine, replay["frames"], strict=True):
        shown = frame["analysis"][0]
        best_city = parse_city(shown["target"])
        own = parse_city(laid[weighed["round"]])
        assert (
            weighed["differ"]
            == shown["differ"]
            == sum(a != b for a, b in zip(own.cells, best_city.cells, strict=True))
        )
        assert weighed["points"] == round(sum(shown["points"]), 1)
        assert weighed["best"] == round(sum(shown["best"]), 1)
        assert weighed["seconds"] is not None and weighed["seconds"] >= 0
    assert any(r["differ"] == 0 for r in mine) and any(r["differ"] > 0 for r in mine)

    trend = httpx.get(f"{server.url}/api/players/{ann.player['id']}/history").json()["city_trend"]
    assert len(trend) == 1 and trend[0]["game_id"] == game_id
    assert trend[0]["rounds"] == len(mine)
    assert trend[0]["optimal"] == sum(r["differ"] == 0 for r in mine)
    assert trend[0]["differ"] == round(sum(r["differ"] for r in mine) / len(mine), 2)
    assert trend[0]["missed"] == round(sum(r["best"] - r["points"] for r in mine) / len(mine), 1)
