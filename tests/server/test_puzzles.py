"""Puzzles (Rätsel) on the server: the same tiles for everyone and every retry, the clock, the lists."""

from __future__ import annotations

import datetime as dt
import re
import time
from pathlib import Path

import httpx
import pytest

from spieltisch.games.planahead.notation import parse_land
from spieltisch.games.planahead.scoring import score_land
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client
from tests.server.solo_play import play_tiles


@pytest.mark.slow
def test_a_puzzle_runs_out_of_time_is_retried_and_listed(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir) as server:
        index = httpx.get(f"{server.url}/api/puzzles").json()
        today = index["today"]
        assert index["puzzles"][0]["id"] == today and len(index["puzzles"]) == 30
        limit = index["puzzles"][0]["time_limit_s"]

        ann, bob = Client(server.url, "Ann"), Client(server.url, "Bob")
        ann.send({"type": "start_puzzle", "puzzle": today})
        first = ann.table_until(lambda t: t["status"] == "playing")
        assert first["kind"] == "puzzle" and first["game"]["ends_at"] - first["server_time"] == limit
        tiles = [first["game"]["tile"]]
        play_tiles(ann, first, 5)
        # Puzzle tables are solo: they are not in the lobby.
        assert all(t["id"] != first["id"] for t in httpx.get(f"{server.url}/api/tables").json()["tables"])

        server.advance(limit + 1)
        over = ann.table_until(lambda t: t["status"] == "finished")
        land = over["game"]["seats"][0]["land"]
        assert land.split().count(".") == 14  # the score reached when time ran out counts
        assert over["game"]["timed_out"] and over["game"]["tile"] is None
        ann.send({"type": "place", "table": first["id"], "field": 19})
        assert ann.error()["code"] in {"not_playing", "time_up"}
        done = ann.table_until(lambda t: "optimum" in t["game"], timeout=180)
        optimum = done["game"]["optimum"]
        assert (
            score_land(parse_land(optimum["land"])).total
            == optimum["score"]
            >= over["game"]["seats"][0]["score"]
        )
        assert abs(optimum["share"] - over["game"]["seats"][0]["score"] / optimum["score"]) < 1e-9

        # Bob gets the very same tiles; Ann's retry too.
        bob.send({"type": "start_puzzle", "puzzle": today})
        assert bob.table_until(lambda t: t["status"] == "playing")["game"]["tile"] == tiles[0]
        ann.send({"type": "rematch", "table": first["id"]})
        retry = ann.table_until(lambda t: t["status"] == "playing")
        assert retry["game"]["tile"] == tiles[0] and retry["game"]["turn"] == 0
        final = play_tiles(ann, retry, 19)
        assert final["status"] == "finished" and not final["game"]["timed_out"]
        ann.table_until(lambda t: "optimum" in t["game"], timeout=180)

        details = httpx.get(f"{server.url}/api/puzzles/{today}").json()
        assert details["attempts"] == 2
        best = details["best"]
        assert [entry["nickname"] for entry in best] == ["Ann"]
        assert best[0]["score"] == max(final["game"]["seats"][0]["score"], over["game"]["seats"][0]["score"])
        assert [(e["nickname"], e["score"]) for e in details["first"]] == [
            ("Ann", over["game"]["seats"][0]["score"])
        ]


def test_bad_puzzle_ids(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir) as server:
        ann = Client(server.url, "Ann")
        tomorrow = (dt.date.today() + dt.timedelta(days=3)).isoformat()
        for bad, code in (
            ("2026-13-01", "bad_puzzle"),
            (tomorrow, "future_puzzle"),
            ("today", "bad_message"),
        ):
            ann.send({"type": "start_puzzle", "puzzle": bad})
            assert ann.error()["code"] == code
        assert httpx.get(f"{server.url}/api/puzzles/2026-02-30").status_code == 404
        assert httpx.get(f"{server.url}/puzzle/not-a-date").json()["error"]["code"] == "not_found"
        # A browser following a bad link gets a 404 too, but as the app's page, which says in the
        # player's language what is missing; the API stays JSON even for a browser.
        html = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
        for path in ("/puzzle/not-a-date", f"/puzzle/{tomorrow}", "/no/such/page"):
            page = httpx.get(f"{server.url}{path}", headers=html)
            assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
            assert re.search(r'<script type="module" src="/static/[0-9a-f]{12}/js/app.js">', page.text)
        api = httpx.get(f"{server.url}/api/puzzles/not-a-date", headers=html)
        assert api.status_code == 404 and api.json()["error"]["code"] == "not_found"


