"""An automated accessibility scan (axe-core, through axe-playwright-python, which brings its own
axe.js: no network needed) of every screen: the nickname form, the lobby, a waiting room, a Plan
Ahead game, Speedgans alone in each of its three looks and its result after a city, the Tagesstadt,
the Bestenliste, the puzzle, finished games' replays (Speedgans' in each look), a player's page
and a page that is not there. No serious or critical violation (contrast
below WCAG AA among them) is allowed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import pick_nickname, serious_violations
from tests.browser.socket_games import SpeedgansGame, daily_by_protocol, plan_ahead_game

from spieltisch.games.speedgans.catalog import ensure_catalog

pytestmark = pytest.mark.browser

LOOKS = ["herbst", "laterne", "plan"]


def look(page: Page, name: str) -> None:
    """Choose a Speedgans look through its gear menu, as a player does."""
    page.get_by_test_id("theme").click()
    page.get_by_test_id(f"theme-{name}").click()
    expect(page.locator("body")).to_have_attribute("data-sg-theme", name)


def test_no_serious_violations_on_any_screen(server_factory, data_dir, new_page, axe, shots):
    # A server of its own: the lists scanned (the lobby's, the Tagesstadt's, the Bestenliste, the
    # Rätsel's results) show what this test put there, not what other tests left.
    url = server_factory().url
    catalog = ensure_catalog(progress=False, directory=data_dir)
    # A Speedgans game to replay at the end, played meanwhile (a person on a socket, a computer).
    speedgans = SpeedgansGame(url, catalog)
    speedgans.start()
    # A Tagesstadt attempt: a row on the day's list and on the Bestenliste.
    daily_by_protocol(url, "Udo", catalog=catalog)[0].close()
    page = new_page()
    problems: dict[str, list[str]] = {}

    def scan(screen: str) -> None:
        problems[screen] = serious_violations(axe, page)

    page.goto(url + "/")
    expect(page.get_by_test_id("nickname-form")).to_be_visible()
    scan("nickname")
    pick_nickname(page, "Alma")
    expect(page.get_by_test_id("lobby-daily-state")).not_to_have_text("…")
    scan("lobby")
    page.get_by_test_id("create-game-speedgans").check()
    scan("lobby, Speedgans form")
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("room")).to_be_visible()
    scan("waiting room")

    page.goto(url + "/")
    page.get_by_test_id("create-seats").select_option("1")
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("pa-game")).to_be_visible()
    scan("Plan Ahead game")

    page.goto(url + "/")
    page.get_by_test_id("lobby-solo-practice").click()
    solo = page.get_by_test_id("solo")
    expect(solo).to_have_attribute("data-mode", "practice")
    page.get_by_test_id("rat").click()
    expect(page.locator(".sg-cell[data-hint='next']")).to_have_count(1)
    for name in LOOKS:
        look(page, name)
        scan(f"Übung, {name}")
    # The Rat's city, tile after tile, then „Gasse dicht!“: the city's result beside the next one.
    for _ in range(12):
        expect(solo).to_have_attribute("data-pending", "false")
        if page.get_by_test_id("live").count():
            break
        if page.locator(".sg-cell[data-hint='next']").count() == 0:
            page.get_by_test_id("rat").click()
        page.locator(".sg-cell[data-hint='next']").click()
    expect(page.get_by_test_id("live")).to_be_visible()
    page.get_by_test_id("gasse-dicht").click()
    expect(page.get_by_test_id("last-city")).to_have_attribute("data-outcome", "done")
    for name in LOOKS:
        look(page, name)
        scan(f"Übung's result, {name}")
    page.screenshot(path=str(shots / "a11y-result-plan.png"))

    speedgans.result()  # over: its points are on the Bestenliste too, however slow the machine
    for path, screen in (("/tagesstadt", "Tagesstadt"), ("/bestenliste", "Bestenliste")):
        page.goto(url + path)
        expect(page.get_by_test_id("theme")).to_be_visible()
        for name in LOOKS:
            look(page, name)
            scan(f"{screen}, {name}")
    page.goto(url + "/puzzle")
    expect(page.get_by_test_id("results-tab-best")).to_be_visible()
    scan("puzzle")
    # Replays: Plan Ahead at its last tile; Speedgans as its cities grow and at its scoring, each look.
    finished = plan_ahead_game(url)
    page.goto(f"{url}/replay/{finished['game']['game_id']}")
    expect(page.get_by_test_id("land-1")).to_be_visible()
    page.get_by_test_id("replay-last").click()
    scan("replay, Plan Ahead")
    finished = speedgans.result()
    page.goto(f"{url}/replay/{finished['game']['game_id']}")
    expect(page.get_by_test_id("city-panel-1")).to_be_visible()
    for name in LOOKS:
        look(page, name)
        page.get_by_test_id("replay-slider").fill("2")  # a city has grown
        expect(page.get_by_test_id("replay")).to_have_attribute("data-index", "2")
        scan(f"replay, Speedgans, {name}")
        page.get_by_test_id("replay-last").click()
        expect(page.get_by_test_id("replay-scoring")).to_be_visible()
        scan(f"replay, Speedgans scoring, {name}")
    page.goto(f"{url}/replay/{finished['id']}-000000000000")
    expect(page.get_by_test_id("replay-not-found")).to_be_visible()
    scan("replay of no game")
    # A player's page, of one who has played nothing yet: its empty states.
    page.goto(url + "/")
    page.get_by_test_id("my-games").click()
    expect(page.get_by_test_id("player-page")).to_have_attribute("data-state", "ready")
    scan("player page, nothing played")
    page.goto(url + "/no/such/page")
    expect(page.get_by_test_id("page-not-found")).to_be_visible()
    scan("not found")
    # The rules pages (Speedgans' in each of its looks).
    page.goto(url + "/regeln/planahead")
    expect(page.get_by_test_id("rules-board")).to_be_visible()
    scan("rules, Plan Ahead")
    page.goto(url + "/regeln/speedgans")
    expect(page.get_by_test_id("rules-task-list")).to_be_visible()
    for name in LOOKS:
        look(page, name)
        scan(f"rules, Speedgans, {name}")

    assert {screen: found for screen, found in problems.items() if found} == {}
    assert len(problems) >= 23  # every screen above was scanned
    assert not page.errors
