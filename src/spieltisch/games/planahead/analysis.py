"""Where a Plan Ahead game was won or lost: every tile's field weighed against the best field, as the
strong computer player estimates them knowing only what the player knew then.

    analyse(tiles, fields) -> GameAnalysis   # tiles in draw order, fields 1..19 where each was laid

For each move, the expected final score of a field is the score the land has before the tile, plus
what the strong level's search expects it to bring: the points the tile completes there, plus the
mean over every tile that may come next of the best the land can then do (and, two tiles deep, the
one after it), valued by the strong level's learned value of what is still to come. A one-tile
search over every free field picks the best few; those and the player's field are weighed by the
two-tile search, so the chosen field and the best one are measured with the same yardstick. The
rules score a land as its 180° turn, the learned value not quite: every estimate is the mean of the
land's and its turn's. The loss of a move is how far its field falls short of the best (never below
0). Nothing that came later enters a move's figures: the tiles still to come are those not drawn
yet, as for the player. A whole game takes about 0.6 s (bench/planahead_analysis.py).

Accuracy is the mean, over the moves, of where the chosen field lies between the worst free field
(0) and the best (1): 1.0 for a game the engine would have played itself, about 0.6 for random play;
a move where every field is as good as any other counts 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from spieltisch.games.planahead.board import FIELD_COUNT
from spieltisch.games.planahead.scoring import score_land
from spieltisch.games.planahead.tiles import Tile

#: Losses at or above which a move is called „Ungenau“, „Fehler“ and „Patzer“ (expected points).
INACCURACY, MISTAKE, BLUNDER = 3.0, 8.0, 15.0
#: The fields (besides the player's) the two-tile search weighs (two: as good as three, measured with
#: bench/planahead_analysis.py, for two thirds of the time), and the fields of each next tile it
#: searches (the strong level's own: bots/players.py STRONG_NEXT).
DEEP_FIELDS, DEEP_NEXT = 2, 2


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    turn: int  # 1..19
    tile: str
    field: int  # 1..19: where it was laid
    best_field: int  # 1..19: the engine's best (the lowest field on ties)
    expected: float  # expected final score of `field`, given what was known then
    best_expected: float
    loss: float  # best_expected - expected, rounded; >= 0

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    moves: tuple[MoveAnalysis, ...]
    score: int  # the land's final score
    accuracy: float  # 0..1, see the module's text

    def to_dict(self) -> dict[str, object]:
        return {
            "moves": [move.to_dict() for move in self.moves],
            "score": self.score,
            "accuracy": self.accuracy,
        }


def analyse(tiles: Sequence[Tile], fields: Sequence[int]) -> GameAnalysis:
    """The analysis of a game in which `tiles[i]` was laid on field `fields[i]` (1..19), in order.
    As many fields as tiles (1 to 19 of each; fewer for a game that stopped early). ValueError for
    tiles that repeat, fields out of range or taken twice, or counts that differ."""
    import numpy as np

    from spieltisch.games.planahead.bots import weights
    from spieltisch.games.planahead.bots.geometry import undrawn_mask
    from spieltisch.games.planahead.bots.kernels import deep_some, lookahead_scores

    _check(tiles, fields)
    w = weights.strong()
    cells = np.full(FIELD_COUNT, -1, dtype=np.int8)
    land: list[Tile | None] = [None] * FIELD_COUNT
    moves = []
    shares = []
    for turn, (tile, field) in enumerate(zip(tiles, fields, strict=True)):
        before = score_land(tuple(land)).total
        undrawn = undrawn_mask(tiles[: turn + 1])
        # The rules score a land as its 180° turn; the learned value does not quite: every estimate
        # is the mean of the land's and its turn's (fields numbered column by column: the turn
        # reverses them), so a line played turned — as the computers at a table play every other
        # land — reads as well as it is. First the one-tile search over every free field, then the
        # strong level's two-tile search for the player's field and the best few by the first.
        flipped = np.ascontiguousarray(cells[::-1])
        shallow = (
            before
            + (
                lookahead_scores(w, cells, turn, undrawn, tile.index)
                + lookahead_scores(w, flipped, turn, undrawn, tile.index)[::-1]
            )
            / 2
        )
        weighed = np.zeros(FIELD_COUNT, dtype=np.bool_)
        weighed[np.argsort(-shallow, kind="mergesort")[:DEEP_FIELDS]] = True
        weighed[field - 1] = True
        weighed &= cells < 0
        deep = (
            deep_some(w, cells, turn, undrawn, tile.index, weighed, DEEP_NEXT)
            + deep_some(
                w, flipped, turn, undrawn, tile.index, np.ascontiguousarray(weighed[::-1]), DEEP_NEXT
            )[::-1]
        ) / 2
        expected = np.where(weighed, deep + before, -np.inf)
        worst_shallow = float(shallow[shallow > -np.inf].min())
        best = int(np.argmax(expected))  # the lowest field on ties
        chosen, top = float(expected[field - 1]), float(expected[best])
        worst = min(worst_shallow, chosen)
        shares.append(1.0 if top - worst < 1e-9 else (chosen - worst) / (top - worst))
        moves.append(
            MoveAnalysis(
                turn=turn + 1,
                tile=tile.code,
                field=field,
                best_field=best + 1,
                expected=round(chosen, 1),
                best_expected=round(top, 1),
                loss=round(max(0.0, top - chosen), 1),
            )
        )
        cells[field - 1] = tile.index
        land[field - 1] = tile
    return GameAnalysis(tuple(moves), score_land(tuple(land)).total, round(sum(shares) / len(shares), 2))


def verdict(loss: float) -> str | None:
    """„blunder“, „mistake“, „inaccuracy“ or None for a move's loss (see the thresholds above)."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def _check(tiles: Sequence[Tile], fields: Sequence[int]) -> None:
    if not tiles or len(tiles) > FIELD_COUNT:
        raise ValueError(f"give 1 to {FIELD_COUNT} tiles, got {len(tiles)}")
    if len(fields) != len(tiles):
        raise ValueError(f"give a field for every tile: {len(tiles)} tiles, {len(fields)} fields")
    if len(set(tiles)) != len(tiles):
        raise ValueError("a tile appears twice; every tile exists once")
    for field in fields:
        if not 1 <= field <= FIELD_COUNT:
            raise ValueError(f"field {field} does not exist; fields are 1..{FIELD_COUNT}")
    if len(set(fields)) != len(fields):
        raise ValueError("a field is laid on twice")