def _children(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


@pytest.mark.slow
def test_the_solver_process_ends_with_a_killed_server(server_factory):
    """The optimum is worked out in a process of its own; a server killed without a chance to shut
    down must not leave it behind."""
    server = server_factory()
    for _ in range(100):  # the server starts it at once, for today's optimum
        solver = _children(server.process.pid)
        if solver:
            break
        time.sleep(0.1)
    assert solver, "the server started no solver process"
    server.process.kill()
    server.process.wait()
    for _ in range(100):
        if not any(_running(pid) for pid in solver):
            break
        time.sleep(0.1)
    assert not any(_running(pid) for pid in solver)


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its parent has not asked yet


def test_a_scripted_perfect_first_attempt_is_not_ranked(tmp_path, data_dir):
    """Someone who knows the best land (a throwaway account's attempt shows it) and lays it by script
    in no time: the attempt is kept, but not ranked among the first attempts."""
    with InProcessServer(tmp_path, data_dir) as server:
        today = httpx.get(f"{server.url}/api/puzzles").json()["today"]
        scout, cheat = Client(server.url, "Scout"), Client(server.url, "Cheat")
        scout.send({"type": "start_puzzle", "puzzle": today})
        view = scout.table_until(lambda t: t["status"] == "playing")
        server.advance(200)
        best = scout.table_until(lambda t: "optimum" in t["game"], timeout=180)["game"]["optimum"]

        cheat.send({"type": "start_puzzle", "puzzle": today})
        view = cheat.table_until(lambda t: t["status"] == "playing")
        plan = {tile: field for field, tile in enumerate(best["land"].split(), 1)}
        for turn in range(19):  # the fake clock stands still: 19 tiles in 0 s
            cheat.send({"type": "place", "table": view["id"], "field": plan[view["game"]["tile"]]})
            cheat.send({"type": "confirm", "table": view["id"]})
            view = cheat.table_until(lambda t, n=turn: t["status"] == "finished" or t["game"]["turn"] > n)
        assert view["game"]["seats"][0]["score"] == best["score"]
        game_id = cheat.table_until(lambda t: "optimum" in t["game"], timeout=180)["game"]["game_id"]
        # Its replay: every tile where the best land has it, and nothing lost by the analysis's measure.
        replay = httpx.get(
            f"{server.url}/api/replays/{game_id}",
            headers={"Authorization": f"Bearer {cheat.token}"},
            timeout=60,
        ).json()
        assert replay["optimum"] == {"score": best["score"], "land": best["land"]}
        moves = replay["analysis"][0]["moves"]
        assert len(moves) == 19 and all(move["optimal_field"] == move["field"] for move in moves)

        details = httpx.get(f"{server.url}/api/puzzles/{today}").json()
        assert details["attempts"] == 2
        assert [e["nickname"] for e in details["first"]] == ["Scout"]  # the ranking
        assert "Cheat" in [e["nickname"] for e in details["best"]]  # kept, unranked


def test_a_tile_lying_unconfirmed_when_time_runs_out_stays_and_counts(tmp_path, data_dir):
    """At 0:00 the tile on a field but not yet confirmed stays there, as the turn clock at a table
    keeps it: it counts, marked as the clock's (it was dropped before)."""
    with InProcessServer(tmp_path, data_dir) as server:
        index = httpx.get(f"{server.url}/api/puzzles").json()
        ann = Client(server.url, "Ann")
        ann.send({"type": "start_puzzle", "puzzle": index["today"]})
        view = ann.table_until(lambda t: t["status"] == "playing")
        view = play_tiles(ann, view, 2)
        lying = view["game"]["tile"]
        ann.send({"type": "place", "table": view["id"], "field": 10})
        ann.table_until(lambda t: t["game"]["seats"][0].get("tentative") == 10)

        server.advance(index["puzzles"][0]["time_limit_s"] + 1)
        over = ann.table_until(lambda t: t["status"] == "finished")
        seat = over["game"]["seats"][0]
        land = seat["land"].split()
        assert land[9] == lying and len(land) - land.count(".") == 3
        assert seat["score"] == score_land(parse_land(seat["land"])).total
        assert 10 in seat["clock_placed"] and over["game"]["timed_out"]
