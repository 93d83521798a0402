"""A Plan Ahead table of two players whose pages connect naming it (as a table's page does where
the server runs as several processes, for a proxy or `serve --workers N` to route it by table):
what the tests of routing by table share (no test module imports from another)."""

from __future__ import annotations

import random

from tests.server.player_client import Client
from tests.server.solo_play import free_fields


def table_of_two(url: str, host_name: str, guest_name: str) -> tuple[str, Client, Client, dict]:
    """A table of three (a computer the third) begun by two players whose sockets name it: its id,
    the host, the guest, and the host's first view of the running game."""
    lobby = Client(url, host_name)
    assert lobby.welcome["route"] == "table"  # (the browser then connects as below for the table)
    lobby.send({"type": "create_table", "game": "planahead", "settings": {"seats": 3}})
    table_id = lobby.table_until(lambda t: True)["id"]
    host = Client(url, token=lobby.token, table=table_id)
    guest = Client(url, guest_name, table=table_id)
    host.send({"type": "open_table", "table": table_id})
    host.table_until(lambda t: t["id"] == table_id)  # (his page there first: then the lobby's goes)
    lobby.close()
    guest.send({"type": "join", "table": table_id})
    host.send({"type": "add_bot", "table": table_id, "level": "easy"})
    host.table_until(lambda t: len(t["seats"]) == 3)
    host.send({"type": "start", "table": table_id})
    view = host.table_until(lambda t: t["status"] == "playing" and t["game"] is not None)
    return table_id, host, guest, view


def both_lay_a_tile(host: Client, guest: Client, table_id: str, view: dict, rng: random.Random) -> dict:
    """Host and guest lay the tile of `view`; the host's view of the next one (the computer laid it too)."""
    turn = view["game"]["turn"]
    for player in (host, guest):
        player.send({"type": "place", "table": table_id, "field": rng.choice(free_fields(view))})
        player.send({"type": "confirm", "table": table_id})
    guest.table_until(lambda t: t["game"]["turn"] > turn, 30)
    return host.table_until(lambda t: t["game"]["turn"] > turn, 30)
