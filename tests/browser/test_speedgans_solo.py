"""Speedgans alone in real browsers, on a server of their own whose Rekordjagd lasts 20 s (the
operator's override SPIELTISCH_REKORDJAGD_SECONDS); the Tagesstadt's list on one of its test's own.

Rosa (desktop, 1280×800) and Paul (phone, 390×844) each play a Rekordjagd to its end: the
Musterstadt laid by drag and keys, „Gasse dicht!“, one city skipped, the time runs out; the summary
has every city and the first record. Tina plays the Tagesstadt twice: only her first attempt is on the
day's list. Vera (phone, 360×740) asks „Rat“ in the Übung and lays tile after tile by tapping the
glowing cell. The Bestenliste shows everyone's points with one's own row, also below the rows shown.
Everything a run needs is inside the window (bounding boxes) on all three screens.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.boxes import centre_of, inside_the_window
from tests.browser.conftest import DESKTOP, PHONE
from tests.browser.pages import pick_nickname
from tests.browser.socket_games import PERSON_SECONDS_PER_TILE, daily_by_protocol
from tests.conftest import ServerProcess
from tests.server.player_client import Client

from spieltisch.games.speedgans.catalog import ensure_catalog
from spieltisch.games.speedgans.notation import parse_city
from spieltisch.games.speedgans.report import report

pytestmark = pytest.mark.browser

RECORD_ENV = "SPIELTISCH_REKORDJAGD_SECONDS"
#: Long enough for the test's first city laid at a person's pace (5 s) and what it checks on a slow
#: machine, short enough to wait for its end.
RECORD_SECONDS = 40
SMALL_PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 2,
    "has_touch": True,
    "is_mobile": True,
}
#: What a player needs while building, on every screen.
RUN_PARTS = ["sg-tasks", "city", "tray", "gasse-dicht", "rat", "give-up", "theme", "solo-status"]


@pytest.fixture(scope="module")
def solo_server(tmp_path_factory, data_dir):
    """A server of this module's own: a short Rekordjagd and a database with only these players."""
    server = ServerProcess(tmp_path_factory.mktemp("solo"), {RECORD_ENV: str(RECORD_SECONDS)}).start()
    yield server.url
    server.stop()
    server.check_replays()


@pytest.fixture(scope="module")
def catalog(data_dir):
    return ensure_catalog(progress=False, directory=data_dir)


# ---- helpers ---------------------------------------------------------------------------------------
def as_player(page: Page, client: Client) -> None:
    """The page plays as a player made through the protocol (its token in the browser's memory)."""
    page.context.add_init_script(f"localStorage.setItem('spieltisch.token', {json.dumps(client.token)})")


def js_number(value: float) -> str:
    """A number as the page writes it into an attribute (JavaScript's String(): 250, 265.9)."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def solo(page: Page):
    return page.get_by_test_id("solo")


def settled(page: Page) -> None:
    """The page shows the server's answer to its last city."""
    expect(solo(page)).to_have_attribute("data-pending", "false")


def run_tasks(page: Page) -> list[str]:
    return (
        page.get_by_test_id("sg-tasks")
        .locator(".sg-task")
        .evaluate_all("els => els.map(e => e.dataset.testid.slice(5))")
    )


def musterstadt(catalog, tasks: list[str]):
    return catalog.musterstadt(tuple(tasks))


def lay_by_keys(page: Page, city: str, skip: tuple[int, ...] = ()) -> None:
    """Lay a city from the tray with the keyboard: focus the tile, F flips, R turns, the digit lays it;
    at a person's pace (a solo city laid faster ranks nowhere)."""
    for cell, entry in enumerate(city.split()):
        if cell in skip or entry == ".":
            continue
        page.wait_for_timeout(PERSON_SECONDS_PER_TILE * 1000)
        tile, side, rotation = int(entry[0]), entry[1], int(entry[2])
        page.get_by_test_id(f"tray-{tile}").focus()
        if side == "b":
            page.keyboard.press("f")
        for _ in range(rotation):
            page.keyboard.press("r")
        page.keyboard.press(str(cell + 1))
        expect(page.get_by_test_id(f"cell-{cell}")).to_have_attribute("data-tile", entry)


