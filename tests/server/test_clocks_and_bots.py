"""Turn clocks and computer players on the server, driven by a fake clock (no real waiting for turns)."""

from __future__ import annotations

import httpx

from spieltisch.games.planahead.notation import parse_land
from spieltisch.games.planahead.scoring import score_land
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client


def test_turn_clock_places_for_a_player_who_does_not_act(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir) as server:
        ann, bob = Client(server.url, "Ann"), Client(server.url, "Bob")
        ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2, "turn_seconds": 30}})
        table_id = ann.table_until(lambda t: True)["id"]
        bob.send({"type": "join", "table": table_id})
        ann.table_until(lambda t: len(t["seats"]) == 2)
        ann.send({"type": "start", "table": table_id})
        start = ann.table_until(lambda t: t["status"] == "playing")
        game = start["game"]
        assert game["deadline"] - start["server_time"] == 30
        ann.send({"type": "place", "table": table_id, "field": 4})
        ann.send({"type": "confirm", "table": table_id})
        bob.send({"type": "place", "table": table_id, "field": 9})  # placed, never confirmed
        bob.table_until(lambda t: t["game"]["seats"][1]["tentative"] == 9)
        server.advance(29)
        assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["game"]["turn"] == 0  # not yet
        server.advance(1.5)
        after = bob.table_until(lambda t: t["game"]["turn"] == 1)
        assert after["game"]["seats"][1]["land"].split()[8] == game["tile"]  # his tentative field
        assert after["game"]["seats"][1]["clock_placed"] == [9]
        assert after["game"]["seats"][0]["clock_placed"] == []
        # Nobody acts on the second tile: the clock places it on a free field for both.
        server.advance(31)
        later = ann.table_until(lambda t: t["game"]["turn"] == 2)
        assert [len(s["clock_placed"]) for s in later["game"]["seats"]] == [1, 2]


def test_computer_players_fill_seats_and_wait_a_human_moment(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir, bot_pacing=1.0) as server:
        ann = Client(server.url, "Ann")
        ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 4}})
        table_id = ann.table_until(lambda t: True)["id"]
        for level in ("easy", "medium", "strong"):
            ann.send({"type": "add_bot", "table": table_id, "level": level})
        ann.send({"type": "add_bot", "table": table_id, "level": "easy"})
        assert ann.error()["code"] == "table_full"
        ann.send({"type": "start", "table": table_id})
        view = ann.table_until(lambda t: t["status"] == "playing")
        for turn in range(19):
            if view["game"]["turn"] != turn:
                view = ann.table_until(lambda t, n=turn: t["game"]["turn"] == n)
            # The computers think like people: nobody has placed before a second has passed.
            assert not any(s["confirmed"] for s in view["game"]["seats"][1:])
            free = [i for i, e in enumerate(view["game"]["seats"][0]["land"].split(), 1) if e == "."]
            ann.send({"type": "place", "table": table_id, "field": free[0]})
            ann.send({"type": "confirm", "table": table_id})
            server.advance(8)  # longer than any computer thinks
        end = ann.table_until(lambda t: t["status"] == "finished")
        assert all(s["land"].count(".") == 0 for s in end["game"]["seats"])
        done = ann.table_until(lambda t: t["game"].get("strongest") is not None, timeout=30)
        strongest = done["game"]["strongest"]
        # Its land comes with its lines scored, as every player's does, so the board can show them.
        assert strongest["score"] == score_land(parse_land(strongest["land"])).total
        assert [line["points"] for line in strongest["lines"]] == [
            line.points for line in score_land(parse_land(strongest["land"])).lines
        ]
        assert {"state", "potential", "value"} <= strongest["lines"][0].keys()


def test_tables_nobody_uses_are_forgotten(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir) as server:
        ann, bob = Client(server.url, "Ann"), Client(server.url, "Bob")
        ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
        left_alone = ann.table_until(lambda t: True)["id"]
        bob.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
        in_use = bob.table_until(lambda t: True)["id"]
        lobby = lambda: {t["id"] for t in httpx.get(f"{server.url}/api/tables").json()["tables"]}  # noqa: E731
        assert {left_alone, in_use} <= lobby()
        ann.close()
        server.advance(1)
        assert left_alone not in lobby() and in_use in lobby()  # an open table nobody sits at is not offered
        server.advance(30 * 60 + 1)  # first sweep: noticed as idle
        assert httpx.get(f"{server.url}/api/tables/{left_alone}").status_code == 200
        server.advance(30 * 60 + 1, settle=1.0)  # still idle a whole interval later: forgotten
        assert httpx.get(f"{server.url}/api/tables/{left_alone}").status_code == 404
        assert httpx.get(f"{server.url}/api/tables/{in_use}").status_code == 200


def test_a_thinking_computer_never_holds_up_the_server(tmp_path, data_dir, monkeypatch):
    """The strongest level thinks for tens of milliseconds a move: the server must stay responsive
    meanwhile. The computer here thinks until the test has had an answer from the same server; if
    its thinking blocked the event loop, that answer could never come."""
    import threading

    from spieltisch.games.planahead import bots

    thinking, answered = threading.Event(), threading.Event()
    saw_answer: list[bool] = []
    real_choice = bots.choose_field

    def slow_choice(*args):
        thinking.set()
        saw_answer.append(answered.wait(10))
        return real_choice(*args)

    monkeypatch.setattr(bots, "choose_field", slow_choice)
    with InProcessServer(tmp_path, data_dir, bot_pacing=1.0) as server:
        ann = Client(server.url, "Ann")
        ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
        table_id = ann.table_until(lambda t: True)["id"]
        ann.send({"type": "add_bot", "table": table_id, "level": "strong"})
        ann.send({"type": "start", "table": table_id})
        ann.table_until(lambda t: t["status"] == "playing")
        server.advance(8, settle=0)  # the computer's moment has come: it starts thinking
        assert thinking.wait(10)
        assert httpx.get(f"{server.url}/api/tables/{table_id}", timeout=5).status_code == 200
        answered.set()
        ann.table_until(lambda t: t["game"]["seats"][1]["confirmed"])  # and then it places
        assert saw_answer == [True]
