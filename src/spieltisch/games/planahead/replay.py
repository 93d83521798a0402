"""A finished Plan Ahead game looked back on (docs/history.md): its replay, a frame per tile from its
states as its log is run again, and each person's move-by-move analysis (analysis.py). Pure
functions of the states, for a table's game and a Rätsel attempt alike.

    replay(moments) -> {"frames": [...], "final": {...}}
    analyses(game, people) -> [{"moves": [...], "score": …, "accuracy": …} | None, ...]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from spieltisch.games.planahead.analysis import GameAnalysis, analyse, verdict
from spieltisch.games.planahead.game import Game
from spieltisch.games.planahead.notation import Land, format_land
from spieltisch.games.planahead.scoring import land_points


def replay(moments: Iterable[tuple[float, Game]]) -> dict[str, Any]:
    """A game's replay from the time of each accepted change and the state after it (the first: the
    start): its tile frames, and the final scores and places (a Rätsel's one seat: place 1)."""
    frames, last = tile_frames(moments)
    return {"frames": frames, "final": {"scores": list(last.scores()), "ranking": list(last.ranking())}}


def tile_frames(moments: Iterable[tuple[float, Game]]) -> tuple[list[dict[str, Any]], Game]:
    """A replay's frames, one per tile once every seat has placed it (every land as it was then:
    only the tiles drawn so far), and the last state."""
    frames: list[dict[str, Any]] = []
    start: float | None = None
    for at, state in moments:
        start = at if start is None else start
        while len(frames) < state.turn:
            turn = len(frames)
            drawn = set(state.draw[: turn + 1])
            seats = []
            for seat in state.seats:
                land = tuple(tile if tile in drawn else None for tile in seat.land)
                seats.append(
                    {
                        "land": format_land(land),
                        "score": land_points(land),
                        "clock_placed": sorted(f for f in seat.clock_placed if land[f - 1] is not None),
                        "computer_placed": sorted(f for f in seat.computer_placed if land[f - 1] is not None),
                    }
                )
            frames.append(
                {"turn": turn, "tile": state.draw[turn].code, "at": round(at - start, 3), "seats": seats}
            )
    return frames, state


def analyses(state: Game, people: Sequence[bool] | None = None) -> list[dict[str, Any] | None]:
    """Each seat's move-by-move analysis (analysis.py), every move marked with its verdict: a pure
    function of the finished game (some 30 ms a seat), so it is worked out with the replay rather
    than stored beside it. A land left unfinished (a Rätsel whose time ran out) is analysed up to
    its first tile not laid. `people`: which seats are a person's (the others: None)."""
    found: list[dict[str, Any] | None] = []
    for index, seat in enumerate(state.seats):
        if people is not None and not (index < len(people) and people[index]):
            found.append(None)  # a computer's seat: its moves are the engine's own
            continue
        result = _analysed(state, seat.land)
        moves = [{**move.to_dict(), "verdict": verdict(move.loss)} for move in result.moves]
        found.append({"moves": moves, "score": result.score, "accuracy": result.accuracy if moves else None})
    return found


def noted_analysis(state: Game, people: Sequence[bool]) -> dict[str, Any]:
    """What a record keeps of the move analysis: each seat's (`analyses`) and each person's average
    loss per tile (None: a computer's seat, or a land without a tile)."""
    found = analyses(state, people)
    losses = [
        round(sum(m["loss"] for m in seat["moves"]) / len(seat["moves"]), 2)
        if seat and seat["moves"]
        else None
        for seat in found
    ]
    return {"analysis": found, "loss_per_tile": losses}


def _analysed(state: Game, land: Land) -> GameAnalysis:
    """A land's analysis up to its first tile not laid (none laid: no moves)."""
    fields = []
    for tile in state.draw:
        if tile not in land:
            break
        fields.append(land.index(tile) + 1)
    if not fields:
        return GameAnalysis((), 0, 1.0)
    return analyse(state.draw[: len(fields)], fields)