def drag(page: Page, source: str, target: str) -> None:
    x0, y0 = centre_of(page, source)
    x1, y1 = centre_of(page, target)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 14, y0 + 10, steps=2)
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def build_record_city(page: Page, catalog, *, first_by_drag: bool) -> tuple[float, object]:
    """Lay the Musterstadt of the page's city (the first tile dragged where asked) and check what the
    page says of it. Answers the live points and the Musterstadt."""
    tasks = run_tasks(page)
    muster = musterstadt(catalog, tasks)
    goal = str(muster.city)
    first = goal.split()[0]
    skip: tuple[int, ...] = ()
    if first_by_drag:
        drag(page, f"tray-{first[0]}", "cell-0")
        expect(page.get_by_test_id("cell-0")).to_have_attribute("data-tile", f"{first[0]}a0")
        page.get_by_test_id("cell-0").focus()
        if first[1] == "b":
            page.keyboard.press("f")
        for _ in range(int(first[2])):
            page.keyboard.press("r")
        expect(page.get_by_test_id("cell-0")).to_have_attribute("data-tile", first)
        skip = (0,)
    lay_by_keys(page, goal, skip)
    settled(page)
    expect(page.get_by_test_id("city")).to_have_attribute("data-valid", "true")
    values = report(parse_city(goal)).tasks
    for task in tasks:
        expect(page.get_by_test_id(f"task-{task}")).to_have_attribute("data-value", str(values[task]))
        expect(page.get_by_test_id(f"task-{task}")).to_have_attribute(
            "data-best", str(catalog.best_value(task))
        )
        expect(page.get_by_test_id(f"task-points-{task}")).to_be_visible()
    live = page.get_by_test_id("live")
    expect(live).to_be_visible()
    points = float(live.get_attribute("data-sum"))
    assert points == muster.sum  # one rounding rule: the Musterstadt shows what building it shows
    expect(page.get_by_test_id("gasse-dicht")).to_be_enabled()
    return points, muster


