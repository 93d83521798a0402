"""Skill ratings in a real browser (issue 35): the rating list at /wertung, beside the Bestenliste,
and a player's ratings with their history on his page, on a desktop in German and a phone in
English."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import create_engine
from tests.browser.pages import phone, pick_nickname, serious_violations

from spieltisch.storage.ratings import PROVISIONAL_GAMES, RatedSeat
from spieltisch.storage.repository import Repository

pytestmark = pytest.mark.browser


def rated_game(repository: Repository, seats: list[tuple[str | None, str]], ranking: list[int]) -> None:
    """A Plan Ahead table game recorded as the server records it (`seats`: player id or None for a
    computer, and the name or level)."""
    repository.save_game(
        game="planahead",
        table_id="rated1",
        seed=1,
        settings={},
        players=[
            {"player": player, "nickname": name, "bot": None if player else name} for player, name in seats
        ],
        result={"ranking": ranking},
        started_at=0.0,
        rated=[RatedSeat(player, None if player else name) for player, name in seats],
    )


def my_id(page: Page) -> str:
    return page.get_by_test_id("my-games").get_attribute("href").rsplit("/", 1)[1]


def test_the_rating_list_and_a_players_ratings(server_factory, new_page, browser, axe, shots):
    server = server_factory()
    repository = Repository(create_engine(server.env["SPIELTISCH_DATABASE_URL"]), migrate=False)
    page = new_page("desktop")
    page.goto(server.url + "/")
    pick_nickname(page, "Rita")
    rita = my_id(page)
    otto = httpx.post(f"{server.url}/api/players", json={"nickname": "Otto"}).json()["id"]
    for _ in range(PROVISIONAL_GAMES):  # Rita first, then the Meister, then Otto
        rated_game(repository, [(otto, "Otto"), (None, "strong"), (rita, "Rita")], [3, 2, 1])
    nele = httpx.post(f"{server.url}/api/players", json={"nickname": "Nele"}).json()["id"]
    rated_game(repository, [(nele, "Nele"), (None, "easy")], [1, 2])

    # The Bestenliste leads to the rating list.
    page.goto(server.url + "/bestenliste")
    page.get_by_test_id("to-ratings").click()
    expect(page).to_have_url(f"{server.url}/wertung")
    rows = page.get_by_test_id("rating-entry")
    expect(rows).to_have_count(2)  # Nele's one game is provisional: on no list yet
    assert [rows.nth(i).get_attribute("data-player") for i in range(2)] == [rita, otto]
    expect(rows.nth(0)).to_have_class("is-you")
    assert (
        int(rows.nth(0).get_attribute("data-rating"))
        > 1980
        > 1500
        > int(rows.nth(1).get_attribute("data-rating"))
    )
    expect(page.get_by_test_id("rating-rules")).to_contain_text(
        "Einsteiger 1020 · Fortgeschritten 1500 · Meister 1980"
    )
    expect(page.get_by_test_id("rating-you")).to_have_count(0)  # Rita is on the list
    page.screenshot(path=str(shots / "ratings-desktop.png"))
    problems = {"rating list": serious_violations(axe, page)}
    page.get_by_test_id("rating-tab-speedgans").click()
    expect(page.get_by_test_id("rating-empty")).to_have_text(
        f"Noch niemand hat {PROVISIONAL_GAMES} gewertete Partien gespielt."
    )

    # Her page: the rating, established, and its history, game by game.
    page.get_by_test_id("rating-tab-planahead").click()
    rows.nth(0).get_by_test_id("player-link").click()
    card = page.get_by_test_id("rating-planahead")
    expect(card).to_have_attribute("data-provisional", "false")
    expect(card).to_contain_text(f"{PROVISIONAL_GAMES} gewertete Partien")
    dots = card.locator(".chart-dot")
    expect(dots).to_have_count(PROVISIONAL_GAMES)
    climbed = [int(dots.nth(i).get_attribute("data-rating")) for i in range(PROVISIONAL_GAMES)]
    assert climbed == sorted(climbed) and str(climbed[-1]) == card.get_attribute("data-rating")
    problems["player page"] = serious_violations(axe, page)

    # A player with a provisional rating is on no list yet: the list tells him where he stands.
    nora_page = new_page("desktop")
    nora_page.goto(server.url + "/")
    pick_nickname(nora_page, "Nora")
    nora = my_id(nora_page)
    rated_game(repository, [(nora, "Nora"), (None, "medium")], [1, 2])
    nora_page.goto(server.url + "/wertung")
    rating = repository.player_ratings(nora)["planahead"]["rating"]
    expect(nora_page.get_by_test_id("rating-you")).to_have_text(
        f"Deine Wertungszahl: {rating}? – noch {PROVISIONAL_GAMES - 1} Partien, dann stehst du in der Liste."
    )
    assert problems == {"rating list": [], "player page": []}, problems

    # Nele on a phone, in English: her provisional rating with its question mark.
    small = phone(browser, 390, 844)
    try:
        small.goto(server.url + "/")
        small.get_by_test_id("lang").click()
        pick_nickname(small, "Paul")
        small.goto(server.url + "/wertung")
        expect(small.get_by_test_id("rating-rules")).to_contain_text(
            "Beginner 1020 · Advanced 1500 · Master 1980"
        )
        expect(small.get_by_test_id("rating-entry")).to_have_count(2)
        assert small.evaluate("() => document.documentElement.scrollWidth") <= 390
        small.screenshot(path=str(shots / "ratings-phone-390-en.png"))
        small.get_by_test_id("rating-entry").nth(1).get_by_test_id("player-link").tap()
        card = small.get_by_test_id("rating-planahead")
        expect(card).to_contain_text(f"{PROVISIONAL_GAMES} rated games")
        expect(card.get_by_test_id("rating-chart")).to_be_visible()
        assert small.evaluate("() => document.documentElement.scrollWidth") <= 390
        small.screenshot(path=str(shots / "ratings-player-phone-390-en.png"), full_page=True)
        small.goto(f"{server.url}/spieler/{nele}")
        card = small.get_by_test_id("rating-planahead")
        expect(card).to_have_attribute("data-provisional", "true")
        expect(card.locator(".pl-rating-value")).to_have_text(f"{card.get_attribute('data-rating')}?")
        expect(card).to_contain_text("provisional")
        assert small.errors == [] and page.errors == []
    finally:
        small.context.close()


def test_the_rating_list_leads_back_to_the_lobby(live_server, new_page):
    """Like the Bestenliste and the Tagesstadt, the rating list has its way back: „Zur Lobby“."""
    page = new_page("phone")
    page.goto(live_server + "/")
    pick_nickname(page, "Rita")
    page.goto(live_server + "/wertung")
    back = page.get_by_test_id("to-lobby")
    expect(back).to_have_text("Zur Lobby")
    expect(back).to_have_class("sg-link")
    back.click()
    expect(page).to_have_url(live_server + "/")
    expect(page.get_by_test_id("lobby-tables")).to_be_visible()
    assert page.errors == []
