"""Plan Ahead keeps no page of an old game alive: six games in one tab (rematches, and new tables
opened from the lobby), and the number of DOM nodes after a garbage collection stays flat
(Chromium's own count through CDP: HeapProfiler.collectGarbage, Performance.getMetrics "Nodes")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import pick_nickname
from tests.browser.planahead_page import board_land, free_fields, start_table, wait_turn

pytestmark = pytest.mark.browser


def dom_nodes(cdp) -> int:
    for _ in range(2):
        cdp.send("HeapProfiler.collectGarbage")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return int(metrics["Nodes"])


def new_table(page: Page) -> None:
    expect(page.get_by_test_id("create-table")).to_be_visible()
    start_table(page, seats=2, bots=1)


def play_through(page: Page) -> None:
    """19 tiles against a computer. The moves go out on the page's own socket (this test is about
    what the screen keeps, not about how a tile is dragged); the page draws every view as usual."""
    table = page.url.rsplit("/", 1)[1]
    for turn in range(19):
        wait_turn(page, turn)
        if turn == 5:  # the help and its pictures come and go too
            page.get_by_test_id("help-open").click()
            page.get_by_test_id("help-close").click()
        field = free_fields(board_land(page))[0]
        page.evaluate(
            """([table, field]) => {
                const net = window.spieltisch.net;
                net.send({type: "place", table, field});
                net.send({type: "confirm", table});
            }""",
            [table, field],
        )
    expect(page.get_by_test_id("end")).to_be_visible()
    expect(page.get_by_test_id("strongest")).to_be_visible(timeout=30_000)  # the last view of a game


def test_six_games_keep_no_old_game_alive(live_server, new_page):
    page = new_page("desktop")
    page.goto(live_server + "/")
    pick_nickname(page, "Mira")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    counts = []
    new_table(page)
    for game in range(6):
        play_through(page)
        counts.append(dom_nodes(cdp))
        if game % 2:
            page.get_by_test_id("end").get_by_role("button", name="Zur Lobby").click()
            new_table(page)
        else:
            page.get_by_test_id("rematch").click()
    print("DOM nodes after each game:", counts)
    # A game's page is ~2,400 nodes; an old one kept alive would add as many each game.
    assert max(counts[1:]) - min(counts[1:]) < 400, counts
    assert not page.errors, page.errors
