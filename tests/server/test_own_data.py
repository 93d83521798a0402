"""„Meine Daten“ over HTTP: a player downloads everything the records hold about him, and deletes
himself — the games others played with him stay whole, but nothing names him any more, his results
leave the lists, his page and his token are gone."""

from __future__ import annotations

import json
import random

import httpx
import pytest

from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client
from tests.server.solo_play import play_tiles


@pytest.fixture
def server(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir) as running:
        yield running


def auth(client: Client) -> dict[str, str]:
    return {"Authorization": f"Bearer {client.token}"}


def a_game_together(ann: Client, bob: Client) -> str:
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
    table_id = ann.table_until(lambda t: True)["id"]
    bob.send({"type": "join", "table": table_id})
    ann.table_until(lambda t: len(t["seats"]) == 2)
    ann.send({"type": "start", "table": table_id})
    view = ann.table_until(lambda t: t["status"] == "playing")
    rng = random.Random(5)
    for turn in range(19):
        for client, seat in ((ann, 0), (bob, 1)):
            free = [i for i, e in enumerate(view["game"]["seats"][seat]["land"].split(), 1) if e == "."]
            client.send({"type": "place", "table": table_id, "field": rng.choice(free)})
            client.send({"type": "confirm", "table": table_id})
        view = ann.table_until(lambda t, n=turn: t["status"] == "finished" or t["game"]["turn"] > n)
    return ann.table_until(lambda t: "game_id" in t["game"], timeout=30)["game"]["game_id"]


def test_a_player_takes_his_data_and_then_deletes_himself(server):
    ann, bob = Client(server.url, "Ann"), Client(server.url, "Bob")
    game_id = a_game_together(ann, bob)
    today = httpx.get(f"{server.url}/api/puzzles").json()["today"]
    ann.send({"type": "start_puzzle", "puzzle": today})
    play_tiles(ann, ann.table_until(lambda t: t["status"] == "playing"), 4)
    server.advance(400)  # the attempt's time runs out: it is recorded with its 4 tiles
    ann.table_until(lambda t: "optimum" in (t["game"] or {}), timeout=120)

    answer = httpx.get(f"{server.url}/api/players/me/data", headers=auth(ann))
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
    data = answer.json()
    assert data["player"]["id"] == ann.player["id"] and data["player"]["nickname"] == ann.player["nickname"]
    assert [game["game_id"] for game in data["games"]] == [game_id] and data["games"][0][
        "replay"
    ] == f"/replay/{game_id}"
    assert len(data["puzzle_results"]) == 1 and data["puzzle_results"][0]["puzzle_id"] == today
    text = json.dumps(data)
    assert ann.token not in text and "token_hash" not in text
    assert httpx.get(f"{server.url}/api/players/me/data").status_code == 401  # nobody else's

    # A stray request deletes nothing.
    for confirm in ("", bob.player["id"]):
        refused = httpx.delete(f"{server.url}/api/players/me", params={"confirm": confirm}, headers=auth(ann))
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "bad_request"
    assert httpx.get(f"{server.url}/api/players/me", headers=auth(ann)).status_code == 200

    done = httpx.delete(
        f"{server.url}/api/players/me", params={"confirm": ann.player["id"]}, headers=auth(ann)
    )
    assert done.status_code == 200 and done.json() == {"deleted": True}
    assert (
        httpx.get(f"{server.url}/api/players/me", headers=auth(ann)).status_code == 401
    )  # the token is dead
    assert httpx.get(f"{server.url}/api/players/{ann.player['id']}/history").status_code == 404
    # Bob's game is whole, with „Gelöscht“ where Ann sat; its replay too.
    history = httpx.get(f"{server.url}/api/players/{bob.player['id']}/history").json()
    assert game_id in json.dumps(history) and ann.player["nickname"] not in json.dumps(history)
    replay = httpx.get(f"{server.url}/api/replays/{game_id}", timeout=60).json()
    assert [p["nickname"] for p in replay["players"]] == ["Gelöscht", bob.player["nickname"]]
    assert len(replay["frames"]) == 19
    # Her Rätsel result is off the day's lists; her name is free again.
    details = httpx.get(f"{server.url}/api/puzzles/{today}").json()
    assert ann.player["nickname"] not in json.dumps(details) and "Gelöscht" not in json.dumps(details)
    again = httpx.post(f"{server.url}/api/players", json={"nickname": ann.player["nickname"]})
    assert again.status_code == 201
