"""Screens updated in place when the server tells of a change (issue 33, dom.js): on Plan Ahead's
screen the field a player is on keeps the focus because it is the same node, and a tile being dragged
when another player's move comes in is still dragged, and dropped where the player lets go; in the
lobby a table's button keeps the focus when the list changes."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import MARK, hosted_with_ben, pick_nickname
from tests.browser.planahead_page import centre, free_field, wait_turn
from tests.server.player_client import Client

pytestmark = pytest.mark.browser


def ben_plays(ben: Client, table_id: str, turn: int) -> None:
    """Ben lays the turn's tile on his first free field and confirms it."""
    view = ben.table_until(lambda t: t["game"]["turn"] == turn)
    land = view["game"]["seats"][1]["land"].split()
    ben.send({"type": "place", "table": table_id, "field": land.index(".") + 1})
    ben.send({"type": "confirm", "table": table_id})


def ben_confirmed(page: Page) -> None:
    """Anna's page has the view that says Ben confirmed (a view arrived)."""
    expect(page.get_by_test_id("score-1")).to_have_attribute("data-confirmed", "true")


def test_focus_and_a_drag_survive_a_view_from_the_server(live_server, new_page):
    page = new_page("desktop")
    table_id, ben = hosted_with_ben(page, live_server, "planahead")
    try:
        page.get_by_test_id("start").click()
        wait_turn(page, 0)

        # Anna is on a field with the keyboard when Ben's move comes in: the same field, still focused.
        field = page.get_by_test_id(f"field-{free_field(page)}")
        field.focus()
        field.evaluate(MARK)
        ben_plays(ben, table_id, 0)
        ben_confirmed(page)
        assert page.evaluate("() => document.activeElement?.dataset.probe") == "kept"
        page.keyboard.press("Enter")  # the tile goes there; OK
        expect(field).to_have_attribute(
            "data-tentative", page.get_by_test_id("next-tile").get_attribute("data-tile")
        )
        page.get_by_test_id("ok").click()
        wait_turn(page, 1)

        # Anna drags the next tile; Ben's move comes in meanwhile: the drag goes on, and the tile
        # lands where she lets go.
        tile = page.get_by_test_id("next-tile").get_attribute("data-tile")
        target = free_field(page)
        x0, y0 = centre(page, "next-tile")
        x1, y1 = centre(page, f"field-{target}")
        page.get_by_test_id("next-tile").evaluate(MARK)
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x0 - 30, y0 + 30, steps=4)
        expect(page.locator(".pa-ghost")).to_have_count(1)
        ben_plays(ben, table_id, 1)
        ben_confirmed(page)
        card = page.get_by_test_id("next-tile")
        assert card.get_attribute("data-probe") == "kept"
        expect(card).to_have_class("pa-next-card is-draggable is-drag-source")
        page.mouse.move(x1, y1, steps=8)
        expect(page.get_by_test_id(f"field-{target}")).to_have_class("pa-field is-empty is-droptarget")
        page.mouse.up()
        expect(page.locator(".pa-ghost")).to_have_count(0)
        expect(page.get_by_test_id(f"field-{target}")).to_have_attribute("data-tentative", tile)
        assert page.errors == []
    finally:
        ben.close()


def test_a_lobby_button_survives_a_change_of_the_list(server_factory, new_page):
    """The lobby's lists are updated in place too: a table's button a player is on stays the same
    node (and keeps the focus) when another table comes into the list above it."""
    url = server_factory().url
    first = Client(url, "Olga")
    second = Client(url, "Paul")
    try:
        first.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
        first_id = first.table_until(lambda t: True)["id"]
        page = new_page("desktop")
        page.goto(url + "/")
        pick_nickname(page, "Rita")
        button = page.get_by_test_id(f"open-{first_id}")
        button.focus()
        button.evaluate(MARK)
        second.send({"type": "create_table", "game": "planahead", "settings": {"seats": 3}})
        second_id = second.table_until(lambda t: True)["id"]
        expect(page.get_by_test_id(f"lobby-table-{second_id}")).to_be_visible()
        assert page.evaluate("() => document.activeElement?.dataset.probe") == "kept"
        assert page.evaluate("() => document.activeElement?.dataset.testid") == f"open-{first_id}"
        assert page.errors == []
    finally:
        first.close()
        second.close()
