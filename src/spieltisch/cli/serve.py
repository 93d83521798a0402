"""Command line: `spieltisch serve` — run the web server, once what it needs is checked (data
directory, database, Redis, the port): anything out of reach is one line on stderr and exit code 2."""

from __future__ import annotations

import argparse
import dataclasses
import os
import socket
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from spieltisch.cli.errors import UsageError


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("serve", help="run the web server (SQLite and in-process state by default)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--database-url", help="SQLAlchemy URL (default: SQLite in ./var or $SPIELTISCH_DATA_DIR)"
    )
    parser.add_argument("--redis-url", help="Redis URL for live tables shared by several processes")
    parser.add_argument("--workers", type=int, default=1, help="processes (needs --redis-url when > 1)")
    parser.set_defaults(handler=_serve)


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from spieltisch.server.config import ServerConfig
    from spieltisch.server.logs import log_format
    from spieltisch.server.slow_clients import PROTOCOL as SLOW_CLIENTS_PROTOCOL

    if not 1 <= args.port <= 65535:
        raise UsageError(f"port {args.port} is not between 1 and 65535")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    overrides = {}
    if args.database_url:
        overrides["database_url"] = args.database_url
    if args.redis_url:
        overrides["redis_url"] = args.redis_url
    try:
        config = dataclasses.replace(ServerConfig(), **overrides)
    except ValueError as error:
        raise UsageError(str(error)) from None
    try:
        log_format()  # SPIELTISCH_LOG_FORMAT, read by every worker's app
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.workers > 1 and not config.redis_url:
        raise UsageError("several workers share live tables through Redis: give --redis-url")
    # Workers are separate processes: they read their settings from the environment.
    os.environ["SPIELTISCH_DATABASE_URL"] = config.database_url
    if config.redis_url:
        os.environ["SPIELTISCH_REDIS_URL"] = config.redis_url
    # What the server needs from outside, checked before it starts: a missing one is one line, not
    # the traceback of a start that fails half-way.
    check_data_dir(config.data_dir)
    check_database(config.database_url)
    if config.redis_url:
        check_redis(config.redis_url, allow_volatile=config.allow_volatile_redis)
    check_port(args.host, args.port)
    prepare_catalog(config.data_dir)
    if args.workers > 1:
        migrate(config.database_url)  # once, before the workers start (each would find it done)
        metrics_folder()
    print(
        f"Spieltisch on http://{args.host}:{args.port}  (records: {hide_password(config.database_url)}, "
        f"live tables: {'Redis ' + hide_password(config.redis_url) if config.redis_url else 'in this process'})"
    )
    options: dict[str, Any] = {
        "app": "spieltisch.server.asgi:app",
        "ws_max_size": 65536,
        "ws_per_message_deflate": config.ws_compression,
        # Deadlines for a request to arrive and a cap per address (server/slow_clients.py).
        "http": SLOW_CLIENTS_PROTOCOL,
        "log_level": "info",
    }
    if args.workers > 1:
        # Each table's players to one worker (server/routed_workers.py), not to any.
        from spieltisch.server.routed_workers import serve_routed

        return serve_routed(args.host, args.port, args.workers, options, config.waiting_per_address)
    try:
        uvicorn.run(host=args.host, port=args.port, factory=False, **options)
    except SystemExit as stopped:
        # uvicorn's "the app did not start" (the app logged why in one line): out of reach like the
        # above, found only while starting.
        if stopped.code == _UVICORN_STARTUP_FAILURE:
            return 2
        raise
    return 0


def prepare_catalog(data_dir: Path) -> None:
    """Speedgans' catalog of every valid city, built on the very first start (about a minute, with a
    progress bar) before the server and its signal handlers start: Ctrl-C or a stop then ends the
    build at once (inside the server's start it would finish first), and each worker only loads it."""
    from spieltisch.games.speedgans.catalog import build, catalog_path, is_current

    if is_current(catalog_path(data_dir)):
        return
    print(
        f"Building the Speedgans catalog in {catalog_path(data_dir).parent} (once, about a minute)",
        flush=True,
    )
    try:
        build(data_dir, progress=True)  # (written, not kept: the server loads it)
    except KeyboardInterrupt:
        print("spieltisch: stopped while building the catalog (the next start builds it)", file=sys.stderr)
        raise SystemExit(130) from None


