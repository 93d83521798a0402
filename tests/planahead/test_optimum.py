"""The exact optimum: checked against an independent best-first enumeration, known values, a
hill-climb, and properties (the land uses the given tiles once each and scores what is claimed)."""

from __future__ import annotations

import heapq
import itertools
import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spieltisch.cli import main
from spieltisch.games.planahead.board import FIELD_COUNT, LINES
from spieltisch.games.planahead.game import draw_tiles
from spieltisch.games.planahead.notation import format_land, parse_land
from spieltisch.games.planahead.optimum import best_land
from spieltisch.games.planahead.scoring import score_land
from spieltisch.games.planahead.tiles import ALL_TILES, VALUES, Direction, Tile

# --- an independent exact method, written without the optimiser's code ----------------------------
# Every land's score is the sum over directions of "which lines are complete, with which kind". So
# list, per direction, every way of giving its lines a kind or nothing, visit the combinations of the
# three directions from the highest total down, and stop at the first one whose field needs the
# tiles can meet (a bipartite matching by augmenting paths). Exact, but only fast when the first
# feasible combination comes early.


def _direction_options(tiles, direction):
    lines = [line for line in LINES if line.direction == direction]
    options = []
    for kinds in itertools.product([None, *VALUES[direction]], repeat=len(lines)):
        used = {}
        for line, kind in zip(lines, kinds, strict=True):
            if kind is not None:
                used[kind] = used.get(kind, 0) + line.length
        if all(sum(t.value(direction) == kind for t in tiles) >= n for kind, n in used.items()):
            total = sum(
                line.length * kind for line, kind in zip(lines, kinds, strict=True) if kind is not None
            )
            options.append((total, tuple(zip(lines, kinds, strict=True))))
    options.sort(key=lambda option: -option[0])
    return options


def _matching(tiles, needs):
    owner = {}  # tile index -> field

    def augment(field, seen):
        for t, tile in enumerate(tiles):
            if t in seen or any(tile.value(d) != k for d, k in needs[field].items()):
                continue
            seen.add(t)
            if t not in owner or augment(owner[t], seen):
                owner[t] = field
                return True
        return False

    if not all(augment(field, set()) for field in range(1, FIELD_COUNT + 1)):
        return None
    land = [None] * FIELD_COUNT
    for t, field in owner.items():
        land[field - 1] = tiles[t]
    return tuple(land)


def brute_force(tiles, max_visits=200_000):
    tiles = sorted(tiles)
    options = [_direction_options(tiles, d) for d in Direction]
    heap = [(-sum(o[0][0] for o in options), (0, 0, 0))]
    seen = {(0, 0, 0)}
    for _ in range(max_visits):
        negative, index = heapq.heappop(heap)
        needs = {field: {} for field in range(1, FIELD_COUNT + 1)}
        for direction, i in zip(Direction, index, strict=True):
            for line, kind in options[direction][i][1]:
                if kind is not None:
                    for field in line.fields:
                        needs[field][direction] = kind
        land = _matching(tiles, needs)
        if land is not None:
            return -negative, land
        for axis in range(3):
            nxt = tuple(i + (axis == a) for a, i in enumerate(index))
            if nxt[axis] < len(options[axis]) and nxt not in seen:
                seen.add(nxt)
                heapq.heappush(heap, (-sum(options[d][nxt[d]][0] for d in range(3)), nxt))
    raise AssertionError("brute force gave up")


def hill_climb(land, rounds=2_000, seed=0):
    """Swaps of two fields that raise the score, from the given land: a local search for a better
    land that must fail when the land is optimal."""
    rng = random.Random(seed)
    land, best = list(land), score_land(tuple(land)).total
    for _ in range(rounds):
        a, b = rng.sample(range(FIELD_COUNT), 2)
        land[a], land[b] = land[b], land[a]
        score = score_land(tuple(land)).total
        if score > best:
            return score
        land[a], land[b] = land[b], land[a]
    return best


def check(tiles, result):
    used = [tile for tile in result.land if tile is not None]
    assert len(used) == FIELD_COUNT
    assert len(set(used)) == FIELD_COUNT
    assert set(used) <= set(tiles)
    assert score_land(result.land).total == result.score


def _tiles(codes: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(code) for code in codes.split())


