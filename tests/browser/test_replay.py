"""Replays in real browsers: a finished game stepped through from its log.

Anna (desktop) plays a Plan Ahead game against a computer (the first tile by hand, the others over
a second socket of hers), opens its replay through the end dialog's link, steps to the end (every land's score and place is what the game showed, and what the
engine counts for the land shown), back to a middle tile (fewer tiles on every land), plays and
pauses, and shares the link; on phones (390×844, 360×740) the controls and the lands are in sight,
in English too. A Speedgans game (a person on a socket against a computer, played in the background
meanwhile) is watched from its table's end dialog: the cities grow change by change, „Gasse dicht!“
brings its place marker, each round ends with the table's own scoring, whose points are the game's.
A replay link of a running game (and of no game) shows only that there is no such game.
"""

from __future__ import annotations

import itertools
import json
import re
import sqlite3

import httpx
import pytest
from playwright.sync_api import Page, expect
from tests.browser.boxes import inside_the_window
from tests.browser.pages import pick_nickname
from tests.browser.planahead_page import board_land, free_fields, wait_turn
from tests.browser.socket_games import SpeedgansGame, free, play_on, start_plan_ahead
from tests.conftest import ServerProcess
from tests.server.player_client import Client

from spieltisch.games.planahead.notation import parse_land
from spieltisch.games.planahead.scoring import score_land
from spieltisch.games.speedgans.catalog import ensure_catalog

pytestmark = pytest.mark.browser


# ---- the server and the page ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory, data_dir):
    """A server of this module's own, whose database says which game a running table plays."""
    running = ServerProcess(tmp_path_factory.mktemp("replays")).start()
    yield running
    running.stop()
    running.check_replays()


@pytest.fixture(scope="module")
def speedgans_game(server, data_dir):
    """Started first, so that it is over by the time its test comes."""
    game = SpeedgansGame(server.url, ensure_catalog(progress=False, directory=data_dir))
    game.start()
    return game


def running_game_id(server: ServerProcess, table_id: str) -> str:
    """The id of the game a table is playing: the server keeps it, its views do not tell it."""
    database = server.env["SPIELTISCH_DATABASE_URL"].removeprefix("sqlite:///")
    with sqlite3.connect(database) as db:
        (data,) = db.execute("SELECT data FROM live_tables WHERE id = ?", (table_id,)).fetchone()
    return json.loads(data)["game_id"]


#: The watchers this module's server has seen (a name is one player's: each watcher has its own).
_watchers = itertools.count(1)


def viewer(new_page, url: str, kind: str = "desktop", name: str | None = None) -> Page:
    page = new_page(kind)
    page.goto(url + "/")
    pick_nickname(page, name or f"Vera {next(_watchers)}")
    return page


def replay_at(page: Page) -> dict[str, int]:
    root = page.get_by_test_id("replay")
    return {"index": int(root.get_attribute("data-index")), "count": int(root.get_attribute("data-count"))}


def wait_index(page: Page, index: int) -> None:
    expect(page.get_by_test_id("replay")).to_have_attribute("data-index", str(index))


def whole_scoring(page: Page) -> None:
    """A round's scoring shown whole: the page scrolls to its totals (no box scrolls inside it) while
    the controls stay in the window, and nothing is wider than the window."""
    lists = page.evaluate(
        "[...document.querySelectorAll('.rp-scored .sg-results, .rp-scored .sg-results-list')]"
        ".map((el) => el.scrollHeight - el.clientHeight)"
    )
    assert lists and max(lists) <= 1, lists
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")  # to the scoring's foot
    for part in ("totals", "replay-toggle", "replay-slider"):
        box = page.get_by_test_id(part).bounding_box()
        size = page.viewport_size
        assert box is not None and size is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5, (part, box, size)
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, (part, box, size)
    # the totals are not hidden under the controls
    totals = page.get_by_test_id("totals").bounding_box()
    bar = page.locator(".rp-controls").bounding_box()
    assert totals and bar
    assert bar and (
        totals["y"] + totals["height"] <= bar["y"] + 0.5 or totals["y"] >= bar["y"] + bar["height"]
    ), (totals, bar)
    page.evaluate("window.scrollTo(0, 0)")


