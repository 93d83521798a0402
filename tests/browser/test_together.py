"""Playing together (issue 35), in real browsers: a private table and quick messages.

Anna (desktop) sets up a private Plan Ahead table: the lobby of another player does not list it,
its id alone opens nothing, its invite link seats Ben (a 360×740 phone). Both say something in the
waiting room and during the game: the bubble shows by the sender's score chip on both screens and,
on the phone, covers nothing a move needs (the land, the tile, OK). Anna mutes Ben: his next bubble
does not reach her, and after a reload he is still muted. Speedgans on a phone the same way (the
town, the tray, „Gasse dicht!“ and the clocks stay free)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import phone, pick_nickname
from tests.browser.planahead_page import wait_turn

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots-together"


def box(page: Page, selector: str) -> list[float] | None:
    return page.evaluate(
        """(sel) => { const r = document.querySelector(sel)?.getBoundingClientRect();
            return r && r.width > 0 ? [r.left, r.top, r.right, r.bottom] : null; }""",
        selector,
    )


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def covers_nothing_needed(page: Page, bubble: str, needed: list[str]) -> None:
    """The bubble lies over its sender's chip, and over none of what a move needs."""
    drawn = box(page, f'[data-testid="{bubble}"]')
    assert drawn is not None, f"no {bubble} shown"
    for test_id in needed:
        other = box(page, f'[data-testid="{test_id}"]')
        assert other is not None, f"{test_id} not on the page"
        assert not overlaps(drawn, other), f"{bubble} {drawn} covers {test_id} {other}"


def say(page: Page, phrase: str) -> None:
    page.get_by_test_id("quick-open").click()
    page.get_by_test_id(f"quick-{phrase}").click()
    expect(page.get_by_test_id("quick-picker")).to_have_count(0)


def test_a_private_plan_ahead_table_and_its_quick_messages(live_server, new_page, browser):
    anna = new_page("desktop")
    anna.goto(live_server + "/")
    pick_nickname(anna, "Anna")
    anna.get_by_test_id("create-seats").select_option("2")
    anna.get_by_test_id("create-clock").select_option("")
    anna.get_by_test_id("create-private").check()
    anna.get_by_test_id("create-table").click()
    expect(anna.get_by_test_id("private-mark")).to_have_text("Privat")
    expect(anna.get_by_test_id("copy-link")).to_have_text("Einladung kopieren")
    link = anna.get_by_test_id("share-link").input_value()
    table_id = re.search(r"/t/([a-z0-9]+)#k=[A-Za-z0-9_-]{20,}$", link).group(1)
    assert anna.url == link  # the host's address is the invite link too (a player shares the address)
    anna.screenshot(path=f"{SHOTS}/private-room-desktop.png")

    # Eve, in the lobby, never sees it; its id without the secret is no table to her.
    eve = new_page("desktop")
    eve.goto(live_server + "/")
    pick_nickname(eve, "Eve")
    expect(eve.get_by_test_id("lobby-tables")).to_be_visible()
    eve.wait_for_timeout(800)  # a lobby change would have come within half a second
    expect(eve.get_by_test_id(f"lobby-table-{table_id}")).to_have_count(0)
    eve.goto(f"{live_server}/t/{table_id}")
    expect(eve.get_by_test_id("table-not-found")).to_be_visible()
    eve.goto(f"{live_server}/t/{table_id}#k=wrongsecret")
    expect(eve.get_by_test_id("table-not-found")).to_be_visible()

    # Ben opens the invite link on a small phone: he sits down at once.
    ben = phone(browser, 360, 740)
    ben.goto(live_server + "/")
    pick_nickname(ben, "Ben")
    ben.goto(link)
    expect(anna.get_by_test_id("seat-1")).to_contain_text("Ben")
    expect(ben.get_by_test_id("private-mark")).to_be_visible()

    # In the waiting room: Ben's bubble by his seat, on both screens.
    say(ben, "well_played")
    for page in (anna, ben):
        expect(page.get_by_test_id("bubble-1")).to_have_text("Gut gemacht!")
    ben.screenshot(path=f"{SHOTS}/bubble-room-360.png")

    # During the game, on the phone: by his score chip, over nothing a move needs.
    anna.get_by_test_id("start").click()
    for page in (anna, ben):
        wait_turn(page, 0)
    say(ben, "thumbs_up")
    expect(ben.get_by_test_id("bubble-1")).to_have_text("👍")
    expect(anna.get_by_test_id("bubble-1")).to_have_text("👍")
    # It stays put while it shows (one element, moved with its chip: no pop-up again and again).
    ben.evaluate("document.querySelector('[data-testid=\"bubble-1\"]').dataset.mark = 'first'")
    ben.wait_for_timeout(700)
    expect(ben.get_by_test_id("bubble-1")).to_have_attribute("data-mark", "first")
    covers_nothing_needed(ben, "bubble-1", ["board", "next-tile", "ok"])
    assert overlaps(box(ben, '[data-testid="bubble-1"]'), box(ben, '[data-testid="score-1"]'))
    ben.screenshot(path=f"{SHOTS}/bubble-game-360.png")
    anna.screenshot(path=f"{SHOTS}/bubble-game-desktop.png")
    covers_nothing_needed(anna, "bubble-1", ["board", "next-tile", "ok"])
    # The bubble goes after a few seconds.
    expect(anna.get_by_test_id("bubble-1")).to_have_count(0, timeout=8000)

    # Anna mutes Ben: his next bubble reaches only him; hers still show.
    anna.get_by_test_id("quick-open").click()
    ben_id = ben.evaluate("window.spieltisch.app.me.id")
    anna.get_by_test_id(f"mute-{ben_id}").click()
    expect(anna.get_by_test_id(f"mute-{ben_id}")).to_have_attribute("data-muted", "true")
    anna.keyboard.press("Escape")
    say(ben, "thanks")
    expect(ben.get_by_test_id("bubble-1")).to_have_text("Danke!")
    say(anna, "party")
    expect(anna.get_by_test_id("bubble-0")).to_have_text("🎉")
    expect(ben.get_by_test_id("bubble-0")).to_have_text("🎉")
    expect(anna.get_by_test_id("bubble-1")).to_have_count(0)
    # After a reload the mute stands.
    anna.reload()
    wait_turn(anna, 0)
    anna.get_by_test_id("quick-open").click()
    expect(anna.get_by_test_id(f"mute-{ben_id}")).to_have_attribute("data-muted", "true")
    expect(anna.get_by_test_id(f"mute-{ben_id}")).to_contain_text("Ben wieder hören")
    anna.screenshot(path=f"{SHOTS}/picker-desktop.png")
    assert anna.errors == [] and ben.errors == []
    ben.context.close()