def metrics_folder() -> Path:
    """Several workers write their metrics into one folder, which whichever answers /metrics adds up
    (server/metrics.py): the operator's PROMETHEUS_MULTIPROC_DIR, or a new temporary one; emptied of
    an earlier run's figures before the workers start (they read the variable as they start)."""
    given = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    folder = Path(given) if given else Path(tempfile.mkdtemp(prefix="spieltisch-metrics-"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("*.db"):
            old.unlink()
    except OSError as error:
        raise UsageError(f"cannot use {folder} for the workers' metrics: {_reason(error)}") from None
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(folder)
    return folder


_UVICORN_STARTUP_FAILURE = 3
#: How long a check waits for the database or Redis to answer.
CHECK_TIMEOUT_S = 5


def hide_password(url: str) -> str:
    """A URL fit for a log or the terminal: its password, if any, as ***."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)
    user = netloc[0].split(":", 1)[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc[1]}"))


def _reason(error: BaseException) -> str:
    from spieltisch.server.middleware import one_line

    return one_line(error)


def _check_writable(folder: Path) -> None:
    """Make `folder` if need be and write (and remove) a small file in it; OSError if that fails."""
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / f".spieltisch-write-check-{os.getpid()}"
    try:
        with open(probe, "wb") as file:
            file.write(b"spieltisch\n")
            file.flush()
            os.fsync(file.fileno())  # a full disk may only say so here
    finally:
        probe.unlink(missing_ok=True)


def check_data_dir(folder: Path) -> None:
    """The data directory (the Speedgans catalog, the secret, by default the SQLite file) is written
    to: it must be a folder the server can write in."""
    try:
        _check_writable(folder)
    except OSError as error:
        raise UsageError(f"data directory {folder} is not writable: {_reason(error)}") from None


def check_database(url: str) -> None:
    """SQLite: its folder writable (and the file, if there is one); PostgreSQL: it answers."""
    from sqlalchemy import create_engine, make_url, text
    from sqlalchemy.exc import SQLAlchemyError
    from sqlalchemy.pool import NullPool

    shown = hide_password(url)
    try:
        parsed = make_url(url)
    except (SQLAlchemyError, ValueError) as error:
        raise UsageError(f"database URL {shown} is not valid: {_reason(error)}") from None
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            path = Path(parsed.database)
            try:
                _check_writable(path.parent)
                if path.exists():
                    with open(path, "ab"):
                        pass
            except OSError as error:
                raise UsageError(f"database {shown} is not writable: {_reason(error)}") from None
        return
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    try:
        engine = create_engine(parsed, poolclass=NullPool, connect_args={"connect_timeout": CHECK_TIMEOUT_S})
        try:
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        finally:
            engine.dispose()
    except Exception as error:  # the driver's errors, wrapped or not: all mean "not reachable"
        raise UsageError(f"database {shown} is not reachable: {_reason(error)}") from None


def check_redis(url: str, *, allow_volatile: bool = False) -> None:
    """Redis answers, and keeps every change over its own restart (AOF): one that does not is
    refused unless `allow_volatile` (server/redis_persistence.py); one whose CONFIG is disabled
    cannot tell, and the server says so in its log."""
    import redis

    from spieltisch.server.redis_persistence import ADVICE, config_disabled, persistence_problem

    shown = hide_password(url)
    try:
        client = redis.Redis.from_url(
            url, socket_connect_timeout=CHECK_TIMEOUT_S, socket_timeout=CHECK_TIMEOUT_S
        )
        try:
            client.ping()
            try:
                config = client.config_get("appendonly")
            except redis.ResponseError as error:
                if not config_disabled(error):
                    raise
                config = None
        finally:
            client.close()
    except (redis.RedisError, OSError, ValueError) as error:
        raise UsageError(f"Redis {shown} is not reachable: {_reason(error)}") from None
    problem = persistence_problem(config)
    if problem and not allow_volatile:
        raise UsageError(f"Redis {shown} {problem}: {ADVICE}")


def check_port(host: str, port: int) -> None:
    """The address is free to listen on (as uvicorn will, with SO_REUSEADDR)."""
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        for family, kind, proto, _, address in addresses:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6:
                    probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                probe.bind(address)
    except OSError as error:
        raise UsageError(f"cannot listen on {host}:{port}: {_reason(error)}") from None


def migrate(url: str) -> None:
    """Bring the records' schema up to date before any worker starts (a failure is one line)."""
    from sqlalchemy.exc import SQLAlchemyError

    from spieltisch.storage.db import make_engine, upgrade

    engine = make_engine(url)
    try:
        upgrade(engine)
    except SQLAlchemyError as error:
        raise UsageError(f"database {hide_password(url)} could not be migrated: {_reason(error)}") from None
    finally:
        engine.dispose()
