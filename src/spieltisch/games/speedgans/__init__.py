"""Speedgans: rules engine and catalog of every valid city (pure Python; the catalog file is the
only I/O). Rules: shared/spec/speedgans.md. Cells are indexed 0..8 row by row (notation cell 1 =
index 0); edges N=0, E=1, S=2, W=3; rotation r = r quarter turns clockwise.

Modules, one job each:

- ``tiles``     the nine two-sided tiles: ``SIDES[(tile, side)] -> TileSide`` (shape, base arms,
                 watchmen view directions, geese/pretzels/houses/children/dachshunds).
- ``notation``  ``Piece(tile, side, rotation)`` and the immutable ``City(cells)``;
                 ``parse_city(text)`` / ``str(city)``; ``NotationError`` for bad notation;
                 ``city.with_piece(cell, piece)``, ``city.rotated(k)``, ``city.mirrored()``,
                 ``city.empty_cells``, ``city.missing_tiles``, ``piece.rotated()``, ``piece.flipped()``.
- ``city``      ``Layout.of(city)``: ``arms``, ``links`` (per cell: edge -> linked neighbour),
                 ``gates`` (per cell), ``networks``, ``sight(cell, edge)``, ``loop_links``,
                 ``open_arms(cell)``, ``valid`` and ``problems``: ``Problem(kind, message, cells,
                 links, tiles, cell, edge)`` with kind "missing" | "dead_end" (draw ``cell``'s arm on
                 ``edge`` red) | "loop" (``links`` form a ring) | "no_gate" (pulse ``cells`` red).
- ``catching``  ``catch(layout) -> CatchResult(catches, watchmen, geese)``; ``Catch(watchman,
                 goose, distance)`` for the red arrows, ``result.caught`` for the red bows.
- ``tasks``     ``TASKS`` / ``TASK_IDS`` (F1..L6, with ``star``, ``lower_is_better`` (W6),
                 German ``name``); ``task_values(city, strict=False)`` (live, also for incomplete
                 cities; ``strict``: faulty city -> all 0); ``evaluate(city)``;
                 ``allowed_triples(stars=True)``, ``is_allowed_triple``, ``parse_tasks``.
- ``report``    ``report(city, strict=False) -> CityReport`` (valid, problems, tasks, catches,
                 caught; ``to_dict()`` is the CLI's JSON).
- ``fast``      numba kernels: valid lane patterns, per-pattern enumeration of tile classes.
- ``catalog``   ``ensure_catalog(progress, directory) -> Catalog`` (loads
                 ``$SPIELTISCH_DATA_DIR/catalog/speedgans-catalog-v<N>.npz``, default ``./var``,
                 or builds it there with a progress bar if missing/stale). ``Catalog`` gives
                 ``valid_placements``; ``best_value(task)`` ("beste N"), ``worst_value``,
                 ``stats(task)`` (min, max, best_count, histogram); ``task_tenths(task, value)``
                 (0-100 as shown, in tenths), ``solo_score(task, value)`` (unrounded, bots' aims);
                 ``musterstadt(triple) -> Musterstadt(city, tasks, points, sum)`` (best by the sum
                 of rounded points; ties: smallest city notation); ``best_for_weights({task: weight}, n)`` (bots: easy one
                 task, normal two, strong the k-th best of three); ``optimal_codes(triple)`` (every
                 optimal placement class) and ``rat(city, triple) -> RatHint(target, wrong,
                 next_cell, next_piece, kept)`` (over all optimal cities; ties: smallest notation);
                 ``vectors``/``weights``/``codes`` (every distinct 24-value vector, its placement
                 count and smallest placement) for anything else.
- ``points``    the one rounding rule: ``task_tenths(best, worst, value)`` (half up to 0.1),
                 ``city_tenths`` (a city = sum of rounded task points), ``as_points``.
- ``solo``      alone: Rekordjagd, Tagesstadt, Übung and the paid "Rat" (``new(mode, seed, now)``,
                 ``act(state, action, now, catalog)``, ``view``, ``due``, ``on_deadline``, ``result``).
"""

from spieltisch.games.speedgans.catalog import Catalog, ensure_catalog
from spieltisch.games.speedgans.city import Layout, Problem
from spieltisch.games.speedgans.notation import City, NotationError, Piece, parse_city
from spieltisch.games.speedgans.report import CityReport, report
from spieltisch.games.speedgans.tasks import TASK_IDS, TASKS, allowed_triples, is_allowed_triple, task_values

__all__ = [
    "TASKS",
    "TASK_IDS",
    "Catalog",
    "City",
    "CityReport",
    "Layout",
    "NotationError",
    "Piece",
    "Problem",
    "allowed_triples",
    "ensure_catalog",
    "is_allowed_triple",
    "parse_city",
    "report",
    "task_values",
]
