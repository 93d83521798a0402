"""Plan Ahead on phones and with the keyboard alone.

- On a touch phone (390×844) a tile already on the land is dragged on to another field with a finger
  (touch events, as a phone sends them): it moves, it does not fall back to the next-tile slot.
- At 360×740 and 390×844, with six players, the whole game fits the screen: the clock, every score and
  OK are inside the viewport and the page does not scroll.
- There too, in a first game (a table with a turn clock, and the Rätsel), the hint „Neu hier? …“ covers
  neither the clock, the next tile, the header's controls, the land nor OK.
- A whole game with the keyboard only: the arrow keys walk the hex land, Enter places and confirms, the
  focus stays on its field through every update, and the end dialog takes the focus.
"""

from __future__ import annotations

import re
from collections import deque

import pytest
from playwright.sync_api import Page, expect
from tests.browser.boxes import inside_the_window, uncovered
from tests.browser.pages import phone, pick_nickname
from tests.browser.planahead_page import board_land, free_fields, open_table, settled, wait_turn

pytestmark = pytest.mark.browser

SHOTS = "/tmp/shots-helperB"


def finger_drag(page: Page, cdp, start: tuple[float, float], end: tuple[float, float]) -> None:
    """One finger down, moved in small steps, lifted: what a phone's browser gets from a person."""
    (x0, y0), (x1, y1) = start, end
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 13):
        x = x0 + (x1 - x0) * i / 12
        y = y0 + (y1 - y0) * i / 12
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def centre(page: Page, test_id: str) -> tuple[float, float]:
    settled(page)
    box = page.get_by_test_id(test_id).bounding_box()
    assert box is not None, test_id
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_finger_moves_a_placed_tile_to_another_field(live_server, new_page):
    page = new_page("phone")
    open_table(page, live_server, "Fina", seats=1)
    cdp = page.context.new_cdp_session(page)
    tile = page.get_by_test_id("next-tile").get_attribute("data-tile")
    # From the next-tile slot onto field 9 with a finger, then on from field 9 to field 1, then 17.
    finger_drag(page, cdp, centre(page, "next-tile"), centre(page, "field-9"))
    expect(page.get_by_test_id("field-9")).to_have_attribute("data-tentative", tile)
    for source, target in ((9, 1), (1, 17)):
        finger_drag(page, cdp, centre(page, f"field-{source}"), centre(page, f"field-{target}"))
        expect(page.get_by_test_id(f"field-{target}")).to_have_attribute("data-tentative", tile)
        expect(page.get_by_test_id(f"field-{source}")).not_to_have_attribute("data-tentative", tile)
        expect(page.get_by_test_id("next-tile")).to_have_attribute("data-placed", "true")
    page.screenshot(path=f"{SHOTS}/phone-dragged.png")
    # Dropped off the land (on the page's header), it does go back.
    finger_drag(page, cdp, centre(page, "field-17"), (200, 20))
    expect(page.get_by_test_id("next-tile")).to_have_attribute("data-placed", "false")
    assert not page.errors, page.errors


@pytest.mark.parametrize("size", [(360, 740), (390, 844)])
def test_six_players_fit_a_phone_screen(live_server, browser, size):
    width, height = size
    page = phone(browser, width, height)
    try:
        open_table(page, live_server, "Annalena-Sophie", seats=6, clock="60", bots=5)
        page.get_by_test_id("first-ok").click()  # the first-tile hint, put away
        page.get_by_test_id("field-9").tap()
        settled(page)
        page.screenshot(path=f"{SHOTS}/phone-six-{width}.png")
        inside = ["clock", "ok", "next-tile", "board", *[f"score-{i}" for i in range(6)]]
        for test_id in inside:
            box = page.get_by_test_id(test_id).bounding_box()
            assert box is not None, test_id
            assert box["x"] >= 0 and box["y"] >= 0, (test_id, box)
            assert box["x"] + box["width"] <= width + 0.5, (test_id, box)
            assert box["y"] + box["height"] <= height + 0.5, (test_id, box)
        assert page.evaluate("document.scrollingElement.scrollHeight") <= height
        # The chips use the row up to the OK button, a long name given room (not cut to „Anna…“).
        row = page.evaluate(
            """() => {
              const r = (sel) => document.querySelector(sel).getBoundingClientRect();
              const own = r('[data-testid="score-0"] .pa-score-name').width;
              return {scores: r('.pa-scores').right, ok: r('[data-testid="ok"]').left, own};
            }"""
        )
        assert row["ok"] - row["scores"] <= 16, row
        assert row["own"] >= 70, row
        # The board is still big enough to play on: a field is wider than a fingertip.
        field = page.get_by_test_id("field-9").bounding_box()
        assert field is not None and field["width"] >= 44, field
    finally:
        page.context.close()


