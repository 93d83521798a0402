"""Command line: speedgans."""

from __future__ import annotations

import argparse


def register(commands: argparse._SubParsersAction) -> None:
    commands.add_parser("speedgans", help="(not yet built)")