# ---- (a) a Rekordjagd to its end -------------------------------------------------------------------
def test_a_rekordjagd_to_its_end_on_desktop_and_phone(solo_server, catalog, new_page, shots):
    rosa, paul = new_page("desktop"), new_page("phone")
    for page, name in ((rosa, "Rosa"), (paul, "Paul")):
        page.goto(solo_server + "/")
        pick_nickname(page, name)
        expect(page.get_by_test_id("lobby-sgsolo")).to_be_visible()
    rosa.screenshot(path=str(shots / "solo-lobby-desktop.png"))

    # Rosa: the first tile dragged, the rest by keys; the points it would bring now stand under it.
    rosa.get_by_test_id("lobby-solo-record").click()
    expect(solo(rosa)).to_have_attribute("data-mode", "record")
    expect(rosa).to_have_url(re.compile(r"/t/[a-z0-9]+$"))
    expect(rosa.get_by_test_id("solo-clock")).to_have_text(re.compile(r"^0:[0-4]\d$"))  # under RECORD_SECONDS
    expect(rosa.get_by_test_id("rat")).to_have_attribute("data-cost", "30")
    expect(rosa.get_by_test_id("solo-total")).to_have_attribute("data-total", "0")
    points_a, muster_a = build_record_city(rosa, catalog, first_by_drag=True)
    inside_the_window(rosa, [*RUN_PARTS, "solo-clock", "skip", "live"])
    rosa.screenshot(path=str(shots / "solo-record-desktop.png"))
    rosa.keyboard.press("Enter")

    # The next city: the last one's points and the Musterstadt's, which the board can show.
    expect(solo(rosa)).to_have_attribute("data-number", "2")
    last = rosa.get_by_test_id("last-city")
    expect(last).to_have_attribute("data-outcome", "done")
    assert float(last.get_attribute("data-points")) == points_a
    assert float(last.get_attribute("data-muster")) == pytest.approx(muster_a.sum, abs=0.01)
    expect(rosa.get_by_test_id("solo-total")).to_have_attribute("data-total", js_number(points_a))
    rosa.get_by_test_id("show-muster").click()
    expect(rosa.get_by_test_id("city")).to_have_attribute("data-city", str(muster_a.city))
    expect(rosa.get_by_test_id("viewing")).to_be_visible()
    rosa.screenshot(path=str(shots / "solo-musterstadt-desktop.png"))
    rosa.keyboard.press("Escape")
    expect(rosa.get_by_test_id("viewing")).to_have_count(0)
    rosa.get_by_test_id("skip").click()
    expect(solo(rosa)).to_have_attribute("data-number", "3")
    # A reload resumes the run where it was (the run is a table at /t/<id>).
    lay_by_keys(rosa, ". . . . 3b2 . . . .")
    settled(rosa)
    rosa.reload()
    expect(solo(rosa)).to_have_attribute("data-number", "3")
    expect(rosa.get_by_test_id("cell-4")).to_have_attribute("data-tile", "3b2")
    expect(rosa.get_by_test_id("last-city")).to_have_attribute("data-outcome", "skipped")
    expect(rosa.get_by_test_id("solo-clock")).to_be_visible()

    # Paul on the phone: the same, „Gasse dicht!“ and „Überspringen“ by touch.
    paul.get_by_test_id("lobby-solo-record").tap()
    expect(solo(paul)).to_have_attribute("data-mode", "record")
    points_b, _ = build_record_city(paul, catalog, first_by_drag=False)
    inside_the_window(paul, [*RUN_PARTS, "solo-clock", "skip", "live"])
    paul.screenshot(path=str(shots / "solo-record-phone.png"))
    paul.get_by_test_id("gasse-dicht").tap()
    expect(solo(paul)).to_have_attribute("data-number", "2")
    inside_the_window(paul, [*RUN_PARTS, "solo-clock", "skip", "last-city", "show-muster"])
    paul.screenshot(path=str(shots / "solo-next-city-phone.png"))
    paul.get_by_test_id("skip").tap()
    expect(solo(paul)).to_have_attribute("data-number", "3")

    # The time runs out: the summary of every city, and the first record.
    for page, points in ((rosa, points_a), (paul, points_b)):
        expect(page.get_by_test_id("summary")).to_be_visible(timeout=(RECORD_SECONDS + 10) * 1000)
        expect(page.get_by_test_id("summary-total")).to_have_attribute("data-total", js_number(points))
        expect(page.get_by_test_id("summary-city-1")).to_have_attribute("data-outcome", "done")
        expect(page.get_by_test_id("summary-city-1")).to_have_attribute("data-points", js_number(points))
        expect(page.get_by_test_id("summary-city-2")).to_have_attribute("data-outcome", "skipped")
        expect(page.get_by_test_id("summary-city-3")).to_have_attribute("data-outcome", "unfinished")
        expect(page.get_by_test_id("new-best")).to_be_visible()
        expect(page.get_by_test_id("summary")).to_contain_text("Die Zeit ist um!")
    rosa.screenshot(path=str(shots / "solo-summary-desktop.png"))
    paul.screenshot(path=str(shots / "solo-summary-phone.png"), full_page=True)
    # Any city of the run, with its own Musterstadt (not the last city's).
    rosa.get_by_test_id("summary-city-2").get_by_role("button").click()
    expect(rosa.get_by_test_id("viewing")).to_contain_text("Stadt 2")
    expect(rosa.get_by_test_id("show-muster")).to_contain_text("Musterstadt zu Stadt 2")
    rosa.get_by_test_id("show-muster").click()
    expect(rosa.get_by_test_id("viewing")).to_contain_text("Musterstadt zu Stadt 2")
    rosa.get_by_test_id("show-muster").click()  # „Deine Stadt“: back to the city shown before
    expect(rosa.get_by_test_id("summary-city-2")).to_have_class(re.compile("is-shown"))

    # „Nochmal“: a new run on the same page; „Beenden“ (asked twice) ends it below the record.
    rosa.get_by_test_id("rematch").click()
    expect(solo(rosa)).to_have_attribute("data-phase", "playing")
    expect(solo(rosa)).to_have_attribute("data-number", "1")
    rosa.get_by_test_id("give-up").click()
    expect(rosa.get_by_test_id("give-up")).to_contain_text("Wirklich")
    rosa.get_by_test_id("give-up").click()
    expect(rosa.get_by_test_id("personal-best")).to_have_attribute("data-best", js_number(points_a))
    expect(rosa.get_by_test_id("summary-total")).to_have_attribute("data-total", "0")
    for page in (rosa, paul):
        assert page.errors == [], page.errors


# ---- (b) a Tagesstadt begun and left for a moment ------------------------------------------------
def test_b_a_tagesstadt_begun_is_no_tagesstadt_not_played(server_factory, new_page):
    """Vera begins the Tagesstadt and goes to the lobby: the card says her attempt runs (its clock
    does), not "not played yet", and takes her back to it; so does the day's page."""
    page = new_page("phone")
    page.goto(server_factory().url + "/")
    pick_nickname(page, "Vera")
    state = page.get_by_test_id("lobby-daily-state")
    expect(state).to_have_attribute("data-played", "false")
    page.get_by_test_id("lobby-solo-daily").click()
    expect(solo(page)).to_have_attribute("data-phase", "playing")
    tasks = run_tasks(page)
    page.locator("a.brand").click()
    expect(state).to_have_attribute("data-played", "running")
    expect(state).to_have_text("Dein Versuch von heute läuft – spiel ihn weiter")
    page.get_by_test_id("lobby-daily-list").click()
    expect(page.get_by_test_id("daily-running")).to_be_visible()
    expect(page.get_by_test_id("daily-play")).to_have_text("Weiterspielen")
    page.get_by_test_id("daily-play").click()
    expect(solo(page)).to_have_attribute("data-phase", "playing")
    assert run_tasks(page) == tasks  # the same attempt, not a new one


