"""Nothing before its time: what the day's Rätsel and Tagesstadt keep secret (the tiles, the tasks)
reaches nobody before their own attempt has started, through any door a script would try — a
replay, a solo table's id, the day's list — and everyone once the day is over."""

from __future__ import annotations

import datetime as dt
import time

import httpx
import pytest

from spieltisch.server.puzzles import day_end, today
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client
from tests.server.solo_play import play_tiles


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
    mine = httpx.get(url, headers=as_player(ann), timeout=60)  # (its move analysis is worked out now)
    assert mine.status_code == 200 and len(mine.json()["frames"]) == 19

    # After midnight the day's puzzle is no secret: anyone may watch.
    server.advance(until_midnight(server) + 1)
    assert httpx.get(url, timeout=60).status_code == 200


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


# A first attempt is the first one started ---------------------------------------------------------
def test_an_attempt_left_open_is_still_the_first_and_a_second_start_leads_back_to_it(server):
    """The cheat: attempt 1 is played to its last tile and left open (every tile seen), attempt 2
    plays what that showed and ends first. Now a second start brings back the open attempt, and
    whatever is recorded first, the first attempt started is the one that ranks."""
    day = today(server.clock.now()).isoformat()
    eve = Client(server.url, "Eve")
    eve.send({"type": "start_puzzle", "puzzle": day})
    first = eve.table_until(lambda t: t["status"] == "playing")
    seen = play_tiles(eve, first, 18)  # the 19th tile in sight, left lying
    assert seen["game"]["turn"] == 18
    eve.send({"type": "start_puzzle", "puzzle": day})  # from another tab, say
    again = eve.table_until(lambda t: t["status"] == "playing")
    assert again["id"] == first["id"] and again["game"]["turn"] == 18

    # Her first attempt counts with what it had when its time ran out; a retry then never ranks.
    server.advance(first["game"]["ends_at"] - server.clock.now() + 1)
    over = eve.table_until(lambda t: t["status"] == "finished" and "optimum" in t["game"], timeout=60)
    eve.send({"type": "rematch", "table": first["id"]})
    retry = eve.table_until(lambda t: t["status"] == "playing")
    play_tiles(eve, retry, 19)
    eve.table_until(lambda t: t["status"] == "finished" and "optimum" in t["game"], timeout=60)
    details = httpx.get(f"{server.url}/api/puzzles/{day}").json()
    assert details["attempts"] == 2
    firsts = [(e["nickname"], e["score"]) for e in details["first"]]
    assert firsts == [("Eve", over["game"]["seats"][0]["score"])]


def test_the_first_attempt_started_ranks_even_when_a_later_one_is_recorded_first(tmp_path, data_dir):
    """Two attempts open at once (started on two servers sharing nothing but the records would be
    the case; here the records are asked directly): whichever is recorded first, the first started
    is the first attempt."""
    from sqlalchemy import create_engine

    from spieltisch.storage.repository import Repository

    repository = Repository(create_engine(f"sqlite:///{tmp_path / 'records.sqlite3'}"))
    player, _ = repository.create_player("Eve")
    repository.note_start(player.id, "puzzle:2026-12-03", "abcdef-000000000001", 1000.0)
    repository.note_start(player.id, "puzzle:2026-12-03", "abcdef-000000000002", 1010.0)
    common = {"puzzle_id": "2026-12-03", "player_id": player.id, "nickname": "Eve", "optimum": 240}
    later = repository.add_puzzle_result(
        game_id="abcdef-000000000002", score=240, land="x", seconds_used=60, **common
    )
    earlier = repository.add_puzzle_result(
        game_id="abcdef-000000000001", score=100, land="y", seconds_used=180, **common
    )
    assert not later.first_attempt and earlier.first_attempt
    # An attempt started after its day (the day's replays show its tiles by then) never ranks.
    repository.note_start(player.id, "puzzle:2026-12-02", "abcdef-000000000003", 1020.0)
    late = repository.add_puzzle_result(
        game_id="abcdef-000000000003",
        score=200,
        land="z",
        seconds_used=90,
        on_its_day=False,
        **{**common, "puzzle_id": "2026-12-02"},
    )
    assert not late.first_attempt


def test_an_attempt_led_back_to_from_a_new_page_counts_its_player_present(server):
    """Her page closed (she counts as away), and a new one starts the day's Rätsel again: it leads
    back to the open attempt, where she is present again, not shown struck through as gone."""
    day = today(server.clock.now()).isoformat()
    eve = Client(server.url, "Eve")
    eve.send({"type": "start_puzzle", "puzzle": day})
    first = eve.table_until(lambda t: t["status"] == "playing")
    play_tiles(eve, first, 2)
    eve.close()
    tables = server.app.state.services.store._tables  # (read from the test's thread: a look)
    for _ in range(100):  # (her page's going is noted a moment after it closed)
        if not tables[first["id"]].seats[0].connected:
            break
        time.sleep(0.05)
    assert not tables[first["id"]].seats[0].connected
    again = Client(server.url, token=eve.token)
    again.send({"type": "start_puzzle", "puzzle": day})
    view = again.table_until(lambda t: t["id"] == first["id"] and t["seats"][0]["connected"], timeout=5)
    assert view["game"]["turn"] == 2
