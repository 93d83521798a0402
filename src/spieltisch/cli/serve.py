"""Command line: `spieltisch serve` — run the web server."""

from __future__ import annotations

import argparse
import dataclasses

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
    import os

    import uvicorn

    from spieltisch.server.config import ServerConfig

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
    if args.workers > 1 and not config.redis_url:
        raise UsageError("several workers share live tables through Redis: give --redis-url")
    # Workers are separate processes: they read their settings from the environment.
    os.environ["SPIELTISCH_DATABASE_URL"] = config.database_url
    if config.redis_url:
        os.environ["SPIELTISCH_REDIS_URL"] = config.redis_url
    print(
        f"Spieltisch on http://{args.host}:{args.port}  (records: {config.database_url}, "
        f"live tables: {'Redis ' + config.redis_url if config.redis_url else 'in this process'})"
    )
    uvicorn.run(
        "spieltisch.server.asgi:app",
        host=args.host,
        port=args.port,
        workers=args.workers,
        ws_max_size=65536,
        log_level="info",
        factory=False,
    )
    return 0
