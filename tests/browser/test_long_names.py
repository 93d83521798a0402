"""The longest name allowed (20 wide letters: „WWW…“, „ÜÜÜ…“) on phones of 360×740 and 390×844.

The header shortens it with an ellipsis (the whole name in its tooltip) and keeps the language button
in sight; no page scrolls sideways: the lobby (with the player's own tables in it), a Plan Ahead
waiting room and running table, a Speedgans table.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import phone, pick_nickname
from tests.browser.planahead_page import wait_turn

pytestmark = pytest.mark.browser

SIZES = {"360x740": (360, 740), "390x844": (390, 844)}
NAMES = {"W": "W" * 20, "Ü": "Ü" * 20}

#: The header's parts and the page's width: where the name, its text and the language button lie.
MEASURE = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const nick = document.querySelector('[data-testid="nickname"]');
  const text = nick.querySelector('.nick-name') || nick;
  return {
    w: innerWidth, sw: document.scrollingElement.scrollWidth, header: box(document.getElementById('header')),
    nick: box(nick), lang: box(document.querySelector('[data-testid="lang"]')), title: nick.title,
    shown: text.clientWidth, whole: text.scrollWidth, overflow: getComputedStyle(text).textOverflow,
    label: nick.textContent,
  };
}"""


def header_fits(page: Page, name: str, where: str, width: int) -> None:
    """The name is cut with an ellipsis (and whole in the tooltip and for screen readers), the
    language button lies inside the window beside it, and the page is no wider than the window.
    (A phone's browser widens its layout to a page too wide, zoomed out: innerWidth grows with it.)"""
    page.wait_for_timeout(100)  # a view still arriving may redraw the page
    got = page.evaluate(MEASURE)
    assert got["w"] == width and got["sw"] <= width, (where, got)
    assert got["lang"][0] >= 0 and got["lang"][2] <= width + 0.5, (where, got)
    assert got["nick"][2] <= got["lang"][0], (where, got)  # the name ends before the button
    assert got["whole"] > got["shown"] and got["overflow"] == "ellipsis", (where, got)
    assert name in got["title"] and name in got["label"], (where, got)
    assert got["header"][2] <= width + 0.5, (where, got)


@pytest.mark.parametrize("letter", NAMES)
@pytest.mark.parametrize("size", SIZES)
def test_the_longest_name_is_cut_and_no_page_scrolls_sideways(server_factory, browser, shots, size, letter):
    # A server of its own: the lobby measured lists this test's tables only (on the session's server
    # it would list whatever tables other tests left open, names and all).
    url = server_factory().url
    name = NAMES[letter]
    width, height = SIZES[size]
    page = phone(browser, width, height)
    try:
        page.goto(url + "/")
        pick_nickname(page, name)
        expect(page.get_by_test_id("lang")).to_be_in_viewport()
        header_fits(page, name, "lobby", width)
        page.screenshot(path=str(shots / f"long-name-{letter}-{size}-lobby.png"))

        # Plan Ahead: the waiting room, then the game (the score chip cuts the name too).
        page.get_by_test_id("create-seats").select_option("2")
        page.get_by_test_id("create-clock").select_option("30")
        page.get_by_test_id("create-table").click()
        expect(page.get_by_test_id("room")).to_be_visible()
        page.get_by_test_id("add-bot").click()
        expect(page.get_by_test_id("seat-1")).to_have_attribute("data-free", "false")
        header_fits(page, name, "planahead room", width)
        page.get_by_test_id("start").click()
        wait_turn(page, 0)
        expect(page.get_by_test_id("score-0")).to_contain_text(name)
        header_fits(page, name, "planahead table", width)
        page.screenshot(path=str(shots / f"long-name-{letter}-{size}-planahead.png"))

        # The lobby again, with the running table among one's own.
        page.locator("a.brand").click()
        expect(page.get_by_test_id("lobby-own")).to_be_visible()
        expect(page.get_by_test_id("lobby-own")).to_contain_text(re.compile(name))
        header_fits(page, name, "lobby with own tables", width)
        # The entry stays short: the host's name whole or cut at the end of its line (its start in sight),
        # the others at the table on two lines at most; each whole in its title.
        got = page.evaluate(
            """() => {
              const own = document.querySelector('[data-testid="lobby-own"]');
              const lines = (el) => el.getBoundingClientRect().height / (parseFloat(getComputedStyle(el).fontSize) * 1.6);
              const host = own.querySelector('.table-entry-host'), players = own.querySelector('.table-entry-players');
              const name = host.querySelector('.table-entry-name');
              return {host: lines(host), players: lines(players), titles: [host.title, players.title],
                      shown: name.clientWidth, whole: name.scrollWidth};
            }"""
        )
        assert got["host"] <= 2 and got["players"] <= 2, got
        assert got["shown"] >= min(got["whole"], 100), got  # whole, or its first letters at least
        assert name in got["titles"][0] and name not in got["titles"][1], got  # the host named once
        page.screenshot(path=str(shots / f"long-name-{letter}-{size}-lobby-own.png"))

        # Speedgans: the waiting room and the round.
        page.get_by_test_id("create-game-speedgans").check()
        page.get_by_test_id("create-table").click()
        expect(page.get_by_test_id("room")).to_be_visible()
        page.get_by_test_id("add-bot").click()
        expect(page.get_by_test_id("seat-1")).to_have_attribute("data-free", "false")
        header_fits(page, name, "speedgans room", width)
        page.get_by_test_id("start").click()
        expect(page.get_by_test_id("sg-game")).to_have_attribute("data-phase", "building", timeout=10_000)
        expect(page.get_by_test_id("opponent-0")).to_contain_text(name)
        header_fits(page, name, "speedgans table", width)
        page.screenshot(path=str(shots / f"long-name-{letter}-{size}-speedgans.png"))
        assert page.errors == [], page.errors
    finally:
        page.context.close()