def land_of(page: Page, seat: int):
    return parse_land(page.get_by_test_id(f"board-{seat}").get_attribute("data-land"))


# ---- Plan Ahead -------------------------------------------------------------------------------------


def test_a_plan_ahead_game_replayed_tile_by_tile(server, speedgans_game, new_page, shots):
    url = server.url
    page = viewer(new_page, url, name="Anna")
    page.get_by_test_id("create-seats").select_option("2")
    page.get_by_test_id("create-clock").select_option("")
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-1")).to_have_attribute("data-free", "false")
    page.get_by_test_id("start").click()
    # The first tile by hand, the others over a second socket of the same player (quicker than
    # clicks; the page follows its table all the same).
    wait_turn(page, 0)
    field = page.get_by_test_id(f"field-{free_fields(board_land(page))[0]}")
    field.click()  # a server's view meanwhile updates the board in place: the click is not lost
    expect(page.get_by_test_id("ok")).to_be_enabled()
    page.get_by_test_id("ok").click()
    wait_turn(page, 1)
    table_id = page.url.rsplit("/", 1)[1]
    play_on(
        Client(url, token=page.evaluate("localStorage.getItem('spieltisch.token')")), table_id, first_turn=1
    )
    end = page.get_by_test_id("end")
    expect(end).to_be_visible()
    shown = {
        int(row.get_attribute("data-seat")): (
            int(row.get_attribute("data-score")),
            int(row.get_attribute("data-place")),
        )
        for row in end.locator("li[data-seat]").all()
    }
    final_land = board_land(page)
    # The link comes once the game is recorded (its replay exists from then on).
    link = end.get_by_test_id("watch-replay")
    expect(link).to_have_text("Partie ansehen")
    link.click()
    expect(page).to_have_url(re.compile(r"/replay/[a-z0-9]{6}-[0-9a-f]{12}$"))
    replay_url = page.url

    # The first tile: one tile on every land, the tile shown beside them.
    expect(page.get_by_test_id("replay")).to_have_attribute("data-count", "19")
    assert replay_at(page) == {"index": 0, "count": 19}
    expect(page.get_by_test_id("replay-counter")).to_have_text("Kachel 1 von 19")
    first_tile = page.get_by_test_id("replay-tile").get_attribute("data-tile")
    for seat in (0, 1):
        assert land_of(page, seat).count(None) == 18
        assert first_tile in page.get_by_test_id(f"board-{seat}").get_attribute("data-land").split()
    expect(page.get_by_test_id("replay-first")).to_be_disabled()

    # To the end with the key: every land's score and place are those the game showed, and the
    # score is what the engine counts for the land shown; the own land is the one played.
    page.keyboard.press("End")
    wait_index(page, 18)
    expect(page.get_by_test_id("replay-counter")).to_have_text("Kachel 19 von 19")
    for seat, (score, place) in shown.items():
        panel = page.get_by_test_id(f"land-{seat}")
        assert int(panel.get_attribute("data-score")) == score
        assert int(panel.get_attribute("data-place")) == place
        assert score_land(land_of(page, seat)).total == score
        expect(panel.locator(".rp-score")).to_have_text(str(score))
    assert land_of(page, 0) == final_land
    expect(page.get_by_test_id("replay-next")).to_be_disabled()
    page.screenshot(path=str(shots / "replay-planahead-end.png"))

    # Back to the tenth tile: fewer tiles on every land, the counter says which.
    for _ in range(9):
        page.keyboard.press("ArrowLeft")
    wait_index(page, 9)
    expect(page.get_by_test_id("replay-counter")).to_have_text("Kachel 10 von 19")
    for seat in (0, 1):
        expect(page.get_by_test_id(f"land-{seat}")).to_have_attribute("data-tiles", "10")
        assert land_of(page, seat).count(None) == 9
    # The slider, the buttons, and Home.
    page.get_by_test_id("replay-slider").fill("4")
    wait_index(page, 4)
    page.get_by_test_id("replay-next").click()
    wait_index(page, 5)
    page.get_by_test_id("replay-prev").click()
    wait_index(page, 4)
    page.get_by_test_id("replay-last").click()
    wait_index(page, 18)
    page.keyboard.press("Home")
    wait_index(page, 0)
    # Play: the tiles come one after another; pause stops them.
    page.get_by_test_id("replay-toggle").click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-playing", "true")
    expect(page.get_by_test_id("replay-toggle")).to_have_attribute("aria-label", "Anhalten")
    wait_index(page, 1)
    page.keyboard.press(" ")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-playing", "false")
    paused_at = replay_at(page)["index"]
    page.wait_for_timeout(1300)
    assert replay_at(page)["index"] == paused_at
    # The link to share: this page's, copied.
    assert page.get_by_test_id("replay-link").input_value() == replay_url
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_test_id("copy-replay-link").click()
    # The button says so for a few seconds; nothing floats over the controls.
    expect(page.get_by_test_id("copy-replay-link")).to_have_text("✓ Link kopiert")
    expect(page.get_by_test_id("toast")).to_be_hidden()
    assert page.evaluate("navigator.clipboard.readText()") == replay_url
    page.screenshot(path=str(shots / "replay-planahead-copied.png"))
    expect(page.get_by_test_id("copy-replay-link")).to_have_text("Link kopieren", timeout=6_000)
    page.screenshot(path=str(shots / "replay-planahead-desktop.png"))
    assert not page.errors

    # A phone that opens the shared link: everything in sight, on either phone, in English too.
    phone = viewer(new_page, url, "phone", "Pia")
    phone.goto(replay_url)
    expect(phone.get_by_test_id("land-1")).to_be_visible()
    parts = [
        "replay-first",
        "replay-toggle",
        "replay-last",
        "replay-slider",
        "replay-counter",
        "replay-tile",
        "land-0",
        "land-1",
        "board-0",
        "board-1",
        "copy-replay-link",
    ]
    inside_the_window(phone, parts)
    phone.get_by_test_id("lang").click()
    expect(phone.get_by_test_id("replay-counter")).to_have_text("Tile 1 of 19")
    expect(phone.get_by_test_id("copy-replay-link")).to_have_text("Copy link")
    phone.get_by_test_id("replay-last").tap()
    wait_index(phone, 18)
    phone.screenshot(path=str(shots / "replay-planahead-phone-390.png"))
    phone.set_viewport_size({"width": 360, "height": 740})
    inside_the_window(phone, parts)
    phone.screenshot(path=str(shots / "replay-planahead-phone-360.png"))
    # The way back to the lobby, as the lists and the player's page have it.
    back = phone.get_by_test_id("to-lobby")
    expect(back).to_have_text("To the lobby")
    back.tap()
    expect(phone).to_have_url(url + "/")
    expect(phone.get_by_test_id("lobby-tables")).to_be_visible()
    assert not phone.errors


