"""The way back from the lobby to one's own game: a table nobody is at is not in the lobby's list,
so the lobby shows its player's own unfinished tables apart, first on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.browser.pages import phone, pick_nickname

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


def test_a_private_table_among_ones_own_on_a_big_phone(live_server, browser, shots):
    """A private table among one's own on a big phone (428 px wide): its game, its state and
    „Privat“ stand on one line (the way back goes under them, as on a smaller phone)."""
    page = phone(browser, 428, 926)
    try:
        page.goto(live_server + "/")
        pick_nickname(page, "Greta")
        page.get_by_test_id("create-seats").select_option("3")
        page.get_by_test_id("create-private").check()
        page.get_by_test_id("create-table").tap()
        expect(page.get_by_test_id("private-mark")).to_be_visible()
        table_id = re.search(r"/t/([a-z0-9]+)", page.url).group(1)
        page.get_by_test_id("add-bot").tap()
        expect(page.get_by_test_id("seat-1")).to_have_attribute("data-free", "false")

        page.locator("a.brand").tap()
        entry = page.get_by_test_id(f"own-table-{table_id}")
        marker = entry.get_by_test_id(f"private-{table_id}")
        expect(marker).to_have_text("Privat")
        middle = [
            (box["y"] + box["height"] / 2)
            for box in (entry.locator(".game-badge").bounding_box(), marker.bounding_box())
        ]
        page.screenshot(path=str(shots / "lobby-own-private-428.png"))
        assert abs(middle[0] - middle[1]) < 2, middle  # on the badge's line
        # The host once, on a line of her own; the players' line names the others at the table.
        expect(entry.locator(".table-entry-host")).to_have_text("Gastgeber:in: Greta")
        expect(entry.get_by_test_id(f"players-{table_id}")).to_have_text(re.compile(r"^\w+ \(Computer\)$"))
        assert entry.inner_text().count("Greta") == 1, entry.inner_text()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 428
        assert page.errors == [], page.errors
    finally:
        page.context.close()


def test_the_lobbys_links_look_alike(live_server, new_page, shots):
    """Every link in the lobby (the rules, the puzzle's archive, the lists, one's own page) looks like
    the app's other links: in its colour, bold, underlined, no larger than the text around it."""
    page = new_page("desktop")
    page.goto(live_server + "/")
    pick_nickname(page, "Greta")
    expect(page.get_by_test_id("lobby-puzzle-archive")).to_be_visible()
    looks = page.evaluate(
        """() => [...document.querySelectorAll('main a[href], main button.link')].map((link) => {
             const words = link.querySelector('.lobby-me-title') || link;  // one's own page: its words
             const style = getComputedStyle(words);
             const around = parseFloat(getComputedStyle(words === link ? link.parentElement : link).fontSize);
             return [link.textContent.trim(), style.color, style.fontWeight, style.textDecorationLine,
                     parseFloat(style.fontSize) <= around];
           })"""
    )
    page.screenshot(path=str(shots / "lobby-links-desktop.png"))
    assert len(looks) >= 8, looks
    assert {tuple(look[1:]) for look in looks} == {tuple(looks[0][1:])}, looks
    assert looks[0][2:] == ["600", "underline", True], looks
    page.get_by_test_id("lobby-puzzle-archive").click()
    expect(page).to_have_url(live_server + "/puzzle#archive")
    expect(page.get_by_test_id("archive")).to_be_visible()
    assert page.errors == [], page.errors
