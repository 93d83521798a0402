"""Moments the server-less table tests share: their fake clocks are plain numbers that start at T0."""

from __future__ import annotations

import datetime as dt

from spieltisch.server.puzzles import PUZZLE_ZONE

#: Noon on 30 November 2026 in the puzzles' zone (the day of the puzzle "2026-11-30").
T0 = dt.datetime(2026, 11, 30, 12, tzinfo=PUZZLE_ZONE).timestamp()
