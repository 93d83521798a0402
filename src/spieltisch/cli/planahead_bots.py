"""Command line: placeholder, filled in by its own work."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    """Adds this module's `planahead` sub-commands."""
