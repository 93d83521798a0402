"""Issue 32, items 3, 4 and 5a/5b, as a player meets them in Chromium.

The rules pages: reached from the lobby, the waiting room and the game; Plan Ahead's covers the tiles,
a complete and a broken line, tapping a score, dimming, moving a tile before OK and the „+N“;
Speedgans' shows all 18 tile sides and all 24 tasks (names and stars as the engine has them); both fit
phones of 390 and 360 px in Speedgans' three looks, German and English. The end of a Plan Ahead game
lists the score by line (15 lines, their sum the score), in the end dialog and the replay's last frame.
Looking at another land, the hint says that nothing is laid there; „Zurück zu meinem Land“ leaves the
keyboard focus on the own land, not on <body>."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import phone, pick_nickname
from tests.browser.planahead_page import board_land, free_fields, open_table, play_plan_ahead, wait_turn

from spieltisch.games.planahead.scoring import score_land
from spieltisch.games.speedgans.tasks import STAR_TASKS, TASKS

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-rulespages")
LOOKS = ("herbst", "laterne", "plan")
PHONES = {"phone390": (390, 844), "phone360": (360, 740)}


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def fits(page: Page) -> None:
    """Nothing wider than the window (no sideways scrolling on a phone)."""
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths


def check_planahead_rules(page: Page) -> None:
    rules = page.get_by_test_id("rules")
    expect(rules).to_have_attribute("data-game", "planahead")
    for part in ("rules-tile", "rules-complete", "rules-broken", "rules-board", "rules-scores"):
        expect(page.get_by_test_id(part)).to_be_visible()
    expect(page.get_by_test_id("rules-complete").locator(".pa-lineend.is-complete text").first).to_have_text(
        "27"
    )
    expect(page.get_by_test_id("rules-preview")).to_have_attribute("data-points", "27")
    expect(page.get_by_test_id("rules-kinds").locator("li")).to_have_count(3)


def check_speedgans_rules(page: Page) -> None:
    expect(page.get_by_test_id("rules")).to_have_attribute("data-game", "speedgans")
    expect(page.locator('[data-testid^="rules-side-"]')).to_have_count(18)
    expect(page.get_by_test_id("rules-catch-example").locator('[data-testid="catch"]')).to_have_count(1)
    expect(page.locator("[data-task]")).to_have_count(24)
    for task in TASKS:
        name = page.get_by_test_id(f"rules-task-{task.id}")
        expect(name).to_have_attribute("data-star", "true" if task.id in STAR_TASKS else "false")
        assert page.get_by_test_id(f"rules-task-help-{task.id}").inner_text().strip()


def test_rules_pages_from_the_lobby_with_every_task(live_server, new_page):
    page = new_page("desktop")
    page.goto(live_server + "/")
    pick_nickname(page, "Regine")
    # Every card that starts a game leads to its rules: the new table's, the Rätsel's, Speedgans alone.
    expect(page.get_by_test_id("lobby-puzzle-rules")).to_have_attribute("href", "/regeln/planahead")
    expect(page.get_by_test_id("lobby-sgsolo-rules")).to_have_attribute("href", "/regeln/speedgans")
    lobby_link = page.get_by_test_id("lobby-rules").get_by_test_id("rules-link-planahead")
    expect(lobby_link).to_have_attribute("href", "/regeln/planahead")
    shot(page, "lobby-desktop-de")
    lobby_link.click()
    expect(page).to_have_url(re.compile(r"/regeln/planahead$"))
    check_planahead_rules(page)
    page.get_by_test_id("rules-move").wait_for()
    words = page.get_by_test_id("rules").inner_text()
    for said in ("OK", "+N", "gedimmt", "umlegen", "Punktestand"):
        assert said in words, said
    shot(page, "planahead-desktop-de")
    page.get_by_test_id("rules-other").click()
    expect(page).to_have_url(re.compile(r"/regeln/speedgans$"))
    check_speedgans_rules(page)
    # The task names are the game's own (a task's German name as the engine has it).
    for task in TASKS:
        expect(page.get_by_test_id(f"rules-task-{task.id}")).to_contain_text(task.name)
    shot(page, "speedgans-desktop-de-herbst")
    page.get_by_test_id("rules-back").click()
    expect(page).to_have_url(re.compile(r"/regeln/planahead$"))
    page.get_by_test_id("rules-back").click()
    expect(page.get_by_test_id("create-table")).to_be_visible()
    # English: every heading in English, nothing German left over in the tasks.
    page.get_by_test_id("lang").click()
    page.get_by_test_id("lobby-rules").get_by_test_id("rules-link-speedgans").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Speedgans: rules")
    expect(page.get_by_test_id("rules-task-F1")).to_contain_text("Goose hunt")
    shot(page, "speedgans-desktop-en-herbst")
    assert page.errors == []
    assert httpx.get(live_server + "/regeln/schach", headers={"accept": "text/html"}).status_code == 404
    assert httpx.get(live_server + "/regeln/speedgans", headers={"accept": "text/html"}).status_code == 200


def test_rules_from_the_waiting_room_and_the_game(live_server, new_page):
    page = new_page("desktop")
    page.goto(live_server + "/")
    pick_nickname(page, "Wanda")
    page.get_by_test_id("create-seats").select_option("2")
    page.get_by_test_id("create-table").click()
    room_link = page.get_by_test_id("room").get_by_test_id("rules-link-planahead")
    expect(room_link).to_have_attribute("href", "/regeln/planahead")
    expect(room_link).to_have_attribute("target", "_blank")  # the table stays open where it is
    with page.context.expect_page() as opened:
        room_link.click()
    rules_tab = opened.value
    check_planahead_rules(rules_tab)
    rules_tab.close()
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-1")).to_have_attribute("data-free", "false")
    page.get_by_test_id("start").click()
    wait_turn(page, 0)
    if page.get_by_test_id("first-ok").count():
        page.get_by_test_id("first-ok").click()
    page.get_by_test_id("help-open").click()
    game_link = page.get_by_test_id("help").get_by_test_id("game-rules")
    expect(game_link).to_have_attribute("href", "/regeln/planahead")
    with page.context.expect_page() as opened:
        game_link.click()
    check_planahead_rules(opened.value)
    opened.value.close()
    page.get_by_test_id("help-close").click()
    expect(page.get_by_test_id("pa-game")).to_have_attribute("data-phase", "playing")

    # A Speedgans table: the waiting room and the game both lead to its rules.
    page.get_by_test_id("leave-game").click()
    page.get_by_test_id("leave-yes").click()
    page.get_by_test_id("create-game-speedgans").check()
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("room").get_by_test_id("rules-link-speedgans")).to_have_attribute(
        "href", "/regeln/speedgans"
    )
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-1")).to_have_attribute("data-free", "false")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("game-rules")).to_have_attribute("href", "/regeln/speedgans")
    assert page.errors == []


@pytest.mark.parametrize("size", list(PHONES))
def test_rules_pages_fit_phones_in_every_look(live_server, browser, size):
    page = phone(browser, *PHONES[size])
    try:
        page.goto(live_server + "/")
        pick_nickname(page, f"Fiona{size[-3:]}")
        page.goto(live_server + "/regeln/planahead")
        check_planahead_rules(page)
        fits(page)
        shot(page, f"planahead-{size}-de")
        for part in ("rules-points", "rules-turn", "rules-others"):
            page.get_by_test_id(part).screenshot(path=str(SHOTS / f"planahead-{size}-{part}.png"))
        for look in LOOKS:
            page.evaluate(f"localStorage.setItem('spieltisch.sg.theme', '{look}')")
            page.goto(live_server + "/regeln/speedgans")
            expect(page.locator("body")).to_have_attribute("data-sg-theme", look)
            check_speedgans_rules(page)
            fits(page)
            shot(page, f"speedgans-{size}-de-{look}")
            for part in ("rules-tiles", "rules-catch", "rules-tasks"):
                page.get_by_test_id(part).screenshot(path=str(SHOTS / f"speedgans-{size}-{look}-{part}.png"))
        page.get_by_test_id("lang").click()
        expect(page.get_by_role("heading", level=1)).to_have_text("Speedgans: rules")
        fits(page)
        shot(page, f"speedgans-{size}-en-plan")
        page.goto(live_server + "/regeln/planahead")
        expect(page.get_by_role("heading", level=1)).to_have_text("Plan Ahead: rules")
        fits(page)
        shot(page, f"planahead-{size}-en")
        assert page.errors == []
    finally:
        page.context.close()


def line_cells(page: Page, scope) -> list[tuple[str, int]]:
    cells = scope.locator('td[data-testid^="line-"][data-state]')
    expect(cells).to_have_count(15)
    return [(c.get_attribute("data-state"), int(c.get_attribute("data-points"))) for c in cells.all()]


def phrases_on_two_lines(scope) -> list[str]:
    """The phrases of a score by line that a narrow table broke onto a second line: „unterbrochen · 0“,
    a line's kind, „3 × 6 = 18“ each belong on one line."""
    phrases = scope.evaluate(
        """(table) => [...table.querySelectorAll(
             'td[data-state]:not(.is-complete) .muted, td.is-complete .pa-line-kind, td.is-complete .pa-line-sum')]
           .map((el) => { const range = document.createRange(); range.selectNodeContents(el);
                          return [el.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size]; })"""
    )
    assert len(phrases) >= 15, phrases
    return [text for text, lines in phrases if lines != 1]