# ---- (b) the Tagesstadt twice ----------------------------------------------------------------------
def test_b_tagesstadt_twice_only_the_first_ranks(server_factory, catalog, new_page, shots):
    # A server of its own: the day's list and its count of attempts are Udo's and Tina's alone,
    # whatever other tests of this module played on theirs, and in whichever order they ran.
    solo_server = server_factory().url
    udo, udo_points = daily_by_protocol(solo_server, "Udo", catalog=catalog)
    tina = new_page("desktop")
    tina.goto(solo_server + "/")
    pick_nickname(tina, "Tina")
    expect(tina.get_by_test_id("lobby-daily-state")).to_have_attribute("data-played", "false")
    tina.get_by_test_id("lobby-solo-daily").click()

    # No clock and no skipping in the Tagesstadt; „Rat“ costs 30.
    expect(solo(tina)).to_have_attribute("data-mode", "daily")
    expect(tina.get_by_test_id("rat")).to_have_attribute("data-cost", "30")
    expect(tina.get_by_test_id("solo-clock")).to_have_count(0)
    expect(tina.get_by_test_id("skip")).to_have_count(0)
    tasks = run_tasks(tina)
    goal = str(musterstadt(catalog, tasks).city)
    lay_by_keys(tina, goal)
    settled(tina)
    inside_the_window(tina, [*RUN_PARTS, "live"])
    tina.keyboard.press("Enter")
    expect(tina.get_by_test_id("first-attempt")).to_have_attribute("data-first", "true", timeout=15_000)
    bonus = int(tina.get_by_test_id("summary-bonus").get_attribute("data-bonus"))
    assert 60 < bonus <= 120
    first = float(tina.get_by_test_id("summary-total").get_attribute("data-total"))
    # The city on show: its task cards and the time bonus line add up to the caption's points.
    expect(tina.get_by_test_id("city-bonus")).to_have_attribute("data-bonus", str(bonus))
    expect(tina.get_by_test_id("city-bonus")).to_have_text(f"Zeitbonus +{bonus}")
    cards = tina.get_by_test_id("summary-tasks").locator(".sg-task-best").all_inner_texts()
    task_points = [float(c.removesuffix(" P.").replace(",", ".")) for c in cards]
    city_points = float(tina.get_by_test_id("summary-city-1").get_attribute("data-points"))
    assert round(sum(task_points) * 10) + bonus * 10 == round(city_points * 10)
    expect(tina.get_by_test_id("viewing")).to_contain_text(f"{city_points:.1f}".replace(".", ",") + " Punkte")
    tina.screenshot(path=str(shots / "solo-daily-summary-desktop.png"))

    # Again: the same tasks, points shown, but not on the list.
    tina.get_by_test_id("rematch").click()
    expect(solo(tina)).to_have_attribute("data-phase", "playing")
    assert run_tasks(tina) == tasks
    lay_by_keys(tina, goal)
    settled(tina)
    tina.get_by_test_id("gasse-dicht").click()
    expect(tina.get_by_test_id("first-attempt")).to_have_attribute("data-first", "false", timeout=15_000)
    expect(tina.get_by_test_id("first-attempt")).to_contain_text("nicht")

    # The day's list: first attempts only, Tina's row marked, the tasks shown now that she played.
    tina.get_by_test_id("daily-link").click()
    expect(tina).to_have_url(re.compile(r"/tagesstadt/\d{4}-\d{2}-\d{2}$"))
    entries = tina.get_by_test_id("daily-entry")
    expect(entries).to_have_count(2)
    mine = tina.locator("[data-testid='daily-entry'].is-you")
    expect(mine).to_have_count(1)
    expect(mine).to_have_attribute("data-points", js_number(first))
    expect(tina.locator(f"[data-testid='daily-entry'][data-player='{udo.player['id']}']")).to_have_attribute(
        "data-points", js_number(udo_points)
    )
    expect(tina.get_by_test_id("daily-list")).to_contain_text("3 Versuche")
    expect(tina.get_by_test_id("daily-tasks").locator("li")).to_have_count(3)
    expect(tina.get_by_test_id("daily-play")).to_contain_text("Nochmal")
    tina.screenshot(path=str(shots / "solo-daily-list-desktop.png"), full_page=True)
    tina.goto(solo_server + "/")
    expect(tina.get_by_test_id("lobby-daily-state")).to_have_attribute("data-played", "true")

    # Udo on his phone: his own row; the lobby of a player who has not played shows no tasks.
    phone = new_page("phone")
    as_player(phone, udo)
    phone.goto(solo_server + "/tagesstadt")
    expect(phone.locator("[data-testid='daily-entry'].is-you")).to_have_attribute(
        "data-player", udo.player["id"]
    )
    phone.screenshot(path=str(shots / "solo-daily-list-phone.png"), full_page=True)
    fresh = new_page("phone")
    fresh.goto(solo_server + "/tagesstadt")
    pick_nickname(fresh, "Wanda")
    expect(fresh.get_by_test_id("daily-tasks-hidden")).to_be_visible()
    expect(fresh.get_by_test_id("daily-play")).to_contain_text("spielen")
    udo.close()
    for page in (tina, phone, fresh):
        assert page.errors == [], page.errors


