"""The move-by-move analysis in a replay, in real browsers: each tile's move against the engine's
best field (the line under the land, the best field ringed on the board), the bar of losses over the
game that steps to a tile, and the accuracy — as the server's analysis says, on a desktop and a phone."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import expect
from tests.browser.boxes import inside_the_window
from tests.browser.pages import pick_nickname
from tests.server.player_client import Client
from tests.server.solo_play import play_tiles, solo_table, wait_for

pytestmark = pytest.mark.browser


def a_game(url: str) -> tuple[str, str]:
    """A Plan Ahead game of one seat, every tile on the first free field: costly moves to show. Its
    id and its player's."""
    ann = Client(url, "Ann")
    play_tiles(ann, solo_table(ann), 19)
    return ann.table_until(lambda t: "game_id" in (t["game"] or {}), timeout=30)["game"][
        "game_id"
    ], ann.player["id"]


def test_a_replay_shows_each_moves_cost_and_the_best_field(live_server, new_page, shots):
    game_id, ann = a_game(live_server)
    analysis = httpx.get(f"{live_server}/api/replays/{game_id}", timeout=60).json()["analysis"][0]
    moves = analysis["moves"]
    costly = next(
        i for i, move in enumerate(moves) if move["loss"] > 0 and move["best_field"] != move["field"]
    )

    page = new_page("desktop")
    page.goto(f"{live_server}/replay/{game_id}")
    pick_nickname(page, "Vera")
    expect(page.get_by_test_id("losses-0").locator("button")).to_have_count(19)
    page.get_by_test_id("losses-0").locator("button").nth(costly).click()  # a bar steps to its tile
    expect(page.get_by_test_id("replay")).to_have_attribute("data-index", str(costly))
    line = page.get_by_test_id("move-0")
    assert float(line.get_attribute("data-loss")) == moves[costly]["loss"]
    expect(line).to_contain_text(f"Feld {moves[costly]['field']}")
    expect(line).to_contain_text(f"besser Feld {moves[costly]['best_field']}")
    board = page.get_by_test_id("board-0")
    expect(board.locator('[data-best="true"]')).to_have_attribute(
        "data-field", str(moves[costly]["best_field"])
    )
    page.screenshot(path=str(shots / "replay-analysis-desktop.png"))
    page.keyboard.press("End")
    expect(page.get_by_test_id("accuracy-0")).to_have_text(
        f"Genauigkeit {round(analysis['accuracy'] * 100)} %"
    )

    # Ann's page: the trend of her moves, this game's average loss per tile (noted in the record when
    # the server's background thread has had time for it).
    wait_for(lambda: httpx.get(f"{live_server}/api/players/{ann}/history").json()["move_trend"], timeout=60)
    page.goto(f"{live_server}/spieler/{ann}")
    expect(page.get_by_test_id("move-trend")).to_have_attribute("data-games", "1")
    per_tile = round(sum(move["loss"] for move in moves) / len(moves), 2)
    expect(page.get_by_test_id("trend-summary")).to_contain_text(f"{per_tile:.1f}".replace(".", ","))

    for size in ((390, 844), (360, 740)):
        phone = new_page("phone")
        phone.set_viewport_size({"width": size[0], "height": size[1]})
        phone.goto(f"{live_server}/replay/{game_id}")
        pick_nickname(phone, f"Pia {size[0]}")
        expect(phone.get_by_test_id("move-0")).to_have_text(re.compile(r"^Feld \d+"))
        inside_the_window(phone, ["move-0", "losses-0", "replay-slider"])
        phone.screenshot(path=str(shots / f"replay-analysis-phone-{size[0]}.png"))
        assert not phone.errors
    assert not page.errors
