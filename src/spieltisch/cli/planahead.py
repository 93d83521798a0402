"""Command line: `spieltisch planahead …` — scoring, optimum, analysis, bot benchmark."""

from __future__ import annotations

import argparse
import json

from spieltisch.cli import planahead_analysis, planahead_bots, planahead_optimum
from spieltisch.cli.errors import UsageError
from spieltisch.games.planahead.notation import parse_land
from spieltisch.games.planahead.scoring import score_land
from spieltisch.games.planahead.tiles import NotationError


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("planahead", help="Plan Ahead tools")
    sub = parser.add_subparsers(dest="planahead_command", required=True)

    score = sub.add_parser("score", help="score a land given in notation")
    score.add_argument("--land", required=True, help='19 entries for fields 1..19, e.g. "963 . 124 ..."')
    score.add_argument("--json", action="store_true", help="print {score, lines} as JSON")
    score.set_defaults(handler=_score)

    planahead_optimum.register(sub)
    planahead_analysis.register(sub)
    planahead_bots.register(sub)


def _score(args: argparse.Namespace) -> int:
    try:
        land = parse_land(args.land)
    except NotationError as error:
        raise UsageError(str(error)) from None
    result = score_land(land)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.total)
    return 0
