"""A player's history (GET /api/players/<id>/history) through the real server: a Plan Ahead game played
through it, and Speedgans games, Rätsel attempts and Speedgans solo runs written through the repository
as the server writes them, each moved to a chosen day (the streak counts Berlin days); and the
refusals: an unknown player, an id that is none."""

from __future__ import annotations

import datetime as dt
import random
import time
from zoneinfo import ZoneInfo

import httpx
import pytest
from sqlalchemy import create_engine, update

from spieltisch.storage.models import GameRecord, PuzzleResult, SoloResult
from spieltisch.storage.repository import Repository
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client
from tests.server.solo_play import play_tile, solo_table, wait_for

BERLIN = ZoneInfo("Europe/Berlin")
TODAY = dt.date(2026, 12, 10)
#: A land of 19 tiles (the server checks only how many were laid: a person takes 0.4 s a tile).
LAND = " ".join(["963"] * 19)


def at(day: dt.date, hour: int = 12, minute: int = 0) -> dt.datetime:
    """A moment of a Berlin day, in UTC (as the database keeps it)."""
    return dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=BERLIN).astimezone(dt.UTC)


def ago(days: int) -> dt.date:
    return TODAY - dt.timedelta(days=days)


@pytest.fixture
def server(tmp_path, data_dir):
    from spieltisch.server.clock import FakeClock

    with InProcessServer(tmp_path, data_dir, clock=FakeClock(at(TODAY, 18).timestamp())) as running:
        running.repository = Repository(
            create_engine(f"sqlite:///{tmp_path / 'inprocess.sqlite3'}"), migrate=False
        )
        yield running


def new_player(server, nickname: str) -> str:
    return httpx.post(f"{server.url}/api/players", json={"nickname": nickname}).json()["id"]


def moved(repository: Repository, model, row_id: int, moment: dt.datetime) -> None:
    """Put a written row on another moment (the repository stamps rows with the time of writing)."""
    column = GameRecord.finished_at if model is GameRecord else model.created_at
    with repository.engine.begin() as connection:
        connection.execute(update(model).where(model.id == row_id).values({column: moment}))


def puzzle(
    repository: Repository,
    player: str,
    nickname: str,
    day: dt.date,
    score: int,
    *,
    optimum: int = 160,
    seconds: float = 100.0,
    game_id: str | None = None,
    moment: dt.datetime | None = None,
) -> PuzzleResult:
    """A Rätsel attempt of that day's puzzle, played at noon that day unless `moment` says."""
    row = repository.add_puzzle_result(
        game_id=game_id,
        puzzle_id=day.isoformat(),
        player_id=player,
        nickname=nickname,
        score=score,
        optimum=optimum,
        land=LAND,
        seconds_used=seconds,
    )
    moved(repository, PuzzleResult, row.id, moment or at(day))
    return row


def speedgans_round(number: int, by_task: dict[str, list[int]], top: int) -> dict:
    return {
        "round": number,
        "tasks": list(by_task),
        "points": [sum(points[seat] for points in by_task.values()) for seat in range(2)],
        "by_task": by_task,
        "top": top,
    }


def play_plan_ahead(repository: Repository, ann: Client, bob: Client) -> GameRecord:
    """A whole Plan Ahead game of Ann and Bob through the server (each lays the first free field),
    and its record once the server has written it (with its log of moves: it has a replay)."""
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
    table_id = ann.table_until(lambda t: t["status"] == "open")["id"]
    bob.send({"type": "join", "table": table_id})
    bob.table_until(lambda t: len(t["seats"]) == 2)
    ann.send({"type": "start", "table": table_id})
    for turn in range(19):
        for client in (ann, bob):
            view = client.table_until(
                lambda t, n=turn: t["game"]["turn"] == n and not t["game"]["seats"][t["you"]]["confirmed"]
            )
            land = view["game"]["seats"][view["you"]]["land"].split()
            client.send({"type": "place", "table": table_id, "field": land.index(".") + 1})
            client.send({"type": "confirm", "table": table_id})
    ann.table_until(lambda t: t["status"] == "finished")
    deadline = time.monotonic() + 10
    while not (found := repository.games(table_id=table_id)):
        assert time.monotonic() < deadline, "the game was not recorded"
        time.sleep(0.05)
    return found[0]