def test_plan_ahead_hint_focus_and_score_by_line(live_server, new_page):
    page = new_page("desktop")
    open_table(page, live_server, "Lina", seats=2, bots=1)
    if page.get_by_test_id("first-ok").count():
        page.get_by_test_id("first-ok").click()

    # A tile lies on the own land, unconfirmed; looking at the computer's land the hint says what
    # can be done there (nothing: back to the own land), not „tippe ein Feld an“ or „Bestätige mit OK“.
    field = page.get_by_test_id(f"field-{free_fields(board_land(page))[0]}")
    field.click()  # a server's view meanwhile updates the board in place: the click is not lost
    expect(page.get_by_test_id("ok")).to_be_enabled()
    page.get_by_test_id("score-1").click()
    expect(page.get_by_test_id("board")).to_have_attribute("data-seat", "1")
    hint = page.get_by_test_id("hint")
    expect(hint).to_have_text(
        "Hier legst du nichts – lege deine Kachel in deinem Land („Zurück zu meinem Land“)."
    )
    expect(page.get_by_test_id("ok")).to_be_disabled()

    # Keyboard: „Zurück zu meinem Land“ with Enter; the focus stays on the own land's field.
    page.get_by_test_id("back-own").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("board")).to_have_attribute("data-seat", "0")
    focused = page.evaluate(
        """() => ({tag: document.activeElement.tagName, id: document.activeElement.dataset?.testid || '',
                  inBoard: Boolean(document.activeElement.closest('[data-testid="board"]'))})"""
    )
    assert focused["inBoard"] and focused["id"].startswith("field-"), focused
    expect(hint).to_have_text("Bestätige mit OK.")
    page.get_by_test_id("ok").click()
    wait_turn(page, 1)

    play_plan_ahead(page, 1)
    end = page.get_by_test_id("end")
    expect(end).to_be_visible()
    lines = end.get_by_test_id("line-scores")
    expect(lines).to_be_visible()
    land = board_land(page)
    score = int(page.get_by_test_id("score-0").get_attribute("data-score"))
    cells = line_cells(page, lines)
    assert sum(points for _, points in cells) == score == score_land(land).total
    # The 15 lines as the engine scores them (the table lists them by direction, left to right; the
    # engine in its own order): the same states with the same points.
    assert sorted(cells) == sorted((line.state.value, line.points) for line in score_land(land).lines)
    expect(end.get_by_test_id("line-scores-total")).to_have_attribute("data-points", str(score))
    assert phrases_on_two_lines(lines) == []
    shot(page, "planahead-end-lines-desktop")

    # The replay's last frame: each land with its score by line.
    end.get_by_test_id("watch-replay").click()
    expect(page).to_have_url(re.compile(r"/replay/"))
    expect(page.get_by_test_id("line-scores-0")).to_have_count(0)  # not before the last tile
    page.get_by_test_id("replay-last").click()
    for seat in (0, 1):
        table = page.get_by_test_id(f"line-scores-{seat}")
        table.locator("summary").click()
        seat_score = int(page.get_by_test_id(f"land-{seat}").get_attribute("data-score"))
        assert sum(points for _, points in line_cells(page, table)) == seat_score
        assert phrases_on_two_lines(table) == []
    shot(page, "planahead-replay-lines-desktop")
    assert page.errors == []


@pytest.mark.parametrize("size", list(PHONES))
def test_the_score_by_line_on_a_phone(live_server, browser, size):
    """Folded at first on a phone (the dialog keeps its room); unfolded it fits the width."""
    page = phone(browser, *PHONES[size])
    try:
        open_table(page, live_server, f"Pia{size[-3:]}", seats=2, bots=1)
        play_plan_ahead(page)
        end = page.get_by_test_id("end")
        expect(end).to_be_visible()
        lines = end.get_by_test_id("line-scores")
        expect(lines).not_to_have_attribute("open", "")
        lines.locator("summary").tap()
        expect(lines).to_have_attribute("open", "")
        score = int(page.get_by_test_id("score-0").get_attribute("data-score"))
        assert sum(points for _, points in line_cells(page, lines)) == score
        assert phrases_on_two_lines(lines) == []
        box = lines.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONES[size][0], box
        fits(page)
        shot(page, f"planahead-end-lines-{size}")
        assert page.errors == []
    finally:
        page.context.close()