def test_a_running_game_has_no_replay_to_show(server, new_page):
    client, table_id = start_plan_ahead(server.url)
    game_id = running_game_id(server, table_id)
    assert httpx.get(f"{server.url}/api/replays/{game_id}", timeout=60).status_code == 404
    page = viewer(new_page, server.url)
    for path in (f"/replay/{game_id}", f"/replay/{table_id}-000000000000", "/replay/nonsense"):
        page.goto(server.url + path)
        expect(page.get_by_test_id("replay-not-found").locator("p")).to_have_text(
            "Diese Partie gibt es nicht oder sie läuft noch."
        )
        assert page.locator(".pa-field, .sg-city, [data-testid='replay']").count() == 0
    page.get_by_test_id("lang").click()
    expect(page.get_by_test_id("replay-not-found").locator("p")).to_have_text(
        "This game does not exist or is still running."
    )
    page.get_by_test_id("replay-not-found").get_by_role("button").click()
    expect(page).to_have_url(server.url + "/")
    client.close()
    assert not page.errors


# ---- the Rätsel -------------------------------------------------------------------------------------


def test_a_puzzle_attempt_links_its_replay(server, new_page):
    page = viewer(new_page, server.url, name="Rita")
    page.goto(server.url + "/puzzle")
    page.get_by_test_id("puzzle-start").click()
    wait_turn(page, 0)
    # The tiles go down over a second socket of the same player (quicker than clicks; the page
    # follows its table all the same).
    table_id = page.evaluate("window.spieltisch.app.screen.tableId")
    client = Client(server.url, token=page.evaluate("localStorage.getItem('spieltisch.token')"))
    client.send({"type": "open_table", "table": table_id})
    view = client.table_until(lambda t: t["game"]["turn"] == 0)
    for turn in range(19):
        if turn:
            view = client.table_until(lambda t, n=turn: t["game"]["turn"] == n)
        client.send({"type": "place", "table": table_id, "field": free(view["game"]["seats"][0]["land"])[0]})
        client.send({"type": "confirm", "table": table_id})
    client.close()
    result = page.get_by_test_id("puzzle-result")
    expect(result).to_be_visible()
    score = result.get_by_test_id("result-score").get_attribute("data-score")
    # The link comes once the attempt is recorded, after its optimum is worked out (in a process of
    # its own: seconds on a busy machine).
    watch = result.get_by_test_id("watch-replay")
    expect(watch).to_be_visible(timeout=60_000)
    watch.click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-game", "puzzle")
    expect(page.locator(".rp-heading h1")).to_contain_text("Rätsel vom")
    expect(page.locator(".rp-land")).to_have_count(1)
    expect(page.get_by_test_id("land-0")).to_contain_text("Rita (du)")
    page.get_by_test_id("replay-last").click()
    expect(page.get_by_test_id("land-0")).to_have_attribute("data-score", score)
    assert not page.errors


