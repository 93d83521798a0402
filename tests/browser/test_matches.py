"""A match of several Plan Ahead games in a real browser (issue 35): „Partie über 2 Spiele“ chosen in
the lobby, the game's number and each row's running total during the game, the standings between
the games, „Nächstes Spiel“, and the last game's ranking by the match's totals; on a desktop and on
a phone in English."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.boxes import uncovered
from tests.browser.pages import phone, pick_nickname
from tests.browser.planahead_page import play_plan_ahead, wait_turn

pytestmark = pytest.mark.browser


def start_match(page: Page, url: str, name: str, games: int) -> None:
    page.goto(url + "/")
    pick_nickname(page, name)
    page.get_by_test_id("create-seats").select_option("2")
    page.get_by_test_id("create-clock").select_option("")
    page.get_by_test_id("create-match").select_option(str(games))
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-1")).to_have_attribute("data-free", "false")
    page.get_by_test_id("start").click()
    wait_turn(page, 0)


def scores(page: Page) -> list[int]:
    return [int(page.get_by_test_id(f"score-{seat}").get_attribute("data-score")) for seat in (0, 1)]


def totals(page: Page) -> list[int]:
    return [int(page.get_by_test_id(f"total-{seat}").get_attribute("data-total")) for seat in (0, 1)]


def test_a_match_of_two_games(live_server, new_page, shots):
    page = new_page("desktop")
    start_match(page, live_server, "Mats", 2)
    expect(page.get_by_test_id("match-number")).to_have_text("Spiel 1 von 2")
    play_plan_ahead(page)
    end = page.get_by_test_id("end")
    expect(end).to_be_visible()
    first = scores(page)
    assert totals(page) == first  # the first game: its own points are the match's so far
    expect(end.get_by_test_id("match-end")).to_have_text("Spiel 1 von 2 · Zwischenstand der Partie")
    # Its winner won this game, not yet the match („Mats gewinnt Spiel 1!“, or a tie in it).
    expect(end.get_by_test_id("winner")).to_contain_text("Spiel 1")
    standing = end.get_by_test_id("match-standing").locator("li")
    expect(standing).to_have_count(2)
    assert sorted(int(row.get_attribute("data-total")) for row in standing.all()) == sorted(first)
    rematch = end.get_by_test_id("rematch")
    expect(rematch).to_have_text("Nächstes Spiel (2 von 2)")
    # „Gut gemacht!“ is said at the end above all: the speech bubble's button stands in the dialog.
    page.get_by_test_id("quick-open").click()
    page.get_by_test_id("quick-well_played").click()
    expect(page.get_by_test_id("bubble-0")).to_have_text("Gut gemacht!")
    page.screenshot(path=str(shots / "match-between-games-desktop.png"))

    rematch.click()
    wait_turn(page, 0)
    expect(page.get_by_test_id("match-number")).to_have_text("Spiel 2 von 2")
    assert totals(page) == first  # nothing laid yet in the second game
    play_plan_ahead(page)
    expect(end).to_be_visible()
    expect(end.get_by_test_id("match-end")).to_have_text("Endstand der Partie über 2 Spiele")
    expect(end.get_by_test_id("winner")).not_to_contain_text("Spiel")  # the match's winner now
    match_totals = [a + b for a, b in zip(first, scores(page), strict=True)]
    assert totals(page) == match_totals
    # The ranking goes by the match's totals, the winner's first.
    rows = end.get_by_test_id("ranking").locator("li")
    ranked = [int(row.get_attribute("data-score")) for row in rows.all()]
    assert ranked == sorted(match_totals, reverse=True)
    # ... each row with the last game's own points beside the match's (not to be read as one figure).
    last_game = scores(page)
    for seat in (0, 1):
        expect(end.get_by_test_id(f"game-score-{seat}")).to_have_text(f"dieses Spiel {last_game[seat]}")
    expect(end.get_by_test_id("rematch")).to_have_text("Revanche")  # a new match
    page.screenshot(path=str(shots / "match-end-desktop.png"))

    # Each game of the match has its replay linked (the last one's once it is recorded), and each
    # replay says which game of the match it was; the player's page the match's total and place.
    replays = end.get_by_test_id("match-replays")
    expect(replays).to_have_text("Spiele ansehen: Spiel 1 · Spiel 2")
    expect(end.get_by_test_id("watch-replay")).to_have_count(0)  # not this game's alone
    first_game = end.get_by_test_id("watch-game-1")
    expect(first_game).to_have_attribute("href", re.compile(r"^/replay/[\w-]+$"))
    expect(end.get_by_test_id("watch-game-2")).to_have_attribute(
        "href", re.compile(r"^/replay/"), timeout=60_000
    )
    page.screenshot(path=str(shots / "match-end-replays-desktop.png"))
    first_path = first_game.get_attribute("href")
    end.get_by_test_id("watch-game-2").click()
    expect(page.locator(".rp-played")).to_contain_text("Spiel 2 von 2 · ")
    page.goto(live_server + first_path)
    expect(page.locator(".rp-played")).to_contain_text("Spiel 1 von 2 · ")
    mine = sorted(match_totals, reverse=True).index(match_totals[0]) + 1
    page.goto(f"{live_server}/spieler/{page.evaluate('window.spieltisch.app.me.id')}")
    newest = page.get_by_test_id("recent-game").first.get_by_test_id("recent-match")
    expect(newest).to_have_text(f"Spiel 2 von 2 · Partie: {match_totals[0]} Punkte, Platz {mine}")
    assert page.errors == []


def test_the_match_on_a_phone_in_english(live_server, browser, shots):
    page = phone(browser, 360, 740)
    try:
        page.goto(live_server + "/")
        page.get_by_test_id("lang").click()
        start_match(page, live_server, "Mira", 3)
        number = page.get_by_test_id("match-number")
        expect(number).to_have_text("Game 1 of 3")
        expect(number).to_be_in_viewport(ratio=1)
        for seat in (0, 1):
            expect(page.get_by_test_id(f"total-{seat}")).to_be_in_viewport(ratio=1)
        expect(page.get_by_test_id("board")).to_be_in_viewport()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        page.screenshot(path=str(shots / "match-phone-360-en.png"))
        # A notice (here: a refused move) comes over the page's header, not over the game's bottom.
        table = page.url.rsplit("/", 1)[1]
        page.evaluate("(table) => window.spieltisch.net.send({type: 'place', table, field: 99})", table)
        expect(page.get_by_test_id("toast")).to_be_visible()
        uncovered(page, "toast", ["board", "ok", "score-0", "score-1", "total-0", "total-1", "match-number"])
        play_plan_ahead(page)
        end = page.get_by_test_id("end")
        expect(end.get_by_test_id("match-end")).to_have_text("Game 1 of 3 · match standings")
        expect(end.get_by_test_id("rematch")).to_have_text("Next game (2 of 3)")
        page.screenshot(path=str(shots / "match-phone-360-en-end.png"))
        assert page.errors == []
    finally:
        page.context.close()