def test_a_players_games_bests_streak_and_task_groups(server):
    repo = server.repository
    ann_client, bob_client = Client(server.url, "Ann"), Client(server.url, "Bob")
    ann, bob, cy = ann_client.player["id"], bob_client.player["id"], new_player(server, "Cy")
    people = {ann: "Ann", bob: "Bob", cy: "Cy"}

    def sitter(player: str | None, bot: str | None = None) -> dict:
        return {"player": player, "nickname": people.get(player or "", "Computer"), "bot": bot}

    # Plan Ahead, played today through the server, ended at 12:00 (Berlin): its log is kept.
    planahead = play_plan_ahead(repo, ann_client, bob_client)
    moved(repo, GameRecord, planahead.id, at(TODAY, 12))
    scores, ranking = planahead.result["scores"], planahead.result["ranking"]
    # Speedgans yesterday at 00:30 Berlin time (23:30 UTC the day before): Ann wins against Bob.
    speedgans = repo.save_game(
        game_id="tbl002-0123456789ab",
        game="speedgans",
        table_id="tbl002",
        seed=2,
        settings={},
        players=[sitter(ann), sitter(bob)],
        result={
            "points": [7, 5],
            "ranking": [1, 2],
            "rounds": [
                speedgans_round(1, {"F1": [2, 1], "W2": [1, 2], "H3": [2, 0]}, top=2),
                speedgans_round(2, {"F2": [1, 2], "W1": [2, 1], "L3": [0, 2]}, top=2),
            ],
        },
        started_at=at(ago(2), 23).timestamp(),
    )
    moved(repo, GameRecord, speedgans, at(ago(1), 0, 30))
    # An older Speedgans game, from before each task's points were recorded: no task groups of it.
    older = repo.save_game(
        game="speedgans",
        table_id="tbl003",
        seed=3,
        settings={},
        players=[sitter(bob), sitter(ann)],
        result={
            "points": [4, 9],
            "ranking": [2, 1],
            "rounds": [{"round": 1, "tasks": ["F1"], "points": [4, 9]}],
        },
        started_at=at(ago(20)).timestamp(),
    )
    moved(repo, GameRecord, older, at(ago(20)))

    # Today's Rätsel: Bob and Cy rank ahead of Ann's first attempt (Cy with her score, faster); a
    # first attempt faster than a person can play ranks nowhere; Ann's retry ranks neither.
    puzzle(repo, bob, "Bob", TODAY, 140, seconds=90.0)
    puzzle(repo, cy, "Cy", TODAY, 120, seconds=80.0)
    zed = new_player(server, "Zed")
    puzzle(repo, zed, "Zed", TODAY, 150, seconds=1.0)
    first = puzzle(
        repo, ann, "Ann", TODAY, 120, seconds=100.0, game_id="pz0001-0123456789ab", moment=at(TODAY, 9)
    )
    retry = puzzle(repo, ann, "Ann", TODAY, 160, seconds=60.0, moment=at(TODAY, 10))
    # Earlier days: the day before yesterday, and a run of four days two weeks ago.
    puzzle(repo, ann, "Ann", ago(2), 150, optimum=150)
    for back, score in ((13, 100), (12, 110), (11, 90), (10, 130)):
        puzzle(repo, ann, "Ann", ago(back), score)
    # A Rätsel of 70 days ago (played then): not in the last 60 days' chart, but in the streak.
    puzzle(repo, ann, "Ann", ago(70), 40)

    # Speedgans alone: two Rekordjagd runs, today's Tagesstadt twice (only the first ranks).
    record = repo.add_solo_result(
        mode="record",
        day=None,
        player_id=ann,
        nickname="Ann",
        points=150.5,
        leaderboard_points=15.05,
        result={},
    )
    moved(repo, SoloResult, record.id, at(ago(11), 20))
    best = repo.add_solo_result(
        mode="record",
        day=None,
        player_id=ann,
        nickname="Ann",
        points=201.0,
        leaderboard_points=20.1,
        result={},
    )
    moved(repo, SoloResult, best.id, at(ago(10), 20))
    day = TODAY.isoformat()
    daily = repo.add_solo_result(
        mode="daily",
        day=day,
        player_id=ann,
        nickname="Ann",
        points=180.0,
        leaderboard_points=18.0,
        result={"seconds": 64.2},
    )
    moved(repo, SoloResult, daily.id, at(TODAY, 13))
    bob_daily = repo.add_solo_result(
        mode="daily", day=day, player_id=bob, nickname="Bob", points=200.0, leaderboard_points=20.0, result={}
    )
    moved(repo, SoloResult, bob_daily.id, at(TODAY, 8))
    again = repo.add_solo_result(
        mode="daily", day=day, player_id=ann, nickname="Ann", points=250.0, leaderboard_points=25.0, result={}
    )
    moved(repo, SoloResult, again.id, at(TODAY, 14))

    got = httpx.get(f"{server.url}/api/players/{ann}/history")
    assert got.status_code == 200
    history = got.json()
    assert history["player"] == {"id": ann, "nickname": "Ann"}
    assert history["today"] == day
    assert history["counts"] == {"planahead": 1, "speedgans": 2, "puzzle": 8, "record": 2, "daily": 2}

    # Newest first: each with its own result, place and (only where its log is kept) its game id.
    recent = history["recent"]
    assert [(e["kind"], e["at"][:16]) for e in recent[:6]] == [
        ("daily", at(TODAY, 14).isoformat()[:16]),
        ("daily", at(TODAY, 13).isoformat()[:16]),
        ("planahead", at(TODAY, 12).isoformat()[:16]),
        ("puzzle", at(TODAY, 10).isoformat()[:16]),
        ("puzzle", at(TODAY, 9).isoformat()[:16]),
        ("speedgans", at(ago(1), 0, 30).isoformat()[:16]),
    ]
    assert len(recent) == 15  # every game and attempt: fewer than 30
    later_daily, first_daily, table, later_puzzle, first_puzzle, game = recent[:6]
    assert (first_daily["points"], first_daily["place"], first_daily["of"], first_daily["seconds"]) == (
        180.0,
        2,
        2,
        64.2,
    )
    assert first_daily["first_attempt"] and first_daily["game_id"] is None
    assert (later_daily["points"], later_daily["place"], later_daily["first_attempt"]) == (250.0, None, False)
    assert (table["score"], table["place"], table["of"]) == (scores[0], ranking[0], 2)
    assert table["game_id"] == planahead.game_id and planahead.game_id.startswith(planahead.table_id + "-")
    assert (game["points"], game["place"], game["of"]) == (7, 1, 2)
    assert game["game_id"] is None  # no log kept: no replay to link to
    assert (first_puzzle["score"], first_puzzle["optimum"], first_puzzle["place"], first_puzzle["of"]) == (
        120,
        160,
        3,
        3,
    )
    assert first_puzzle["share"] == pytest.approx(0.75) and first_puzzle["day"] == day
    assert first_puzzle["game_id"] is None  # an id, but no log of it
    assert (later_puzzle["score"], later_puzzle["place"], later_puzzle["first_attempt"]) == (160, None, False)
    assert first.id != retry.id

    # Bests: the Rätsel's of first attempts (a retry knows the tiles), the Tagesstadt's of first ones.
    assert history["bests"] == {
        "puzzle": {"share": 1.0, "score": 150, "optimum": 150, "day": ago(2).isoformat()},
        "record": {"points": 201.0, "at": at(ago(10), 20).isoformat()},
        "daily": {"points": 180.0, "day": day},
        # Plan Ahead at tables: the one game played today (a win needs someone beaten).
        "planahead": {
            "best": scores[0],
            "average": float(scores[0]),
            "games": 1,
            "wins": int(ranking[0] == 1),
        },
    }
    # Today, yesterday (00:30 in Berlin is still the day before in UTC), the day before: 3 in a row;
    # 13 to 10 days ago: 4, the longest. The days played in the last 60 days, oldest first.
    assert history["streak"] == {"current": 3, "longest": 4}
    assert history["days"] == sorted(ago(n).isoformat() for n in (0, 1, 2, 10, 11, 12, 13, 20))
    assert [(d["day"], d["score"], d["optimum"]) for d in history["puzzle_days"]] == [
        (ago(13).isoformat(), 100, 160),
        (ago(12).isoformat(), 110, 160),
        (ago(11).isoformat(), 90, 160),
        (ago(10).isoformat(), 130, 160),
        (ago(2).isoformat(), 150, 150),
        (day, 120, 160),
    ]
    assert history["puzzle_days"][-1]["share"] == pytest.approx(0.75)

    # Task groups: each task's points over a first place's, from the one game that records them.
    groups = {g["group"]: g for g in history["task_groups"]["groups"]}
    assert history["task_groups"]["games"] == 1
    assert list(groups) == ["F", "W", "H", "L"]
    assert (groups["F"]["share"], groups["F"]["count"]) == (0.75, 2)
    assert (groups["W"]["share"], groups["W"]["count"]) == (0.75, 2)
    assert (groups["H"]["share"], groups["H"]["count"]) == (1.0, 1)
    assert (groups["L"]["share"], groups["L"]["count"]) == (0.0, 1)
    tasks = {t["id"]: t for g in groups.values() for t in g["tasks"]}
    assert len(tasks) == 24
    assert (tasks["F1"]["share"], tasks["F2"]["share"], tasks["F3"]["share"], tasks["F3"]["count"]) == (
        1.0,
        0.5,
        None,
        0,
    )

    # Bob sees his own: second place is his in the Speedgans game, his own at Plan Ahead.
    bob_history = httpx.get(f"{server.url}/api/players/{bob}/history").json()
    bob_games = {e["kind"]: e for e in reversed(bob_history["recent"])}  # each kind's newest
    assert (bob_games["planahead"]["score"], bob_games["planahead"]["place"]) == (scores[1], ranking[1])
    assert (bob_games["speedgans"]["points"], bob_games["speedgans"]["place"]) == (5, 2)
    assert (bob_history["streak"], bob_history["bests"]["daily"]) == (
        {"current": 2, "longest": 2},
        {"points": 200.0, "day": day},
    )
    bob_groups = {g["group"]: g["share"] for g in bob_history["task_groups"]["groups"]}
    assert bob_groups == {"F": 0.75, "W": 0.75, "H": 0.0, "L": 1.0}


