"""Replays: a finished game run again from its log of moves (server/game_log.py) through its own
engine, and shown as its rules' frames (docs/history.md). A replay reproduces the game exactly: the
engines are pure functions of the state, the move and the time."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from typing import Any

from spieltisch.server import game_log
from spieltisch.server.rules.base import GameRules
from spieltisch.storage.models import GameLog


def moments(rules: GameRules[Any, Any], row: GameLog) -> Iterator[tuple[float, Any]]:
    """The game's state at its start and after every entry of its log, with the entry's time."""
    # (without the table's own mark a private table's log keeps: no engine knows it)
    settings = {key: value for key, value in row.settings.items() if key != "private"}
    state = rules.new(settings, len(row.players), int(row.seed), row.started)
    yield row.started, state
    for entry in row.log:
        kind, at = entry[0], entry[1]
        if kind == "move":
            seat, by_bot, name, *fields = entry[2:]
            action = game_log.action_of(rules, name, fields)
            state = rules.act(state, seat, action, at, by_bot=bool(by_bot))
        elif kind == "deadline":
            state = rules.on_deadline(state, at)
        elif kind == "abandon":
            state = rules.abandon(state, entry[2], at)
        else:
            raise ValueError(f"unknown log entry {kind!r}")
        yield at, state


def final_state(rules: GameRules[Any, Any], row: GameLog) -> Any:
    """The state the game's log leads to (a replay's end: it equals the recorded game's)."""
    *_, (_, state) = moments(rules, row)
    return state


def replay(
    games: Mapping[str, GameRules[Any, Any]],
    row: GameLog,
    *,
    analysed: bool = True,
    noted: list[dict[str, Any] | None] | None = None,
) -> dict[str, Any] | None:
    """The replay of a logged game (docs/history.md), or None where its kind has none; `analysed`:
    with each seat's move-by-move analysis, where the game has one (costly: a check that only runs
    games again leaves it out), the one `noted` in the game's record if it is there already."""
    rules = games.get(row.game)
    if rules is None:
        return None
    states = list(moments(rules, row))
    shown = rules.replay(iter(states))
    if shown is None:
        return None
    if "final" in shown:
        # Who played whose seat besides him (a computer standing in, the clock), as the end said it.
        last = states[-1][1]
        notes = [
            None if p.get("bot") else rules.played_for(last, i).note() for i, p in enumerate(row.players)
        ]
        shown = {**shown, "final": {**shown["final"], "played_for": notes}}
    people = [not player.get("bot") for player in row.players]
    found = (
        noted if noted is not None else rules.analysis(states[-1][1], people) if analysed and states else None
    )
    if found is not None:
        shown = {**shown, "analysis": found}
    ended = row.log[-1][1] if row.log else row.started
    return {
        "id": row.game_id,
        "game": row.game,
        "table": row.table_id,
        "settings": row.settings,
        "players": row.players,
        "started_at": datetime.fromtimestamp(row.started, UTC).isoformat(),
        "seconds": round(ended - row.started, 3),
        **shown,
    }
