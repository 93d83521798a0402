"""Computers at a table, as a person sees them: names of their own, the level as a badge beside the
name in both games, and the Plan Ahead table's pace for the computers chosen in the lobby."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from tests.browser.test_speedgans_play import pick_nickname


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
    page = new_page("desktop")  # (a phone's narrow chips leave the badge out: speedgans.css)
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
