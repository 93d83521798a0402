"""Playing a Plan Ahead table alone over the socket, and waiting for a server that comes back: what
the server tests of faults, puzzles and fair lists share (no test module imports from another)."""

from __future__ import annotations

import random
import time

import httpx

from tests.server.player_client import Client


def wait_for(what, timeout: float = 30.0, step: float = 0.2):
    deadline = time.monotonic() + timeout
    while True:
        try:
            found = what()
        except (httpx.HTTPError, OSError):
            found = None
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what.__doc__ or what}")
        time.sleep(step)


def free_fields(view: dict) -> list[int]:
    land = view["game"]["seats"][view["you"]]["land"].split()
    return [i for i, entry in enumerate(land, 1) if entry == "."]


def play_tile(client: Client, table_id: str, view: dict, rng: random.Random, timeout: float = 20) -> dict:
    """Place the current tile on a free field and confirm; the view once the next tile shows."""
    turn = view["game"]["turn"]
    client.send({"type": "place", "table": table_id, "field": rng.choice(free_fields(view))})
    client.send({"type": "confirm", "table": table_id})
    return client.table_until(
        lambda t: t["status"] == "finished" or t["game"]["turn"] > turn, timeout=timeout
    )


def solo_table(client: Client, extra: dict | None = None) -> dict:
    # (Generous waits: on a fresh 2-core machine, right after setup, a server just started — and
    # working out the day's puzzle optimum in its helper — once took over 10 s for a first table.)
    client.send({"type": "create_table", "game": "planahead", "settings": {"seats": 1, **(extra or {})}})
    table_id = client.table_until(lambda t: True, timeout=30)["id"]
    client.send({"type": "start", "table": table_id})
    return client.table_until(lambda t: t["status"] == "playing", timeout=30)


def play_tiles(client: Client, view: dict, count: int) -> dict:
    """Place `count` tiles on the first free fields; return the latest view."""
    table_id = view["id"]
    for _ in range(count):
        free = [i for i, e in enumerate(view["game"]["seats"][0]["land"].split(), 1) if e == "."]
        turn = view["game"]["turn"]
        client.send({"type": "place", "table": table_id, "field": free[0]})
        client.send({"type": "confirm", "table": table_id})
        view = client.table_until(lambda t, n=turn: t["game"]["turn"] == n + 1 or t["status"] == "finished")
    return view
