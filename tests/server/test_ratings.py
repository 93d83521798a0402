"""Skill ratings of table games (storage/ratings.py, issue 35): the Plackett–Luce model as its
documentation states it, computers as fixed anchors, no move for a game the computer mostly
played for a person, provisional until five games, the rating list and a player's page."""

from __future__ import annotations

import httpx
import pytest
from openskill.models import PlackettLuce
from sqlalchemy import create_engine, select

from spieltisch.storage import ratings
from spieltisch.storage.models import Rating
from spieltisch.storage.own_data import OwnData
from spieltisch.storage.ratings import ANCHORS, PROVISIONAL_GAMES, RatedSeat, shown
from spieltisch.storage.repository import Repository
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client
from tests.server.test_player_history import play_plan_ahead


@pytest.fixture
def repository(tmp_path) -> Repository:
    return Repository(create_engine(f"sqlite:///{tmp_path / 'ratings.sqlite3'}"))


def record(
    repository: Repository, seats: list[RatedSeat], ranking: list[int], game: str = "planahead"
) -> int:
    players = [
        {"player": s.player, "nickname": s.player or "Computer", "bot": s.level if s.player is None else None}
        for s in seats
    ]
    return repository.save_game(
        game=game,
        table_id="tbl001",
        seed=1,
        settings={},
        players=players,
        result={"ranking": ranking},
        started_at=0.0,
        rated=seats,
    )


def test_the_model_gives_the_numbers_of_its_documentation():
    """openskill's documented example (two teams of two, without the drift `tau` its example
    predates): the library this pins computes what its documentation says."""
    model = PlackettLuce(tau=0)
    a1, a2 = model.rating(), model.rating(mu=32.444, sigma=5.123)
    b1, b2 = model.rating(mu=43.381, sigma=2.421), model.rating(mu=25.188, sigma=6.211)
    [[x1, x2], [y1, y2]] = model.rate([[a1, a2], [b1, b2]])
    assert (x1.mu, x1.sigma) == pytest.approx((28.669648436582808, 8.071520788025197))
    assert (x2.mu, x2.sigma) == pytest.approx((33.83086971107981, 5.062772998705765))
    assert (y1.mu, y1.sigma) == pytest.approx((43.071274808241974, 2.4166900452721256))
    assert (y2.mu, y2.sigma) == pytest.approx((23.149503312339064, 6.1378606973362135))


def test_a_game_moves_people_by_the_model_and_never_the_computers(repository):
    seats = [RatedSeat("p_ann", None), RatedSeat(None, "strong"), RatedSeat("p_bob", None)]
    record(repository, seats, [1, 2, 3])
    # What the model says of that ranking, a computer standing at its level's fixed rating:
    model = ratings.MODEL
    expected = model.rate(
        [
            [model.rating()],
            [model.rating(mu=ANCHORS["strong"], sigma=ratings.ANCHOR_SIGMA)],
            [model.rating()],
        ],
        ranks=[1, 2, 3],
    )
    with repository.engine.connect() as connection:
        rows = {r.player_id: r for r in connection.execute(select(Rating))}
    assert set(rows) == {"p_ann", "p_bob"}  # no row for a computer: its rating never moves
    assert (rows["p_ann"].mu, rows["p_ann"].sigma) == pytest.approx((expected[0][0].mu, expected[0][0].sigma))
    assert (rows["p_bob"].mu, rows["p_bob"].sigma) == pytest.approx((expected[2][0].mu, expected[2][0].sigma))
    assert rows["p_ann"].mu > 25 > rows["p_bob"].mu  # beat the strong computer / lost to it
    assert rows["p_ann"].games == rows["p_bob"].games == 1

    # The next game starts from what the first left.
    record(repository, [RatedSeat("p_bob", None), RatedSeat("p_ann", None)], [1, 2])
    again = ratings.MODEL.rate(
        [
            [model.rating(mu=rows["p_bob"].mu, sigma=rows["p_bob"].sigma)],
            [model.rating(mu=rows["p_ann"].mu, sigma=rows["p_ann"].sigma)],
        ],
        ranks=[1, 2],
    )
    mine = repository.player_ratings("p_bob")["planahead"]
    assert mine["rating"] == shown(again[0][0].mu) and mine["games"] == 2
    assert [c["rating"] for c in mine["changes"]] == [shown(expected[2][0].mu), shown(again[0][0].mu)]