def test_a_new_player_has_an_empty_history(server):
    eve = new_player(server, "Eve")
    history = httpx.get(f"{server.url}/api/players/{eve}/history").json()
    assert history["recent"] == [] and history["puzzle_days"] == [] and history["days"] == []
    assert history["streak"] == {"current": 0, "longest": 0}
    assert history["bests"] == {"puzzle": None, "record": None, "daily": None, "planahead": None}
    assert history["task_groups"]["games"] == 0
    assert all(g["share"] is None and g["count"] == 0 for g in history["task_groups"]["groups"])


def test_an_unknown_player_and_ids_that_are_none(server):
    missing = httpx.get(f"{server.url}/api/players/p_0123456789abcdef/history")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    for bad in ("bob", "p_XYZ", "p_0123456789abcdef0", "me", "p_0123456789ABCDEF"):
        answer = httpx.get(f"{server.url}/api/players/{bad}/history")
        assert answer.status_code == 422, bad
        assert (
            answer.json()["error"]["code"] == "bad_request"
            and "player id" in answer.json()["error"]["message"]
        )
    # The page: a player's id serves the app (which asks the API); anything else is a 404 page.
    html = {"accept": "text/html"}
    assert httpx.get(f"{server.url}/spieler/p_0123456789abcdef", headers=html).status_code == 200
    lost = httpx.get(f"{server.url}/spieler/nobody", headers=html)
    assert lost.status_code == 404 and "<main" in lost.text


