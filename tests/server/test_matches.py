"""A match of several Plan Ahead games at one table (issue 35): the setting `match`, each game's
number and the points of the games before it in every view, the next game going on from the last,
a new match after the last game, and the records, the replay and the player's page knowing it."""

from __future__ import annotations

import httpx
import pytest

from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client
from tests.server.solo_play import play_tiles, wait_for


@pytest.fixture
def server(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir, bot_pacing=0.0) as running:
        yield running


def new_match(client: Client, games: int) -> dict:
    client.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2, "match": games}})
    table_id = client.table_until(lambda t: t["status"] == "open")["id"]
    client.send({"type": "add_bot", "table": table_id, "level": "easy"})
    client.table_until(lambda t: len(t["seats"]) == 2)
    client.send({"type": "start", "table": table_id})
    return client.table_until(lambda t: t["status"] == "playing")


def play_to_the_end(client: Client, view: dict) -> dict:
    play_tiles(client, view, 19)
    return client.table_until(lambda t: t["status"] == "finished" and "game_id" in t["game"], timeout=30)


@pytest.mark.parametrize("bad", [0, 5, "2", True, None, 2.0])
def test_a_match_is_one_to_four_games(server, bad):
    ann = Client(server.url, "Ann")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2, "match": bad}})
    assert ann.error()["code"] == "bad_settings"


def test_two_games_add_up_and_the_third_begins_a_new_match(server):
    ann = Client(server.url, "Ann")
    view = new_match(ann, 2)
    assert view["settings"]["match"] == 2
    assert view["match"] == {"number": 1, "of": 2, "before": [0, 0], "games": []}
    first = play_to_the_end(ann, view)
    scores = [seat["score"] for seat in first["game"]["seats"]]
    assert first["match"] == {
        "number": 1,
        "of": 2,
        "before": [0, 0],
        "games": [],
    }  # the end still says which game

    ann.send({"type": "rematch", "table": view["id"]})  # „Nächstes Spiel“: nobody else to wait for
    second = ann.table_until(lambda t: t["status"] == "playing" and t["game"]["turn"] == 0)
    # ... and names the games before it (their replays: the last game's end links each game's)
    earlier = [first["game"]["game_id"]]
    assert second["match"] == {"number": 2, "of": 2, "before": scores, "games": earlier}
    last = play_to_the_end(ann, second)
    totals = [b + seat["score"] for b, seat in zip(scores, last["game"]["seats"], strict=True)]

    ann.send({"type": "rematch", "table": view["id"]})  # after the last game: a new match
    third = ann.table_until(lambda t: t["status"] == "playing" and t["game"]["turn"] == 0)
    assert third["match"] == {"number": 1, "of": 2, "before": [0, 0], "games": []}

    # The records and the replay know each game's place in the match; the player's page the total.
    def both_recorded() -> list | None:
        found = httpx.get(f"{server.url}/api/games", params={"table": view["id"]}).json()["games"]
        return found if len(found) == 2 else None

    records = wait_for(both_recorded)
    assert sorted(r["result"]["match"]["number"] for r in records) == [1, 2]
    replay = httpx.get(f"{server.url}/api/replays/{last['game']['game_id']}", timeout=60).json()
    assert replay["match"] == {"number": 2, "of": 2, "before": scores, "games": earlier}
    assert httpx.get(f"{server.url}/api/replays/{earlier[0]}", timeout=60).status_code == 200
    history = httpx.get(f"{server.url}/api/players/{ann.player['id']}/history").json()
    newest = history["recent"][0]
    assert newest["match"] == {
        "number": 2,
        "of": 2,
        "total": totals[0],
        "place": 1 + (totals[1] > totals[0]),
    }
    assert history["recent"][1]["match"] == {"number": 1, "of": 2}


def test_a_single_game_knows_no_match(server):
    ann = Client(server.url, "Ann")
    view = new_match(ann, 1)
    assert view["match"] is None and "match" not in view["settings"]


def test_the_next_game_ended_while_the_last_was_still_being_written_is_recorded_too(server, monkeypatch):
    """„Nächstes Spiel“ at once, and the second game over before the first game's record was done
    (a slow machine: the strongest computer's score, worked out before the record is marked, took
    long). The second game is recorded and gets its replay all the same."""
    import threading

    from spieltisch.server.rules import planahead as planahead_rules

    first_done = threading.Event()
    strongest = planahead_rules._strongest

    def slow_strongest(state):
        first_done.wait(60)
        return strongest(state)

    monkeypatch.setattr(planahead_rules, "_strongest", slow_strongest)
    ann = Client(server.url, "Ann")
    view = new_match(ann, 2)
    assert play_tiles(ann, view, 19)["status"] == "finished"
    ann.send({"type": "rematch", "table": view["id"]})  # before the first game is recorded
    second = ann.table_until(lambda t: t["status"] == "playing" and t["game"]["turn"] == 0)
    assert play_tiles(ann, second, 19)["status"] == "finished"
    first_done.set()
    last = ann.table_until(lambda t: t["status"] == "finished" and "game_id" in t["game"], timeout=30)
    assert last["match"]["number"] == 2
    games = wait_for(
        lambda: httpx.get(f"{server.url}/api/games", params={"table": view["id"]}).json()["games"]
    )
    assert sorted(g["result"]["match"]["number"] for g in games) == [1, 2]
