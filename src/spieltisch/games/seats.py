"""Seat bookkeeping both game engines share. Their games are frozen dataclasses with a tuple of
seats; a move reads one seat (checked) and returns the game with that seat replaced."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar

from spieltisch.games.errors import ErrorCode, RuleError

S = TypeVar("S")
G = TypeVar("G")


def checked_seat(seats: tuple[S, ...], seat: int, game_over: bool) -> S:
    """Seat number `seat`, or RuleError when the game is over or there is no such seat."""
    if game_over:
        raise RuleError(ErrorCode.GAME_OVER, "the game is over")
    if not 0 <= seat < len(seats):
        raise RuleError(ErrorCode.BAD_SEAT, f"there is no seat {seat}")
    return seats[seat]


def with_seat(game: G, index: int, seat: Any) -> G:
    """`game` with seat number `index` replaced by `seat`."""
    seats = game.seats  # type: ignore[attr-defined]
    return replace(game, seats=seats[:index] + (seat,) + seats[index + 1 :])  # type: ignore[type-var]
