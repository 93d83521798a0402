"""Computers at a table, as a person sees them: names of their own, the level as a badge beside the
name in both games (in the end's ranking too), and the Plan Ahead table's pace for the computers
chosen in the lobby."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.browser.boxes import overlap
from tests.browser.pages import phone, pick_nickname
from tests.browser.planahead_page import play_plan_ahead

pytestmark = pytest.mark.browser


def test_plan_ahead_computers_have_names_a_level_badge_and_the_chosen_pace(live_server, new_page, shots):
    page = new_page("desktop")
    page.goto(live_server + "/")
    pick_nickname(page, "Anna")
    page.get_by_test_id("create-seats").select_option("3")
    expect(page.get_by_test_id("create-bot-pace")).to_have_value("brisk")  # zügig is the default
    page.get_by_test_id("create-bot-pace").select_option("relaxed")
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("table-settings")).to_contain_text("Computer gemächlich")
    page.get_by_test_id("bot-level").select_option("strong")
    for _ in range(2):
        page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-2")).to_contain_text("Carl")
    expect(page.get_by_test_id("seat-1")).to_contain_text("Ada")
    page.get_by_test_id("start").click()
    for seat, name in ((1, "Ada"), (2, "Carl")):
        expect(page.get_by_test_id(f"score-{seat}")).to_contain_text(name)
        expect(page.get_by_test_id(f"level-{seat}")).to_have_text("Meister")
    expect(page.get_by_test_id("level-0")).to_have_count(0)  # a person has no level
    page.screenshot(path=str(shots / "planahead-computer-badges.png"))


def test_speedgans_computers_have_goose_names_and_a_level_badge(live_server, new_page, shots):
    page = new_page("desktop")  # (a phone leaves it out of chips narrower than 100 px: speedgans.css)
    page.goto(live_server + "/")
    pick_nickname(page, "Anna")
    page.get_by_test_id("create-game-speedgans").check()
    page.get_by_test_id("create-table").click()
    for level in ("easy", "strong"):
        page.get_by_test_id("bot-level").select_option(level)
        page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-2")).to_contain_text("Akka")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("opponent-1")).to_contain_text(re.compile("Auguste.*Leicht", re.S))
    expect(page.get_by_test_id("level-2")).to_have_text("Stark")
    expect(page.get_by_test_id("level-2")).to_be_visible()
    page.screenshot(path=str(shots / "speedgans-computer-badges.png"))


def test_the_plan_ahead_end_ranking_shows_the_computers_levels(live_server, browser, shots):
    """At the end of the game a computer's row in the ranking has its level beside its name, as its
    score chip has (a person's has none); on a 360-px phone the level and the name stay in the row."""
    page = phone(browser, 360, 740)
    try:
        page.goto(live_server + "/")
        pick_nickname(page, "Anna")
        page.get_by_test_id("create-seats").select_option("3")
        page.get_by_test_id("create-table").click()
        for seat, level in ((1, "strong"), (2, "easy")):
            page.get_by_test_id("bot-level").select_option(level)
            page.get_by_test_id("add-bot").click()
            expect(page.get_by_test_id(f"seat-{seat}")).to_have_attribute("data-free", "false")
        page.get_by_test_id("start").click()
        expect(page.get_by_test_id("level-1")).to_have_text("Meister")
        play_plan_ahead(page)
        ranking = page.get_by_test_id("ranking")
        expect(ranking).to_be_visible(timeout=20_000)
        for seat, word in ((1, "Meister"), (2, "Einsteiger")):
            name = page.get_by_test_id(f"score-{seat}").locator(".pa-score-name").text_content()
            row = ranking.locator(f"li[data-seat='{seat}']")
            expect(row.locator(".name")).to_have_text(name)
            badge = page.get_by_test_id(f"end-level-{seat}")
            expect(badge).to_have_text(word)
            expect(badge).to_have_attribute("title", f"Computer · {word}")
            inside_row(page, seat)
        expect(ranking.locator("li[data-seat='0'] .level-badge")).to_have_count(0)  # Anna is a person
        inside_row(page, 0)
        page.screenshot(path=str(shots / "planahead-end-ranking-levels-360.png"))
        assert page.errors == [], page.errors
    finally:
        page.context.close()


def inside_row(page, seat: int) -> None:
    """The ranking's row of the seat: its name (not cut), a computer's level and its points lie in it
    and none over another."""
    got = page.evaluate(
        """(seat) => {
          const row = document.querySelector(`[data-testid="ranking"] li[data-seat="${seat}"]`);
          const edges = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
          const box = (sel) => { const el = row.querySelector(sel); return el ? edges(el) : null; };
          const name = row.querySelector('.name');
          return {row: edges(row), parts: {place: box('.place'), name: box('.name'), level: box('.level-badge'),
                  score: box('.score')}, cut: name.scrollWidth > name.clientWidth};
        }""",
        seat,
    )
    row, parts = got["row"], {k: v for k, v in got["parts"].items() if v is not None}
    assert not got["cut"], got
    for part, box in parts.items():
        assert row[0] <= box[0] and box[2] <= row[2] and row[1] <= box[1] and box[3] <= row[3], (part, got)
    names = list(parts)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not overlap(parts[a], parts[b]), (a, b, got)


@pytest.mark.parametrize("bots", [1, 2])
def test_a_phone_marks_the_speedgans_computers_where_their_chips_have_room(live_server, browser, shots, bots):
    """At 360 px a table of two or three shows each computer's level on its chip (the six-player
    row leaves it out), inside the chip and beside its points."""
    page = phone(browser, 360, 740)
    try:
        page.goto(live_server + "/")
        pick_nickname(page, "Anna")
        page.get_by_test_id("create-game-speedgans").check()
        page.get_by_test_id("create-table").click()
        for _ in range(bots):
            page.get_by_test_id("add-bot").click()
        expect(page.get_by_test_id(f"seat-{bots}")).to_have_attribute("data-free", "false")
        page.get_by_test_id("start").click()
        expect(page.get_by_test_id("sg-game")).to_have_attribute("data-phase", "building", timeout=10_000)
        for seat in range(1, bots + 1):
            expect(page.get_by_test_id(f"level-{seat}")).to_have_text("Normal")
            # Measured in the page (a layout first: the chip's width decides whether the badge shows).
            chip, box = page.evaluate(
                """(seat) => {
                  const chip = document.querySelector(`[data-testid="opponent-${seat}"]`);
                  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.right, r.width]; };
                  return [box(chip), box(chip.querySelector('.level-badge'))];
                }""",
                seat,
            )
            assert box[2] > 20, (chip, box)  # shown, not left out
            assert chip[0] <= box[0] and box[1] <= chip[1] + 0.5, (chip, box)
        page.screenshot(path=str(shots / f"speedgans-phone-badges-{bots + 1}.png"))
    finally:
        page.context.close()
