"""Who played a seat, in real browsers (issue 32).

Anna (desktop) plays Plan Ahead with Ben (a person on a socket) and a computer. Ben lays the first
tile and goes away; Anna hands his seat to a computer („Computer übernimmt“) and plays on. The end
dialog names it („(Computer ab Kachel 2)“), Ben's land carries a mark on every tile the computer laid
for him, and so does the replay, whose last tile names it too; on a phone (390×844) the replay of three
lands keeps the computer's level badge (its short word). Ben's player page says it of that game and
has no Plan Ahead best of it (the game was mostly the computer's); Anna's has.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect
from tests.browser.pages import hosted_with_ben, phone, pick_nickname
from tests.browser.planahead_page import play_plan_ahead
from tests.server.player_client import Client

pytestmark = pytest.mark.browser

#: Where the screenshots of this change are looked at (besides the suite's artifacts).
SHOTS = Path("/tmp/shots-standins")


def shot(page, shots: Path, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(shots / name))
    page.screenshot(path=str(SHOTS / name))


def names_stand_whole(page) -> None:
    """Every land's name is shown whole, and the note of who played for a person stands on a line
    of its own under it (beside the name it cut the name to „Be…“)."""
    found = page.evaluate(
        """() => [...document.querySelectorAll('.rp-land')].map((land) => {
          const name = land.querySelector('.rp-name'), note = land.querySelector('.played-for:not(.is-room)');
          return {name: name.textContent, cut: name.scrollWidth > name.clientWidth + 0.5,
                  under: note ? note.getBoundingClientRect().top >= name.getBoundingClientRect().bottom - 0.5 : null};
        })"""
    )
    assert [land for land in found if land["cut"] or land["under"] is False] == [], found


def test_a_stand_in_is_named_at_the_end_marked_on_the_land_and_in_the_replay(
    live_server, new_page, browser, shots
):
    page = new_page("desktop")
    table_id, ben = hosted_with_ben(page, live_server, "planahead", seats=3, clock=None)
    page.get_by_test_id("bot-level").select_option("medium")
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-2")).to_have_attribute("data-free", "false")
    page.get_by_test_id("start").click()
    view = ben.table_until(lambda t: t["status"] == "playing")
    ben.send(
        {"type": "place", "table": table_id, "field": view["game"]["seats"][1]["land"].split().index(".") + 1}
    )
    ben.send({"type": "confirm", "table": table_id})
    ben.table_until(lambda t: t["game"]["seats"][1]["confirmed"])
    ben.close()
    page.get_by_test_id("stand-in-1").click()  # „Computer übernimmt“, without waiting the grace time
    play_plan_ahead(page)
    ranking = page.get_by_test_id("ranking")
    expect(ranking).to_be_visible(timeout=30_000)
    expect(page.get_by_test_id("end-played-1")).to_have_text("(Computer ab Kachel 2)")
    expect(page.get_by_test_id("end-played-0")).to_have_count(0)  # Anna played every tile
    expect(page.get_by_test_id("end-played-2")).to_have_count(0)  # a computer's own seat: no note
    shot(page, shots, "standin-end-desktop.png")
    page.set_viewport_size({"width": 360, "height": 740})  # the note wraps under the name, in its row
    expect(page.get_by_test_id("end-played-1")).to_be_visible()
    shot(page, shots, "standin-end-360.png")
    page.set_viewport_size({"width": 1280, "height": 800})

    # Ben's land: a mark on each of the 18 tiles the computer laid for him, none on his first.
    page.get_by_test_id("close-end").click()
    page.get_by_test_id("score-1").click()
    board = page.get_by_test_id("board")
    expect(board).to_have_attribute("data-seat", "1")
    expect(board.get_by_test_id("computermark")).to_have_count(18)
    shot(page, shots, "standin-land-desktop.png")

    # The replay: the marks on every frame as the tiles come, the note on the last.
    replay_url = f"{live_server}/replay/{latest_game(live_server, ben)['game_id']}"
    page.goto(replay_url)
    expect(page.get_by_test_id("replay")).to_be_visible()
    page.keyboard.press("End")
    expect(page.get_by_test_id("board-1").get_by_test_id("computermark")).to_have_count(18)
    expect(page.get_by_test_id("board-2").get_by_test_id("computermark")).to_have_count(0)
    expect(page.get_by_test_id("land-played-1")).to_have_text("(Computer ab Kachel 2)")
    names_stand_whole(page)
    shot(page, shots, "standin-replay-desktop.png")

    # On a phone the three lands keep the computer's level, in its short word.
    for width, height in ((390, 844), (360, 740)):
        small = phone(browser, width, height)
        try:
            small.goto(live_server + "/")
            pick_nickname(small, f"Pia {width}")
            small.goto(replay_url)
            expect(small.get_by_test_id("replay")).to_be_visible()
            badge = small.get_by_test_id("land-level-2")
            expect(badge).to_be_visible()
            expect(badge).to_have_attribute("data-short", "Fortg.")
            box = badge.bounding_box()
            assert box is not None and box["width"] > 10, box
            small.keyboard.press("End")
            expect(small.get_by_test_id("land-played-1")).to_be_visible()
            names_stand_whole(small)
            # Three lands: each board big enough to read (in two columns they were a thumb wide),
            # the lands scrolling in their box while the controls stay in the window.
            for seat in range(3):
                drawn = small.get_by_test_id(f"board-{seat}").locator("polygon.pa-land").bounding_box()
                assert drawn is not None and drawn["width"] >= 0.6 * width, (seat, drawn)
            ok = small.get_by_test_id("replay-slider").bounding_box()
            assert ok is not None and ok["y"] + ok["height"] <= height, ok
            shot(small, shots, f"standin-replay-phone-{width}.png")
            assert small.errors == [], small.errors
        finally:
            small.context.close()

    # Ben's page: the game says who played it, and his Plan Ahead bests are there.
    page.goto(f"{live_server}/spieler/{ben.player['id']}")
    expect(page.get_by_test_id("player-page")).to_have_attribute("data-state", "ready")
    expect(page.get_by_test_id("stand-in").first).to_have_text("Computer ab Kachel 2")
    # (his only game, 18 of its 19 tiles the computer's: not his own, so no Plan Ahead best yet)
    expect(page.get_by_test_id("best-planahead")).to_have_attribute("data-value", "")
    shot(page, shots, "standin-player-desktop.png")
    game_id = replay_url.rsplit("/", 1)[1]
    anna = httpx.get(f"{live_server}/api/replays/{game_id}", timeout=60).json()["players"][0]["player"]
    page.goto(f"{live_server}/spieler/{anna}")
    expect(page.get_by_test_id("best-planahead")).to_contain_text("1 Partie")
    expect(page.get_by_test_id("stand-in")).to_have_count(0)
    shot(page, shots, "standin-player-anna-desktop.png")
    assert page.errors == [], page.errors


def latest_game(url: str, player: Client) -> dict:
    """The player's latest game as his page lists it."""
    return httpx.get(f"{url}/api/players/{player.player['id']}/history").json()["recent"][0]


