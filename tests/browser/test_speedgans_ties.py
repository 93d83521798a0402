"""A Speedgans round whose cities tie on a task: the scoring says what ranked them, as the rules do
(„Bei Gleichstand gewinnt die kleinere Platzmarke“): each tied name has its place marker beside it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import hosted_with_ben

pytestmark = pytest.mark.browser

#: A valid city (the rules' first worked example): Anna and Ben both build it, so every task ties.
CITY = "6b1 3b0 5a3 1b2 9b0 2a2 7a2 4a0 8a1"


def lay_by_keys(page: Page, city: str) -> None:
    """The whole city with the keyboard: focus the tray's tile, F flips, R turns, the digit lays it."""
    for cell, entry in enumerate(city.split()):
        tile = page.get_by_test_id(f"tray-{entry[0]}")
        tile.focus()
        if entry[1] == "b":
            page.keyboard.press("f")
        for _ in range(int(entry[2])):
            page.keyboard.press("r")
        page.keyboard.press(str(cell + 1))
        expect(page.get_by_test_id(f"cell-{cell}")).to_have_attribute("data-tile", entry)


def test_tied_cities_show_the_place_markers_that_ranked_them(live_server, new_page, shots):
    page = new_page("desktop")
    table_id, ben = hosted_with_ben(page, live_server, "speedgans")
    try:
        page.get_by_test_id("start").click()
        expect(page.get_by_test_id("sg-game")).to_have_attribute("data-phase", "building", timeout=10_000)
        # Ben calls „Gasse dicht!“ first (place marker 1), Anna second (2): the same city.
        ben.lay_city(table_id, CITY)
        ben.send({"type": "done", "table": table_id})
        expect(page.get_by_test_id("opponent-1")).to_have_attribute("data-marker", "1")
        lay_by_keys(page, CITY)
        expect(page.get_by_test_id("sg-game")).to_have_attribute("data-pending", "false")
        page.get_by_test_id("gasse-dicht").click()
        expect(page.get_by_test_id("results")).to_be_visible(timeout=15_000)

        tasks = page.locator(".sg-result-task")
        expect(tasks).to_have_count(3)
        for i in range(3):
            task = tasks.nth(i).get_attribute("data-task")
            rows = tasks.nth(i).locator("li")
            # Ben ranks first by his smaller marker; beside each name its marker, and the rule under them.
            expect(rows.nth(0)).to_have_attribute("data-seat", "1")
            expect(rows.nth(1)).to_have_attribute("data-seat", "0")
            for seat, marker in ((1, "1"), (0, "2")):
                badge = page.get_by_test_id(f"tie-marker-{task}-{seat}")
                expect(badge).to_be_visible()
                expect(badge).to_have_text(marker)
                expect(badge).to_have_attribute("title", f"Platzmarke {marker}")
                name = page.locator(f".sg-result-task[data-task='{task}'] li[data-seat='{seat}'] .sg-name")
                # on the name's line, right after it
                name_box, badge_box = name.bounding_box(), badge.bounding_box()
                assert (
                    abs((name_box["y"] + name_box["height"] / 2) - (badge_box["y"] + badge_box["height"] / 2))
                    < 4
                )
                assert 0 <= badge_box["x"] - (name_box["x"] + name_box["width"]) < 12
        # The rule once, under the tasks.
        expect(page.get_by_test_id("tie-note")).to_have_text(
            "Bei Gleichstand gewinnt die kleinere Platzmarke."
        )
        page.get_by_test_id("results").screenshot(path=str(shots / "speedgans-tie-results.png"))
        assert page.errors == []
    finally:
        ben.close()
