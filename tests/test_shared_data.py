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
    assert client["speedgansDefaults"] == rounds.Settings().to_dict()
    assert sorted(client["speedgansClocks"], key=lambda c: c or 1e9) == sorted(
        rounds.TURN_CLOCK_CHOICES, key=lambda c: c or 1e9
    )
    assert client["hourglass"] == list(rounds.HOURGLASS_CHOICES)