# ---- (c) „Rat“ and the glowing cell ----------------------------------------------------------------
def test_c_rat_lays_tile_after_tile_on_a_small_phone(solo_server, catalog, browser, shots):
    context = browser.new_context(**SMALL_PHONE, locale="de-DE")
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(solo_server + "/")
        pick_nickname(page, "Vera")
        page.get_by_test_id("lobby-solo-practice").tap()
        expect(solo(page)).to_have_attribute("data-mode", "practice")
        expect(page.get_by_test_id("rat")).to_have_attribute("data-cost", "0")
        expect(page.get_by_test_id("rat")).to_contain_text("gratis")
        expect(page.get_by_test_id("solo-clock")).to_have_count(0)

        # „Neue Aufgaben“: three chosen (a second of a group takes the first one's place).
        page.get_by_test_id("new-tasks").tap()
        # The chooser stands under the page's header and clear of the window's foot (it scrolls inside).
        found = page.evaluate(
            """() => {
              const p = document.querySelector('[data-testid="picker"]').getBoundingClientRect();
              const head = document.querySelector('.app-header').getBoundingClientRect();
              return {top: p.top, bottom: p.bottom, head: head.bottom, h: innerHeight};
            }"""
        )
        assert found["top"] >= found["head"] and found["bottom"] <= found["h"] - 8, found
        for task in ("F2", "F1", "W2", "L3"):
            page.get_by_test_id(f"pick-{task}").tap()
        expect(page.get_by_test_id("pick-F2")).to_have_attribute("aria-pressed", "false")
        page.screenshot(path=str(shots / "solo-picker-phone-small.png"))
        page.get_by_test_id("pick-ok").tap()
        expect(solo(page)).to_have_attribute("data-number", "2")
        assert run_tasks(page) == ["F1", "W2", "L3"]

        # A dead end between two tiles: „Rat“ names a wrong one first, and the glowing cell takes
        # the right tile (the wrong one goes back to the tray).
        page.get_by_test_id("tray-1").focus()
        page.keyboard.press("r")
        page.keyboard.press("1")
        page.get_by_test_id("tray-2").focus()
        page.keyboard.press("f")
        page.keyboard.press("2")
        expect(page.get_by_test_id("cell-1")).to_have_attribute("data-tile", "2b0")
        settled(page)
        page.get_by_test_id("rat").tap()
        expect(
            page.locator(".sg-cell[data-hint='wrong'], .sg-cell[data-hint='next'].has-tile")
        ).not_to_have_count(0)
        expect(page.get_by_test_id("solo-status")).to_contain_text("falsch")
        inside_the_window(page, [*RUN_PARTS, "skip", "new-tasks"])
        page.screenshot(path=str(shots / "solo-rat-phone-small.png"))

        for _ in range(12):
            settled(page)
            if page.get_by_test_id("live").count():
                break
            if page.locator(".sg-cell[data-hint='next']").count() == 0:
                expect(page.get_by_test_id("rat")).to_be_enabled()
                page.get_by_test_id("rat").tap()
            glowing = page.locator(".sg-cell[data-hint='next']")
            expect(glowing).to_have_count(1)
            cell = glowing.get_attribute("data-cell")
            piece = glowing.get_attribute("data-piece")
            if page.get_by_test_id(f"tray-{piece[0]}").count():
                expect(page.get_by_test_id(f"tray-{piece[0]}")).to_have_attribute("data-hint", "next")
            glowing.tap()
            expect(page.get_by_test_id(f"cell-{cell}")).to_have_attribute("data-tile", piece)
        settled(page)
        live = page.get_by_test_id("live")
        expect(live).to_be_visible()
        best = musterstadt(catalog, ["F1", "W2", "L3"]).sum
        assert float(live.get_attribute("data-sum")) == best
        inside_the_window(page, [*RUN_PARTS, "skip", "new-tasks", "live"])
        page.get_by_test_id("gasse-dicht").tap()
        expect(solo(page)).to_have_attribute("data-number", "3")
        expect(page.get_by_test_id("last-city")).to_have_attribute("data-outcome", "done")
        inside_the_window(page, [*RUN_PARTS, "skip", "new-tasks", "last-city", "show-muster"])
        page.screenshot(path=str(shots / "solo-practice-phone-small.png"))
        assert errors == [], errors
    finally:
        context.close()


