"""Command line: `spieltisch planahead analyse --tiles "T1 … T19" --fields "F1 … F19" [--json]` — where
a game was won or lost, move by move (games/planahead/analysis.py)."""

from __future__ import annotations

import argparse
import json

from spieltisch.cli.errors import UsageError
from spieltisch.games.planahead.analysis import GameAnalysis, analyse, verdict
from spieltisch.games.planahead.notation import parse_tiles
from spieltisch.games.planahead.tiles import NotationError

#: How the table names a costly move.
VERDICTS = {"inaccuracy": "?! inaccuracy", "mistake": "? mistake", "blunder": "?? blunder"}


def register(sub: argparse._SubParsersAction) -> None:
    """Adds this module's `planahead` sub-command."""
    parser = sub.add_parser(
        "analyse", help="each move's loss against the best field, as the strong engine sees it"
    )
    parser.add_argument("--tiles", required=True, help='the tiles in draw order, e.g. "963 124 …" (1 to 19)')
    parser.add_argument("--fields", required=True, help='where each was laid, fields 1..19, e.g. "7 12 …"')
    parser.add_argument("--json", action="store_true", help='print {"moves": […], "score": N, "accuracy": A}')
    parser.set_defaults(handler=_analyse)


def _fields(text: str) -> list[int]:
    try:
        return [int(entry) for entry in text.split()]
    except ValueError:
        raise UsageError(f"fields are numbers 1..19 separated by spaces, got {text!r}") from None


def _analyse(args: argparse.Namespace) -> int:
    try:
        tiles = parse_tiles(args.tiles)
        result = analyse(tiles, _fields(args.fields))
    except (NotationError, ValueError) as error:
        raise UsageError(str(error)) from None
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        _print_table(result)
    return 0


def _print_table(result: GameAnalysis) -> None:
    print(f"{'turn':>4} {'tile':>4} {'field':>5} {'best':>4} {'expected':>8} {'best exp.':>9} {'loss':>5}")
    for move in result.moves:
        note = VERDICTS.get(verdict(move.loss) or "", "")
        print(
            f"{move.turn:>4} {move.tile:>4} {move.field:>5} {move.best_field:>4} "
            f"{move.expected:>8.1f} {move.best_expected:>9.1f} {move.loss:>5.1f}  {note}".rstrip()
        )
    total = sum(move.loss for move in result.moves)
    print(f"score {result.score} · total loss {total:.1f} · accuracy {result.accuracy:.0%}")