@pytest.mark.parametrize("kind", ["desktop", "phone"])
def test_a_speedgans_player_back_at_the_table_sees_the_city_the_computer_built_for_him(
    live_server, new_page, shots, kind
):
    """Ben (a browser) goes away while building; the host hands his seat to a computer, which lays
    tiles of his city. Back at the table, his city is not „Deine Stadt“ but „Vom Computer gebaut“."""
    anna = Client(live_server, "Anna")
    anna.send({"type": "create_table", "game": "speedgans", "settings": {"seats": 2, "one_task": True}})
    table_id = anna.table_until(lambda t: True)["id"]
    page = new_page(kind)
    page.goto(live_server + "/")
    pick_nickname(page, f"Ben {kind}")
    page.goto(f"{live_server}/t/{table_id}")
    anna.table_until(lambda t: len(t["seats"]) == 2)
    anna.send({"type": "start", "table": table_id})
    anna.table_until(lambda t: t["status"] == "playing")
    expect(page.get_by_test_id("by-computer")).to_have_count(0)
    page.goto("about:blank")  # Ben goes away
    anna.table_until(lambda t: not t["seats"][1]["connected"])
    anna.send({"type": "stand_in", "table": table_id, "seat": 1})
    anna.table_until(
        lambda t: t["game"]["phase"] == "building" and t["game"]["seats"][1]["tiles"] > 0, timeout=30
    )
    page.goto(f"{live_server}/t/{table_id}")
    mark = page.get_by_test_id("by-computer")
    expect(mark).to_have_text("Vom Computer gebaut")
    shot(page, shots, f"standin-speedgans-back-{kind}.png")
    assert page.errors == [], page.errors
    anna.close()
