"""A whole Plan Ahead game through a real uvicorn server and real WebSockets, and the server's guarantees."""

from __future__ import annotations

import json
import random

import httpx
import pytest

from spieltisch.games.planahead.notation import parse_land
from spieltisch.games.planahead.scoring import score_land
from spieltisch.games.planahead.tiles import Tile
from tests.server.player_client import Client, hello, socket_url


def free_fields(land: str) -> list[int]:
    return [i for i, entry in enumerate(land.split(), start=1) if entry == "."]


def open_table(host: Client, guest: Client, settings: dict | None = None) -> str:
    host.send({"type": "create_table", "game": "planahead", "settings": settings or {"seats": 2}, "seq": 1})
    table = host.table_until(lambda t: t["status"] == "open")
    guest.send({"type": "join", "table": table["id"]})
    guest.table_until(lambda t: len(t["seats"]) == 2)
    host.send({"type": "start", "table": table["id"]})
    return table["id"]


def test_two_players_play_a_whole_game_and_it_is_recorded(live_server):
    ann, bob = Client(live_server, "Ann"), Client(live_server, "Bob")
    table_id = open_table(ann, bob)
    rng = random.Random(7)
    tiles_seen: list[str] = []
    for turn in range(19):
        views = [
            c.table_until(
                lambda t, n=turn: (
                    t["game"] and t["game"]["turn"] == n and not t["game"]["seats"][t["you"]]["confirmed"]
                )
            )
            for c in (ann, bob)
        ]
        tile = views[0]["game"]["tile"]
        assert views[1]["game"]["tile"] == tile  # both get the same tile …
        assert tile not in tiles_seen  # … a new one each time
        tiles_seen.append(tile)
        for client, view in zip((ann, bob), views, strict=True):
            own = view["game"]["seats"][view["you"]]
            first, final = (
                rng.sample(free_fields(own["land"]), 2) if turn < 18 else free_fields(own["land"]) * 2
            )
            client.send({"type": "place", "table": table_id, "field": first})
            client.send({"type": "place", "table": table_id, "field": final})  # moved before OK
            client.send({"type": "confirm", "table": table_id})
    end = ann.table_until(lambda t: t["status"] == "finished")
    lands = [seat["land"] for seat in end["game"]["seats"]]
    scores = [score_land(parse_land(land)).total for land in lands]
    assert [seat["score"] for seat in end["game"]["seats"]] == scores
    assert sorted(lands[0].split()) == sorted(tiles_seen) == sorted(lands[1].split())
    assert end["game"]["ranking"] == [1 + sum(o > m for o in scores) for m in scores]
    record = None
    for _ in range(50):
        games = httpx.get(f"{live_server}/api/games", params={"table": table_id}).json()["games"]
        if games:
            record = games[0]
            break
        import time

        time.sleep(0.1)
    assert record is not None, "finished game was not recorded"
    assert record["result"]["lands"] == lands and record["result"]["scores"] == scores
    assert record["seed"] == end["game"]["seed"]
    assert [p["nickname"] for p in record["players"]] == [ann.player["nickname"], bob.player["nickname"]]


def test_no_tile_before_everyone_confirmed_and_no_peeking(live_server):
    ann, bob = Client(live_server, "Ann"), Client(live_server, "Bob")
    table_id = open_table(ann, bob)
    first = ann.table_until(lambda t: t["status"] == "playing")
    tile = first["game"]["tile"]
    ann.send({"type": "place", "table": table_id, "field": 10})
    ann.send({"type": "confirm", "table": table_id})
    ann_view = ann.table_until(lambda t: t["game"]["seats"][0]["confirmed"])
    assert ann_view["game"]["turn"] == 0 and ann_view["game"]["tile"] == tile
    bob_view = bob.table_until(lambda t: t["game"]["seats"][0]["confirmed"])
    # Bob sees that Ann confirmed, but not where she put the tile, nor any later tile.
    assert bob_view["game"]["seats"][0]["land"].split() == ["."] * 19
    assert "tentative" not in bob_view["game"]["seats"][0]
    raw = json.dumps([m for m in ann.received + bob.received])
    later_codes = {t.code for t in _all_tiles()} - {tile}
    for code in later_codes:
        assert f'"tile": "{code}"' not in raw
    bob.send({"type": "place", "table": table_id, "field": 3})
    bob.send({"type": "confirm", "table": table_id})
    after = bob.table_until(lambda t: t["game"]["turn"] == 1)
    assert after["game"]["seats"][0]["land"].split()[9] == tile  # now revealed