# Restricted sets: few ways to complete lines, so the independent enumeration is quick.
_ALL_BUT_ROADS = tuple(t for t in ALL_TILES if t.vertical != 9)[:18] + (Tile(9, 7, 8),)
_NO_CANALS = tuple(t for t in ALL_TILES if t.rising != 7)[:18] + (Tile(9, 7, 8),)
_FEW_STONES = tuple(t for t in ALL_TILES if t.falling != 8) + (Tile(1, 2, 8), Tile(9, 7, 8))


@pytest.mark.parametrize(
    "tiles", [_ALL_BUT_ROADS, _NO_CANALS, _FEW_STONES], ids=["roads1", "canals1", "stones2"]
)
def test_matches_brute_force(tiles):
    expected, witness = brute_force(tiles)
    assert score_land(witness).total == expected
    result = best_land(tiles)
    check(tiles, result)
    assert result.score == expected


@pytest.mark.slow
def test_random_draw_matches_brute_force():
    tiles = draw_tiles(3)
    expected, _ = brute_force(tiles)
    result = best_land(tiles)
    check(tiles, result)
    assert result.score == expected == 247


@pytest.mark.parametrize("seed", [0, 5, 6, 8])
def test_random_draws_match_brute_force(seed):
    tiles = draw_tiles(seed)
    expected, witness = brute_force(tiles)
    assert score_land(witness).total == expected
    result = best_land(tiles)
    check(tiles, result)
    assert result.score == expected


def test_order_does_not_matter_and_result_is_deterministic():
    forward, backward = best_land(_NO_CANALS), best_land(reversed(_NO_CANALS))
    assert forward == backward


def test_no_better_land_nearby():
    tiles = draw_tiles(0)
    result = best_land(tiles)
    check(tiles, result)
    assert hill_climb(result.land) == result.score


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(0, 3))
def test_properties(seed, extra):
    tiles = draw_tiles(seed, FIELD_COUNT + extra)
    result = best_land(tiles)
    check(tiles, result)
    # Offering more tiles never lowers the optimum: drop one tile and solve again.
    if extra:
        assert best_land(tiles[:-1]).score <= result.score


@pytest.mark.parametrize("count", [18, 28])
def test_rejects_wrong_count(count):
    tiles = (ALL_TILES * 2)[:count]
    with pytest.raises(ValueError):
        best_land(tiles)


def test_rejects_duplicates():
    with pytest.raises(ValueError, match="twice"):
        best_land(ALL_TILES[:18] + ALL_TILES[:1])


# --- command line ----------------------------------------------------------------------------------


def test_cli_json(capsys):
    tiles = _ALL_BUT_ROADS
    assert main(["planahead", "optimum", "--tiles", " ".join(t.code for t in tiles), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"score", "land"}
    assert out["score"] == 223
    land = parse_land(out["land"])
    assert score_land(land).total == 223
    assert set(land) <= set(tiles)


def test_cli_readable(capsys):
    tiles = _ALL_BUT_ROADS
    assert main(["planahead", "optimum", "--tiles", " ".join(t.code for t in tiles)]) == 0
    assert "223" in capsys.readouterr().out


@pytest.mark.slow
def test_cli_all_tiles():
    out = subprocess.run(
        [sys.executable, "-m", "spieltisch", "planahead", "optimum", "--tiles", "all", "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    # The one 307 run (a few seconds): through the command line, checked like every other result.
    land = parse_land(json.loads(out)["land"])
    assert json.loads(out)["score"] == 307
    assert score_land(land).total == 307
    assert len(set(land)) == FIELD_COUNT and None not in land


@pytest.mark.parametrize(
    "tiles",
    [
        " ".join(t.code for t in ALL_TILES[:18]),  # too few
        " ".join(t.code for t in ALL_TILES[:18]) + " 111",  # bad notation
        " ".join(t.code for t in ALL_TILES[:18]) + " " + ALL_TILES[0].code,  # duplicate
        "963 x",
    ],
)
def test_cli_bad_input(tiles, capsys):
    assert main(["planahead", "optimum", "--tiles", tiles, "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("spieltisch: error: ")
    assert captured.err.count("\n") == 1


def test_format_round_trip():
    result = best_land(_ALL_BUT_ROADS)
    assert parse_land(format_land(result.land)) == result.land
