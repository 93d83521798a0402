"""Speedgans at a table on phones (touch, 360×740 and 390×844) and a 1280×800 desktop.

A round with five players (one person, four computers): in every phase — reading, building, the
hourglass's last 10 s, the scoring — what the player needs then („Gasse dicht!“, the clocks,
„Weiter“) lies inside the window, the page does not scroll and the five players stand in one row;
screenshots of every phase in all three looks. The hands as the rules text says: the first tap on a
tile in the tray turns it, a second finger anywhere on the screen turns the dragged tile; the
waiting room names a table without a turn clock plainly and offers the looks.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.boxes import centre_of, inside_the_window
from tests.browser.pages import phone, pick_nickname

from spieltisch.games.speedgans.notation import parse_city
from spieltisch.games.speedgans.report import report

pytestmark = pytest.mark.browser

SIZES = {"360x740": (360, 740), "390x844": (390, 844)}
LOOKS = ("herbst", "laterne", "plan")


def open_table(page: Page, url: str, seats: int, **choices: str) -> None:
    """The lobby's form: a Speedgans table with `seats` seats and the choices (select id → value)."""
    page.goto(url + "/")
    pick_nickname(page, "Greta")
    page.get_by_test_id("create-game-speedgans").check()
    page.get_by_test_id("sg-seats").select_option(str(seats))
    for select, value in choices.items():
        page.get_by_test_id(select).select_option(value)
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("room")).to_be_visible()


def chips_in_one_row(page: Page, count: int) -> None:
    tops = page.locator("[data-testid^='opponent-']").evaluate_all(
        "els => els.map(e => Math.round(e.getBoundingClientRect().top))"
    )
    assert len(tops) == count and len(set(tops)) == 1, tops


