"""Command line: `spieltisch backup --to FILE` and `spieltisch restore --from FILE` — a SQLite-backed
server's records, live tables and puzzle secret in one file, taken while it serves, and put back
into an empty data directory (storage/archive.py). Bad input, or anything that would overwrite, is
one line on stderr and exit code 2."""

from __future__ import annotations

import argparse
import dataclasses
import time
from pathlib import Path
from typing import TYPE_CHECKING

from spieltisch.cli.errors import UsageError

if TYPE_CHECKING:
    from spieltisch.server.config import ServerConfig


def register(commands: argparse._SubParsersAction) -> None:
    backup = commands.add_parser("backup", help="copy the records, live tables and secret into one file")
    backup.add_argument("--to", required=True, type=Path, help="the backup file to write (must not exist)")
    _where(backup)
    backup.set_defaults(handler=_backup)
    restore = commands.add_parser("restore", help="put a backup back into an empty data directory")
    restore.add_argument("--from", dest="source", required=True, type=Path, help="the backup file")
    _where(restore)
    restore.set_defaults(handler=_restore)


def _where(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--database-url", help="default: $SPIELTISCH_DATABASE_URL or the data directory's SQLite file"
    )
    parser.add_argument(
        "--data-dir", type=Path, help="default: $SPIELTISCH_DATA_DIR or ./var (as `spieltisch serve`)"
    )


def _config(args: argparse.Namespace) -> ServerConfig:
    from spieltisch.server.config import ServerConfig

    try:
        config = ServerConfig()
        if args.data_dir is not None:
            # The data directory's own database, unless a URL is given.
            url = args.database_url or f"sqlite:///{args.data_dir / 'spieltisch.sqlite3'}"
            return dataclasses.replace(config, data_dir=args.data_dir, database_url=url)
        if args.database_url:
            return dataclasses.replace(config, database_url=args.database_url)
        return config
    except ValueError as error:
        raise UsageError(str(error)) from None


def _backup(args: argparse.Namespace) -> int:
    from spieltisch.storage.archive import ArchiveError, backup, sqlite_path

    config = _config(args)
    started = time.perf_counter()
    try:
        manifest = backup(
            sqlite_path(config.database_url), config.data_dir, args.to, config.secret is not None
        )
    except ArchiveError as error:
        raise UsageError(str(error)) from None
    results = sum(manifest.rows.get(name, 0) for name in ("game_records", "puzzle_results", "solo_results"))
    print(
        f"backup written to {args.to} ({args.to.stat().st_size / 1e6:.1f} MB, {results} results, "
        f"{manifest.rows.get('live_tables', 0)} live tables, schema {manifest.schema}) "
        f"in {time.perf_counter() - started:.1f} s"
    )
    if not manifest.secret:
        print("the puzzle secret comes from SPIELTISCH_SECRET: keep it with the backup")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from spieltisch.storage.archive import ArchiveError, restore, sqlite_path

    config = _config(args)
    started = time.perf_counter()
    try:
        manifest = restore(args.source, sqlite_path(config.database_url), config.data_dir)
    except ArchiveError as error:
        raise UsageError(str(error)) from None
    print(
        f"restored the backup of {manifest.made_at} into {config.data_dir} "
        f"in {time.perf_counter() - started:.1f} s; `spieltisch serve` migrates it on start if need be"
    )
    if not manifest.secret:
        print("this backup holds no puzzle secret: start the server with the same SPIELTISCH_SECRET")
    return 0
