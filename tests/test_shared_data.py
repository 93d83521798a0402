"""Data that both the engines (Python) and the browser client (JS) hold must agree: the Speedgans
tile table, Plan Ahead's route kinds, the settings' choices and defaults. Node reads the client's own
modules; a difference fails here rather than as a wrong drawing in front of a player."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from spieltisch.games.planahead import game as planahead
from spieltisch.games.planahead.tiles import KINDS, VALUES
from spieltisch.games.speedgans import rounds
from spieltisch.games.speedgans.tiles import SIDES

JS = Path(__file__).resolve().parent.parent / "src" / "spieltisch" / "web" / "js"

DUMP = """
const tiles = await import("./speedgans/tiles.js");
const settings = await import("./speedgans/settings.js");
const geometry = await import("./planahead/geometry.js");
const planahead = await import("./planahead/choices.js");
const sides = {};
for (let tile = 1; tile <= 9; tile++) for (const side of ["a", "b"]) {
  const info = tiles.sideInfo(tile, side);
  sides[`${tile}${side}`] = {
    arms: [0, 1, 2, 3].map((r) => tiles.arms(tile, side, r)),
    counts: tiles.figureCounts(tile, side),
    watchmen: info.figures.filter((f) => f[0] === "watchman").map((f) => f[3]),
  };
}
console.log(JSON.stringify({
  sides,
  kinds: geometry.KINDS,
  planaheadClocks: planahead.CLOCKS,
  planaheadPaces: planahead.BOT_PACES,
  speedgansDefaults: settings.defaultSettings(),
  speedgansClocks: settings.SG_CLOCKS,
  hourglass: settings.SG_HOURGLASS,
}));
"""


@pytest.fixture(scope="module")
def client() -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (scripts/test.sh installs it)")
    out = subprocess.run(
        [node, "--input-type=module", "-e", DUMP], cwd=JS, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_speedgans_tile_sides_agree(client):
    counts = {
        "goose": "geese",
        "pretzel": "pretzels",
        "house": "houses",
        "child": "children",
        "dachshund": "dachshunds",
    }
    assert set(client["sides"]) == {side.name for side in SIDES.values()}
    for side in SIDES.values():
        drawn = client["sides"][side.name]
        assert drawn["arms"] == [list(side.arms(r)) for r in range(4)], side.name
        assert drawn["watchmen"] == list(side.watchmen), side.name
        assert drawn["counts"]["watchman"] == len(side.watchmen), side.name
        for kind, attribute in counts.items():
            assert drawn["counts"][kind] == getattr(side, attribute), (side.name, kind)


def test_plan_ahead_route_kinds_agree(client):
    assert {int(value) for value in client["kinds"]} == set(KINDS)
    for value, (_, _, key) in KINDS.items():
        drawn = client["kinds"][str(value)]
        assert drawn["key"] == key
        assert value in VALUES[next(d for d in VALUES if d.name.lower() == drawn["dir"])]


def test_settings_choices_and_defaults_agree(client):
    assert client["planaheadClocks"] == list(planahead.TURN_CLOCK_CHOICES)
    assert client["planaheadPaces"] == list(planahead.BOT_PACES)
    assert client["planaheadPaces"][0] == planahead.Settings().bot_pace  # the lobby's default
    assert client["speedgansDefaults"] == rounds.Settings().to_dict()
    assert sorted(client["speedgansClocks"], key=lambda c: c or 1e9) == sorted(
        rounds.TURN_CLOCK_CHOICES, key=lambda c: c or 1e9
    )
    assert client["hourglass"] == list(rounds.HOURGLASS_CHOICES)


def test_plan_ahead_lines_worked_out_in_the_browser_agree_with_the_engine():
    """The views carry lands only: the board's line ends come from the client's own `linesOf`."""
    import random

    from spieltisch.games.planahead.board import FIELD_COUNT
    from spieltisch.games.planahead.notation import format_land
    from spieltisch.games.planahead.scoring import score_land
    from spieltisch.games.planahead.tiles import ALL_TILES

    rng = random.Random(7)
    lands = []
    for _ in range(200):
        tiles = rng.sample(ALL_TILES, rng.randint(0, FIELD_COUNT))
        fields = rng.sample(range(FIELD_COUNT), len(tiles))
        land: list = [None] * FIELD_COUNT
        for field, tile in zip(fields, tiles, strict=True):
            land[field] = tile
        lands.append(tuple(land))
    script = (
        'const { linesOf } = await import("./planahead/lines.js");'
        "const lands = JSON.parse(process.argv[1]);"
        "console.log(JSON.stringify(lands.map((land) => linesOf(land))));"
    )
    codes = [[None if code == "." else code for code in format_land(land).split()] for land in lands]
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script, json.dumps(codes)],
        cwd=JS,
        capture_output=True,
        text=True,
        check=True,
    )
    for land, drawn in zip(lands, json.loads(out.stdout), strict=True):
        expected = score_land(land).lines
        assert len(drawn) == len(expected) == 15
        for line, score in zip(drawn, expected, strict=True):
            assert line["fields"] == list(score.line.fields)
            assert line["direction"] == score.line.direction.name.lower()
            assert (line["state"], line["value"], line["points"]) == (
                score.state.value,
                score.value,
                score.points,
            )
            if score.state.value == "open":
                assert line["potential"] == score.potential
