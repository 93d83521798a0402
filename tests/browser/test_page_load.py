"""What a browser loads: the lobby none of the games' code, a table only its own game's; every file
under the server's version, gzipped, and kept: a second visit fetches only the page. With the
system's "reduce motion" on, nothing moves endlessly."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import pick_nickname

pytestmark = pytest.mark.browser

#: The modules that draw or run a game (the lobby's cards, strings and settings are not among them).
GAME_CODE = {
    "planahead": {"planahead/table.js", "planahead/board.js", "planahead/model.js", "planahead/geometry.js"},
    "puzzle": {"puzzle/screen.js", "puzzle/game.js", "puzzle/model.js", "puzzle/results.js"},
    "speedgans": {"speedgans/table.js", "speedgans/model.js"},
    "speedgans_solo": {"speedgans/solo.js", "speedgans/solo-model.js"},
    "solo_pages": {"speedgans/solo-pages.js"},  # the Tagesstadt's and the Bestenliste's pages
    "speedgans_shared": {
        "speedgans/board.js",
        "speedgans/tiles.js",
        "speedgans/build-view.js",
        "speedgans/builder.js",
    },
}
ALL_GAME_CODE = set().union(*GAME_CODE.values())
VERSIONED = re.compile(r"^/static/[0-9a-f]{12}/(.+)$")


class Loads:
    """Every response of a page: its path, whether it came from the browser's cache, its encoding."""

    def __init__(self, page: Page) -> None:
        self.responses: dict[str, tuple[str, bool, str]] = {}
        self.from_cache: set[str] = set()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.responseReceived", self._received)
        cdp.on("Network.requestServedFromCache", lambda event: self.from_cache.add(event["requestId"]))

    def _received(self, event: dict) -> None:
        response = event["response"]
        path = re.sub(r"^https?://[^/]+", "", response["url"]).split("?")[0]
        headers = {name.lower(): value for name, value in response.get("headers", {}).items()}
        disk = bool(response.get("fromDiskCache"))
        self.responses[event["requestId"]] = (path, disk, headers.get("content-encoding", ""))

    @property
    def seen(self) -> list[tuple[str, bool, str]]:
        """(path, from the cache, content encoding) of each response, in order."""
        return [
            (path, disk or request in self.from_cache, encoding)
            for request, (path, disk, encoding) in self.responses.items()
        ]

    def modules(self) -> set[str]:
        """The client's files loaded so far (names below the version)."""
        return {m.group(1) for path, _, _ in self.seen if (m := VERSIONED.match(path))}

    def clear(self) -> None:
        self.responses.clear()
        self.from_cache.clear()


def lobby_ready(page: Page) -> None:
    expect(page.get_by_test_id("lobby-tables")).to_be_visible()
    expect(page.get_by_test_id("lobby-daily-state")).not_to_have_text("…")


def test_the_lobby_loads_no_game_and_a_table_only_its_own(live_server, new_page):
    page = new_page()
    loads = Loads(page)
    page.goto(live_server + "/")
    pick_nickname(page, "Lea")
    lobby_ready(page)
    lobby = loads.modules()
    assert {"js/app.js", "js/lobby.js", "css/app.css"} <= lobby
    assert not {f"js/{name}" for name in ALL_GAME_CODE} & lobby
    static = [(path, encoding) for path, _, encoding in loads.seen if path.startswith("/static/")]
    assert static and all(VERSIONED.match(path) for path, _ in static), static  # nothing unversioned
    assert all(encoding == "gzip" for path, encoding in static if path.endswith((".js", ".css")))

    # A Plan Ahead table of one, started: Plan Ahead's code, none of Speedgans'.
    page.get_by_test_id("create-seats").select_option("1")
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("pa-game")).to_be_visible()
    loaded = loads.modules()
    assert {f"js/{name}" for name in GAME_CODE["planahead"]} <= loaded
    speedgans = ALL_GAME_CODE - GAME_CODE["planahead"] - GAME_CODE["puzzle"]
    assert not {f"js/{name}" for name in speedgans} & loaded

    # Back in the lobby, an Übung: Speedgans alone's code, not the table game's.
    page.goto(live_server + "/")
    lobby_ready(page)
    page.get_by_test_id("lobby-solo-practice").click()
    expect(page.get_by_test_id("solo")).to_have_attribute("data-mode", "practice")
    loaded = loads.modules()
    assert {f"js/{name}" for name in GAME_CODE["speedgans_solo"] | GAME_CODE["speedgans_shared"]} <= loaded
    others = GAME_CODE["speedgans"] | GAME_CODE["solo_pages"] | GAME_CODE["puzzle"]
    assert not {f"js/{name}" for name in others} & loaded
    assert not page.errors


