"""Plan Ahead in real browsers: two players at one table, a whole game of 19 tiles, a rematch.

Player A (desktop, 1280×800) places by dragging with the mouse (and once with the keyboard);
player B (phone, 390×844, touch) places by tapping fields. Every score the page shows is checked
against the engine's scoring of the lands the page shows.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import pick_nickname
from tests.browser.planahead_page import (
    board_land,
    check_line_ends,
    drag,
    free_fields,
    greedy_field,
    settled,
    wait_turn,
)

from spieltisch.games.planahead.scoring import points_completed_by, score_land
from spieltisch.games.planahead.tiles import Tile

pytestmark = pytest.mark.browser


# ---- helpers ---------------------------------------------------------------------------------------


def turn_of(page: Page) -> int:
    return int(page.get_by_test_id("pa-game").get_attribute("data-turn"))


def shown_score(page: Page, seat: int) -> int:
    return int(page.get_by_test_id(f"score-{seat}").get_attribute("data-score"))


# ---- the game --------------------------------------------------------------------------------------
def test_two_players_play_a_whole_game(live_server, new_page, shots):
    a = new_page("desktop")
    b = new_page("phone")

    # A picks a nickname, opens a Plan Ahead table for two, no clock.
    a.goto(live_server + "/")
    expect(a.get_by_test_id("nickname-form")).to_be_visible()
    pick_nickname(a, "Anna")
    expect(a.get_by_test_id("create-table")).to_be_visible()
    a.get_by_test_id("create-seats").select_option("2")
    a.get_by_test_id("create-clock").select_option("")
    a.get_by_test_id("create-table").click()
    expect(a.get_by_test_id("room")).to_be_visible()
    assert re.search(r"/t/[a-z0-9]+$", a.url)
    link = a.get_by_test_id("share-link").input_value()
    assert link == a.url
    table_id = link.rsplit("/", 1)[1]
    a.get_by_test_id("copy-link").click()
    expect(a.get_by_test_id("toast")).to_be_visible()

    # B sees the table in the lobby, then comes in through the shared link and gets the free seat.
    b.goto(live_server + "/")
    pick_nickname(b, "Ben")
    expect(b.get_by_test_id(f"lobby-table-{table_id}")).to_contain_text("Anna")
    b.goto(link)
    expect(b.get_by_test_id("seat-1")).to_contain_text("Ben")
    expect(a.get_by_test_id("seat-1")).to_contain_text("Ben")
    expect(b.get_by_test_id("start")).to_have_count(0)  # only the host starts
    a.screenshot(path=str(shots / "room-desktop.png"))
    a.get_by_test_id("start").click()

    for page in (a, b):
        expect(page.get_by_test_id("next-tile")).to_be_visible()
        wait_turn(page, 0)
    previews_seen = 0
    b_order = [10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19]

    for turn in range(19):
        tile_code = a.get_by_test_id("next-tile").get_attribute("data-tile")
        assert b.get_by_test_id("next-tile").get_attribute("data-tile") == tile_code
        tile = Tile.parse(tile_code)
        expect(a.get_by_test_id("turn")).to_contain_text(f"{turn + 1}")

        # --- A: drag (sometimes to a first field and then on to the chosen one), once keyboard.
        land_a = board_land(a)
        target = greedy_field(land_a, tile)
        if turn == 2:
            a.get_by_test_id(f"field-{target}").focus()
            a.keyboard.press("Enter")
        elif turn % 4 == 1 and len(free_fields(land_a)) > 1:
            first = next(f for f in free_fields(land_a) if f != target)
            drag(a, "next-tile", f"field-{first}")
            expect(a.get_by_test_id(f"field-{first}")).to_have_attribute("data-tentative", tile_code)
            drag(a, f"field-{first}", f"field-{target}")  # move the tentative tile on
        else:
            drag(a, "next-tile", f"field-{target}")
        expect(a.get_by_test_id(f"field-{target}")).to_have_attribute("data-tentative", tile_code)
        settled(a)
        expect(a.get_by_test_id("next-tile")).to_have_attribute("data-placed", "true")
        # The preview: exactly the points this placement completes (none shown when nothing).
        expected_preview = points_completed_by(land_a, target, tile)
        if expected_preview:
            expect(a.get_by_test_id("preview")).to_have_attribute("data-points", str(expected_preview))
            expect(a.get_by_test_id("preview").locator("text")).to_have_text(f"+{expected_preview}")
            previews_seen += 1
        else:
            expect(a.get_by_test_id("preview")).to_have_count(0)

        # --- B: tap (on some turns tap a first field, then change his mind).
        land_b = board_land(b)
        field_b = next(f for f in b_order if land_b[f - 1] is None)
        if turn % 5 == 3 and turn < 18:
            other = next(f for f in reversed(b_order) if land_b[f - 1] is None and f != field_b)
            b.get_by_test_id(f"field-{other}").tap()
            expect(b.get_by_test_id(f"field-{other}")).to_have_attribute("data-tentative", tile_code)
            settled(b)
        b.get_by_test_id(f"field-{field_b}").tap()
        expect(b.get_by_test_id(f"field-{field_b}")).to_have_attribute("data-tentative", tile_code)
        settled(b)

        # --- A confirms first: his score is dimmed for both, B's is not.
        a.get_by_test_id("ok").click()
        expect(a.get_by_test_id("score-0")).to_have_attribute("data-confirmed", "true")
        expect(b.get_by_test_id("score-0")).to_have_attribute("data-confirmed", "true")
        expect(b.get_by_test_id("score-0")).to_have_class(re.compile(r"\bis-dimmed\b"))
        expect(b.get_by_test_id("score-1")).not_to_have_class(re.compile(r"\bis-dimmed\b"))
        expect(a.get_by_test_id("ok")).to_be_disabled()
        if turn == 6:
            a.screenshot(path=str(shots / "game-desktop.png"))
            b.screenshot(path=str(shots / "game-phone.png"))
        b.get_by_test_id("ok").click()
        for page in (a, b):
            wait_turn(page, turn + 1)

        # Both lands hold the tile now; the shown scores and line ends follow the engine.
        land_a = board_land(a)
        assert land_a[target - 1] == tile
        assert board_land(b)[field_b - 1] == tile
        assert shown_score(a, 0) == score_land(land_a).total
        assert shown_score(b, 1) == score_land(board_land(b)).total
        if turn in (5, 12, 18):
            check_line_ends(a, land_a)

        if turn == 7:
            # A looks at B's land, read-only, and back to his own.
            b_land = board_land(b)
            a.get_by_test_id("score-1").click()
            expect(a.get_by_test_id("viewing")).to_contain_text("Ben")
            expect(a.get_by_test_id("board")).to_have_attribute("data-seat", "1")
            assert board_land(a) == b_land
            assert a.locator('[data-testid="board"] [role="button"]').count() == 0  # nothing to place on
            expect(a.get_by_test_id("ok")).to_be_disabled()
            a.screenshot(path=str(shots / "readonly-desktop.png"))
            a.get_by_test_id("back-own").click()
            expect(a.get_by_test_id("board")).to_have_attribute("data-seat", "0")
            assert board_land(a) == land_a

        if turn == 9:
            # B reloads in the middle of the game: same seat, same land, same tile.
            before = board_land(b)
            b.reload()
            expect(b.get_by_test_id("pa-game")).to_have_attribute("data-you", "1")
            wait_turn(b, turn + 1)
            assert board_land(b) == before
            assert b.get_by_test_id("next-tile").get_attribute("data-tile") == a.get_by_test_id(
                "next-tile"
            ).get_attribute("data-tile")
            expect(b.get_by_test_id("reconnect-banner")).to_be_hidden()

    assert previews_seen >= 1, "the greedy builder never completed a line: no preview was checked"

    # The end: both see the winner; every shown score is the score of the land shown.
    for page in (a, b):
        expect(page.get_by_test_id("pa-game")).to_have_attribute("data-phase", "finished")
        expect(page.get_by_test_id("end")).to_be_visible()
    a.screenshot(path=str(shots / "end-desktop.png"))
    b.screenshot(path=str(shots / "end-phone.png"))
    final = {0: score_land(board_land(a)).total, 1: score_land(board_land(b)).total}
    assert all(None not in board_land(p) for p in (a, b))
    for page in (a, b):
        for seat, score in final.items():
            assert shown_score(page, seat) == score
            assert page.locator(f'[data-testid="ranking"] li[data-seat="{seat}"]').get_attribute(
                "data-score"
            ) == str(score)
    names = {0: "Anna", 1: "Ben"}
    best = max(final.values())
    winners = [names[s] for s, v in final.items() if v == best]
    for page in (a, b):
        winner_text = page.get_by_test_id("winner").text_content()
        assert all(name in winner_text for name in winners)
        for seat, score in final.items():
            place = 1 + sum(v > score for v in final.values())
            li = page.locator(f'[data-testid="ranking"] li[data-seat="{seat}"]')
            assert li.get_attribute("data-place") == str(place)
    # What the strongest computer would have scored on the same tiles, and its land with the numbers
    # at the line ends like any player's (the server works it out just after the end).
    strongest = a.get_by_test_id("strongest")
    expect(strongest).to_be_visible(timeout=30_000)
    strongest_score = int(strongest.get_attribute("data-score"))
    expect(strongest).to_contain_text(str(strongest_score))
    a.get_by_test_id("show-strongest").click()
    expect(a.get_by_test_id("board")).to_have_attribute("data-seat", "strongest")
    expect(a.get_by_test_id("viewing")).to_contain_text("des stärksten Computers")
    strongest_land = board_land(a)
    assert score_land(strongest_land).total == strongest_score
    check_line_ends(a, strongest_land, fields_and_colour=False)
    a.get_by_test_id("back-own").click()
    a.get_by_test_id("show-end").click()
    # After the game A can look at B's finished land too (the end dialog set aside).
    a.get_by_test_id("close-end").click()
    a.get_by_test_id("score-1").click()
    assert board_land(a) == board_land(b)
    assert shown_score(a, 1) == score_land(board_land(a)).total

    # Rematch: B (not the host) asks for it. A, who had set the end aside, is asked, with a
    # countdown; B is in and waits. A agrees: a new game at the same table, empty lands.
    b.get_by_test_id("rematch").click()
    expect(b.get_by_test_id("rematch")).to_be_disabled()
    expect(a.get_by_test_id("end")).to_be_visible()
    expect(a.get_by_test_id("rematch-offer")).to_contain_text("Revanche gewünscht von Ben")
    a.screenshot(path=str(shots / "rematch-offer-desktop.png"))
    b.screenshot(path=str(shots / "rematch-agreed-phone.png"))
    expect(a.get_by_test_id("rematch-countdown")).to_contain_text(re.compile(r"Beginnt in 1?\d s"))
    expect(a.get_by_test_id("pa-game")).to_have_attribute("data-phase", "finished")
    a.get_by_test_id("rematch").click()
    for page in (a, b):
        expect(page.get_by_test_id("pa-game")).to_have_attribute("data-phase", "playing")
        wait_turn(page, 0)
        expect(page.get_by_test_id("end")).to_have_count(0)
        expect(page.get_by_test_id("board")).to_have_attribute("data-land", " ".join(["."] * 19))
    expect(a.get_by_test_id("board")).to_have_attribute("data-seat", "0")
    assert a.url.endswith(f"/t/{table_id}") and b.url.endswith(f"/t/{table_id}")
    assert not a.errors and not b.errors, (a.errors, b.errors)


def test_bot_clock_language_and_errors(live_server, new_page, shots):
    """A solo table with a computer player and a 15 s clock; English; an error toast; the clock places."""
    a = new_page("desktop")
    a.goto(live_server + "/")
    a.get_by_test_id("lang").click()  # to English, remembered
    expect(a.get_by_test_id("nickname-form")).to_contain_text("Nickname")
    pick_nickname(a, "Cleo")
    a.reload()
    expect(a.get_by_test_id("create-table")).to_have_text("Open a table")
    a.get_by_test_id("create-seats").select_option("2")
    a.get_by_test_id("create-clock").select_option("15")
    a.get_by_test_id("create-table").click()
    expect(a.get_by_test_id("room")).to_be_visible()
    expect(a.get_by_test_id("room-heading")).to_have_text("Waiting for players")
    a.get_by_test_id("bot-level").select_option("easy")
    a.get_by_test_id("add-bot").click()
    expect(a.get_by_test_id("seat-1")).to_contain_text("Beginner")
    expect(a.get_by_test_id("room-heading")).to_have_text("All seats taken")  # not waiting any more
    a.get_by_test_id("start").click()
    expect(a.get_by_test_id("clock")).to_be_visible()
    expect(a.get_by_test_id("clock")).to_have_text(re.compile(r"^0:1[0-5]$"))

    # The server's errors show as a short toast (here: a field that does not exist).
    table_id = a.url.rsplit("/", 1)[1]
    a.evaluate("id => window.spieltisch.net.send({type: 'place', table: id, field: 99})", table_id)
    expect(a.get_by_test_id("toast")).to_be_visible()

    # The computer places at once (its score is dimmed); the page shows the clock running down.
    expect(a.get_by_test_id("score-1")).to_have_attribute("data-confirmed", "true")
    a.screenshot(path=str(shots / "clock-desktop-en.png"))
    assert not a.errors, a.errors


def test_turn_clock_places_the_tile_and_marks_the_field(live_server, new_page):
    a = new_page("desktop")
    a.goto(live_server + "/")
    pick_nickname(a, "Emil")
    a.get_by_test_id("create-seats").select_option("1")
    a.get_by_test_id("create-clock").select_option("15")
    a.get_by_test_id("create-table").click()
    a.get_by_test_id("start").click()
    expect(a.get_by_test_id("clock")).to_be_visible()
    # Emil does nothing: at the deadline the clock places the tile for him, and the field is marked.
    wait_turn(a, 1, timeout=30_000)
    marked = a.locator('[data-testid="board"] [data-clock="true"]')
    expect(marked).to_have_count(1)
    assert marked.get_attribute("data-tile")


def test_lobby_on_a_phone_and_links_that_lead_nowhere(live_server, new_page, shots):
    page = new_page("phone")
    page.goto(live_server + "/")
    # An empty nickname: the page's own message, in the page's language (not the browser's bubble).
    page.get_by_test_id("nickname-submit").click()
    expect(page.get_by_test_id("nickname-error")).to_have_text("Der Spitzname braucht 1 bis 20 Zeichen.")
    pick_nickname(page, "Dora")
    expect(page.get_by_test_id("create-table")).to_be_visible()
    page.screenshot(path=str(shots / "lobby-phone.png"))
    page.goto(live_server + "/t/zzzz9999")
    expect(page.get_by_test_id("table-not-found")).to_be_visible()
    # A path nobody serves and a puzzle that does not exist: still 404s, but the app's own pages
    # that say so and lead back.
    for path, test_id in (("/nichts/hier", "page-not-found"), ("/puzzle/2020-13-45", "puzzle-not-found")):
        response = page.goto(live_server + path)
        assert response is not None and response.status == 404
        expect(page.get_by_test_id(test_id)).to_be_visible()
    page.goto(live_server + "/nichts/hier")
    page.get_by_test_id("page-not-found").get_by_role("button").click()
    expect(page.get_by_test_id("create-table")).to_be_visible()
    assert not page.errors, page.errors
