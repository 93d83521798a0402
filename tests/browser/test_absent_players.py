"""Absent players in a running Plan Ahead game, in real browsers.

Three people at a table without a turn clock. Cara closes her tab: Anna (the host) and Ben see that
she is away and when a computer takes over; Anna does not wait out the grace time and hands the seat to
a computer ("Computer übernimmt"), which both then see. Ben leaves the game from the game itself
(with a confirm); Anna sees he has left and finishes the game without waiting for anyone.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import pick_nickname
from tests.browser.planahead_page import board_land, free_fields, settled, wait_turn

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots-helperB"


def place_and_confirm(page: Page) -> None:
    field = free_fields(board_land(page))[0]
    page.get_by_test_id(f"field-{field}").click()
    expect(page.get_by_test_id(f"field-{field}")).to_have_attribute("data-tentative", re.compile(r"\d{3}"))
    settled(page)
    page.get_by_test_id("ok").click()


def test_one_closes_the_tab_one_leaves_and_the_game_goes_on(live_server, new_page):
    anna, ben, cara = new_page("desktop"), new_page("desktop"), new_page("phone")
    anna.goto(live_server + "/")
    pick_nickname(anna, "Anna")
    anna.get_by_test_id("create-seats").select_option("3")
    anna.get_by_test_id("create-clock").select_option("")
    anna.get_by_test_id("create-table").click()
    link = anna.get_by_test_id("share-link").input_value()
    for page, name, seat in ((ben, "Ben", 1), (cara, "Cara", 2)):
        page.goto(live_server + "/")
        pick_nickname(page, name)
        page.goto(link)
        expect(anna.get_by_test_id(f"seat-{seat}")).to_contain_text(name)
    anna.get_by_test_id("start").click()
    for page in (anna, ben, cara):
        wait_turn(page, 0)
        expect(page.get_by_test_id("presence")).to_have_attribute("data-absent", "0")

    # Turn 1: everyone places. Then Cara closes her tab.
    for page in (anna, ben, cara):
        place_and_confirm(page)
    wait_turn(anna, 1)
    cara.close()

    # Both others see her away, and when the computer comes (the server's grace time, counted down).
    for page in (anna, ben):
        row = page.get_by_test_id("absent-2")
        expect(row).to_have_attribute("data-state", "waiting")
        text = page.get_by_test_id("absent-text-2")
        expect(text).to_have_text(re.compile(r"^Cara ist weg – Computer übernimmt in 0:[0-3]\d$"))
    first = anna.get_by_test_id("absent-text-2").text_content()
    anna.wait_for_timeout(2100)
    assert anna.get_by_test_id("absent-text-2").text_content() != first, "the countdown runs"
    # Her name is struck through in the scores, with what it means on hover.
    expect(ben.get_by_test_id("score-2")).to_have_class(re.compile(r"\bis-offline\b"))
    expect(ben.get_by_test_id("score-2")).to_have_attribute("title", re.compile("Cara ist weg"))
    # Only the host may hand her seat over now.
    expect(ben.get_by_test_id("stand-in-2")).to_have_count(0)
    anna.screenshot(path=f"{SHOTS}/absent-waiting.png")
    anna.get_by_test_id("stand-in-2").click()
    for page in (anna, ben):
        expect(page.get_by_test_id("absent-2")).to_have_attribute("data-state", "computer")
        expect(page.get_by_test_id("absent-text-2")).to_have_text("Computer spielt für Cara")
    expect(anna.get_by_test_id("stand-in-2")).to_have_count(0)

    # The computer plays Cara's seat: the game goes on.
    for turn in (1, 2):
        for page in (anna, ben):
            place_and_confirm(page)
        wait_turn(anna, turn + 1)
    # Cara's land holds a tile for every turn: hers, then the computer's two.
    anna.get_by_test_id("score-2").click()
    expect(anna.get_by_test_id("board")).to_have_attribute("data-seat", "2")
    assert sum(code is not None for code in board_land(anna)) == 3
    anna.get_by_test_id("back-own").click()

    # Ben leaves from the game; asked first, "Weiterspielen" keeps him in.
    ben.get_by_test_id("leave-game").click()
    ben.get_by_test_id("leave-no").click()
    expect(ben.get_by_test_id("leave-game")).to_be_visible()
    ben.get_by_test_id("leave-game").click()
    ben.get_by_test_id("leave-yes").click()
    expect(ben.get_by_test_id("create-table")).to_be_visible()  # back in the lobby
    expect(anna.get_by_test_id("absent-1")).to_have_attribute("data-state", "left")
    expect(anna.get_by_test_id("absent-text-1")).to_have_text("Ben hat das Spiel verlassen")
    anna.screenshot(path=f"{SHOTS}/absent-left.png")

    # Anna finishes alone: nobody is waited for.
    for turn in range(3, 19):
        wait_turn(anna, turn)
        place_and_confirm(anna)
    expect(anna.get_by_test_id("pa-game")).to_have_attribute("data-phase", "finished")
    expect(anna.get_by_test_id("end")).to_be_visible()
    assert None not in board_land(anna)
    assert not anna.errors and not ben.errors, (anna.errors, ben.errors)