def every_look(page: Page, shots, name: str) -> None:
    """A screenshot of the page in each look, chosen with the gear (the page stays as it was)."""
    for look in LOOKS:
        page.get_by_test_id("theme").tap()
        page.get_by_test_id(f"theme-{look}").tap()
        assert page.evaluate("document.body.dataset.sgTheme") == look
        page.screenshot(path=str(shots / f"{name}-{look}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_a_round_with_five_players_fits_the_phone(live_server, browser, shots, size, request):
    width, height = SIZES[size]
    page = phone(browser, width, height)
    request.addfinalizer(page.context.close)  # the player goes: the table leaves the lobby's list
    open_table(page, live_server, 5, **{"sg-hourglass": "15"})
    expect(page.get_by_test_id("table-settings")).to_contain_text("Zug-Uhr 2 Minuten")
    page.get_by_test_id("bot-level").select_option("strong")
    for seat in range(1, 5):
        page.get_by_test_id("add-bot").tap()
        expect(page.get_by_test_id(f"seat-{seat}")).to_have_attribute("data-free", "false")
    every_look(page, shots, f"speedgans-phone-{size}-room")
    page.get_by_test_id("start").tap()

    # Reading: the three tasks big, inside the window.
    expect(page.get_by_test_id("reading")).to_be_visible()
    inside_the_window(page, ["reading"])
    page.screenshot(path=str(shots / f"speedgans-phone-{size}-reading.png"))

    # Building: the first tap on a tile in the tray turns it; a tap on a free cell lays it.
    game = page.get_by_test_id("sg-game")
    expect(game).to_have_attribute("data-phase", "building", timeout=8_000)
    page.get_by_test_id("tray-1").tap()
    expect(page.get_by_test_id("tray-1")).to_have_attribute("data-tile", "1a1")
    page.get_by_test_id("cell-0").tap()
    expect(page.get_by_test_id("cell-0")).to_have_attribute("data-tile", "1a1")
    building = ["sg-tasks", "city", "tray", "gasse-dicht", "hint", "clock", "theme"]
    inside_the_window(page, building + [f"opponent-{i}" for i in range(5)])
    chips_in_one_row(page, 5)
    expect(page.get_by_test_id("clock")).to_have_text(re.compile(r"^\d:\d\d$"))
    every_look(page, shots, f"speedgans-phone-{size}-building")

    # The computers call „Gasse dicht!“: the hourglass runs; in its last 10 s the city pulses.
    expect(page.get_by_test_id("hourglass")).to_be_visible(timeout=20_000)
    expect(page.get_by_test_id("hourglass")).to_have_class(re.compile(r"\bis-urgent\b"), timeout=10_000)
    expect(page.get_by_test_id("city")).to_have_class(re.compile(r"\bis-urgent\b"))
    inside_the_window(page, [*building, "hourglass"])
    chips_in_one_row(page, 5)
    page.screenshot(path=str(shots / f"speedgans-phone-{size}-last-seconds.png"))

    # The scoring: five cities' lists scroll inside their box; „Weiter“ and the next round's
    # countdown stay in sight.
    expect(page.get_by_test_id("results")).to_be_visible(timeout=15_000)
    inside_the_window(page, ["sg-tasks", "city", "results", "next-round", "musterstadt", "next-in", "theme"])
    chips_in_one_row(page, 5)
    expect(page.get_by_test_id("not-scored-0")).to_contain_text("nicht fertig")
    # The hourglass is over: the city (the same node) pulses no more.
    expect(page.get_by_test_id("city")).not_to_have_class(re.compile(r"\bis-urgent\b"))
    every_look(page, shots, f"speedgans-phone-{size}-scoring")
    # The Musterstadt is drawn like any city: its catches as red arrows, caught geese with bows.
    page.get_by_test_id("musterstadt").tap()
    expect(page.get_by_test_id("viewing")).to_be_visible()
    catches = report(parse_city(page.get_by_test_id("city").get_attribute("data-city"))).catches
    expect(page.get_by_test_id("catch")).to_have_count(len(catches))
    expect(page.locator("[data-testid='city'] .sg-bow")).to_have_count(len(catches))
    inside_the_window(page, ["city", "viewing", "next-round", "musterstadt"])
    page.screenshot(path=str(shots / f"speedgans-phone-{size}-musterstadt.png"))
    page.get_by_test_id("next-round").tap()  # the computers are ready: the next round begins
    expect(game).to_have_attribute("data-round", "2")
    assert page.errors == [], page.errors


def touch(cdp, kind: str, points: list[tuple[float, float, int]]) -> None:
    """One touch event of the device: the fingers (x, y, id) on the screen after it."""
    cdp.send(
        "Input.dispatchTouchEvent",
        {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for x, y, i in points]},
    )


def test_second_finger_anywhere_turns_the_dragged_tile(live_server, browser, shots, request):
    page = phone(browser, *SIZES["360x740"])
    request.addfinalizer(page.context.close)
    # No turn clock, Gemütlich: the waiting room says so plainly, and offers the looks already.
    open_table(page, live_server, 2, **{"sg-clock": ""})
    settings = page.get_by_test_id("table-settings")
    expect(settings).to_contain_text("ohne Zug-Uhr")
    expect(settings).not_to_contain_text("Zug-Uhr ohne")
    page.get_by_test_id("theme").tap()
    page.get_by_test_id("theme-laterne").tap()
    assert page.evaluate("document.body.dataset.sgTheme") == "laterne"
    page.screenshot(path=str(shots / "speedgans-phone-360x740-room-laterne.png"))
    page.get_by_test_id("bot-level").select_option("easy")
    page.get_by_test_id("add-bot").tap()
    page.get_by_test_id("start").tap()
    expect(page.get_by_test_id("sg-game")).to_have_attribute("data-phase", "building", timeout=8_000)
    assert page.evaluate("document.body.dataset.sgTheme") == "laterne"

    # Drag tile 5 from the tray to the middle cell; on the way a second finger touches the task cards
    # (far from the city and the tray) and stays there: the dragged tile turns a quarter.
    cdp = page.context.new_cdp_session(page)
    x0, y0 = centre_of(page, "tray-5")
    x1, y1 = centre_of(page, "cell-4")
    fx, fy = centre_of(page, "sg-tasks")
    touch(cdp, "touchStart", [(x0, y0, 0)])
    path = [(x0 + (x1 - x0) * k / 10, y0 + (y1 - y0) * k / 10) for k in range(1, 11)]
    for x, y in path[:5]:
        touch(cdp, "touchMove", [(x, y, 0)])
    expect(page.locator(".sg-ghost")).to_have_count(1)
    touch(cdp, "touchStart", [(*path[4], 0), (fx, fy, 1)])
    # The tile hangs over the finger: the finger ends a little below the cell to drop it there.
    lift = page.evaluate("document.querySelector('.sg-ghost').getBoundingClientRect().height * 0.55")
    for k, (x, y) in enumerate(path[5:], start=1):
        touch(cdp, "touchMove", [(x, y + lift * k / 5, 0), (fx, fy, 1)])
    touch(cdp, "touchEnd", [])
    expect(page.get_by_test_id("cell-4")).to_have_attribute("data-tile", "5a1")
    page.screenshot(path=str(shots / "speedgans-phone-360x740-second-finger.png"))
    assert page.errors == [], page.errors
