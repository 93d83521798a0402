"""Golden views: every kind of message and view the server sends the browser, from real games on a
real server (WebSockets, a fake clock at a fixed date, fixed draws), kept in tests/golden/*.json.

This test compares what the server sends now with the files; `SPIELTISCH_UPDATE_GOLDEN=1` writes them
anew (then look at the diff: it is a change of the protocol). The browser's side reads the same files:
tests/js/golden.test.mjs parses each, and tsc (tsconfig.json) checks that each fits its type in
web/js/protocol.js (tests/js/golden-types.mjs) — a server change that breaks the client's types fails
the suite on both sides.

Nothing else is masked: table ids, game ids and draws come from a fixed sequence (`FixedSecrets`),
the clock moves only when the test moves it, and every move is taken before it does (a tile laid,
"Gasse dicht!"), so the times in views and logs are the same in every run. Only the player ids (made
at random by the database layer) are replaced by names (`Normalizer`).
"""

from __future__ import annotations

import datetime as dt
import itertools
import json
import os
import random
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest

from spieltisch.cli import main
from spieltisch.games.speedgans.catalog import ensure_catalog
from spieltisch.server import tables
from spieltisch.server.clock import FakeClock
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
UPDATE = os.environ.get("SPIELTISCH_UPDATE_GOLDEN") == "1"

#: Noon in Berlin on a fixed day (before 2026-12-02, so the day's Rätsel is drawn without the
#: server's secret): the same puzzle, the same Tagesstadt, the same times in every run.
NOON = dt.datetime(2026, 6, 1, 10, 0, tzinfo=dt.UTC).timestamp()
A = "6b1 3b0 5a3 1b2 9b0 2a2 7a2 4a0 8a1"  # a valid Speedgans city (the spec's example)


class FixedSecrets:
    """Stands in for `secrets` in tables.py: table ids, game ids and draws from a fixed sequence."""

    def __init__(self) -> None:
        self.rng = random.Random(33)
        self.counter = itertools.count(1)

    def choice(self, seq):
        return self.rng.choice(seq)

    def randbits(self, bits: int) -> int:
        return self.rng.getrandbits(bits)

    def token_hex(self, nbytes: int) -> str:
        return f"{next(self.counter):0{2 * nbytes}x}"


