"""Turn clocks and computer players on the server, driven by a fake clock (no real waiting for turns)."""

from __future__ import annotations

import httpx
import pytest

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


@pytest.mark.slow
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
        # Its score is its land's, as every player's is (the board works out the lines).
        assert strongest["score"] == score_land(parse_land(strongest["land"])).total


@pytest.mark.slow
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

    def slow_choice(*args, **kwargs):
        thinking.set()
        saw_answer.append(answered.wait(10))
        return real_choice(*args, **kwargs)

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


# The computers' pace and names at a Plan Ahead table, on the table itself (no sockets) -------------
def _plan_ahead_table(settings: dict, levels: tuple[str, ...], now: float):
    from spieltisch.server import tables
    from spieltisch.server.rules.planahead import PlanAheadRules

    table = tables.create_table(PlanAheadRules(), "p_ann", "Ann", settings, now, 1.0)
    for level in levels:
        table = tables.apply(table, "p_ann", "Ann", tables.AddBot(level), now, 1.0)
    return tables.apply(table, "p_ann", "Ann", tables.Start(), now, 1.0)


def test_computers_place_within_a_moment_at_the_brisk_pace_and_take_longer_at_the_relaxed():
    brisk = _plan_ahead_table({"seats": 4}, ("easy", "medium", "strong"), 100.0)
    relaxed = _plan_ahead_table({"seats": 4, "bot_pace": "relaxed"}, ("easy", "medium", "strong"), 100.0)
    assert brisk.settings["bot_pace"] == "brisk"  # the default
    assert all(100.0 < due < 101.5 for due in brisk.bot_due.values())  # under 1.5 s
    assert all(101.5 <= due <= 105.0 for due in relaxed.bot_due.values())


@pytest.mark.slow
def test_computers_never_keep_a_person_waiting_once_he_has_confirmed():
    from spieltisch.games.planahead import game as pa
    from spieltisch.server import tables

    table = _plan_ahead_table({"seats": 4, "bot_pace": "relaxed"}, ("easy", "medium", "strong"), 0.0)
    planned = dict(table.bot_due)
    table = tables.apply(table, "p_ann", "Ann", pa.Place(10), 0.5, 1.0)
    assert table.bot_due == planned  # still placing: the computers think on
    table = tables.apply(table, "p_ann", "Ann", pa.Confirm(), 0.8, 1.0)
    assert set(table.bot_due.values()) == {0.8}  # he was the last person: they place at once
    table = tables.tick(table, 0.8, 1.0, tables.bot_moves(table, 0.8))
    assert table is not None and table.state.turn == 1  # the next tile, without a wait


def test_a_computer_that_places_first_does_not_restart_the_others_thinking():
    from spieltisch.server import tables

    table = _plan_ahead_table({"seats": 4, "bot_pace": "relaxed"}, ("easy", "medium", "strong"), 0.0)
    planned = dict(table.bot_due)
    first_seat, first = min(planned.items(), key=lambda item: item[1])
    table = tables.tick(table, first, 1.0)
    assert table is not None and table.state.seats[first_seat].confirmed
    assert table.bot_due == {seat: due for seat, due in planned.items() if seat != first_seat}


def test_two_computers_of_one_level_play_their_own_lands():
    """Seeded per seat: two computers of one level at one table lay different lands (the issue
    measured two equal lands, both 154), and a replay of the same game lays the same ones again."""
    from spieltisch.games.planahead import game as pa
    from spieltisch.games.planahead.notation import format_land
    from spieltisch.server import tables

    def play(seed: int) -> list[str]:
        table = _plan_ahead_table({"seats": 3}, ("medium", "medium"), 0.0)
        table.state = table.rules.new(table.settings, 3, seed, 0.0)  # a known draw
        table.bot_step = None
        tables._settle(table, 0.0, 1.0)
        now = 0.0
        while table.status is tables.Status.PLAYING:
            free = table.state.seats[0].land.index(None) + 1
            for action in (pa.Place(free), pa.Confirm()):
                table = tables.apply(table, "p_ann", "Ann", action, now, 1.0)
            now = table.next_due() or now
            table = tables.tick(table, now, 1.0) or table
        return [format_land(seat.land) for seat in table.state.seats[1:]]

    games = [play(seed) for seed in range(4)]
    assert all(first != second for first, second in games)
    assert play(2) == games[2]


def test_computers_are_called_by_names_of_their_level_without_numbers():
    table = _plan_ahead_table({"seats": 5}, ("strong", "strong", "easy", "medium"), 0.0)
    assert [(s.nickname, s.bot) for s in table.seats] == [
        ("Ann", None),
        ("Ada", "strong"),
        ("Carl", "strong"),
        ("Lina", "easy"),
        ("Clara", "medium"),
    ]


@pytest.mark.slow
def test_a_rematch_is_offered_and_starts_when_its_countdown_ends(tmp_path, data_dir):
    """Bob asks for a rematch; Ann, still reading the results, is asked (the view says who and
    until when) and nothing starts; when the countdown ends on the server's clock, it starts."""
    with InProcessServer(tmp_path, data_dir) as server:
        ann, bob = Client(server.url, "Ann"), Client(server.url, "Bob")
        ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2, "turn_seconds": 15}})
        table_id = ann.table_until(lambda t: True)["id"]
        bob.send({"type": "join", "table": table_id})
        ann.table_until(lambda t: len(t["seats"]) == 2)
        ann.send({"type": "start", "table": table_id})
        ann.table_until(lambda t: t["status"] == "playing")
        for turn in range(1, 20):  # nobody lays a tile: the clock lays all 19
            server.advance(15.5)
            ann.table_until(lambda t, n=turn: t["game"]["turn"] == n or t["status"] == "finished")
        end = ann.table_until(lambda t: t["status"] == "finished")
        assert end["rematch"] is None
        bob.send({"type": "rematch", "table": table_id})
        asked = ann.table_until(lambda t: t["rematch"] is not None)
        assert asked["status"] == "finished" and asked["rematch"]["by"] == [1]
        assert asked["rematch"]["at"] == pytest.approx(asked["server_time"] + 15, abs=0.5)
        server.advance(14)
        assert httpx.get(f"{server.url}/api/tables/{table_id}").json()["status"] == "finished"  # not yet
        server.advance(1.5)
        again = ann.table_until(lambda t: t["status"] == "playing")
        assert again["game"]["turn"] == 0 and again["rematch"] is None and len(again["seats"]) == 2
