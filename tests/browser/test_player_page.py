"""A player's page and how a day went, in Chromium.

Five people played today's Rätsel and Tagesstadt before Alma (their first attempts written through the
repository, as the server writes them). Alma (desktop) plays the Rätsel: after it, everyone's first
attempts as a histogram with her own marked, and a line to share without her name, copied by its
button. Then the Tagesstadt (with „Rat“): the same in points, readable in Speedgans' three looks. From
the lobby („Meine Spiele“) her page: the streak, the bests, the Rätsel's share by day and the task
groups (each chart with a table for screen readers), the recent games with the way to a replay; a name
in the day's list leads to that player's page. On two phones and in English the page fits its window.
axe finds no serious violation on the page or on the results.
"""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import create_engine
from tests.browser.pages import pick_nickname, serious_violations
from tests.browser.planahead_page import board_land, greedy_field, settled, wait_turn
from tests.browser.socket_games import PERSON_SECONDS_PER_TILE

from spieltisch.games.planahead.tiles import Tile
from spieltisch.server.config import ServerConfig
from spieltisch.server.puzzles import optimum
from spieltisch.storage.repository import Repository

pytestmark = pytest.mark.browser

#: Those who played today before Alma: Rätsel share of the optimum, Tagesstadt points.
OTHERS = {
    "Bob": (0.55, 125.0),
    "Cyra": (0.72, 176.5),
    "Dieter": (0.74, 182.0),
    "Emma": (0.9, 230.0),
    "Fritz": (1.0, 260.0),
}
LAND = " ".join(["963"] * 19)  # the server counts the tiles laid: 19 in 100 s is a person's pace
LOOKS = ["herbst", "laterne", "plan"]


def plain(text: str | None) -> str:
    """Intl writes a no-break space before "%": compare what the eye reads."""
    return (text or "").replace("\u00a0", " ").replace("\u202f", " ")


@pytest.fixture
def day(server_factory, tmp_path, data_dir):
    """A server of its own (its database is written here too), today's puzzle and its optimum, and
    five people's first attempts at today's Rätsel and Tagesstadt."""
    server = server_factory()
    repository = Repository(create_engine(f"sqlite:///{tmp_path / 'spieltisch.sqlite3'}"), migrate=False)
    today = httpx.get(f"{server.url}/api/puzzles").json()["today"]
    best, _ = optimum(today, ServerConfig(data_dir=data_dir).server_secret())
    ids = {}
    for name, (share, points) in OTHERS.items():
        ids[name] = httpx.post(f"{server.url}/api/players", json={"nickname": name}).json()["id"]
        repository.add_puzzle_result(
            puzzle_id=today,
            player_id=ids[name],
            nickname=name,
            score=int(best * share),
            optimum=best,
            land=LAND,
            seconds_used=100.0,
        )
        repository.add_solo_result(
            mode="daily",
            day=today,
            player_id=ids[name],
            nickname=name,
            points=points,
            leaderboard_points=points / 10,
            result={"seconds": 80.0},
        )
    return {"url": server.url, "repository": repository, "today": today, "optimum": best, "ids": ids}


def marked_histogram(page: Page, *, count: int, mine: int, bins: int | None = None) -> None:
    """The day's histogram: every first attempt in a bar, one's own bin marked (and named in the table
    for screen readers)."""
    panel = page.get_by_test_id("day-panel")
    expect(panel).to_have_attribute("data-count", str(count))
    expect(panel).to_have_attribute("data-mine-bin", str(mine))
    chart = panel.get_by_test_id("histogram-chart")
    expect(chart).to_be_visible()
    expect(chart).to_have_attribute("role", "img")
    assert re.fullmatch(r"day-\w+-title day-\w+-desc", chart.get_attribute("aria-labelledby") or "")
    own = chart.locator(".chart-bar.is-mine")
    expect(own).to_have_count(1)
    expect(own).to_have_attribute("data-bin", str(mine))
    expect(chart.locator(".chart-mine")).to_have_attribute("data-bin", str(mine))
    counts = [
        int(c) for c in chart.locator(".chart-bar").evaluate_all("(bars) => bars.map((b) => b.dataset.count)")
    ]
    assert sum(counts) == count
    table = panel.get_by_test_id("histogram-table")
    if bins is not None:
        expect(table.locator("tbody tr")).to_have_count(bins)
    expect(table.locator("tbody tr.is-mine")).to_have_count(1)
    expect(table.locator("tbody tr.is-mine th")).to_contain_text("(du)")