class Normalizer:
    """Replaces what is random per run (player ids) by names that say whose they are."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def name(self, value: str, as_: str) -> None:
        self.names[value] = as_

    def __call__(self, data: Any) -> Any:
        if isinstance(data, dict):
            return {key: self(value) for key, value in data.items()}
        if isinstance(data, list):
            return [self(value) for value in data]
        if isinstance(data, str):
            for real, shown in self.names.items():
                data = data.replace(real, shown)
            return data
        return data


class Golden:
    """The views collected in a run, by name; written or compared at the end."""

    def __init__(self, normalize: Normalizer) -> None:
        self.normalize = normalize
        self.views: dict[str, Any] = {}

    def keep(self, name: str, message: dict[str, Any]) -> dict[str, Any]:
        assert name not in self.views, name
        self.views[name] = message
        return message

    def texts(self) -> dict[str, str]:
        return {
            f"{name}.json": json.dumps(self.normalize(view), indent=1, ensure_ascii=False) + "\n"
            for name, view in self.views.items()
        }


@pytest.fixture
def server(tmp_path, data_dir, monkeypatch):
    monkeypatch.setattr(tables, "secrets", SimpleNamespace(**_bound(FixedSecrets())))
    with InProcessServer(tmp_path, data_dir, clock=FakeClock(NOON)) as running:
        yield running


def _bound(secrets: FixedSecrets) -> dict[str, Any]:
    return {"choice": secrets.choice, "randbits": secrets.randbits, "token_hex": secrets.token_hex}


def message_of(client: Client, kind: str, where=lambda m: True) -> dict[str, Any]:
    return client.next_of(kind, where=where)


def table_message(client: Client, predicate) -> dict[str, Any]:
    def holds(message: dict[str, Any]) -> bool:
        try:
            return bool(predicate(message["table"]))
        except (KeyError, TypeError, IndexError):
            return False

    return client.next_of("table", where=holds)


def public(server: InProcessServer, table_id: str) -> dict[str, Any]:
    return httpx.get(f"{server.url}/api/tables/{table_id}").json()


def advance_until(server: InProcessServer, table_id: str, predicate, step: float = 1.0) -> None:
    for _ in range(200):
        if predicate(public(server, table_id)):
            return
        server.advance(step)
    raise AssertionError(f"not reached: {public(server, table_id)['game']}")


def tiles_in(view: dict[str, Any]) -> int:
    """Tiles in the own city of a view: a table's seat, or a run alone's city."""
    game = view["game"]
    city = game["city"] if view["kind"] == "speedgans_solo" else game["seats"][view["you"]].get("city", "")
    return sum(entry != "." for entry in (city or "").split())


def lay_by_hand(
    server: InProcessServer, client: Client, table_id: str, city: str, tiles: range
) -> dict[str, Any]:
    """A city one tile at a time at a person's pace, each tile taken before the clock moves on (the
    times in a replay's log stay the same from run to run); the view after the last tile."""
    entries = city.split()
    shown: dict[str, Any] = {}
    for count in tiles:
        server.advance(0.6, settle=0)
        client.send(
            {"type": "city", "table": table_id, "city": " ".join(entries[:count] + ["."] * (9 - count))}
        )
        shown = table_message(client, lambda t, n=count: t["id"] == table_id and tiles_in(t) == n)
    return shown


def taken_done(view: dict[str, Any]) -> bool:
    """The own "Gasse dicht!" is taken (or the round is scored already)."""
    game = view["game"]
    return game["phase"] in ("scored", "finished") or game["seats"][view["you"]]["done"]


def plan_ahead(server: InProcessServer, golden: Golden, normalize: Normalizer) -> None:
    """Two people play Plan Ahead to its end; a third watches the lobby and then the table."""
    ann, bob, cid = Client(server.url, "Ann"), Client(server.url, "Bob"), Client(server.url, "Cid")
    for client, who in ((ann, "ann"), (bob, "bob"), (cid, "cid")):
        normalize.name(client.player["id"], f"p_{who}")
    golden.keep("welcome", ann.welcome)
    cid.send({"type": "watch_lobby"})
    golden.keep("lobby-empty", message_of(cid, "lobby"))
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2, "turn_seconds": 60}})
    table_id = table_message(ann, lambda t: True)["table"]["id"]
    bob.send({"type": "join", "table": table_id})
    golden.keep("planahead-open", table_message(ann, lambda t: len(t["seats"]) == 2))
    golden.keep(
        "lobby-changes",
        message_of(cid, "lobby_changes", lambda m: m["tables"] and m["tables"][0]["taken"] == 2),
    )
    ann.send({"type": "start", "table": table_id})
    table_message(bob, lambda t: t["status"] == "playing")
    ann.send({"type": "place", "table": table_id, "field": 1})
    golden.keep(
        "planahead-playing", table_message(ann, lambda t: t["game"]["seats"][0].get("tentative") == 1)
    )
    cid.send({"type": "open_table", "table": table_id})
    golden.keep("planahead-watching", table_message(cid, lambda t: t["status"] == "playing"))
    cid.send({"type": "join", "table": table_id})
    golden.keep("error", message_of(cid, "error"))
    # Ann's second tab, in the lobby: her way back to the table. (A new tab gets the list as the
    # lobby's browsers were last told it, up to LOBBY_GATHER behind: opened again till it says the
    # table is playing.)
    for _ in range(100):
        tab = Client(server.url, token=ann.token)
        tab.send({"type": "watch_lobby"})
        lobby = message_of(tab, "lobby")
        if lobby["tables"] and lobby["tables"][0]["status"] == "playing":
            break
        tab.close()
        time.sleep(0.1)
    golden.keep("lobby", lobby)
    golden.keep("your-tables", message_of(tab, "your_tables"))
    tab.close()
    for turn in range(19):  # turns count from 0; the tile of turn n goes on field n + 1
        for client in (ann, bob):
            client.send({"type": "place", "table": table_id, "field": turn + 1})
            client.send({"type": "confirm", "table": table_id})
        if turn < 18:
            table_message(ann, lambda t, n=turn: t["game"]["turn"] == n + 1)
    finished = table_message(ann, lambda t: t["status"] == "finished" and "game_id" in t["game"])
    golden.keep("planahead-finished", finished)
    ann.send({"type": "rematch", "table": table_id})
    golden.keep("planahead-rematch", table_message(ann, lambda t: t["rematch"] is not None))
    golden.keep("replay-planahead", replay(server, finished["table"]["game"]["game_id"]))
    ann.send({"type": "ping"})
    golden.keep("pong", message_of(ann, "pong"))
    for client in (ann, bob, cid):
        client.close()