# ---- (d) the Bestenliste ---------------------------------------------------------------------------
def test_d_bestenliste_with_ones_own_row(solo_server, catalog, new_page, shots):
    xia, xia_points = daily_by_protocol(solo_server, "Xia", catalog=catalog)
    yan, _ = daily_by_protocol(solo_server, "Yan", catalog=catalog)
    page = new_page("desktop")
    as_player(page, xia)
    page.goto(solo_server + "/bestenliste")
    board = page.get_by_test_id("board")
    expect(board).to_have_attribute("data-period", "all")
    mine = page.locator("[data-testid='board-entry'].is-you")
    expect(mine).to_have_attribute("data-player", xia.player["id"])
    expect(mine).to_have_attribute("data-games", "1")
    assert float(mine.get_attribute("data-points")) == pytest.approx(xia_points / 10, abs=0.01)
    expect(page.locator(f"[data-testid='board-entry'][data-player='{yan.player['id']}']")).to_have_count(1)
    page.screenshot(path=str(shots / "solo-board-desktop.png"), full_page=True)
    page.get_by_test_id("board-tab-week").click()
    expect(board).to_have_attribute("data-period", "week")
    expect(page.locator("[data-testid='board-entry'].is-you")).to_have_count(1)
    # English, and the way to the other lists.
    page.get_by_test_id("lang").click()
    expect(page.get_by_test_id("board-tab-all")).to_have_text("All time")
    page.get_by_test_id("to-daily").click()
    expect(page).to_have_url(re.compile(r"/tagesstadt$"))
    expect(page.get_by_test_id("daily-page")).to_be_visible()

    # Yan's phone, where the server's rows end before his: his own row stands apart below.
    phone = new_page("phone")
    as_player(phone, yan)

    def without_yan(route):
        answer = route.fetch().json()
        answer["entries"] = [e for e in answer["entries"] if e["player"] != yan.player["id"]]
        route.fulfill(json=answer)

    phone.route(re.compile(r".*/api/leaderboard\?.*"), without_yan)
    phone.goto(solo_server + "/bestenliste")
    apart = phone.get_by_test_id("board-you")
    expect(apart).to_have_attribute("data-player", yan.player["id"])
    expect(apart).to_have_class(re.compile(r"\bis-you\b"))
    expect(phone.locator("[data-testid='board-entry'].is-you")).to_have_count(0)
    expect(phone.get_by_test_id("to-puzzle")).to_have_attribute("href", "/puzzle")
    phone.screenshot(path=str(shots / "solo-board-phone.png"), full_page=True)
    xia.close()
    yan.close()
    for p in (page, phone):
        assert p.errors == [], p.errors


# ---- (e) a run without a point -------------------------------------------------------------------
def test_e_a_first_rekordjagd_without_a_point_is_no_record(solo_server, new_page):
    page = new_page("phone")
    page.goto(solo_server + "/")
    pick_nickname(page, "Ida")
    page.get_by_test_id("lobby-solo-record").tap()
    expect(solo(page)).to_have_attribute("data-phase", "playing")
    page.get_by_test_id("give-up").tap()
    page.get_by_test_id("give-up").tap()
    expect(page.get_by_test_id("summary-total")).to_have_attribute("data-total", "0")
    expect(page.get_by_test_id("personal-best")).to_have_text(
        "Noch kein Rekord: er braucht mindestens einen Punkt."
    )
    expect(page.get_by_test_id("new-best")).to_have_count(0)
    assert page.errors == [], page.errors


