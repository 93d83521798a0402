"""The move-by-move analysis in a replay, in real browsers: each tile's move against the engine's
best field (the line under the land, the best field ringed on the board), the bar of losses over the
game that steps to a tile, and the accuracy — as the server's analysis says, on a desktop and a phone."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

import httpx
import pytest
from playwright.sync_api import expect
from tests.browser.boxes import inside_the_window
from tests.browser.pages import phone, pick_nickname
from tests.browser.socket_games import plan_ahead_game
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
    per_tile = round(sum(move["loss"] for move in moves) / len(moves), 2)  # (as the server notes it)
    # The page rounds the two decimals it is sent half up (toLocaleString), as Decimal does here:
    # 9.35 reads „9,4“ (a float's format would say 9.3: 9.35 is 9.3499… in binary).
    shown = Decimal(str(per_tile)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    expect(page.get_by_test_id("trend-summary")).to_contain_text(str(shown).replace(".", ","))

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


def test_every_land_of_a_replay_is_the_same_size_on_a_phone(live_server, browser, shots):
    """A person's land has the analysis (the move line, the bars); the computer's has none, and its
    board took that room: on a phone the two boards differed in size. Now each is drawn alike."""
    end = plan_ahead_game(live_server)  # Ria (a person, seat 0) against an easy computer
    for width, height in ((390, 844), (360, 740)):
        page = phone(browser, width, height)
        try:
            page.goto(f"{live_server}/replay/{end['game']['game_id']}")
            pick_nickname(page, f"Pia {width}")
            expect(page.get_by_test_id("losses-0").locator("button")).to_have_count(19)
            expect(page.get_by_test_id("losses-1")).to_have_count(0)  # the computer's moves: not weighed
            for step in (9, 18):  # a middle tile (the move line), the last (the score by line too)
                page.get_by_test_id("losses-0").locator("button").nth(step).click()
                expect(page.get_by_test_id("replay")).to_have_attribute("data-index", str(step))
                expect(page.get_by_test_id("move-0")).to_be_visible()
                # the drawn land (its outline: a field's box grows with the ring of the step's tile)
                sizes = [
                    page.get_by_test_id(f"board-{seat}").locator("polygon.pa-land").bounding_box()
                    for seat in (0, 1)
                ]
                assert sizes[0] and sizes[1]
                assert abs(sizes[0]["width"] - sizes[1]["width"]) < 0.5, (width, step, sizes)
                assert abs(sizes[0]["height"] - sizes[1]["height"]) < 0.5, (width, step, sizes)
            page.screenshot(path=str(shots / f"replay-lands-alike-{width}.png"))
            assert not page.errors, page.errors
        finally:
            page.context.close()
