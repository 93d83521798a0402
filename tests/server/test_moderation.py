"""An operator closes a live table from the command line (`spieltisch admin tables`, `close-table`):
the running server closes it within seconds, its players see why, it cannot be started again, and
nothing of its game is recorded; bad input is one line and exit code 2."""

from __future__ import annotations

import json

import httpx
import pytest

from spieltisch.cli import main
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client
from tests.server.solo_play import wait_for


@pytest.fixture
def server(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir) as running:
        yield running


def admin(server, *args: str) -> list[str]:
    return ["admin", *args, "--database-url", server.config.database_url]


def test_an_operator_closes_a_running_table(server, capsys):
    ann, bob = Client(server.url, "Ann"), Client(server.url, "Bob")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
    table_id = ann.table_until(lambda t: True)["id"]
    bob.send({"type": "join", "table": table_id})
    ann.table_until(lambda t: len(t["seats"]) == 2)
    ann.send({"type": "start", "table": table_id})
    ann.table_until(lambda t: t["status"] == "playing")

    assert main(admin(server, "tables", "--json")) == 0
    listed = {row["id"]: row for row in json.loads(capsys.readouterr().out)}
    assert listed[table_id]["status"] == "playing" and listed[table_id]["players"] == ["Ann", "Bob"]

    assert main(admin(server, "close-table", table_id, "--reason", "Beleidigende Namen")) == 0
    assert "closing" in capsys.readouterr().out
    closed = ann.table_until(lambda t: t["status"] == "finished", timeout=20)
    assert closed["game"]["closed"] == closed["closed"] == "Beleidigende Namen"
    assert (
        bob.table_until(lambda t: t["status"] == "finished", timeout=20)["game"]["closed"]
        == "Beleidigende Namen"
    )
    ann.send({"type": "rematch", "table": table_id})
    assert ann.error()["code"] == "game_over"
    assert main(admin(server, "close-table", table_id, "--reason", "again")) == 2  # closed: not again
    assert table_id not in capsys.readouterr().out
    ann.send({"type": "place", "table": table_id, "field": 3})
    assert ann.error()["code"] in {"not_playing", "game_over"}
    assert (
        httpx.get(f"{server.url}/api/games", params={"table": table_id}).json()["games"] == []
    )  # not recorded
    assert main(admin(server, "log", "--json")) == 0
    log = json.loads(capsys.readouterr().out)
    assert [(row["action"], row["target"], row["reason"]) for row in log][-1] == (
        "close-table",
        table_id,
        "Beleidigende Namen",
    )


def test_closing_what_is_not_there_is_one_line_and_exit_2(server, capsys):
    assert main(admin(server, "close-table", "nosuch", "--reason", "x")) == 2
    err = capsys.readouterr().err
    assert "no running or open table" in err and err.count("\n") == 1
    assert main(admin(server, "close-table", "nosuch", "--reason", "   ")) == 2
    assert main(admin(server, "log", "--json")) == 0
    assert json.loads(capsys.readouterr().out) == []  # nothing recorded


def test_a_closed_open_table_shows_its_reason_too(server):
    ann = Client(server.url, "Ann")
    ann.send({"type": "create_table", "game": "speedgans", "settings": {"seats": 3}})
    table_id = ann.table_until(lambda t: True)["id"]
    wait_for(lambda: table_id in {row["id"] for row in _tables(server)})
    assert main(admin(server, "close-table", table_id, "--reason", "Spam")) == 0
    closed = ann.table_until(lambda t: t["status"] == "finished", timeout=20)
    assert closed["closed"] == "Spam" and closed["game"] is None  # it had no game: its room says why
    assert table_id not in {line["id"] for line in httpx.get(f"{server.url}/api/tables").json()["tables"]}


def _tables(server) -> list[dict]:
    from spieltisch.storage.admin import Admin
    from spieltisch.storage.db import make_engine
    from spieltisch.storage.repository import Repository

    return Admin(Repository(make_engine(server.config.database_url))).tables()


def test_a_renamed_player_is_told_at_once_in_every_tab(server, capsys):
    ann = Client(server.url, "Ann")
    other_tab = Client(server.url, token=ann.token)
    assert main(admin(server, "rename", ann.player["id"], "Annette", "--reason", "Name eines anderen")) == 0
    for tab in (ann, other_tab):
        told = tab.next_of("renamed", timeout=20)
        assert told["nickname"] == "Annette" and told["reason"] == "Name eines anderen"
    # What she does from now on is under the new name.
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
    assert ann.table_until(lambda t: True)["seats"][0]["nickname"] == "Annette"


def test_a_renamed_players_seat_at_a_running_game_bears_the_new_name_to_its_record(server):
    """The old name (perhaps the offensive one) is neither shown at the table nor written into the
    record when the game ends."""
    ann, bob = Client(server.url, "Ann"), Client(server.url, "Bob")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
    table_id = ann.table_until(lambda t: True)["id"]
    bob.send({"type": "join", "table": table_id})
    ann.table_until(lambda t: len(t["seats"]) == 2)
    ann.send({"type": "start", "table": table_id})
    ann.table_until(lambda t: t["status"] == "playing")
    assert main(admin(server, "rename", bob.player["id"], "Robert", "--reason", "unpassend")) == 0
    seen = ann.table_until(lambda t: t["seats"][1]["nickname"] == "Robert", timeout=20)
    assert seen["status"] == "playing"
    view = seen
    for turn in range(19):
        for client, seat in ((ann, 0), (bob, 1)):
            free = [i for i, e in enumerate(view["game"]["seats"][seat]["land"].split(), 1) if e == "."]
            client.send({"type": "place", "table": table_id, "field": free[0]})
            client.send({"type": "confirm", "table": table_id})
        view = ann.table_until(lambda t, n=turn: t["status"] == "finished" or t["game"]["turn"] > n)
    record = wait_for(
        lambda: httpx.get(f"{server.url}/api/games", params={"table": table_id}).json()["games"]
    )
    assert [p["nickname"] for p in record[0]["players"]] == ["Ann", "Robert"]