# ---- the first-game hint on a phone ---------------------------------------------------------------
#: What a player needs while the hint „Neu hier? …“ is up: none of it under the hint, all of it in sight.
FIRST_GAME_PARTS = ["turn", "help-open", "next-tile", "bag-summary", "board", "ok", "score-0"]
#: And what only one of the two has: the table's turn clock and „Spiel verlassen“, the Rätsel's clock.
FIRST_GAME_OWN_PARTS = {"table": ["clock", "leave-game"], "puzzle": ["puzzle-clock"]}


@pytest.mark.parametrize("where", ["table", "puzzle"])
@pytest.mark.parametrize("size", [(360, 740), (390, 844)])
def test_the_first_game_hint_covers_nothing_on_a_phone(live_server, browser, shots, size, where):
    """A first game on a phone (a table with a 30-s turn clock; the Rätsel, whose clock runs at once):
    the hint takes a place of its own between the header and the land; the clock, the next tile, the
    header's controls, the land and OK stay uncovered and in the window, and the page does not scroll."""
    width, height = size
    page = phone(browser, width, height)
    try:
        if where == "table":
            open_table(page, live_server, "Fenja", seats=2, clock="30", bots=1)
        else:
            page.goto(live_server + "/puzzle")
            pick_nickname(page, "Fenja")
            page.get_by_test_id("puzzle-start").tap()
            expect(page.get_by_test_id("puzzle-clock")).to_have_text(re.compile(r"^\d:\d\d$"))
        hint = page.get_by_test_id("first-hint")
        expect(hint).to_contain_text("Neu hier?")
        expect(page.get_by_test_id("first-ok")).to_have_text("Verstanden")
        expect(page.get_by_test_id("bag-summary")).to_have_text("1 von 19 gezogen")
        parts = [*FIRST_GAME_PARTS, *FIRST_GAME_OWN_PARTS[where]]
        page.screenshot(path=str(shots / f"first-hint-{where}-{width}.png"))
        inside_the_window(page, ["first-hint", "first-ok", "first-help", *parts])
        uncovered(page, "first-hint", parts)
        # The land is still one to play on while the hint is up: a field is wider than a fingertip.
        field = page.get_by_test_id("field-9").bounding_box()
        assert field is not None and field["width"] >= 40, field
        board = page.get_by_test_id("board").bounding_box()

        page.get_by_test_id("first-ok").tap()
        expect(hint).to_have_count(0)
        inside_the_window(page, parts)
        after = page.get_by_test_id("board").bounding_box()
        assert board is not None and after is not None and after["height"] >= board["height"], (board, after)
        assert not page.errors, page.errors
    finally:
        page.context.close()