def speedgans(server: InProcessServer, golden: Golden, normalize: Normalizer, catalog) -> None:
    """Two people play Speedgans (one task a round, to 9 points) to its end."""
    dan, eve = Client(server.url, "Dan"), Client(server.url, "Eve")
    normalize.name(dan.player["id"], "p_dan")
    normalize.name(eve.player["id"], "p_eve")
    settings = {"seats": 2, "one_task": True, "target": "short", "turn_seconds": 60}
    dan.send({"type": "create_table", "game": "speedgans", "settings": settings})
    table_id = table_message(dan, lambda t: True)["table"]["id"]
    eve.send({"type": "join", "table": table_id})
    golden.keep("speedgans-open", table_message(dan, lambda t: len(t["seats"]) == 2))
    dan.send({"type": "start", "table": table_id})
    golden.keep("speedgans-reading", table_message(dan, lambda t: t["game"]["phase"] == "reading"))
    for round_number in (1, 2, 3):
        advance_until(
            server,
            table_id,
            lambda t, r=round_number: t["game"]["phase"] == "building" and t["game"]["round"] == r,
        )
        task = table_message(
            dan, lambda t, r=round_number: t["game"]["phase"] == "building" and t["game"]["round"] == r
        )
        best = str(catalog.best_for_weights({task["table"]["game"]["tasks"][0]["id"]: 1.0}, 1)[0][0])
        building = lay_by_hand(server, dan, table_id, best, range(1, 5))
        if round_number == 1:
            golden.keep("speedgans-building", building)
        lay_by_hand(server, dan, table_id, best, range(5, 10))
        dan.send({"type": "done", "table": table_id})
        table_message(dan, taken_done)  # before the clock moves on (the log's times stay the same)
        lay_by_hand(server, eve, table_id, A, range(1, 10))
        eve.send({"type": "done", "table": table_id})
        table_message(eve, taken_done)  # before the clock moves on (the log's times stay the same)
        advance_until(server, table_id, lambda t: t["game"]["phase"] in ("scored", "finished"))
        if round_number == 1:
            golden.keep("speedgans-scored", table_message(dan, lambda t: t["game"]["phase"] == "scored"))
        if round_number < 3:
            dan.send({"type": "next_round", "table": table_id})
            eve.send({"type": "next_round", "table": table_id})
    finished = table_message(dan, lambda t: t["status"] == "finished" and "game_id" in t["game"])
    golden.keep("speedgans-finished", finished)
    golden.keep("replay-speedgans", replay(server, finished["table"]["game"]["game_id"]))
    dan.close()
    eve.close()