# ---- (f) the Musterstadt built exactly shows its own points ----------------------------------------
@pytest.mark.parametrize("screen", ["desktop", "phone", "small-phone"])
def test_f_building_the_musterstadt_shows_the_musterstadt_points(
    solo_server, catalog, browser, shots, screen
):
    """Issue 32: in the Übung with W3 H5 L5, the Musterstadt built tile by tile said „Letzte Stadt
    208,4 … ★ Musterstadt 208,3“ (its caption rounded the exact sum). One rule: both say 208,4."""
    look = {"desktop": DESKTOP, "phone": PHONE, "small-phone": SMALL_PHONE}[screen]
    context = browser.new_context(**look, locale="de-DE")
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(solo_server + "/")
        pick_nickname(page, f"Mia{screen[0]}")
        page.get_by_test_id("lobby-solo-practice").click()
        expect(solo(page)).to_have_attribute("data-mode", "practice")
        page.get_by_test_id("new-tasks").click()
        for task in ("W3", "H5", "L5"):
            page.get_by_test_id(f"pick-{task}").click()
        page.get_by_test_id("pick-ok").click()
        expect(solo(page)).to_have_attribute("data-number", "2")
        muster = musterstadt(catalog, ["W3", "H5", "L5"])
        assert muster.sum == 208.4  # 75,0 + 66,7 + 66,7 (the exact sum is 208,33…)
        lay_by_keys(page, str(muster.city))
        settled(page)
        expect(page.get_by_test_id("live")).to_have_attribute("data-sum", "208.4")
        page.get_by_test_id("gasse-dicht").click()
        last = page.get_by_test_id("last-city")
        expect(last).to_have_attribute("data-outcome", "done")
        expect(last).to_have_attribute("data-points", "208.4")
        expect(last).to_have_attribute("data-muster", "208.4")
        # What the eye reads, in whichever form the screen shows (long or short): the same number.
        expect(last.locator(".sg-last-points")).to_contain_text("208,4")
        expect(last.locator(".sg-last-muster-line")).to_contain_text("208,4")
        assert "208,3" not in last.inner_text()
        inside_the_window(page, ["last-city", "show-muster"])
        page.screenshot(path=str(shots / f"solo-musterstadt-equal-{screen}.png"))
        page.get_by_test_id("show-muster").click()
        expect(page.get_by_test_id("viewing")).to_contain_text("208,4")
        for task, points in zip(["W3", "H5", "L5"], ["75,0", "66,7", "66,7"], strict=True):
            expect(page.get_by_test_id(f"task-{task}")).to_contain_text(points)
        page.screenshot(path=str(shots / f"solo-musterstadt-shown-{screen}.png"))
        assert errors == [], errors
    finally:
        context.close()


# ---- (g) the Tagesstadt's time bonus on phones -----------------------------------------------------
@pytest.mark.parametrize("screen", ["phone", "small-phone"])
def test_g_the_time_bonus_is_its_own_line_on_phones(solo_server, catalog, browser, shots, screen):
    """The summary's city: task cards and „Zeitbonus +N“ add up to the caption, inside the window."""
    context = browser.new_context(**{"phone": PHONE, "small-phone": SMALL_PHONE}[screen], locale="de-DE")
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(solo_server + "/")
        pick_nickname(page, f"Zoe{screen[0]}")
        page.get_by_test_id("lobby-solo-daily").click()
        expect(solo(page)).to_have_attribute("data-mode", "daily")
        lay_by_keys(page, str(musterstadt(catalog, run_tasks(page)).city))
        settled(page)
        page.get_by_test_id("gasse-dicht").click()
        line = page.get_by_test_id("city-bonus")
        expect(line).to_be_visible(timeout=15_000)
        bonus = int(line.get_attribute("data-bonus"))
        expect(line).to_have_text(f"Zeitbonus +{bonus}")
        cards = page.get_by_test_id("summary-tasks").locator(".sg-task-best").all_inner_texts()
        tasks = sum(round(float(c.removesuffix(" P.").replace(",", ".")) * 10) for c in cards)
        city_points = float(page.get_by_test_id("summary-city-1").get_attribute("data-points"))
        assert tasks + 10 * bonus == round(city_points * 10)
        # Right under the cards, within the screen's width (the summary scrolls on a phone).
        # (both measured at one moment: the summary is drawn again when the day's list comes in)
        cards_box, line_box = page.evaluate(
            """() => ["summary-tasks", "city-bonus"].map((id) => {
                const r = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
                return {x: r.x, y: r.y, width: r.width, height: r.height};
            })"""
        )
        assert 0 <= line_box["y"] - (cards_box["y"] + cards_box["height"]) < 30
        assert line_box["x"] >= 0 and line_box["x"] + line_box["width"] <= page.viewport_size["width"]
        page.get_by_test_id("summary-tasks").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"solo-daily-bonus-{screen}.png"))
        page.get_by_test_id("lang").click()  # in English too
        expect(line).to_have_text(f"Time bonus +{bonus}")
        assert errors == [], errors
    finally:
        context.close()