def play_the_puzzle(page: Page) -> None:
    """19 tiles by clicking, at a person's pace (a script's first attempt would not rank)."""
    page.get_by_test_id("puzzle-start").click()
    for turn in range(19):
        wait_turn(page, turn)
        page.wait_for_timeout(420)
        tile = Tile.parse(page.get_by_test_id("next-tile").get_attribute("data-tile"))
        page.get_by_test_id(f"field-{greedy_field(board_land(page), tile)}").click()
        settled(page)
        page.get_by_test_id("ok").click()


def build_with_hints(page: Page) -> None:
    """A Tagesstadt city laid by „Rat“, tile after tile at a person's pace (a city laid faster ranks
    nowhere), then „Gasse dicht!“."""
    solo = page.get_by_test_id("solo")
    for _ in range(14):
        expect(solo).to_have_attribute("data-pending", "false")
        if page.get_by_test_id("live").count():
            break
        page.wait_for_timeout(PERSON_SECONDS_PER_TILE * 1000)
        if page.locator(".sg-cell[data-hint='next']").count() == 0:
            page.get_by_test_id("rat").click()
        page.locator(".sg-cell[data-hint='next']").click()
    expect(page.get_by_test_id("live")).to_be_visible()
    page.get_by_test_id("gasse-dicht").click()


def fits(page: Page, ids: list[str]) -> None:
    """No sideways scrolling, and each part as wide as the window at most, wholly inside it."""
    found = page.evaluate(
        """(ids) => ({w: innerWidth, sw: document.scrollingElement.scrollWidth,
             boxes: ids.map((id) => { const r = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
                                       return r ? [id, r.left, r.right, r.width] : [id, null]; })})""",
        ids,
    )
    assert found["sw"] <= found["w"], found
    for box in found["boxes"]:
        assert box[1] is not None and box[1] >= 0 and box[2] <= found["w"] + 0.5 and box[3] > 100, (
            box,
            found["w"],
        )


