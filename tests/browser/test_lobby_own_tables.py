"""The way back from the lobby to one's own game: a table nobody is at is not in the lobby's list,
so the lobby shows its player's own unfinished tables apart, first on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.browser.pages import pick_nickname

pytestmark = pytest.mark.browser


def test_back_from_the_lobby_to_a_game_against_the_computer(live_server, new_page, shots):
    page = new_page("phone")
    page.goto(live_server + "/")
    pick_nickname(page, "Greta")
    expect(page.get_by_test_id("lobby-own")).to_be_hidden()  # nothing of one's own yet
    page.get_by_test_id("create-table").tap()
    expect(page).to_have_url(re.compile(r"/t/[a-z0-9]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    page.get_by_test_id("add-bot").tap()
    page.get_by_test_id("start").tap()
    expect(page.get_by_test_id("score-1")).to_be_visible()

    page.locator("a.brand").tap()  # to the lobby, in the middle of the game
    back = page.get_by_test_id(f"back-{table_id}")
    expect(back).to_have_text("Weiterspielen")
    expect(page.get_by_test_id(f"own-table-{table_id}")).to_contain_text("Greta")
    expect(page.get_by_test_id(f"lobby-table-{table_id}")).to_have_count(0)  # not twice
    expect(back).to_be_in_viewport(ratio=1)  # in sight as the lobby opens, above what one can start
    page.screenshot(path=str(shots / "lobby-own-tables-phone.png"))
    back.tap()
    expect(page).to_have_url(re.compile(rf"/t/{table_id}$"))
    expect(page.get_by_test_id("score-1")).to_be_visible()
    assert page.errors == [], page.errors
