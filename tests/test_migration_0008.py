"""Migration 0008 on a database of revision 0006 where players share names (as they could then):
afterwards the names are distinct — the older account keeps the name, each newer one has „ (2)“,
„ (3)“ — everywhere the name was written down, every player has his keys, and each rename is
recorded."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import sqlalchemy as sa
from alembic import command

from spieltisch.storage.db import alembic_config, make_engine
from spieltisch.storage.nickname_keys import nickname_keys
from spieltisch.storage.repository import NicknameTaken, Repository

#: (id, nickname, created): Paul6 three times, „PAUL6“ and a look-alike „PauI6“ too, Ann once.
PLAYERS = [
    ("p_3", "Paul6", dt.datetime(2026, 3, 1)),
    ("p_1", "Paul6", dt.datetime(2026, 1, 1)),  # the oldest: keeps the name
    ("p_2", "PAUL6", dt.datetime(2026, 2, 1)),
    ("p_4", "PauI6", dt.datetime(2026, 4, 1)),
    ("p_5", "Ann", dt.datetime(2026, 1, 5)),
    ("p_6", "Wolfgang-Amadeus-Moz", dt.datetime(2026, 1, 6)),  # 20 characters
    ("p_7", "wolfgang-amadeus-moz", dt.datetime(2026, 1, 7)),
]


def at_0006(path: Path) -> sa.Engine:
    engine = make_engine(f"sqlite:///{path}")
    config = alembic_config(str(engine.url))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0006")
    return engine


def fill(engine: sa.Engine) -> None:
    """Players and what lists and records keep of them, as the server of revision 0006 wrote them."""
    with engine.begin() as c:
        for player_id, nickname, created in PLAYERS:
            c.execute(
                sa.text("INSERT INTO players (id, token_hash, nickname, created_at) VALUES (:i, :t, :n, :c)"),
                {"i": player_id, "t": f"hash-{player_id}", "n": nickname, "c": created},
            )
        c.execute(
            sa.text(
                "INSERT INTO puzzle_results (puzzle_id, player_id, nickname, score, optimum, land,"
                " first_attempt, seconds_used, created_at) VALUES"
                " ('2026-03-02', 'p_3', 'Paul6', 100, 160, '', 1, 90.0, '2026-03-02'),"
                " ('2026-03-02', 'p_1', 'Paul6', 120, 160, '', 1, 90.0, '2026-03-02')"
            )
        )
        c.execute(
            sa.text(
                "INSERT INTO solo_results (mode, day, player_id, nickname, points, first_attempt, result,"
                " created_at) VALUES ('daily', '2026-03-02', 'p_3', 'Paul6', 200.0, 1, '{}', '2026-03-02')"
            )
        )
        c.execute(
            sa.text(
                "INSERT INTO leaderboard_entries (game, player_id, nickname, points, game_points, place, kind,"
                " record_id, created_at) VALUES ('speedgans', 'p_3', 'Paul6', 20.0, 0, 0, 'daily', 1,"
                " '2026-03-02')"
            )
        )
        seats = [
            {"player": "p_1", "nickname": "Paul6", "bot": None},
            {"player": "p_3", "nickname": "Paul6", "bot": None},
        ]
        c.execute(
            sa.text(
                "INSERT INTO game_records (game_id, game, table_id, seed, settings, players, result, started_at,"
                " finished_at) VALUES ('g1', 'planahead', 't1', 1, '{}', :p, '{}', '2026-03-02', '2026-03-02')"
            ),
            {"p": json.dumps(seats)},
        )
        c.execute(
            sa.text(
                "INSERT INTO game_players (record_id, player_id, seat) VALUES (1, 'p_1', 0), (1, 'p_3', 1)"
            )
        )
        c.execute(
            sa.text(
                "INSERT INTO game_logs (game_id, game, table_id, settings, players, seed, started, log, created_at)"
                " VALUES ('g1', 'planahead', 't1', '{}', :p, '1', 0.0, '[]', '2026-03-02')"
            ),
            {"p": json.dumps(seats)},
        )


def test_players_who_shared_a_name_are_told_apart_once(tmp_path: Path):
    engine = at_0006(tmp_path / "old.sqlite3")
    fill(engine)
    repository = Repository(engine)  # brings it to the newest revision, as a server starting does

    with engine.connect() as c:
        names = dict(c.execute(sa.text("SELECT id, nickname FROM players")).all())
        keys = {
            row[0]: (row[1], row[2])
            for row in c.execute(sa.text("SELECT id, nickname_key, nickname_look FROM players"))
        }
        lists = {
            table: sorted(c.execute(sa.text(f"SELECT player_id, nickname FROM {table}")).all())
            for table in ("puzzle_results", "solo_results", "leaderboard_entries")
        }
        record_seats = json.loads(c.execute(sa.text("SELECT players FROM game_records")).scalar_one())
        log_seats = json.loads(c.execute(sa.text("SELECT players FROM game_logs")).scalar_one())
        actions = c.execute(
            sa.text("SELECT actor, action, target, details FROM admin_actions ORDER BY id")
        ).all()

    assert names == {
        "p_1": "Paul6",  # the oldest keeps the name
        "p_2": "PAUL6 (2)",
        "p_3": "Paul6 (3)",
        "p_4": "PauI6 (4)",  # looks the same as Paul6
        "p_5": "Ann",
        "p_6": "Wolfgang-Amadeus-Moz",
        "p_7": "wolfgang-amadeus (2)",  # shortened to fit 20 characters
    }
    assert all(len(name) <= 20 for name in names.values())
    assert {player: keys[player] for player in names} == {
        player: nickname_keys(name) for player, name in names.items()
    }
    assert len({key for key, _ in keys.values()}) == len(keys)
    assert lists["puzzle_results"] == [("p_1", "Paul6"), ("p_3", "Paul6 (3)")]
    assert lists["solo_results"] == lists["leaderboard_entries"] == [("p_3", "Paul6 (3)")]
    assert (
        [seat["nickname"] for seat in record_seats]
        == [seat["nickname"] for seat in log_seats]
        == ["Paul6", "Paul6 (3)"]
    )
    assert [(actor, action, target) for actor, action, target, _ in actions] == [
        ("migration 0008", "migration-rename", player)
        for player in ("p_7", "p_2", "p_3", "p_4")  # oldest first
    ]
    assert json.loads(actions[2][3]) == {"from": "Paul6", "to": "Paul6 (3)"}

    # From now on the names stay apart.
    for taken in ("paul6", "Paul6 (3)", "ANN"):
        try:
            repository.create_player(taken)
        except NicknameTaken:
            continue
        raise AssertionError(f"{taken!r} was let in twice")
    # Nothing was hidden or blocked on the way.
    with engine.connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM players WHERE blocked")).scalar_one() == 0
        assert c.execute(sa.text("SELECT count(*) FROM puzzle_results WHERE hidden")).scalar_one() == 0