def test_a_shared_place_and_a_game_not_played_by_the_person(repository):
    # Ann and Bob share first place: equal ratings before, equal after.
    record(
        repository, [RatedSeat("p_ann", None), RatedSeat("p_bob", None), RatedSeat(None, "easy")], [1, 1, 3]
    )
    both = repository.player_ratings("p_ann")["planahead"], repository.player_ratings("p_bob")["planahead"]
    assert both[0]["rating"] == both[1]["rating"] > 1500
    # A game the computer mostly played for Cleo (she went away), or a script's cities: not hers.
    record(repository, [RatedSeat("p_cleo", None, moves=False), RatedSeat(None, "easy")], [1, 2])
    assert repository.player_ratings("p_cleo") == {}
    # A table of one is no contest.
    record(repository, [RatedSeat("p_dora", None)], [1])
    assert repository.player_ratings("p_dora") == {}


def test_the_list_shows_established_ratings_only_best_first(repository):
    for _ in range(PROVISIONAL_GAMES):
        record(repository, [RatedSeat("p_ann", None), RatedSeat(None, "medium")], [1, 2])
        record(repository, [RatedSeat(None, "medium"), RatedSeat("p_bob", None)], [1, 2])
    record(repository, [RatedSeat("p_cleo", None), RatedSeat(None, "strong")], [1, 2])  # one game
    # The list names players by their current names (a real player row each).
    with repository.engine.begin() as connection:
        for player_id, name in (("p_ann", "Ann"), ("p_bob", "Bob"), ("p_cleo", "Cleo")):
            connection.exec_driver_sql(
                "INSERT INTO players (id, token_hash, nickname, nickname_key, nickname_look, blocked, created_at)"
                " VALUES (?, ?, ?, ?, ?, 0, '2026-12-01')",
                (player_id, player_id, name, name.lower(), name.lower()),
            )
    entries = repository.rating_list("planahead")
    assert [(e["rank"], e["nickname"], e["games"]) for e in entries] == [(1, "Ann", 5), (2, "Bob", 5)]
    assert entries[0]["rating"] > 1500 > entries[1]["rating"]
    assert repository.player_ratings("p_cleo")["planahead"]["provisional"] is True
    assert repository.player_ratings("p_ann")["planahead"]["provisional"] is False
    assert repository.rating_list("speedgans") == []


def test_a_game_played_through_the_server_rates_both_people(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir, bot_pacing=0.0) as server:
        repository = Repository(create_engine(f"sqlite:///{tmp_path / 'inprocess.sqlite3'}"), migrate=False)
        ann, bob = Client(server.url, "Ann"), Client(server.url, "Bob")
        found = play_plan_ahead(repository, ann, bob)
        winner = found.result["ranking"].index(1)
        history = {
            name: httpx.get(f"{server.url}/api/players/{client.player['id']}/history").json()["ratings"]
            for name, client in (("Ann", ann), ("Bob", bob))
        }
        for seat, name in enumerate(("Ann", "Bob")):
            mine = history[name]["planahead"]
            assert mine["games"] == 1 and mine["provisional"] is True and len(mine["changes"]) == 1
            if found.result["ranking"][0] != found.result["ranking"][1]:
                assert (mine["rating"] > 1500) == (seat == winner)
        # Provisional ratings are on no list yet.
        listed = httpx.get(f"{server.url}/api/ratings", params={"game": "planahead"}).json()
        assert listed == {
            "game": "planahead",
            "entries": [],
            "provisional_games": PROVISIONAL_GAMES,
            "start": 1500,
            "computers": {"easy": 1020, "medium": 1500, "strong": 1980},
            "you": None,
        }
        # One's own rating, provisional and on no list yet, comes with it when asked for.
        mine = httpx.get(f"{server.url}/api/ratings", params={"player": ann.player["id"]}).json()["you"]
        assert mine == {
            "rating": history["Ann"]["planahead"]["rating"],
            "games": 1,
            "provisional": True,
        }
        assert httpx.get(f"{server.url}/api/ratings", params={"game": "chess"}).status_code == 422
        assert httpx.get(f"{server.url}/api/ratings", params={"limit": 0}).status_code == 422


def test_a_player_takes_his_ratings_along_and_leaves_none_behind(repository):
    player, _ = repository.create_player("Ann")
    record(repository, [RatedSeat(player.id, None), RatedSeat(None, "easy")], [1, 2])
    exported = OwnData(repository).export(player.id)
    assert [r["game"] for r in exported["ratings"]] == ["planahead"]
    assert [(c["before"], c["after"]) for c in exported["rating_changes"]] == [
        (1500, repository.player_ratings(player.id)["planahead"]["rating"])
    ]
    assert OwnData(repository).delete(player.id)
    assert repository.player_ratings(player.id) == {}