def test_a_day_and_a_players_page(day, new_page, browser, axe, shots):
    url, today, best = day["url"], day["today"], day["optimum"]
    page = new_page()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(url + "/")
    pick_nickname(page, "Alma")
    expect(page.get_by_test_id("lobby-me")).to_contain_text("Alma")
    me = page.get_by_test_id("my-games").get_attribute("href").rsplit("/", 1)[1]
    problems: dict[str, list[str]] = {}

    # ---- the Rätsel, and how the day went ---------------------------------------------------------
    page.goto(url + "/puzzle")
    play_the_puzzle(page)
    expect(page.get_by_test_id("result-optimum")).to_have_attribute("data-score", str(best), timeout=60_000)
    score = int(page.get_by_test_id("result-score").get_attribute("data-score"))
    mine = min(9, score * 10 // best)
    expect(page.get_by_test_id("day-panel")).to_be_visible()
    marked_histogram(page, count=6, mine=mine, bins=10)
    percent = score * 100 // best if score < best else 100
    line = plain(page.get_by_test_id("share-line").text_content())
    assert re.fullmatch(
        rf"Plan Ahead Rätsel {today}: {score}/{best} \({percent} %\) in \d:\d\d – Spieltisch", line
    ), line
    assert "Alma" not in line
    page.get_by_test_id("share-copy").click()
    # A note under the line says so for a few seconds; no toast floats over the page.
    expect(page.get_by_test_id("share-note")).to_contain_text("Kopiert")
    expect(page.get_by_test_id("toast")).to_be_hidden()
    assert plain(page.evaluate("() => navigator.clipboard.readText()")) == line
    page.screenshot(path=str(shots / "day-puzzle-desktop.png"))
    expect(page.get_by_test_id("share-note")).to_have_text("", timeout=8_000)
    problems["Rätsel result"] = serious_violations(axe, page)

    # ---- the Tagesstadt ---------------------------------------------------------------------------
    page.goto(url + "/")
    page.get_by_test_id("lobby-solo-daily").click()
    expect(page.get_by_test_id("solo")).to_have_attribute("data-mode", "daily")
    build_with_hints(page)
    expect(page.get_by_test_id("first-attempt")).to_have_attribute("data-first", "true", timeout=15_000)
    total = float(page.get_by_test_id("summary-total").get_attribute("data-total"))
    points = sorted([p for _, p in OTHERS.values()] + [total])
    # Bins of a round width from a round number below the lowest: one's own is the one it falls in.
    panel = page.get_by_test_id("day-panel")
    expect(panel).to_have_attribute("data-count", "6")
    edges = [plain(t) for t in panel.locator("tbody th").all_text_contents()]
    own_bin = int(panel.get_attribute("data-mine-bin"))
    low, high = (float(v.replace(",", ".")) for v in edges[own_bin].split(" ")[0].split("–"))
    assert low <= total < high, (edges, total)
    assert points[0] >= float(edges[0].split("–")[0].replace(",", "."))
    marked_histogram(page, count=6, mine=own_bin)
    shown = f"{total:.1f}".replace(".", ",")
    line = page.get_by_test_id("share-line").text_content()
    assert re.fullmatch(
        rf"Speedgans Tagesstadt {today}: {shown} Punkte in \d:\d\d – Spieltisch", line or ""
    ), line
    for look in LOOKS:
        page.get_by_test_id("theme").click()
        page.get_by_test_id(f"theme-{look}").click()
        expect(page.locator("body")).to_have_attribute("data-sg-theme", look)
        problems[f"Tagesstadt result, {look}"] = serious_violations(axe, page)
        page.screenshot(path=str(shots / f"day-daily-{look}.png"))
    page.get_by_test_id("theme").click()
    page.get_by_test_id("theme-herbst").click()

    # ---- her page, from the lobby ------------------------------------------------------------------
    # A Speedgans table game of hers, written as the server writes it (with each task's points).
    day["repository"].save_game(
        game="speedgans",
        table_id="sgtest",
        seed=1,
        settings={},
        players=[
            {"player": me, "nickname": "Alma", "bot": None},
            {"player": None, "nickname": "Computer", "bot": "easy"},
        ],
        result={
            "points": [6, 4],
            "ranking": [1, 2],
            "rounds": [
                {
                    "round": 1,
                    "tasks": ["F1", "W2", "H3"],
                    "points": [4, 2],
                    "by_task": {"F1": [2, 1], "W2": [1, 2], "H3": [1, 0]},
                    "top": 2,
                },
                {
                    "round": 2,
                    "tasks": ["F2", "W1", "L3"],
                    "points": [2, 2],
                    "by_task": {"F2": [2, 1], "W1": [0, 0], "L3": [0, 2]},
                    "top": 2,
                },
            ],
            # As the server notes it after the game: her first town optimal, her second 3 tiles off.
            "city_analysis": [
                [
                    {
                        "round": 1,
                        "tasks": ["F1", "W2", "H3"],
                        "differ": 0,
                        "points": 180.0,
                        "best": 180.0,
                        "seconds": 40.0,
                    },
                    {
                        "round": 2,
                        "tasks": ["F2", "W1", "L3"],
                        "differ": 3,
                        "points": 150.0,
                        "best": 170.0,
                        "seconds": 55.0,
                    },
                ],
                None,
            ],
        },
        started_at=0.0,
    )
    page.goto(url + "/")
    page.get_by_test_id("my-games").click()
    expect(page).to_have_url(f"{url}/spieler/{me}")
    player = page.get_by_test_id("player-page")
    expect(player).to_have_attribute("data-state", "ready")
    expect(page.get_by_test_id("player-name")).to_have_text("Spiele von Alma")
    expect(page.get_by_test_id("streak")).to_have_attribute("data-current", "1")
    expect(page.get_by_test_id("streak-current")).to_have_text("1 Tag")
    strip = page.get_by_test_id("streak-strip").locator("li")
    expect(strip).to_have_count(14)
    expect(strip.last).to_have_attribute("data-played", "true")
    expect(strip.first).to_have_attribute("data-played", "false")
    share = plain(page.get_by_test_id("best-puzzle").get_attribute("data-value"))
    assert share == f"{percent} %", share
    expect(page.get_by_test_id("best-daily")).to_have_attribute(
        "data-value", re.compile(rf"^{re.escape(shown)}\sPunkte$")
    )
    expect(page.get_by_test_id("best-record")).to_contain_text("noch keiner")
    # The Rätsel by day: one bar, today's, and its row in the table for screen readers.
    chart = page.get_by_test_id("puzzle-chart")
    expect(chart).to_be_visible()
    expect(chart.locator(".chart-bar")).to_have_count(1)
    expect(chart.locator(".chart-bar")).to_have_attribute("data-day", today)
    expect(chart.locator("desc")).to_have_text(re.compile(rf"^1 Rätsel: {percent}\s%\.$"))
    expect(page.get_by_test_id("puzzle-table").locator("tbody tr")).to_have_count(1)
    expect(page.get_by_test_id("puzzle-table").locator("tbody tr td").nth(0)).to_have_text(str(score))
    # The task groups: F all first places, W half, H one first place, L none.
    groups = page.get_by_test_id("groups-chart")
    expect(groups).to_be_visible()
    bars = {
        b.get_attribute("data-group"): float(b.get_attribute("data-share"))
        for b in groups.locator(".chart-bar").all()
    }
    assert bars == {"F": 1.0, "W": 0.25, "H": 0.5, "L": 0.0}, bars
    expect(page.get_by_test_id("groups-summary")).to_have_text(
        re.compile(r"^Am stärksten: Fangen .*Am schwächsten: Leute")
    )
    expect(page.get_by_test_id("groups-table").locator("tr.is-group")).to_have_count(4)
    # Her towns against the optimal ones: one game, one bar.
    expect(page.get_by_test_id("city-chart").locator(".chart-bar")).to_have_count(1)
    expect(page.get_by_test_id("city-summary")).to_have_text(
        "1 von 2 Städten optimal; im Schnitt 1,5 Kacheln anders als die nächste Bestlösung"
        " und 10,0 Punkte unter der Musterstadt."
    )
    # Recent games, newest first; the Rätsel's leads to its replay.
    games = page.get_by_test_id("recent-game")
    expect(games).to_have_count(3)
    assert [games.nth(i).get_attribute("data-kind") for i in range(3)] == ["speedgans", "daily", "puzzle"]
    expect(games.nth(0)).to_contain_text("Platz 1 von 2")
    expect(games.nth(1)).to_contain_text(f"Platz {sorted(points, reverse=True).index(total) + 1} von 6")
    replay = games.nth(2).get_by_test_id("replay-link")
    game_id = games.nth(2).get_attribute("data-game")
    assert game_id and re.fullmatch(r"[a-z0-9]{6}-[0-9a-f]{12}", game_id)
    expect(replay).to_have_attribute("href", f"/replay/{game_id}")
    page.screenshot(path=str(shots / "player-desktop.png"), full_page=True)
    problems["player page"] = serious_violations(axe, page)

    # A name in the day's list leads to that player's page.
    page.goto(url + "/tagesstadt")
    page.locator(f'[data-testid="player-link"][data-player="{day["ids"]["Bob"]}"]').click()
    expect(page).to_have_url(f"{url}/spieler/{day['ids']['Bob']}")
    expect(page.get_by_test_id("player-name")).to_have_text("Spiele von Bob")
    expect(page.get_by_test_id("recent-game")).to_have_count(2)
    expect(page.get_by_test_id("groups-empty")).to_be_visible()

    # ---- on phones, in English too -------------------------------------------------------------------
    token = page.evaluate("localStorage.getItem('spieltisch.token')")
    for width, height, lang in ((360, 740, "de"), (390, 844, "en")):
        context = browser.new_context(
            viewport={"width": width, "height": height},
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            locale="de-DE",
        )
        try:
            context.add_init_script(
                f"localStorage.setItem('spieltisch.token', '{token}'); localStorage.setItem('spieltisch.lang', '{lang}')"
            )
            phone = context.new_page()
            phone.goto(f"{url}/spieler/{me}")
            expect(phone.get_by_test_id("player-page")).to_have_attribute("data-state", "ready")
            expect(phone.get_by_test_id("player-name")).to_have_text(
                "Alma's games" if lang == "en" else "Spiele von Alma"
            )
            expect(phone.get_by_test_id("puzzle-chart")).to_be_visible()
            expect(phone.get_by_test_id("groups-chart")).to_be_visible()
            if lang == "en":
                expect(phone.locator("#pl-share-title")).to_have_text("Puzzle: share of the best solution")
            fits(phone, ["streak", "bests", "puzzle-chart", "groups-chart", "recent"])
            phone.screenshot(path=str(shots / f"player-phone-{width}-{lang}.png"))
            phone.get_by_test_id("groups-chart").scroll_into_view_if_needed()
            phone.screenshot(path=str(shots / f"player-phone-{width}-{lang}-charts.png"))
        finally:
            context.close()

    assert {screen: found for screen, found in problems.items() if found} == {}
    assert not page.errors


def test_a_players_page_leads_back_to_the_lobby(server_factory, new_page):
    """A player's page has its way back at its head, as the Bestenliste and the Tagesstadt have: „Zur
    Lobby“ (before, only an empty list of games had one)."""
    server = server_factory()
    page = new_page("phone")
    page.goto(server.url + "/")
    pick_nickname(page, "Alma")
    me = page.get_by_test_id("my-games").get_attribute("href").rsplit("/", 1)[1]
    Repository(create_engine(server.env["SPIELTISCH_DATABASE_URL"]), migrate=False).save_game(
        game="planahead",
        table_id="back1",
        seed=1,
        settings={},
        players=[{"player": me, "nickname": "Alma", "bot": None}],
        result={"ranking": [1]},
        started_at=0.0,
    )
    page.get_by_test_id("my-games").click()
    expect(page.get_by_test_id("recent-game")).to_have_count(1)
    back = page.get_by_test_id("to-lobby")
    expect(back).to_have_text("Zur Lobby")
    expect(back).to_have_class("sg-link")
    back.click()
    expect(page).to_have_url(server.url + "/")
    expect(page.get_by_test_id("lobby-tables")).to_be_visible()
    assert page.errors == []