def test_a_game_left_before_its_end_has_no_place_on_the_players_page(server):
    repo = server.repository
    ann, bob = Client(server.url, "Ann"), Client(server.url, "Bob")
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
    table_id = ann.table_until(lambda t: t["status"] == "open")["id"]
    bob.send({"type": "join", "table": table_id})
    bob.table_until(lambda t: len(t["seats"]) == 2)
    ann.send({"type": "start", "table": table_id})
    bob.table_until(lambda t: t["status"] == "playing")
    bob.send({"type": "leave", "table": table_id})  # at the first tile: a computer plays on for him
    for turn in range(19):
        view = ann.table_until(
            lambda t, n=turn: t["game"]["turn"] == n and not t["game"]["seats"][0]["confirmed"]
        )
        land = view["game"]["seats"][0]["land"].split()
        ann.send({"type": "place", "table": table_id, "field": land.index(".") + 1})
        ann.send({"type": "confirm", "table": table_id})
    ann.table_until(lambda t: t["status"] == "finished")
    deadline = time.monotonic() + 10
    while not repo.games(table_id=table_id):
        assert time.monotonic() < deadline, "the game was not recorded"
        time.sleep(0.05)

    def latest(client: Client) -> dict:
        history = httpx.get(f"{server.url}/api/players/{client.player['id']}/history").json()
        return history["recent"][0]

    left, stayed = latest(bob), latest(ann)
    assert left["kind"] == "planahead" and left["left"] is True and left["place"] is None
    assert stayed["place"] in (1, 2) and "left" not in stayed


