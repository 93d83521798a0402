"""The Bestenliste's points (GET /api/leaderboard): sums rounded to two decimals, so the float noise of
adding tenths of solo scores (17.9 + 35.8 = 53.699999999999996) neither reaches the page nor splits a
tie with an equal sum."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import create_engine

from spieltisch.storage.repository import Repository
from tests.server.inprocess import InProcessServer


@pytest.fixture
def server(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir) as running:
        running.repository = Repository(
            create_engine(f"sqlite:///{tmp_path / 'inprocess.sqlite3'}"), migrate=False
        )
        yield running


def run(repository: Repository, player: str, nickname: str, leaderboard_points: float) -> None:
    """A Rekordjagd run as the server writes it (its tenth on the leaderboard)."""
    repository.add_solo_result(
        mode="record",
        day=None,
        player_id=player,
        nickname=nickname,
        points=leaderboard_points * 10,
        leaderboard_points=leaderboard_points,
        result={},
    )


def test_leaderboard_sums_are_rounded_to_two_decimals(server):
    ids = {
        name: httpx.post(f"{server.url}/api/players", json={"nickname": name}).json()["id"]
        for name in ("Ann", "Bob", "Cem", "Dana")
    }
    repo = server.repository
    for points in (17.9, 35.8):  # 53.699999999999996 as floats add up
        run(repo, ids["Ann"], "Ann", points)
    run(repo, ids["Bob"], "Bob", 53.7)  # the same sum in one run
    for points in (0.1, 0.2):  # 0.30000000000000004
        run(repo, ids["Cem"], "Cem", points)
    for points in (30.15, 24.86):
        run(repo, ids["Dana"], "Dana", points)
    assert 17.9 + 35.8 != 53.7 and 0.1 + 0.2 != 0.3  # the noise this is about

    for period in ("all", "week"):
        board = httpx.get(
            f"{server.url}/api/leaderboard", params={"period": period, "player": ids["Cem"]}
        ).json()
        rows = [(e["rank"], e["nickname"], e["points"], e["games"]) for e in board["entries"]]
        # Exactly the two-decimal values (no approx): Ann and Bob tie, in the order of their ids.
        ann_bob = sorted([(2, "Ann", 53.7, 2), (2, "Bob", 53.7, 1)], key=lambda r: ids[r[1]])
        assert rows == [(1, "Dana", 55.01, 2), *ann_bob, (4, "Cem", 0.3, 2)]
        assert board["you"] == board["entries"][-1]
        assert all(round(e["points"], 2) == e["points"] for e in board["entries"])
        # As JSON too: no 53.699999999999996 on the wire.
        raw = httpx.get(f"{server.url}/api/leaderboard", params={"period": period}).text
        assert '"points":53.7,' in raw.replace(" ", "") and "53.699999999999996" not in raw
        assert "0.30000000000000004" not in raw and "55.010000000000005" not in raw