# ---- (h) the message after a city: the Musterstadt's points under its ★ column ---------------------
def test_h_the_musterstadts_points_stand_under_its_column(solo_server, catalog, browser, shots):
    """After a Rekordjagd's city its message lists the task values, the city's („du“) and the
    Musterstadt's (★), and both sums: the Musterstadt's points stand at the right, as the city's do
    above, under the ★ column (beside its name on a wide screen; under it where the box is narrow)."""
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="de-DE")
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(solo_server + "/")
        pick_nickname(page, "Hanna")
        page.get_by_test_id("lobby-solo-record").click()
        expect(solo(page)).to_have_attribute("data-mode", "record")
        build_record_city(page, catalog, first_by_drag=False)
        page.get_by_test_id("gasse-dicht").click()
        expect(solo(page)).to_have_attribute("data-number", "2")
        last = page.get_by_test_id("last-city")
        expect(last).to_have_attribute("data-outcome", "done")
        for width, height in ((1440, 900), (1024, 768)):
            page.set_viewport_size({"width": width, "height": height})
            # The right ends of what is written (not of the boxes): the ★ column's values, the
            # city's points and the Musterstadt's; the Musterstadt's name and points on one line.
            ends = last.evaluate(
                """(box) => {
                    const text = (el) => { const r = document.createRange(); r.selectNodeContents(el); return r.getBoundingClientRect(); };
                    const line = box.querySelector('[data-testid="last-muster-sum"]');
                    const sum = text(line.lastElementChild), name = text(line.firstElementChild);
                    return {
                        column: [...box.querySelectorAll('li[data-task] .sg-last-muster')].map((el) => text(el).right),
                        city: text(box.querySelector('.sg-last-points')).right,
                        muster: sum.right, musterText: line.lastElementChild.textContent,
                        oneLine: Math.abs(sum.top - name.top) < 2 && line.getBoundingClientRect().height < 1.6 * sum.height,
                    };
                }"""
            )
            assert re.fullmatch(r"\d+,\d Punkte", ends["musterText"]), ends
            assert ends["oneLine"] or width < 1280, (width, ends)
            for right in [*ends["column"], ends["city"]]:
                assert abs(ends["muster"] - right) < 1.5, (width, ends)
            inside_the_window(page, ["last-city", "show-muster", "show-last"])
            last.screenshot(path=str(shots / f"solo-last-city-{width}.png"))
    finally:
        context.close()


# ---- (i) a Rekordjagd on a phone names itself --------------------------------------------------------
@pytest.mark.parametrize("screen", ["phone", "small-phone"])
def test_i_a_rekordjagd_on_a_phone_names_its_mode(solo_server, browser, shots, screen):
    """As on a desktop, a phone's Rekordjagd header says „Rekordjagd“ (over the city and its points),
    before and after a „Rat“ (its charge a line more); what a run needs stays inside the window."""
    look = {"phone": PHONE, "small-phone": SMALL_PHONE}[screen]
    context = browser.new_context(**look, locale="de-DE")
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        page.goto(solo_server + "/")
        pick_nickname(page, f"Ines{screen[0]}")
        page.get_by_test_id("lobby-solo-record").tap()
        expect(solo(page)).to_have_attribute("data-mode", "record")
        mode = page.get_by_test_id("solo-mode")
        for step in ("start", "hint"):
            if step == "hint":
                page.get_by_test_id("rat").tap()
                expect(page.get_by_test_id("solo-charged")).to_be_visible()
            expect(mode).to_be_visible()
            expect(mode).to_have_text("Rekordjagd")
            inside_the_window(
                page, ["solo-mode", "solo-number", "solo-total", *RUN_PARTS, "solo-clock", "skip"]
            )
            page.screenshot(path=str(shots / f"solo-record-head-{screen}-{step}.png"))
    finally:
        context.close()
