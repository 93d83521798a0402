"""Command line: serve."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction) -> None:
    commands.add_parser("serve", help="(not yet built)")
