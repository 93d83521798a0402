"""Command line: planahead."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction) -> None:
    commands.add_parser("planahead", help="(not yet built)")
