"""A connection follows what its page shows: the lobby, or one table. What it no longer shows, it is
no longer sent; a table it left counts the player as away there; the lobby hears only of changes to
its list, not of every move."""

from __future__ import annotations

import json

import pytest

from tests.server.player_client import Client


def frames_after(client: Client, seconds: float) -> list[dict]:
    """Every message that arrives within `seconds` (none is a valid answer)."""
    got = []
    try:
        while True:
            got.append(client.next_message(timeout=seconds))
    except TimeoutError:
        return got


def table_of(host: Client, seats: int = 3) -> str:
    host.send({"type": "create_table", "game": "planahead", "settings": {"seats": seats}})
    return host.table_until(lambda t: t["status"] == "open")["id"]


def mentions(message: dict, table_id: str) -> bool:
    """Whether a message is about this table (the session's other tables may change meanwhile)."""
    lines = message.get("tables", []) if message["type"].startswith("lobby") else [message]
    return any(line.get("id") == table_id for line in lines) or table_id in message.get("gone", [])


@pytest.mark.slow
def test_opening_a_table_ends_the_lobby_and_a_move_is_no_lobby_news(server_factory):
    # A server of its own: the lobby's list and its changes are this test's tables alone (on the
    # session's server, tables other tests left may change in any burst of news).
    url = server_factory().url
    ann, bob, cid = Client(url, "Ann"), Client(url, "Bob"), Client(url, "Cid")
    cid.send({"type": "watch_lobby"})
    cid.next_of("lobby")
    assert cid.lobby == {}
    bob.send({"type": "watch_lobby"})
    bob.next_of("lobby")
    table_id = table_of(ann)
    bob.lobby_until(lambda tables: table_id in tables)
    bob.send({"type": "open_table", "table": table_id})
    bob.send({"type": "join", "table": table_id})
    ann.table_until(lambda t: len(t["seats"]) == 2)
    ann.send({"type": "start", "table": table_id})
    view = bob.table_until(lambda t: t["status"] == "playing")
    cid.lobby_until(lambda tables: tables.get(table_id, {}).get("status") == "playing")  # it runs
    # A move changes nothing the lobby shows: the lobby's browser is sent nothing.
    bob.send({"type": "place", "table": table_id, "field": 1})
    bob.send({"type": "confirm", "table": table_id})
    ann.table_until(lambda t: t["game"]["seats"][1]["confirmed"])
    assert [m for m in frames_after(cid, 0.8) if mentions(m, table_id)] == []
    # Bob's page shows the table: another table opening is not sent to him.
    dan = Client(url, "Dan")
    other = table_of(dan)
    assert not any(m["type"].startswith("lobby") for m in frames_after(bob, 0.8))

    def tells_of_other(message: dict) -> bool:
        return other in {t["id"] for t in message.get("tables", [])}

    # The news comes after the hub's gathering pause, however long the machine takes for it; then
    # nothing more of it.
    first = cid.next_of(("lobby", "lobby_changes"), timeout=10, where=tells_of_other)
    news = [
        first,
        *(m for m in frames_after(cid, 0.8) if m["type"].startswith("lobby") and tells_of_other(m)),
    ]
    # One message for the burst, with the one line that is new (not the whole list again).
    assert [m["type"] for m in news] == ["lobby_changes"]
    assert [t["id"] for t in news[0]["tables"]] == [other]
    assert {table_id, other} <= set(cid.lobby) - set(news[0]["gone"])
    assert cid.lobby[other]["status"] == "open"
    assert len(json.dumps(news[0])) < 1024
    assert view["you"] == 1


def test_going_back_to_the_lobby_is_leaving_the_table_for_now(live_server):
    ann, bob = Client(live_server, "Ann"), Client(live_server, "Bob")
    table_id = table_of(ann)
    bob.send({"type": "open_table", "table": table_id})
    bob.send({"type": "join", "table": table_id})
    bob.table_until(lambda t: t.get("you") is not None)  # seated before Ann starts (two sockets race)
    ann.send({"type": "start", "table": table_id})
    bob.table_until(lambda t: t["status"] == "playing")
    bob.send({"type": "watch_lobby"})
    bob.next_of("lobby")
    away = ann.table_until(lambda t: not t["seats"][1]["connected"])
    assert away["seats"][1]["stand_in_at"] == pytest.approx(away["server_time"] + 30, abs=2)
    ann.send({"type": "place", "table": table_id, "field": 2})
    ann.send({"type": "confirm", "table": table_id})
    assert not any(m["type"] == "table" for m in frames_after(bob, 0.6))  # no views on the lobby page
    bob.send({"type": "open_table", "table": table_id})  # back at the table
    back = bob.table_until(lambda t: t["seats"][1]["connected"])
    assert back["game"]["seats"][0]["confirmed"]
    ann.table_until(lambda t: t["seats"][1]["connected"])


def test_the_lobby_says_which_players_are_computers(live_server):
    # Ann hosts from an address of her own: the lobby lists two tables of new hosts per address, and
    # the other tests of this module leave theirs open on this server, from 127.0.0.1.
    ann, cid = Client(live_server, "Ann", address="10.1.0.1"), Client(live_server, "Cid")
    cid.send({"type": "watch_lobby"})
    cid.next_of("lobby")
    table_id = table_of(ann)
    ann.send({"type": "add_bot", "table": table_id, "level": "easy"})
    line = cid.lobby_until(lambda tables: len(tables.get(table_id, {}).get("players", [])) == 2)[table_id]
    # A computer may bear any name, a person's too: the line says which seat is which.
    assert line["players"][0] == ann.player["nickname"] and line["computers"] == [False, True]


def test_the_lobby_offers_the_way_back_to_ones_own_running_game(live_server):
    ann, bob = Client(live_server, "Ann"), Client(live_server, "Bob")
    table_id = table_of(ann, seats=2)
    ann.send({"type": "add_bot", "table": table_id, "level": "easy"})
    ann.send({"type": "start", "table": table_id})
    ann.table_until(lambda t: t["status"] == "playing")
    ann.send({"type": "watch_lobby"})
    ann.next_of("lobby")
    own = ann.next_of("your_tables")["tables"]
    # Nobody is at the table now: the lobby's list leaves it out, Ann's own list has it.
    assert table_id not in ann.lobby
    assert [line["id"] for line in own] == [table_id]
    assert own[0]["status"] == "playing" and own[0]["players"] == [
        ann.player["nickname"],
        own[0]["players"][1],
    ]
    assert own[0]["computers"] == [False, True]
    bob.send({"type": "watch_lobby"})
    assert table_id not in {line["id"] for line in bob.next_of("your_tables")["tables"]}
    # A seat left in a running game waits for its player (opening the table seats him again): the
    # lobby keeps offering the way back to it.
    ann.send({"type": "leave", "table": table_id})
    ann.table_until(lambda t: t["seats"][0]["left"])
    ann.send({"type": "watch_lobby"})
    assert table_id in {line["id"] for line in ann.next_of("your_tables")["tables"]}