def _all_tiles():
    from spieltisch.games.planahead.tiles import ALL_TILES

    return ALL_TILES


BAD_MESSAGES = [
    ("not json", "bad_json"),
    ("[1, 2]", "bad_message"),
    (json.dumps({"type": "fly"}), "unknown_type"),
    (json.dumps({"type": "place", "table": "zzzzzz", "field": 3}), "unknown_table"),
    (json.dumps({"type": "place", "table": "../etc", "field": 3}), "bad_message"),
    (json.dumps({"type": "place", "table": "TABLE", "field": 20}), "bad_message"),
    (json.dumps({"type": "create_table", "game": "planahead", "settings": {"seats": 9}}), "bad_settings"),
    (
        json.dumps({"type": "create_table", "game": "planahead", "settings": {"turn_seconds": 7}}),
        "bad_settings",
    ),
    (json.dumps({"type": "create_table", "game": "chess"}), "unknown_game"),
    (json.dumps({"type": "create_table", "game": "Chess!"}), "bad_message"),
    (json.dumps({"type": "ping", "extra": 1}), "bad_message"),
    (json.dumps({"type": "ping", "pad": "x" * 5000}), "too_large"),
]


@pytest.mark.parametrize(("text", "code"), BAD_MESSAGES)
def test_bad_messages_get_a_clear_error(live_server, text, code):
    client = Client(live_server, "Eve")
    client.send(text)
    error = client.error()
    assert error["code"] == code and error["message"]
    client.send({"type": "ping", "seq": 5})  # the connection still works
    assert client.next_of("pong")["seq"] == 5


def test_wrong_moves_change_nothing(live_server):
    ann, bob = Client(live_server, "Ann"), Client(live_server, "Bob")
    table_id = open_table(ann, bob)
    eve = Client(live_server, "Eve")
    ann.table_until(lambda t: t["status"] == "playing")
    ann.send({"type": "confirm", "table": table_id, "seq": 1})
    assert ann.error()["code"] == "not_placed"
    eve.send({"type": "place", "table": table_id, "field": 1})
    assert eve.error()["code"] == "not_seated"
    eve.send({"type": "join", "table": table_id})
    assert eve.error()["code"] == "already_started"
    bob.send({"type": "start", "table": table_id})
    assert bob.error()["code"] == "not_host"
    ann.send({"type": "place", "table": table_id, "field": 5})
    ann.send({"type": "confirm", "table": table_id})
    ann.send({"type": "place", "table": table_id, "field": 6})
    assert ann.error()["code"] == "already_confirmed"
    bob.send({"type": "place", "table": table_id, "field": 5})
    bob.send({"type": "confirm", "table": table_id})
    ann.table_until(lambda t: t["game"]["turn"] == 1)
    ann.send({"type": "place", "table": table_id, "field": 5})
    assert ann.error()["code"] == "field_taken"
    state = httpx.get(f"{live_server}/api/tables/{table_id}").json()
    assert [s["land"].split().count(".") for s in state["game"]["seats"]] == [18, 18]
    ann.send({"type": "rematch", "table": table_id})
    assert ann.error()["code"] == "not_finished"


def test_http_bad_input(live_server):
    assert httpx.post(f"{live_server}/api/players", json={"nickname": ""}).status_code == 422
    assert httpx.post(f"{live_server}/api/players", json={"nickname": "x" * 21}).status_code == 422
    assert httpx.post(f"{live_server}/api/players", json={"nickname": "a\u0007b"}).status_code == 422
    assert httpx.post(f"{live_server}/api/players", content=b"{nope").status_code == 422
    response = httpx.get(f"{live_server}/api/players/me", headers={"Authorization": "Bearer nope"})
    assert response.status_code == 401 and response.json()["error"]["code"] == "unknown_player"
    assert httpx.get(f"{live_server}/api/tables/zzzzzz").status_code == 404
    assert httpx.get(f"{live_server}/t/..%2f..%2fetc").status_code == 404
    assert httpx.get(f"{live_server}/api/games", params={"limit": 0}).status_code == 422