def alone(server: InProcessServer, golden: Golden, normalize: Normalizer, catalog) -> None:
    """The day's Rätsel until its time runs out; a Rekordjagd of one city, given up."""
    fay = Client(server.url, "Fay")
    normalize.name(fay.player["id"], "p_fay")
    fay.send({"type": "start_puzzle", "puzzle": "2026-06-01"})
    puzzle = table_message(fay, lambda t: t["game"]["phase"] == "playing")
    golden.keep("puzzle-playing", puzzle)
    server.advance(puzzle["table"]["game"]["ends_at"] - puzzle["table"]["server_time"] + 1)
    golden.keep(
        "puzzle-finished",
        table_message(
            fay, lambda t: t["status"] == "finished" and "optimum" in t["game"] and t["game"]["optimum"]
        ),
    )
    fay.send({"type": "create_table", "game": "speedgans_solo", "settings": {"mode": "record"}})
    run = table_message(fay, lambda t: t["kind"] == "speedgans_solo" and t["game"]["phase"] == "playing")
    table_id, game = run["table"]["id"], run["table"]["game"]
    city = str(catalog.musterstadt(tuple(task["id"] for task in game["tasks"])).city)
    laid = lay_by_hand(server, fay, table_id, city, range(1, 10))
    assert laid["table"]["game"]["live"] is not None  # the Musterstadt is valid: its points show
    golden.keep("solo-playing", laid)
    fay.send({"type": "done", "table": table_id})
    table_message(fay, lambda t: t["kind"] == "speedgans_solo" and t["game"]["number"] == 2)
    fay.send({"type": "give_up", "table": table_id})
    golden.keep(
        "solo-finished",
        table_message(
            fay,
            lambda t: t["kind"] == "speedgans_solo" and t["status"] == "finished" and "new_best" in t["game"],
        ),
    )
    fay.close()


def moderation(server: InProcessServer, golden: Golden, normalize: Normalizer) -> None:
    """An operator closes a player's table and renames him (`spieltisch admin`, found within seconds)."""
    gus = Client(server.url, "Gus")
    normalize.name(gus.player["id"], "p_gus")
    gus.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
    table_id = table_message(gus, lambda t: True)["table"]["id"]
    database = ["--database-url", server.config.database_url]
    assert main(["admin", "close-table", table_id, "--reason", "Spam", *database]) == 0
    golden.keep("table-closed", gus.next_of("table", 20, lambda m: m["table"]["status"] == "finished"))
    assert (
        main(["admin", "rename", gus.player["id"], "Gustav", "--reason", "Name eines anderen", *database])
        == 0
    )
    golden.keep("renamed", gus.next_of("renamed", 20))
    gus.close()


def replay(server: InProcessServer, game_id: str) -> dict[str, Any]:
    for _ in range(100):
        response = httpx.get(f"{server.url}/api/replays/{game_id}", timeout=60)
        if response.status_code == 200:
            return response.json()
        server.advance(0.1)
    raise AssertionError(f"no replay of {game_id}")


@pytest.mark.slow
def test_the_views_the_server_sends_match_the_golden_files(server, data_dir):
    catalog = ensure_catalog(progress=False, directory=data_dir)
    normalize = Normalizer()
    golden = Golden(normalize)
    plan_ahead(server, golden, normalize)
    speedgans(server, golden, normalize, catalog)
    alone(server, golden, normalize, catalog)
    moderation(server, golden, normalize)
    texts = golden.texts()
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        for stale in set(p.name for p in GOLDEN.glob("*.json")) - set(texts):
            (GOLDEN / stale).unlink()
        for name, text in texts.items():
            (GOLDEN / name).write_text(text, encoding="utf-8")
        return
    kept = {p.name for p in GOLDEN.glob("*.json")}
    assert kept == set(texts), "golden files and views differ in kind: SPIELTISCH_UPDATE_GOLDEN=1 writes them"
    for name, text in texts.items():
        assert (GOLDEN / name).read_text(encoding="utf-8") == text, (
            f"{name} differs from what the server sends: SPIELTISCH_UPDATE_GOLDEN=1 writes it anew"
        )
