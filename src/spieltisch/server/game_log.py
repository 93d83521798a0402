"""The log of a game's accepted moves: every change the game's engine accepted, in order, on the
server's clock — enough to run the game again (a replay, server/replays.py).

An entry is a plain JSON list:
- `["move", t, seat, by_bot, name, *fields]`: a seat's move (`name` its class in the rules' `actions`,
  then its fields in order; `by_bot` 1 for a computer's move, which the rules treat apart);
- `["deadline", t]`: the game's clock passed a deadline at `t`;
- `["abandon", t, seat]`: the game went on without the seat.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from spieltisch.server.rules.base import GameRules

Entry = list[Any]


def move(now: float, seat: int, action: object, by_bot: bool) -> Entry:
    values = [getattr(action, f.name) for f in dataclasses.fields(action)]  # type: ignore[arg-type]
    return ["move", now, seat, int(by_bot), type(action).__name__, *(_plain(v) for v in values)]


def deadline(now: float) -> Entry:
    return ["deadline", now]


def abandon(now: float, seat: int) -> Entry:
    return ["abandon", now, seat]


def action_of(rules: GameRules[Any, Any], name: str, fields: list[Any]) -> object:
    """The move a log entry names, as the rules' own class (ValueError for one the rules lack)."""
    for kind in rules.actions:
        if kind.__name__ == name:
            return kind(*(tuple(v) if isinstance(v, list) else v for v in fields))
    raise ValueError(f"{rules.name} has no move {name!r}")


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value