def test_a_page_that_names_no_table_or_game_is_a_404_page(live_server):
    ann = Client(live_server, "Ann")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 1}})
    table_id = ann.table_until(lambda t: t["status"] == "open")["id"]
    ann.send({"type": "start", "table": table_id})
    view = ann.table_until(lambda t: t["status"] == "playing")
    for field in range(1, 20):
        ann.send({"type": "place", "table": table_id, "field": field})
        ann.send({"type": "confirm", "table": table_id})
        view = ann.table_until(
            lambda t, turn=view["game"]["turn"]: t["status"] == "finished" or t["game"]["turn"] > turn
        )
    game_id = ann.table_until(lambda t: "game_id" in t["game"], timeout=60)["game"]["game_id"]

    def status(path: str) -> int:
        answer = httpx.get(live_server + path, headers={"accept": "text/html"})
        assert "/js/app.js" in answer.text  # the app all the same: it says what is missing
        return answer.status_code

    assert status(f"/t/{table_id}") == 200
    assert status(f"/replay/{game_id}") == 200
    assert status("/t/doesnotexist") == 404
    assert status("/replay/xyz") == 404
    assert status(f"/replay/{table_id}-000000000000") == 404


def test_unknown_token_is_refused_on_the_socket(live_server):
    from websockets.sync.client import connect

    with connect(socket_url(live_server)) as ws:
        ws.send(hello("forged"))
        message = json.loads(ws.recv(timeout=5))
        assert message["code"] == "unknown_player"


def test_reconnect_returns_to_the_same_seat_and_state(live_server):
    ann, bob = Client(live_server, "Ann"), Client(live_server, "Bob")
    table_id = open_table(ann, bob)
    ann.table_until(lambda t: t["status"] == "playing")
    ann.send({"type": "place", "table": table_id, "field": 8})
    ann.send({"type": "confirm", "table": table_id})
    ann.table_until(lambda t: t["game"]["seats"][0]["confirmed"])
    ann.close()
    assert not bob.table_until(lambda t: not t["seats"][0]["connected"])["seats"][0]["connected"]
    again = Client(live_server, token=ann.token)
    again.send({"type": "open_table", "table": table_id})
    view = again.table_until(lambda t: t["you"] == 0)
    assert view["game"]["seats"][0]["confirmed"] and view["game"]["seats"][0]["land"].split()[7] != "."
    assert bob.table_until(lambda t: t["seats"][0]["connected"])


@pytest.mark.slow
def test_running_games_and_records_survive_a_restart(server_factory):
    server = server_factory()
    ann = Client(server.url, "Ann")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 1}})
    table_id = ann.table_until(lambda t: True)["id"]
    ann.send({"type": "start", "table": table_id})
    tile = ann.table_until(lambda t: t["status"] == "playing")["game"]["tile"]
    ann.send({"type": "place", "table": table_id, "field": 1})
    ann.send({"type": "confirm", "table": table_id})
    ann.table_until(lambda t: t["game"]["turn"] == 1)
    ann.close()
    server.restart()
    again = Client(server.url, token=ann.token)
    again.send({"type": "open_table", "table": table_id})
    view = again.table_until(lambda t: True)
    assert view["game"]["turn"] == 1 and view["game"]["seats"][0]["land"].split()[0] == tile
    Tile.parse(view["game"]["tile"])


def test_others_learn_nothing_of_a_tile_that_is_not_confirmed(live_server):
    ann, bob = Client(live_server, "Ann"), Client(live_server, "Bob")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
    table_id = ann.table_until(lambda t: True)["id"]
    bob.send({"type": "join", "table": table_id})
    bob.table_until(lambda t: t.get("you") is not None)  # seated before Ann starts (two sockets race)
    ann.send({"type": "start", "table": table_id})
    bob.table_until(lambda t: t["status"] == "playing")
    for field in (4, 9, 9):  # moved, and once more onto the same field
        ann.send({"type": "place", "table": table_id, "field": field})
        ann.table_until(lambda t, f=field: t["game"]["seats"][0]["tentative"] == f)
    ann.send({"type": "confirm", "table": table_id})
    seen = bob.table_until(lambda t: t["game"]["seats"][0]["confirmed"])
    assert "tentative" not in seen["game"]["seats"][0]
    # Bob's only view since the start is the one that shows Ann's OK: none of her moves reached him.
    views = [m for m in bob.received if m["type"] == "table" and m["table"]["status"] == "playing"]
    assert [v["table"]["game"]["seats"][0]["confirmed"] for v in views] == [False, True]
