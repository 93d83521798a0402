"""Nothing before its time: what the day's Rätsel and Tagesstadt keep secret (the tiles, the tasks)
reaches nobody before their own attempt has started, through any door a script would try — a
replay, a solo table's id, the day's list — and everyone once the day is over."""

from __future__ import annotations

import datetime as dt

import httpx
import pytest

from spieltisch.server.puzzles import day_end, today
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client
from tests.server.test_puzzles import play_tiles


@pytest.fixture
def server(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir) as running:
        yield running


def as_player(client: Client) -> dict[str, str]:
    return {"Authorization": f"Bearer {client.token}"}


def until_midnight(server: InProcessServer) -> float:
    return day_end(today(server.clock.now())) - server.clock.now()


def test_todays_puzzle_replays_are_their_players_alone_until_midnight(server):
    day = today(server.clock.now()).isoformat()
    ann, eve = Client(server.url, "Ann"), Client(server.url, "Eve")
    ann.send({"type": "start_puzzle", "puzzle": day})
    table = ann.table_until(lambda t: t["status"] == "playing")
    play_tiles(ann, table, 19)
    game_id = ann.table_until(lambda t: "optimum" in t["game"] and "game_id" in t["game"], timeout=60)[
        "game"
    ]["game_id"]
    url = f"{server.url}/api/replays/{game_id}"

    # Anyone else, with or without a player of their own: refused with a reason, nothing of the land.
    for headers in ({}, as_player(eve)):
        answer = httpx.get(url, headers=headers)
        assert answer.status_code == 403, answer.text
        assert answer.json()["error"]["code"] == "sealed"
        assert "land" not in answer.text and "frames" not in answer.text
    # Nor through the attempt's table (its id is the game id's first part).
    assert httpx.get(f"{server.url}/api/tables/{table['id']}").status_code == 404
    eve.send({"type": "open_table", "table": table["id"]})
    assert eve.error()["code"] == "unknown_table"
    eve.send({"type": "rematch", "table": table["id"]})
    assert eve.error()["code"] == "unknown_table"
    # Ann looks back at her own attempt at once.
    mine = httpx.get(url, headers=as_player(ann))
    assert mine.status_code == 200 and len(mine.json()["frames"]) == 19

    # After midnight the day's puzzle is no secret: anyone may watch.
    server.advance(until_midnight(server) + 1)
    assert httpx.get(url).status_code == 200


def test_a_refused_move_on_anothers_attempt_shows_nothing_of_it_later(server):
    """A script that sends a move to another's attempt to be told of its changes hears nothing."""
    day = today(server.clock.now()).isoformat()
    ann, eve = Client(server.url, "Ann"), Client(server.url, "Eve")
    ann.send({"type": "start_puzzle", "puzzle": day})
    table = ann.table_until(lambda t: t["status"] == "playing")
    eve.send({"type": "confirm", "table": table["id"], "seq": 7})
    assert eve.error() == {
        "type": "error",
        "code": "unknown_table",
        "message": f"there is no table {table['id']!r}",
        "seq": 7,
    }
    play_tiles(ann, table, 2)
    eve.send({"type": "ping", "seq": 8})
    seen = []
    while (message := eve.next_message())["type"] != "pong":
        seen.append(message)
    assert [m for m in seen if m["type"] == "table"] == []


def test_the_tagesstadt_tasks_only_to_those_who_have_played_until_midnight(server):
    day = today(server.clock.now())
    url = f"{server.url}/api/tagesstadt/{day.isoformat()}"
    ann, eve = Client(server.url, "Ann"), Client(server.url, "Eve")
    assert httpx.get(url).json()["tasks"] is None
    assert httpx.get(url, headers=as_player(eve)).json()["tasks"] is None
    ann.send({"type": "create_table", "game": "speedgans_solo", "settings": {"mode": "daily"}})
    table = ann.table_until(lambda t: t["game"]["phase"] == "playing")
    tasks = [task["id"] for task in table["game"]["tasks"]]
    ann.send({"type": "give_up", "table": table["id"]})
    ann.table_until(lambda t: "first_attempt" in t["game"], timeout=15)
    assert httpx.get(url, headers=as_player(ann)).json()["tasks"] == tasks
    assert httpx.get(url, headers=as_player(eve)).json()["tasks"] is None
    # Eve cannot look over Ann's shoulder either.
    eve.send({"type": "open_table", "table": table["id"]})
    assert eve.error()["code"] == "unknown_table"
    server.advance(until_midnight(server) + 1)
    assert httpx.get(url).json()["tasks"] == tasks
    yesterday = (day - dt.timedelta(days=1)).isoformat()
    assert httpx.get(f"{server.url}/api/tagesstadt/{yesterday}").json()["tasks"] is not None