def test_a_tables_page_names_every_module_it_loads_for_preloading(live_server, new_page):
    """A table's link opened: the page names its game's modules (`modulepreload`), so that the browser
    asks for them all at once instead of one import after another; each module it then loads was named
    (or is the page's entry), and a page of no table names none."""
    page = new_page()
    page.goto(live_server + "/")
    pick_nickname(page, "Ida")
    lobby_ready(page)
    assert page.locator('link[rel="modulepreload"]').count() == 0
    page.get_by_test_id("create-seats").select_option("1")
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("pa-game")).to_be_visible()

    fresh = new_page()  # a browser that has none of the files yet, following the table's link
    loads = Loads(fresh)
    fresh.goto(page.url)
    pick_nickname(fresh, "Jan")
    expect(fresh.get_by_test_id("pa-game")).to_be_visible()
    hinted = fresh.locator('link[rel="modulepreload"]').evaluate_all("links => links.map((l) => l.href)")
    named = {m.group(1) for href in hinted if (m := VERSIONED.match(re.sub(r"^https?://[^/]+", "", href)))}
    assert len(named) == len(hinted) and {"js/room.js", "js/planahead/table.js"} <= named
    modules = {name for name in loads.modules() if name.endswith(".js")}
    assert modules - named == {"js/app.js"}, sorted(modules - named)
    assert not fresh.errors


def test_a_second_visit_fetches_only_the_page(live_server, new_page):
    page = new_page()
    loads = Loads(page)
    page.goto(live_server + "/")
    pick_nickname(page, "Ole")
    lobby_ready(page)
    first = loads.modules()
    loads.clear()
    page.goto(live_server + "/")
    lobby_ready(page)
    again = {(path, cached) for path, cached, _ in loads.seen if VERSIONED.match(path)}
    assert {VERSIONED.match(path).group(1) for path, _ in again} == first  # the same files
    assert all(cached for _, cached in again), sorted(path for path, cached in again if not cached)
    # The page itself is asked for again (it names the files of the server's current version).
    assert any(path == "/" and not cached for path, cached, _ in loads.seen)


ENDLESS = """document.getAnimations().filter((a) =>
    a.playState === "running" && a.effect.getComputedTiming().iterations === Infinity)"""


def endless_animations(page: Page) -> int:
    return page.evaluate(f"() => {ENDLESS}.length")


def test_reduced_motion_stops_the_endless_animations(live_server, new_page, shots):
    page = new_page()
    page.goto(live_server + "/")
    pick_nickname(page, "Mia")
    page.get_by_test_id("lobby-solo-practice").click()
    expect(page.get_by_test_id("solo")).to_have_attribute("data-mode", "practice")
    page.get_by_test_id("rat").click()
    glowing = page.locator(".sg-cell[data-hint='next']")
    expect(glowing).to_have_count(1)
    assert endless_animations(page) >= 1  # the hint glows, and pulses on and on

    page.emulate_media(reduced_motion="reduce")
    expect(glowing).to_have_count(1)
    assert endless_animations(page) == 0
    # The hint is still there to see: its glow stands still.
    assert glowing.evaluate("el => getComputedStyle(el).boxShadow") != "none"
    page.screenshot(path=str(shots / "reduced-motion-hint.png"))
    page.emulate_media(reduced_motion="no-preference")
    page.wait_for_function(ENDLESS + ".length >= 1")
