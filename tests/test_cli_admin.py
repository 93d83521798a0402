"""`spieltisch admin` against a real server's SQLite database: an operator finds players and their
results, renames a player (everywhere), blocks one (he still plays but is on no list), hides a
result (from every list; nothing deleted) — each action recorded with who, when and why — and bad
input is one line on stderr with exit code 2. The lists are read from the running server."""

from __future__ import annotations

import contextlib
import getpass
import io
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from spieltisch.cli import main
from spieltisch.storage.db import make_engine
from spieltisch.storage.repository import Repository
from tests.conftest import ROOT
from tests.server.player_client import Client, new_player

#: Each test starts a server of its own (2-3 s) and plays on it: the slow tier.
pytestmark = pytest.mark.slow

LAND = " ".join(["963"] * 19)  # a whole land (the server checks only how many tiles were laid)


def admin(url: str, *args: str) -> subprocess.CompletedProcess:
    """`spieltisch admin ARGS --database-url URL`, run in this process (a new Python for each would
    cost seconds; test_the_command_works_on_the_configured_database runs the real one)."""
    argv = ["admin", *args, "--database-url", url] if args else ["admin"]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit:  # argparse's own refusals
            code = int(exit.code or 0)
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())


def ok(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


def one_line_error(result: subprocess.CompletedProcess, *expected: str) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("spieltisch: error: "), result.stderr
    for part in expected:
        assert part in lines[0], lines[0]
    return lines[0]


@dataclass
class Site:
    """A running server, its database, two players with a result of every kind each."""

    url: str
    database: str
    repository: Repository
    puzzle_day: str
    daily_day: str
    ann: dict[str, Any]
    bob: dict[str, Any]
    results: dict[str, dict[str, int]]  # player's name → kind → id

    def get(self, path: str, **params: Any) -> Any:
        response = httpx.get(f"{self.url}{path}", params=params)
        response.raise_for_status()
        return response.json()

    def on_lists(self) -> dict[str, set[str]]:
        """Which players each list shows (by id)."""
        puzzle = self.get(f"/api/puzzles/{self.puzzle_day}")
        daily = self.get(f"/api/tagesstadt/{self.daily_day}")
        board = self.get("/api/leaderboard", game="speedgans")
        games = self.get("/api/games")["games"]
        return {
            "puzzle first": {e["player"] for e in puzzle["first"]},
            "puzzle best": {e["player"] for e in puzzle["best"]},
            "tagesstadt": {e["player"] for e in daily["entries"]},
            "bestenliste": {e["player"] for e in board["entries"]},
            "games": {p["player"] for g in games for p in g["players"]},
        }

    def board_points(self) -> dict[str, float]:
        return {e["player"]: e["points"] for e in self.get("/api/leaderboard", game="speedgans")["entries"]}

    def history(self, player: dict[str, Any]) -> dict[str, Any]:
        return self.get(f"/api/players/{player['id']}/history")


@pytest.fixture
def site(server_factory) -> Site:
    server = server_factory()
    database = server.env["SPIELTISCH_DATABASE_URL"]
    repository = Repository(make_engine(database), migrate=False)
    puzzle_day = httpx.get(f"{server.url}/api/puzzles").json()["today"]
    daily_day = httpx.get(f"{server.url}/api/tagesstadt").json()["today"]
    ann, bob = new_player(server.url, "Annelie"), new_player(server.url, "Bodo")
    results: dict[str, dict[str, int]] = {}
    for n, player in enumerate((ann, bob)):
        puzzle = repository.add_puzzle_result(
            puzzle_id=puzzle_day,
            player_id=player["id"],
            nickname=player["nickname"],
            score=120 + n,
            optimum=160,
            land=LAND,
            seconds_used=100.0,
        )
        solo = repository.add_solo_result(
            mode="daily",
            day=daily_day,
            player_id=player["id"],
            nickname=player["nickname"],
            points=200.0 + n,
            leaderboard_points=20.0,
            result={"seconds": 60},
        )
        game = repository.save_game(
            game_id=f"g-{player['id']}",
            game="speedgans",
            table_id=f"t{n}",
            seed=n,
            settings={},
            players=[{"player": player["id"], "nickname": player["nickname"], "bot": None}],
            result={"points": [10], "ranking": [1]},
            started_at=time.time() - 60,
            leaderboard=[
                {
                    "player": player["id"],
                    "nickname": player["nickname"],
                    "points": 45.0,
                    "game_points": 10,
                    "place": 1,
                }
            ],
        )
        results[player["nickname"]] = {"puzzle": puzzle.id, "solo": solo.id, "game": game}
    return Site(server.url, database, repository, puzzle_day, daily_day, ann, bob, results)


def test_an_operator_finds_players_by_any_spelling_of_their_name(site: Site):
    every = json.loads(ok(admin(site.database, "players", "--json")))
    assert {p["id"] for p in every} == {site.ann["id"], site.bob["id"]}
    assert all(p["blocked"] is False and p["created_at"] for p in every)
    for part in ("nneli", "ANNELIE", "AnneIie"):  # a part; another case; a capital I for the l
        found = json.loads(ok(admin(site.database, "players", "--name", part, "--json")))
        assert [p["id"] for p in found] == [site.ann["id"]], part
    text = ok(admin(site.database, "players", "--name", "bodo"))
    assert site.bob["id"] in text and "Bodo" in text and site.ann["id"] not in text


def test_a_hidden_result_leaves_every_list_but_its_players_own_page(site: Site):
    ann, bob = site.ann, site.bob
    listed = site.on_lists()
    assert all(listed[name] == {ann["id"], bob["id"]} for name in listed), listed
    points = site.board_points()
    own = json.loads(ok(admin(site.database, "results", ann["id"], "--json")))
    ids = site.results[ann["nickname"]]
    assert {(r["kind"], r["id"]) for r in own} == {(kind, ids[kind]) for kind in ("puzzle", "solo", "game")}

    said = ok(
        admin(site.database, "hide-result", "puzzle", str(ids["puzzle"]), "--reason", "a bot played it")
    )
    assert said.strip() == f"puzzle {ids['puzzle']}: hidden"
    listed = site.on_lists()
    assert ann["id"] not in listed["puzzle first"] | listed["puzzle best"]
    assert bob["id"] in listed["puzzle first"] and ann["id"] in listed["tagesstadt"]
    # Bob's place among the day's first attempts: Ann's hidden one is not counted.
    puzzle = next(e for e in site.history(bob)["recent"] if e["kind"] == "puzzle")
    assert (puzzle["place"], puzzle["of"]) == (1, 1)
    # Ann still sees her attempt on her page, without a place on a list it is not on.
    mine = next(e for e in site.history(ann)["recent"] if e["kind"] == "puzzle")
    assert mine["score"] == 120 and mine["place"] is None

    ok(admin(site.database, "hide-result", "solo", str(ids["solo"]), "--reason", "same"))
    assert ann["id"] not in site.on_lists()["tagesstadt"]
    assert site.board_points()[ann["id"]] == pytest.approx(points[ann["id"]] - 20.0)
    daily = next(e for e in site.history(bob)["recent"] if e["kind"] == "daily")
    assert (daily["place"], daily["of"]) == (1, 1)

    ok(admin(site.database, "hide-result", "game", str(ids["game"]), "--reason", "same"))
    listed = site.on_lists()
    assert ann["id"] not in listed["bestenliste"] | listed["games"]
    assert bob["id"] in listed["bestenliste"] and bob["id"] in listed["games"]
    assert len(site.history(ann)["recent"]) == 3  # her page keeps all three

    again = ok(admin(site.database, "hide-result", "game", str(ids["game"]), "--reason", "twice"))
    assert "already" in again
    marked = json.loads(ok(admin(site.database, "results", ann["id"], "--json")))
    assert all(r["hidden"] for r in marked)


def test_a_blocked_player_plays_on_but_is_on_no_list_until_unblocked(site: Site):
    ann, bob = site.ann, site.bob
    assert ok(admin(site.database, "block", bob["id"], "--reason", "an offensive name")).strip() == (
        f"{bob['id']}: blocked"
    )
    listed = site.on_lists()
    lists_with_bob = {name for name, players in listed.items() if bob["id"] in players}
    assert lists_with_bob == {"games"}  # the latest games show who played; no list ranks him
    assert site.get("/api/leaderboard", game="speedgans", player=bob["id"])["you"] is None
    assert [e["of"] for e in site.history(ann)["recent"] if e["kind"] in ("puzzle", "daily")] == [1, 1]
    # He still plays: his token works, he can start a Rätsel.
    bob_client = Client(site.url, token=bob["token"])
    bob_client.send({"type": "start_puzzle", "puzzle": site.puzzle_day})
    assert bob_client.table_until(lambda t: t["status"] == "playing")["game"]
    bob_client.close()
    assert json.loads(ok(admin(site.database, "players", "--name", "Bodo", "--json")))[0]["blocked"] is True

    ok(admin(site.database, "unblock", bob["id"], "--reason", "renamed himself"))
    assert all(bob["id"] in players for players in site.on_lists().values())


def test_a_rename_shows_everywhere_and_every_action_is_recorded(site: Site):
    ann, bob = site.ann, site.bob
    said = ok(admin(site.database, "rename", ann["id"], "  Anne   Marie ", "--reason", "asked by mail"))
    assert said.strip() == f"{ann['id']}: renamed from 'Annelie' to 'Anne Marie'"
    puzzle = site.get(f"/api/puzzles/{site.puzzle_day}")
    daily = site.get(f"/api/tagesstadt/{site.daily_day}")
    board = site.get("/api/leaderboard", game="speedgans")
    games = site.get("/api/games")["games"]
    for entries in (puzzle["first"], puzzle["best"], daily["entries"], board["entries"]):
        assert {e["player"]: e["nickname"] for e in entries}[ann["id"]] == "Anne Marie"
    assert {p["player"]: p["nickname"] for g in games for p in g["players"]}[ann["id"]] == "Anne Marie"
    me = httpx.get(f"{site.url}/api/players/me", headers={"Authorization": f"Bearer {ann['token']}"}).json()
    assert me["nickname"] == "Anne Marie"
    # The old name is free again; a name someone has is not.
    one_line_error(admin(site.database, "rename", bob["id"], "ANNE MARIE", "--reason", "x"), "another player")
    ok(admin(site.database, "rename", bob["id"], "Annelie", "--reason", "he asked"))
    ok(admin(site.database, "block", bob["id"], "--reason", "spam"))

    log = json.loads(ok(admin(site.database, "log", "--json")))
    me_running = getpass.getuser()
    assert [(a["action"], a["target"], a["reason"], a["actor"]) for a in log] == [
        ("rename", ann["id"], "asked by mail", me_running),
        ("rename", bob["id"], "he asked", me_running),
        ("block", bob["id"], "spam", me_running),
    ]
    assert log[0]["details"] == {"from": "Annelie", "to": "Anne Marie"}
    assert all(a["at"] for a in log)


def test_bad_input_is_one_line_and_exit_code_2(site: Site, tmp_path):
    db, ann = site.database, site.ann
    cases = [
        (("rename", "p_nobody", "Neu", "--reason", "x"), "there is no player 'p_nobody'"),
        (("rename", ann["id"], "\u3164", "--reason", "x"), "cannot be used", "print as nothing"),
        (("rename", ann["id"], "\u0410dmin", "--reason", "x"), "cannot be used", "mix scripts"),
        (("rename", ann["id"], "Neu"), "--reason"),
        (("rename", ann["id"], "Neu", "--reason", "   "), "--reason must say why"),
        (("block", "p_nobody", "--reason", "x"), "there is no player"),
        (("unblock",), "player_id"),
        (("hide-result", "table", "1", "--reason", "x"), "KIND must be one of puzzle, solo, game"),
        (("hide-result", "puzzle", "one", "--reason", "x"), "ID must be a number"),
        (("hide-result", "solo", "999999", "--reason", "x"), "there is no solo result 999999"),
        (("results", "p_nobody"), "there is no player"),
        (("frobnicate",), "invalid choice"),
    ]
    for args, *expected in cases:
        one_line_error(admin(db, *args), *expected)
    one_line_error(admin(f"sqlite:///{tmp_path / 'nowhere.sqlite3'}", "players"), "does not exist")
    one_line_error(admin("mysql://x", "players"), "database URL must be")
    assert one_line_error(admin(db)).endswith("the following arguments are required: ACTION")
    # Nothing of that was done, nor recorded.
    assert json.loads(ok(admin(db, "log", "--json"))) == []
    assert json.loads(ok(admin(db, "players", "--name", "Annelie", "--json")))[0]["nickname"] == "Annelie"


def test_the_command_works_on_the_configured_database(site: Site):
    """The real command, in a process of its own, on the database SPIELTISCH_DATABASE_URL names (as
    `spieltisch serve` does)."""

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "spieltisch", "admin", *args],
            env={**os.environ, "SPIELTISCH_DATABASE_URL": site.database},
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )

    assert site.bob["id"] in ok(run("players", "--name", "bodo"))
    ok(run("block", site.bob["id"], "--reason", "spam"))
    assert site.bob["id"] not in site.on_lists()["bestenliste"]
    one_line_error(run("block", "p_nobody", "--reason", "x"), "there is no player")
