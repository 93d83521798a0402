"""How long `spieltisch backup` and `restore` take on a database of many recorded games.

    .venv/bin/python bench/backup.py [--games 10000]

Builds a SQLite database the way the server writes one (Repository, migrations included) holding
`--games` finished Plan Ahead games of four seats — one real game, played through the table's rules
by computers with a turn clock, recorded with its log of moves and its players again and again
under new ids and new players (two people a game) — then times the backup (SQLite's online backup
API, gzip) and the restore into an empty directory (integrity check included), and prints the
sizes. The same work as `spieltisch backup --to FILE` / `restore --from FILE`.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import tempfile
import time
from pathlib import Path

from tqdm import tqdm

from spieltisch.server.rules.planahead import PlanAheadRules
from spieltisch.server.tables import AddBot, Start, Status, apply, create_table, tick
from spieltisch.storage.archive import backup, restore
from spieltisch.storage.db import make_engine
from spieltisch.storage.repository import Repository

T0 = 1_764_000_000.0


def one_game() -> tuple[dict, list]:
    """A finished four-seat Plan Ahead game: its record's fields and its log."""
    rules = PlanAheadRules()
    table = create_table(rules, "host", "Host", {"seats": 4, "turn_seconds": 15}, T0, 1.0)
    for level in ("easy", "medium", "strong"):
        table = apply(table, "host", "Host", AddBot(level), T0, 1.0)
    table = apply(table, "host", "Host", Start(), T0, 1.0)
    now = T0
    while table.status is Status.PLAYING:  # the host never moves: the clock lays his tiles
        now += 1.0
        table = tick(table, now, 1.0) or table
    finished = table.finished_game()
    state = table.state
    result = {"scores": list(state.scores()), "ranking": list(state.ranking())}
    return {
        "seed": rules.seed(state),
        "settings": table.settings,
        "players": finished.players(),
        "result": result,
    }, list(table.log or ())


def build(database: Path, games: int) -> None:
    repository = Repository(make_engine(f"sqlite:///{database}"))
    record, log = one_game()
    for n in tqdm(range(games), desc="recording", unit="game", file=sys.stderr, leave=False):
        people = [repository.create_player(f"Spieler {n}-{seat}")[0] for seat in range(2)]
        players = [dict(p) for p in record["players"]]
        for sitter, person in zip(players, people, strict=False):
            sitter["player"], sitter["nickname"] = person.id, person.nickname
        game_id = f"b{n:05d}-{secrets.token_hex(6)}"
        started = T0 + 600 * n
        repository.save_game(
            game_id=game_id,
            game="planahead",
            table_id=game_id[:6],
            seed=record["seed"],
            settings=record["settings"],
            players=players,
            result=record["result"],
            started_at=started,
        )
        repository.save_game_log(
            game_id=game_id,
            game="planahead",
            table_id=game_id[:6],
            settings=record["settings"],
            players=players,
            seed=record["seed"],
            started=started,
            log=log,
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "var"
        folder.mkdir()
        (folder / "secret").write_text(secrets.token_hex(32))
        database = folder / "spieltisch.sqlite3"
        started = time.perf_counter()
        build(database, args.games)
        built = time.perf_counter() - started
        archive = Path(tmp) / "backup.tar.gz"
        started = time.perf_counter()
        manifest = backup(database, folder, archive, secret_from_environment=False)
        backed_up = time.perf_counter() - started
        started = time.perf_counter()
        restore(archive, Path(tmp) / "restored" / "spieltisch.sqlite3", Path(tmp) / "restored")
        restored = time.perf_counter() - started
        print(
            f"{'games':>7} {'database MB':>11} {'backup MB':>9} {'backup s':>8} {'restore s':>9}   (built in {built:.0f} s)"
        )
        print(
            f"{manifest.rows['game_records']:>7} {database.stat().st_size / 1e6:>11.1f} "
            f"{archive.stat().st_size / 1e6:>9.1f} {backed_up:>8.2f} {restored:>9.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