def test_quick_messages_at_a_speedgans_table_on_a_phone(live_server, new_page, browser):
    cara = phone(browser, 360, 740)
    cara.goto(live_server + "/")
    pick_nickname(cara, "Cara")
    cara.get_by_test_id("create-game-speedgans").check()
    cara.get_by_test_id("create-private").check()
    cara.get_by_test_id("create-table").click()
    expect(cara.get_by_test_id("private-mark")).to_be_visible()
    cara.get_by_test_id("add-bot").click()
    expect(cara.get_by_test_id("seat-1")).to_have_attribute("data-free", "false")
    cara.get_by_test_id("start").click()
    expect(cara.get_by_test_id("sg-game")).to_have_attribute("data-phase", "building", timeout=20_000)
    say(cara, "good_luck")
    expect(cara.get_by_test_id("bubble-0")).to_have_text("Viel Glück!")
    cara.screenshot(path=f"{SHOTS}/bubble-speedgans-360.png")
    needed = ["gasse-dicht"] + [t for t in ("hourglass", "clock") if box(cara, f'[data-testid="{t}"]')]
    covers_nothing_needed(cara, "bubble-0", needed)
    drawn = box(cara, '[data-testid="bubble-0"]')
    tasks = cara.locator('[data-testid^="task-"]:not([data-testid^="task-value"])').evaluate_all(
        "(els) => els.map((el) => el.dataset.testid)"
    )
    assert tasks, "no task cards on the page"
    for selector in [".sg-board", '[data-testid="tray"]', *(f'[data-testid="{t}"]' for t in tasks)]:
        other = box(cara, selector)
        assert other is not None, f"{selector} not on the page"
        assert not overlaps(drawn, other), f"the bubble covers {selector}"
    assert cara.errors == []
    cara.context.close()


def test_at_the_end_on_a_phone_the_speech_button_stays_under_the_veil(live_server, browser):
    """The end dialog is modal: nothing of the game floats undimmed over its veil. The speech
    button waits among the dialog's own buttons meanwhile (the header is under the veil), over
    none of them, and „Gut gemacht!“ goes out from there."""
    from tests.browser.planahead_page import play_plan_ahead

    page = phone(browser, 360, 740)
    page.goto(live_server + "/")
    pick_nickname(page, "Clara")
    page.get_by_test_id("create-seats").select_option("2")
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("add-bot").click()
    page.get_by_test_id("start").click()
    play_plan_ahead(page)
    expect(page.get_by_test_id("end")).to_be_visible()
    # The longest dialog: its score by line open.
    page.evaluate("document.querySelector('[data-testid=\"end\"] details.pa-lines').open = true")
    # Wherever the veil shows beside the dialog (the window's corners, the strip under the dialog),
    # the veil is what is on top there.
    on_top = page.evaluate(
        """() => {
          const veil = document.querySelector('.end-backdrop');
          const dialog = veil.querySelector('[data-testid="end"]').getBoundingClientRect();
          const v = veil.getBoundingClientRect();
          const points = [];
          for (let x = v.left + 6; x < v.right; x += 24) {
            for (let y = Math.max(v.top, 0) + 6; y < Math.min(v.bottom, innerHeight); y += 24) {
              if (x >= dialog.left && x <= dialog.right && y >= dialog.top && y <= dialog.bottom) continue;
              const el = document.elementFromPoint(x, y);
              if (el !== veil) points.push([x, y, el ? `${el.tagName}.${el.className}` : null]);
            }
          }
          return points;
        }"""
    )
    assert on_top == [], on_top
    button = box(page, '[data-testid="quick-open"]')
    assert button is not None and page.get_by_test_id("end").get_by_test_id("quick-open").count() == 1
    for other in page.get_by_test_id("end").locator("button:not([data-testid='quick-open'])").all():
        shown = other.bounding_box()
        if shown:
            drawn = [shown["x"], shown["y"], shown["x"] + shown["width"], shown["y"] + shown["height"]]
            assert not overlaps(button, drawn), (button, drawn)
    say(page, "well_played")
    expect(page.get_by_test_id("bubble-0")).to_have_text("Gut gemacht!")
    page.screenshot(path=f"{SHOTS}/end-phone-speech-button.png")
