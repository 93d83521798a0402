"""The lobby on phones (390 and 360 px wide): each open table's game and its state („wartet“) stand on
one line, and the create form's „Privat“ choice reads as one piece."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.browser.pages import phone, pick_nickname
from tests.server.player_client import Client

pytestmark = pytest.mark.browser


def middle(box: dict) -> float:
    return box["y"] + box["height"] / 2


@pytest.mark.parametrize("width,height", [(390, 844), (360, 740)])
def test_an_open_tables_state_stays_beside_its_game(live_server, browser, shots, width, height):
    hosts = []
    for name, game, seats in (("Konstantin", "planahead", 2), ("Bernadette", "speedgans", 4)):
        host = Client(live_server, name)
        host.send({"type": "create_table", "game": game, "settings": {"seats": seats}})
        host.table_until(lambda t: True)
        hosts.append(host)
    page = phone(browser, width, height)
    try:
        page.goto(live_server + "/")
        pick_nickname(page, "Ulla")
        entries = page.get_by_test_id("lobby-tables").locator("article.table-entry")
        expect(entries).to_have_count(2)
        for i in range(2):
            entry = entries.nth(i)
            badge, status = entry.locator(".game-badge"), entry.locator(".table-status")
            expect(status).to_have_text("wartet")
            assert abs(middle(badge.bounding_box()) - middle(status.bounding_box())) < 2, (width, i)
            # The way in stays whole and inside the entry.
            button, box = entry.get_by_role("button").bounding_box(), entry.bounding_box()
            assert box["x"] <= button["x"] and button["x"] + button["width"] <= box["x"] + box["width"]
        page.get_by_test_id("lobby-tables").screenshot(path=str(shots / f"lobby-open-tables-{width}.png"))
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        assert page.errors == [], page.errors
    finally:
        page.context.close()
        for host in hosts:
            host.close()