def test_stand_ins_are_named_and_plan_ahead_bests_count_only_the_players_own_games(server):
    """Issue 32: a game a computer stood in for says so on the player's page; games he left or that
    were mostly played for him stay out of his Plan Ahead bests and his task groups."""
    repo = server.repository
    ann, bob = new_player(server, "Ann"), new_player(server, "Bob")

    def planahead(table: str, scores: list[int], ranking: list[int], *, left=False, played_for=None) -> None:
        repo.save_game(
            game="planahead",
            table_id=table,
            seed=1,
            settings={},
            players=[
                {"player": ann, "nickname": "Ann", "bot": None, **({"left": True} if left else {})},
                {"player": bob, "nickname": "Bob", "bot": None},
            ],
            result={"scores": scores, "ranking": ranking, "played_for": [played_for, None]},
            started_at=at(ago(1)).timestamp(),
        )

    planahead("pa0001", [150, 120], [1, 2])
    planahead(
        "pa0002", [100, 130], [2, 1], played_for={"computer": [9, 10], "clock": [], "of": 19, "mostly": False}
    )
    planahead("pa0003", [200, 90], [1, 2], left=True)  # left at the start: a computer's score
    mostly = {"computer": [], "clock": list(range(2, 20)), "of": 19, "mostly": True}
    planahead("pa0004", [190, 90], [1, 2], played_for=mostly)  # the clock's, not his
    repo.save_game(
        game="speedgans",
        table_id="sg0001",
        seed=2,
        settings={},
        players=[
            {"player": ann, "nickname": "Ann", "bot": None},
            {"player": bob, "nickname": "Bob", "bot": None},
        ],
        result={
            "points": [3, 3],
            "ranking": [1, 2],
            "rounds": [
                speedgans_round(1, {"F1": [2, 1]}, top=2),
                speedgans_round(2, {"W1": [2, 1]}, top=2),  # built by the computer for Ann
            ],
            "played_for": [{"computer": [2], "clock": [], "of": 2, "mostly": False}, None],
        },
        started_at=at(ago(1)).timestamp(),
    )
    history = httpx.get(f"{server.url}/api/players/{ann}/history").json()
    by_table = {
        entry.get("score", entry.get("points")): entry
        for entry in history["recent"]
        if entry["kind"] == "planahead"
    }
    assert by_table[100]["played_for"]["computer"] == [9, 10] and by_table[100]["place"] == 2
    assert by_table[190]["played_for"]["mostly"] is True and by_table[190]["place"] == 1  # kept, marked
    assert "played_for" not in by_table[150]
    assert history["bests"]["planahead"] == {"best": 150, "average": 125.0, "games": 2, "wins": 1}
    groups = {g["group"]: g for g in history["task_groups"]["groups"]}
    assert groups["F"]["count"] == 1 and groups["W"]["count"] == 0  # the computer's round left out
    assert httpx.get(f"{server.url}/api/players/{bob}/history").json()["bests"]["planahead"] == {
        "best": 130,
        "average": 107.5,
        "games": 4,
        "wins": 1,
    }


def test_the_trend_of_a_players_plan_ahead_moves(server):
    """Issue 34: after each Plan Ahead game the server notes in its record how well each person's
    moves were (the average loss per tile by the move analysis, worked out in the background); the
    player's page shows them game by game, oldest first, as the replay's analysis counts them."""
    ann = Client(server.url, "Ann")
    games = []
    for _ in range(2):
        view = solo_table(ann)
        while view["status"] != "finished":
            view = play_tile(ann, view["id"], view, random.Random(len(games)))
        games.append(ann.table_until(lambda t: "game_id" in (t["game"] or {}), timeout=30)["game"]["game_id"])

    def trend() -> list:
        points = httpx.get(f"{server.url}/api/players/{ann.player['id']}/history").json()["move_trend"]
        return points if len(points) == 2 else None

    points = wait_for(trend, timeout=60)
    assert [point["game_id"] for point in points] == games  # oldest first
    for point, game_id in zip(points, games, strict=True):
        analysis = httpx.get(f"{server.url}/api/replays/{game_id}", timeout=60).json()["analysis"]
        moves = analysis[0]["moves"]
        assert point["loss"] == round(sum(move["loss"] for move in moves) / len(moves), 2)
        assert point["loss"] > 1  # tiles laid anywhere cost points
        # The record keeps the whole analysis the replay shows (worked out once, after the game).
        table = game_id.split("-")[0]
        (record,) = httpx.get(f"{server.url}/api/games", params={"table": table}).json()["games"]
        assert record["result"]["analysis"] == analysis
