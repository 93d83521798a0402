"""What Speedgans screens are shown, at a table and alone: a city's report, the task cards, a city's
points, the Musterstadt, and each seat's view of a table's game (what the rules hide, hidden).

Wire format: docs/protocol-speedgans.md. The table's flow is in rounds.py, a solo run's in solo.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import orjson

from spieltisch.games.speedgans.notation import City, parse_city
from spieltisch.games.speedgans.points import as_points, city_tenths
from spieltisch.games.speedgans.report import report
from spieltisch.games.speedgans.rounds import Game, Phase
from spieltisch.games.speedgans.tasks import TASK_BY_ID, task_values

if TYPE_CHECKING:
    from spieltisch.games.speedgans.catalog import Catalog


def report_view(city_text: str, strict: bool) -> dict[str, Any]:
    """A city's report as views show it (validity, problems, task values, catches, caught geese)."""
    view: dict[str, Any] = orjson.loads(_report_text(city_text, strict))  # each view its own
    return view


@lru_cache(maxsize=4096)
def _report_text(city_text: str, strict: bool) -> str:
    # Views are computed for every watcher on every change; a city's report depends on it alone.
    # Remembered as text: thousands of remembered reports as dicts and lists would be walked by
    # every garbage collection (and stall the server), one string each is not.
    result = report(parse_city(city_text), strict)
    data = result.to_dict()
    data["caught"] = [{"cell": goose.cell, "index": goose.index} for goose in result.caught]
    return orjson.dumps(data).decode()


def task_card(task_id: str, catalog: Catalog | None) -> dict[str, Any]:
    """A task as its card shows it, with the best and worst value any valid city reaches (the
    catalog's; None without one)."""
    task = TASK_BY_ID[task_id]
    best, worst = _task_bounds(catalog, task_id) if catalog is not None else (None, None)
    return {
        "id": task.id,
        "name": task.name,
        "star": task.star,
        "lower_is_better": task.lower_is_better,
        "best": best,
        "worst": worst,
    }


@lru_cache(maxsize=512)
def _task_bounds(catalog: Catalog, task: str) -> tuple[int, int]:
    return catalog.best_value(task), catalog.worst_value(task)


def city_points(catalog: Catalog, tasks: tuple[str, ...], city: City) -> dict[str, Any]:
    """A finished city's value in each task, its solo points per task and their sum (points.py)."""
    values = task_values(city)
    tenths = [catalog.task_tenths(task, values[task]) for task in tasks]
    return {
        "values": {task: values[task] for task in tasks},
        "points": [as_points(x) for x in tenths],
        "sum": as_points(city_tenths(tenths)),
    }


@lru_cache(maxsize=1024)
def musterstadt_view(catalog: Catalog, tasks: tuple[str, ...]) -> dict[str, Any]:
    """The best city for the tasks (the Musterstadt; „Ein Auftrag“: the best city of that one task),
    with its values, points and catches (drawn like any city, red arrows and all)."""
    if len(tasks) == 3:
        data = catalog.musterstadt(tasks).to_dict()
    else:
        (city, _), *_ = catalog.best_for_weights(dict.fromkeys(tasks, 1.0), 1)
        scored = city_points(catalog, tasks, city)
        data = {
            "city": str(city),
            "tasks": scored["values"],
            "points": scored["points"],
            "sum": scored["sum"],
        }
    return {**data, "report": report_view(str(data["city"]), False)}


# A table's game ------------------------------------------------------------------------------------
#: What a round's history keeps for the records only (replay.py `rounds_analysis`).
_RECORDS_ONLY = ("cities", "seconds")


def seat_view(game: Game, seat: int | None, catalog: Catalog | None = None) -> dict[str, Any]:
    """What one seat may see (None: a spectator). Before the scoring nothing of another city but
    its tile count, lock and marker; the catalog adds "beste N" and the Musterstadt."""
    return seat_views(game, [seat], catalog)[seat]


def seat_views(
    game: Game, seats: Iterable[int | None], catalog: Catalog | None = None
) -> dict[int | None, dict[str, Any]]:
    """`seat_view` for several seats: what they see alike is worked out once."""
    revealed = game.phase in (Phase.SCORED, Phase.FINISHED)
    strict = game.settings.strict and revealed
    entries = []
    for state in game.seats:
        entry: dict[str, Any] = {
            "points": state.points,
            "round_points": state.round_points if revealed else None,
            "tiles": state.tiles,
            "done": state.done,
            "marker": state.marker,
            "ready": state.ready,
            "computer_rounds": list(state.computer_rounds),
        }
        if revealed:
            text = str(state.city)
            # Once scored: what each city brought (Streng).
            entry["city"] = text
            entry["report"] = report_view(text, strict)
        entries.append(entry)
    shared = {
        "phase": game.phase.value,
        "round": game.round,
        "target": game.target,
        "tasks": [task_card(task_id, catalog) for task_id in game.tasks],
        "reading_ends": game.reading_ends,
        "building_ends": game.building_ends,
        "hourglass_ends": game.hourglass_ends,
        "next_round_at": game.next_round_at,
        "results": game.results if revealed else None,
        "musterstadt": musterstadt_view(catalog, game.tasks) if revealed and catalog is not None else None,
        "ranking": list(game.ranking()) if game.phase is Phase.FINISHED else None,
        # (without each round's cities: the records' analysis reads them, no screen does)
        "history": [{k: v for k, v in played.items() if k not in _RECORDS_ONLY} for played in game.history],
    }
    views: dict[int | None, dict[str, Any]] = {}
    alike = {**shared, "seats": entries}  # (once scored every seat sees this: one object for all)
    for seat in set(seats):
        if revealed or seat is None or not 0 <= seat < len(game.seats):
            views[seat] = alike
            continue
        # While building: one's own city and the values of what lies in it (live).
        text = str(game.seats[seat].city)
        seen = list(entries)
        seen[seat] = {**entries[seat], "city": text, "report": report_view(text, False)}
        views[seat] = {**shared, "seats": seen}
    return views
