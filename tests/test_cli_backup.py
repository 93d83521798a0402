"""`spieltisch backup` while games are played and `spieltisch restore` into a fresh data directory: a
server started on the restored directory shows every list, history and replay as the first did at
the backup; and every way to misuse the two commands is one line and exit code 2, nothing changed."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from spieltisch.games.speedgans.catalog import catalog_path, ensure_catalog
from tests.server.player_client import Client
from tests.server.solo_play import play_tile, play_tiles, solo_table, wait_for

pytestmark = pytest.mark.slow


def data_dir_of(folder: Path, shared: Path) -> Path:
    """A data directory of its own (its own secret), with the tests' Speedgans catalog."""
    folder.mkdir()
    catalog_path(folder).parent.symlink_to(catalog_path(shared).parent, target_is_directory=True)
    return folder


def spieltisch(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spieltisch", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def everything_shown(url: str, players: list[str], games: list[str]) -> dict:
    """What the lists, the players' pages and the replays show (the parts a backup must keep)."""
    return {
        "leaderboard": [
            httpx.get(f"{url}/api/leaderboard", params={"period": p}).json() for p in ("all", "week")
        ],
        "histories": [httpx.get(f"{url}/api/players/{p}/history").json() for p in players],
        "replays": [httpx.get(f"{url}/api/replays/{g}", timeout=60).json() for g in games],
    }


def finished_game(client: Client, rng: random.Random) -> str:
    view = solo_table(client)
    while view["status"] != "finished":
        view = play_tile(client, view["id"], view, rng)
    return client.table_until(lambda t: "game_id" in (t["game"] or {}), timeout=30)["game"]["game_id"]


def tagesstadt(client: Client, catalog) -> None:
    """Today's Tagesstadt: its Musterstadt, laid at a person's pace (it counts for the Bestenliste)."""
    client.send({"type": "create_table", "game": "speedgans_solo", "settings": {"mode": "daily"}})
    table = client.table_until(lambda t: t["game"]["phase"] == "playing", timeout=30)
    city = str(catalog.musterstadt(tuple(task["id"] for task in table["game"]["tasks"])).city)
    client.lay_city(table["id"], city, lambda: time.sleep(0.7))
    client.send({"type": "done", "table": table["id"]})
    client.table_until(lambda t: "first_attempt" in t["game"], timeout=30)


def test_a_backup_taken_during_play_restores_every_list_history_and_replay(
    tmp_path, data_dir, server_factory
):
    first = data_dir_of(tmp_path / "first", data_dir)
    env = {
        "SPIELTISCH_DATA_DIR": str(first),
        "SPIELTISCH_DATABASE_URL": f"sqlite:///{first / 'spieltisch.sqlite3'}",
    }
    server = server_factory(env, tmp=tmp_path)
    rng = random.Random(7)
    ann, bob, cem = (Client(server.url, name) for name in ("Ann", "Bob", "Cem"))
    games = [finished_game(ann, rng), finished_game(bob, rng), finished_game(ann, rng)]
    tagesstadt(bob, ensure_catalog(progress=False, directory=data_dir))
    players = [ann.player["id"], bob.player["id"], cem.player["id"]]
    before = wait_for(
        lambda: (
            (shown := everything_shown(server.url, players, games))["leaderboard"][0]["entries"]
            # (each game's analysis too, which is noted when the server is idle: then nothing changes)
            and sum(len(history["move_trend"]) for history in shown["histories"]) == len(games)
            and shown
        ),
        60,
    )
    assert all(r.get("frames") for r in before["replays"])

    # Cem plays on while the backup is taken: his moves are written as it copies.
    running = solo_table(cem)
    playing = threading.Thread(target=play_tiles, args=(cem, running, 12))
    playing.start()
    backup = tmp_path / "spieltisch-backup.tar.gz"
    made = spieltisch("backup", "--to", str(backup), env=env)
    playing.join()
    assert made.returncode == 0, made.stderr
    assert "backup written to" in made.stdout and backup.stat().st_size > 0

    second = tmp_path / "second"
    restored_env = {
        "SPIELTISCH_DATA_DIR": str(second),
        "SPIELTISCH_DATABASE_URL": f"sqlite:///{second / 'spieltisch.sqlite3'}",
    }
    done = spieltisch("restore", "--from", str(backup), env=restored_env)
    assert done.returncode == 0, done.stderr
    assert (second / "secret").read_text() == (first / "secret").read_text()
    catalog_path(second).parent.symlink_to(catalog_path(data_dir).parent, target_is_directory=True)
    server.stop()  # (the first server's tables are not the second's business)
    again = server_factory(restored_env, tmp=tmp_path / "second")
    assert everything_shown(again.url, players, games) == before
    # Cem's game was running at the backup: it is there, with the tiles he had laid by then.
    table = wait_for(lambda: httpx.get(f"{again.url}/api/tables/{running['id']}").json())
    assert table["status"] == "playing" and 1 <= table["game"]["turn"] <= 12


def test_misuse_is_one_line_and_exit_2_and_changes_nothing(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "secret").write_text("a" * 64)
    database = folder / "spieltisch.sqlite3"
    env = {"SPIELTISCH_DATA_DIR": str(folder), "SPIELTISCH_DATABASE_URL": f"sqlite:///{database}"}
    missing = spieltisch("backup", "--to", str(tmp_path / "b.tar.gz"), env=env)  # no database yet
    assert missing.returncode == 2 and "there is no database" in missing.stderr
    import sqlite3

    sqlite3.connect(database).execute("CREATE TABLE t (x)").connection.commit()
    existing = tmp_path / "exists.tar.gz"
    existing.write_text("keep me")
    refused = spieltisch("backup", "--to", str(existing), env=env)
    assert (
        refused.returncode == 2 and "never overwrites" in refused.stderr and existing.read_text() == "keep me"
    )
    postgres = spieltisch(
        "backup", "--to", str(tmp_path / "p.tar.gz"), "--database-url", "postgresql://u@h/db"
    )
    assert postgres.returncode == 2 and "pg_dump" in postgres.stderr

    good = tmp_path / "good.tar.gz"
    assert spieltisch("backup", "--to", str(good), env=env).returncode == 0
    into_used = spieltisch("restore", "--from", str(good), env=env)  # the database is there already
    assert into_used.returncode == 2 and "exists already" in into_used.stderr
    not_a_backup = spieltisch("restore", "--from", str(existing), "--data-dir", str(tmp_path / "fresh"))
    assert not_a_backup.returncode == 2 and not (tmp_path / "fresh" / "spieltisch.sqlite3").exists()
    for result in (missing, refused, postgres, into_used, not_a_backup):
        assert result.stderr.startswith("spieltisch: error:") and result.stderr.count("\n") == 1
