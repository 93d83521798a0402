"""Command line: speedgans (score a city, build and query the catalog, the "Rat" hint).

Cells on the command line are numbered 1..9 like the notation (the engine counts 0..8).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from spieltisch.cli.errors import UsageError
from spieltisch.games.speedgans.notation import City, NotationError, parse_city
from spieltisch.games.speedgans.report import report
from spieltisch.games.speedgans.tasks import TASK_IDS, TaskError, is_allowed_triple, parse_tasks
from spieltisch.server.config import default_data_dir


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser("speedgans", help="Speedgans: score cities, build and query the catalog")
    sub = parser.add_subparsers(dest="speedgans_command", required=True)

    score = sub.add_parser("score", help="validity, 24 task values and catches of a city")
    score.add_argument("--city", required=True, help='nine cells, e.g. "1b3 2a0 4a3 9b0 3a0 7a0 5a0 6a0 8a0"')
    score.add_argument("--strict", action="store_true", help='house rule "Streng": a faulty city scores 0')
    score.add_argument("--json", action="store_true", help="print JSON")
    score.set_defaults(handler=_score)

    catalog = sub.add_parser("catalog", help="the catalog of every valid city")
    catalog_sub = catalog.add_subparsers(dest="catalog_command", required=True)
    build = catalog_sub.add_parser("build", help="enumerate every valid placement and write the catalog")
    build.add_argument("--no-progress", action="store_true")
    build.set_defaults(handler=_build)
    stats = catalog_sub.add_parser("stats", help="valid placements and per-task extremes")
    stats.add_argument("--json", action="store_true", help="print JSON")
    stats.set_defaults(handler=_stats)

    muster = sub.add_parser("musterstadt", help="the best city for three tasks")
    muster.add_argument("--tasks", required=True, help="three tasks of three groups, e.g. F1,W2,H3")
    muster.add_argument("--json", action="store_true", help="print JSON")
    muster.set_defaults(handler=_musterstadt)

    rat = sub.add_parser("rat", help='"Rat": the best city closest to a partial city, and the next step')
    rat.add_argument(
        "--city",
        required=True,
        help='nine cells, "." for an empty one, e.g. "1b3 . . . 3a0 . . . ." (an empty text: no tile laid)',
    )
    rat.add_argument("--tasks", required=True, help="three tasks of three groups, e.g. F1,W2,H3")
    rat.add_argument(
        "--json", action="store_true", help='print {"target": city, "next_cell": 1-9 or null, "wrong": [1-9]}'
    )
    rat.set_defaults(handler=_rat)


def _city(text: str, empty_allowed: bool = False) -> City:
    if empty_allowed and not text.strip():
        return City.empty()
    try:
        return parse_city(text)
    except NotationError as error:
        raise UsageError(f"bad city notation: {error}") from None


def _triple(text: str) -> tuple[str, ...]:
    try:
        asked = parse_tasks(text)
    except TaskError as error:
        raise UsageError(str(error)) from None
    if not is_allowed_triple(asked):
        raise UsageError(
            f"not an allowed triple: {','.join(asked)} (three tasks from three different groups)"
        )
    return asked


def _score(args: argparse.Namespace) -> int:
    city = _city(args.city)
    result = report(city, strict=args.strict).to_dict()
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    print(f"city: {city}")
    print("valid: " + ("yes" if result["valid"] else "no"))
    for problem in result["problems"]:  # type: ignore[attr-defined]
        print(f"  problem: {problem['message']}")
    tasks = result["tasks"]
    print("  ".join(f"{t}={tasks[t]}" for t in TASK_IDS))  # type: ignore[index]
    return 0


def _build(args: argparse.Namespace) -> int:
    from spieltisch.games.speedgans.catalog import build

    catalog, path, seconds = build(default_data_dir(), progress=not args.no_progress)
    print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB) in {seconds:.1f} s")
    print(f"valid placements: {catalog.valid_placements}")
    return 0


def _stats(args: argparse.Namespace) -> int:
    from spieltisch.games.speedgans.catalog import ensure_catalog

    catalog = ensure_catalog(True, default_data_dir())
    tasks: dict[str, dict[str, int]] = {}
    for task in TASK_IDS:
        st = catalog.stats(task)
        tasks[task] = {"min": st.min, "max": st.max, "best_count": st.best_count}
    if args.json:
        print(json.dumps({"valid_placements": catalog.valid_placements, "tasks": tasks}))
        return 0
    print(f"valid placements: {catalog.valid_placements}")
    for task, entry in tasks.items():
        print(
            f"{task}: min {entry['min']}, max {entry['max']}, best reached by {entry['best_count']} placements"
        )
    return 0


def _musterstadt(args: argparse.Namespace) -> int:
    asked = _triple(args.tasks)
    from spieltisch.games.speedgans.catalog import ensure_catalog

    result = ensure_catalog(True, default_data_dir()).musterstadt(asked)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
        return 0
    print(f"Musterstadt: {result.city}")
    for (task, value), points in zip(result.tasks.items(), result.points, strict=True):
        print(f"  {task}: {value} ({points:.1f} points)")
    print(f"  sum: {result.sum:.1f}")
    return 0


def _rat(args: argparse.Namespace) -> int:
    city = _city(args.city, empty_allowed=True)
    asked = _triple(args.tasks)
    from spieltisch.games.speedgans.catalog import ensure_catalog

    hint = ensure_catalog(True, default_data_dir()).rat(city, asked)
    data: dict[str, Any] = {
        "target": str(hint.target),
        "next_cell": None if hint.next_cell is None else hint.next_cell + 1,
        "wrong": [cell + 1 for cell in hint.wrong],
    }
    if args.json:
        print(json.dumps(data))
        return 0
    print(f"target: {hint.target}  (keeps {hint.kept} of the laid tiles)")
    if hint.wrong:
        print("wrong: " + ", ".join(f"cell {cell} ({city.cells[cell - 1]})" for cell in data["wrong"]))
    if hint.next_cell is None:
        print("next: nothing, the city is the target")
    else:
        print(f"next: cell {data['next_cell']} <- {hint.next_piece}")
    return 0