# ---- Speedgans --------------------------------------------------------------------------------------


def test_a_speedgans_game_replayed_change_by_change(server, speedgans_game, new_page, shots):
    end_view = speedgans_game.result()
    history = end_view["game"]["history"]
    page = viewer(new_page, server.url)
    # A watcher of the finished table: its end dialog links to the replay.
    page.goto(f"{server.url}/t/{end_view['id']}")
    end = page.get_by_test_id("end")
    expect(end).to_be_visible()
    points = {
        int(row.get_attribute("data-seat")): int(row.get_attribute("data-points"))
        for row in end.locator("li").all()
    }
    assert points == dict(enumerate(s["points"] for s in end_view["game"]["seats"]))
    # The computer's row has its level, as its chip at the table; Sina's has none.
    expect(end.get_by_test_id("end-level-1")).to_have_text("Leicht")
    expect(end.locator("li[data-seat='0'] .level-badge")).to_have_count(0)
    page.screenshot(path=str(shots / "speedgans-end-ranking-levels.png"))
    end.get_by_test_id("watch-replay").click()
    expect(page.get_by_test_id("replay")).to_have_attribute("data-game", "speedgans")
    expect(page.locator("body")).to_have_attribute("data-sg-theme", "herbst")
    expect(page.locator(".rp-round")).to_have_count(len(history))

    # The round's start: every city empty.
    expect(page.get_by_test_id("replay-event")).to_have_text("Runde 1 beginnt: alle Städte sind leer.")
    for seat in (0, 1):
        expect(page.get_by_test_id(f"city-panel-{seat}")).to_have_attribute("data-tiles", "0")
    # Change by change: Sina's city grows 3, 6, 9 tiles; her „Gasse dicht!“ takes place marker 1.
    count = replay_at(page)["count"]
    grown = []
    for index in range(1, count - 1):
        page.keyboard.press("ArrowRight")
        wait_index(page, index)
        grown.append(int(page.get_by_test_id("city-panel-0").get_attribute("data-tiles")))
        if page.get_by_test_id("marker-0").count():
            break
    # (The computer's first change may come before Sina's: her city then still shows 0 tiles.)
    assert [n for i, n in enumerate(grown) if n != (grown[i - 1] if i else 0)] == [3, 6, 9]
    expect(page.get_by_test_id("marker-0")).to_have_text("1")
    expect(page.get_by_test_id("replay-event")).to_have_text("Sina ruft „Gasse dicht!“ – Platzmarke 1")
    expect(page.get_by_test_id("city-panel-0")).to_have_class(re.compile(r"\bis-changed\b"))
    page.screenshot(path=str(shots / "replay-speedgans-desktop.png"))

    # The round's scoring, as the table showed it: its round points are the game's; shown whole,
    # every total in sight (no scroll box of its own), no winner yet.
    while page.get_by_test_id("replay").get_attribute("data-step") != "scored":
        page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("replay-scoring")).to_be_visible()
    totals = page.get_by_test_id("totals")
    for seat, got in enumerate(history[0]["points"]):
        expect(totals.locator(f"tr[data-seat='{seat}']")).to_have_attribute("data-round-points", str(got))
    whole_scoring(page)
    expect(page.get_by_test_id("replay-final")).to_have_count(0)
    page.get_by_test_id("musterstadt").click()
    expect(page.get_by_test_id("viewing")).to_have_text("Musterstadt")
    expect(page.get_by_test_id("city-analysis")).to_have_count(0)  # the Musterstadt is optimal itself
    page.get_by_test_id("result-name-1").first.click()
    expect(page.get_by_test_id("viewing")).to_contain_text(end_view["seats"][1]["nickname"])
    # The city against the nearest optimal one, as the replay's analysis says.
    game_id = page.url.rsplit("/", 1)[1]
    analysis = httpx.get(f"{server.url}/api/replays/{game_id}", timeout=60).json()["frames"][0]["analysis"][1]
    found = page.get_by_test_id("city-analysis")
    expect(found).to_have_attribute("data-differ", str(analysis["differ"]))
    expect(found).to_contain_text("Bestlösung")
    # → runs on into the next round, ← back to the scoring and the cities again, each full or as
    # far as it came.
    page.keyboard.press("ArrowRight")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-round", "1")
    expect(page.get_by_test_id("replay-event")).to_have_text("Runde 2 beginnt: alle Städte sind leer.")
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_test_id("replay-scoring")).to_be_visible()
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_test_id("city-panel-1")).to_be_visible()

    # End: the last round's scoring with the game's points, and who won.
    page.keyboard.press("End")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-round", str(len(history) - 1))
    for seat, got in points.items():
        expect(page.get_by_test_id("totals").locator(f"tr[data-seat='{seat}']")).to_have_attribute(
            "data-points", str(got)
        )
    winner = max(points, key=lambda seat: points[seat])
    expect(page.get_by_test_id("replay-winner")).to_have_text(
        f"{end_view['seats'][winner]['nickname']} gewinnt!"
    )
    final = page.get_by_test_id("replay-final").locator("li")
    for seat, got in points.items():
        expect(final.and_(page.locator(f"[data-seat='{seat}']"))).to_have_attribute("data-points", str(got))
    expect(page.get_by_test_id("final-level-1")).to_have_text("Leicht")  # the computer, as at the table
    expect(page.get_by_test_id("replay-final").locator("li[data-seat='0'] .level-badge")).to_have_count(0)
    expect(page.get_by_test_id("replay-next")).to_be_disabled()
    # Home: the game's start.
    page.keyboard.press("Home")
    expect(page.get_by_test_id("replay")).to_have_attribute("data-round", "0")
    wait_index(page, 0)
    page.keyboard.press("End")
    page.get_by_test_id("theme").click()
    page.get_by_test_id("theme-laterne").click()
    expect(page.locator("body")).to_have_attribute("data-sg-theme", "laterne")
    page.screenshot(path=str(shots / "replay-speedgans-scoring-laterne.png"))
    assert not page.errors

    # A phone: the cities, then the scoring, in sight with the controls.
    phone = viewer(new_page, server.url, "phone", "Pippa")
    phone.goto(page.url)
    expect(phone.get_by_test_id("city-panel-1")).to_be_visible()
    phone.get_by_test_id("replay-next").tap()
    inside_the_window(
        phone,
        ["replay-toggle", "replay-slider", "replay-counter", "city-panel-0", "city-panel-1", "replay-event"],
    )
    phone.get_by_test_id("replay-last").tap()
    expect(phone.get_by_test_id("replay-scoring")).to_be_visible()
    expect(phone.get_by_test_id("replay-winner")).to_be_visible()
    whole_scoring(phone)
    phone.screenshot(path=str(shots / "replay-speedgans-phone-390.png"))
    phone.set_viewport_size({"width": 360, "height": 740})
    whole_scoring(phone)
    phone.screenshot(path=str(shots / "replay-speedgans-phone-360.png"))
    assert not phone.errors
