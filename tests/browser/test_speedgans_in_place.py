"""Speedgans' screens updated in place (issue 33, dom.js): when another player's change comes in, the
tile or cell a player is on with the keyboard stays the same node and keeps the focus, and a tile
being dragged is still dragged (the change is drawn under it at once, not after it) and dropped where
the player lets go; in a solo run the cell a player is on survives the server's answer."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.boxes import centre_of
from tests.browser.pages import MARK, hosted_with_ben, pick_nickname
from tests.server.player_client import Client

pytestmark = pytest.mark.browser

#: Ben's city, laid a tile at a time.
BEN = "1a0 2a0 3a0 4a0 5a0 6a0 7a0 8a0 9a0"


def ben_lays(ben: Client, table_id: str, page: Page, count: int) -> None:
    """Ben lays his first `count` tiles; Anna's page shows it (a view arrived and was drawn)."""
    ben.lay_city(table_id, BEN, tiles=range(count, count + 1))
    expect(page.get_by_test_id("opponent-1")).to_have_attribute("data-tiles", str(count))


def focused(page: Page) -> dict:
    return page.evaluate(
        "() => ({probe: document.activeElement?.dataset.probe ?? null, id: document.activeElement?.dataset.testid ?? null})"
    )


def test_focus_and_a_drag_survive_another_players_change(live_server, new_page):
    page = new_page("desktop")
    table_id, ben = hosted_with_ben(page, live_server, "speedgans")
    try:
        page.get_by_test_id("start").click()
        expect(page.get_by_test_id("sg-game")).to_have_attribute("data-phase", "building", timeout=10_000)

        # Anna is on a tile in the tray when Ben lays one: the same tile, still focused.
        tray = page.get_by_test_id("tray-3")
        tray.focus()
        tray.evaluate(MARK)
        ben_lays(ben, table_id, page, 1)
        assert focused(page) == {"probe": "kept", "id": "tray-3"}
        # The digit lays the tile on its cell; the focus goes with it, and stays there through Ben's next tile.
        page.keyboard.press("5")
        cell = page.get_by_test_id("cell-4")
        expect(cell).to_have_attribute("data-tile", "3a0")
        assert focused(page)["id"] == "cell-4"
        cell.evaluate(MARK)
        ben_lays(ben, table_id, page, 2)
        assert focused(page) == {"probe": "kept", "id": "cell-4"}
        page.keyboard.press("r")  # the keys still work on it
        expect(cell).to_have_attribute("data-tile", "3a1")

        # Anna drags tile 5 from the tray; Ben lays a tile meanwhile: the page shows it at once, the
        # drag goes on, and the tile lands where she lets go.
        x0, y0 = centre_of(page, "tray-5")
        x1, y1 = centre_of(page, "cell-0")
        page.get_by_test_id("tray-5").evaluate(MARK)
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x0 - 30, y0 + 20, steps=4)
        expect(page.locator(".sg-ghost")).to_have_count(1)
        ben_lays(ben, table_id, page, 3)
        source = page.get_by_test_id("tray-5")
        assert source.get_attribute("data-probe") == "kept"
        expect(source).to_have_class("sg-tray-tile is-selected is-drag-source")
        page.mouse.move(x1, y1, steps=8)
        expect(page.get_by_test_id("cell-0")).to_have_class("sg-cell is-empty is-droptarget")
        page.mouse.up()
        expect(page.locator(".sg-ghost")).to_have_count(0)
        expect(page.get_by_test_id("cell-0")).to_have_attribute("data-tile", "5a0")
        assert page.errors == []
    finally:
        ben.close()


def test_a_solo_runs_cell_survives_the_servers_answer(live_server, new_page):
    """A solo run is updated in place too: the cell a player turns a tile on with the keyboard is the
    same node, still focused, once the server's answer to the change is drawn."""
    page = new_page("desktop")
    page.goto(live_server + "/")
    pick_nickname(page, "Vera")
    page.get_by_test_id("lobby-solo-practice").click()
    solo = page.get_by_test_id("solo")
    expect(solo).to_have_attribute("data-mode", "practice")
    page.get_by_test_id("tray-3").focus()
    page.keyboard.press("5")
    cell = page.get_by_test_id("cell-4")
    expect(cell).to_have_attribute("data-tile", "3a0")
    expect(solo).to_have_attribute("data-pending", "false")
    assert focused(page)["id"] == "cell-4"
    cell.evaluate(MARK)
    page.keyboard.press("r")
    expect(cell).to_have_attribute("data-tile", "3a1")
    expect(solo).to_have_attribute("data-pending", "false")
    assert focused(page) == {"probe": "kept", "id": "cell-4"}
    assert page.errors == []