# ---- the list of tiles on a phone -----------------------------------------------------------------
def test_the_list_of_tiles_folds_away_from_the_land_on_a_phone(live_server, browser, shots):
    """On a phone the unfolded list of tiles lies over the land: a tap on a field folds it and lays
    the tile there all the same, and a list left open folds with the next tile."""
    page = phone(browser, 360, 740)
    try:
        open_table(page, live_server, "Fenja", seats=2, bots=1)
        bag = page.get_by_test_id("bag")
        page.get_by_test_id("bag-summary").tap()
        expect(bag).to_have_attribute("open", "")
        page.screenshot(path=str(shots / "bag-open-phone-360.png"))

        page.get_by_test_id("field-1").tap()  # left of the list, which unfolds to the right
        expect(bag).not_to_have_attribute("open", "")
        expect(page.get_by_test_id("next-tile")).to_have_attribute("data-placed", "true")
        settled(page)

        page.get_by_test_id("bag-summary").tap()
        expect(bag).to_have_attribute("open", "")
        page.get_by_test_id("ok").focus()  # confirmed without a tap outside the list
        page.keyboard.press("Enter")
        wait_turn(page, 1)
        expect(page.get_by_test_id("bag-summary")).to_have_text("2 von 19 gezogen")
        expect(bag).not_to_have_attribute("open", "")
        assert not page.errors, page.errors
    finally:
        page.context.close()


# ---- the keyboard alone ---------------------------------------------------------------------------
COORDS = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]


def step(field: int, key: str, lean: int) -> int | None:
    """The field an arrow key leads to (as the page's geometry.neighbour)."""
    q, r = COORDS[field - 1]
    if key == "ArrowUp":
        steps = [(0, -1)]
    elif key == "ArrowDown":
        steps = [(0, 1)]
    else:
        upper, lower = ((1, -1), (1, 0)) if key == "ArrowRight" else ((-1, 0), (-1, 1))
        steps = [lower, upper] if lean == 1 else [upper, lower]
    for dq, dr in steps:
        if (q + dq, r + dr) in COORDS:
            return COORDS.index((q + dq, r + dr)) + 1
    return None


def keys_to(start: int, lean: int, target: int) -> tuple[list[str], int]:
    """The arrow keys from one field to another (and the page's left/right lean afterwards)."""
    queue = deque([(start, lean, [])])
    seen = {(start, lean)}
    while queue:
        field, lean_now, keys = queue.popleft()
        if field == target:
            return keys, lean_now
        for key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"):
            nxt = step(field, key, lean_now)
            next_lean = -lean_now if key in ("ArrowLeft", "ArrowRight") else lean_now
            if nxt is not None and (nxt, next_lean) not in seen:
                seen.add((nxt, next_lean))
                queue.append((nxt, next_lean, [*keys, key]))
    raise AssertionError(f"no way from {start} to {target}")


def focused(page: Page) -> str | None:
    return page.evaluate("document.activeElement && document.activeElement.getAttribute('data-testid')")


def test_a_whole_game_with_the_keyboard_alone(live_server, new_page):
    page = new_page("desktop")
    open_table(page, live_server, "Kai", seats=2, bots=1)
    # Tab from the top of the page reaches the land (its one tab stop).
    for _ in range(30):
        page.keyboard.press("Tab")
        if (focused(page) or "").startswith("field-"):
            break
    here = int(focused(page).split("-")[1])
    lean = -1
    order = [9, 8, 10, 4, 5, 13, 14, 1, 2, 3, 6, 7, 11, 12, 15, 16, 17, 18, 19]
    for turn in range(19):
        wait_turn(page, turn)
        land = board_land(page)
        target = next(f for f in order if land[f - 1] is None)
        keys, lean = keys_to(here, lean, target)
        for key in keys:
            page.keyboard.press(key)
        assert focused(page) == f"field-{target}"
        page.keyboard.press("Enter")  # places the tile
        expect(page.get_by_test_id(f"field-{target}")).to_have_attribute(
            "data-tentative", re.compile(r"\d{3}")
        )
        settled(page)
        assert focused(page) == f"field-{target}", "the focus stays on the field after the update"
        page.keyboard.press("Enter")  # confirms it
        if turn < 18:
            wait_turn(page, turn + 1)
            assert focused(page) == f"field-{target}", "the focus stays on the field on the next turn"
            assert free_fields(board_land(page)) == [f for f in free_fields(land) if f != target]
        here = target
    expect(page.get_by_test_id("end")).to_be_visible()
    expect(page.get_by_test_id("rematch")).to_be_focused()
    assert not page.errors, page.errors
