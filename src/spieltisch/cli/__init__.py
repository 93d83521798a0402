"""The one command line: `spieltisch` (also `python -m spieltisch`).

Each area registers its own sub-commands, so the game rules, the server and the tools stay apart.
Exit codes: 0 success, 1 a failure while running, 2 bad input (argparse uses 2 as well).
"""

from __future__ import annotations

import argparse
import sys

from spieltisch.cli import admin, backup, planahead, serve, speedgans
from spieltisch.cli.errors import UsageError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="spieltisch", description="Spieltisch: Plan Ahead and Speedgans")
    commands = parser.add_subparsers(dest="command", required=True)
    serve.register(commands)
    planahead.register(commands)
    speedgans.register(commands)
    admin.register(commands)
    backup.register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except UsageError as error:
        print(f"spieltisch: error: {error}", file=sys.stderr)
        return 2
