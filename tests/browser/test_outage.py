"""A server that cannot take a player's step for a moment, in a real browser: the live-table store
refuses a placing once, and the records are out of reach while the page reconnects. Either way the
player is told, and can play on once the server answers again: nothing stays stuck on the page. And
the hello's refusal of a token the records do not know.

The server runs in this process (tests/server/inprocess.py), so a test can make its store or its
records fail; its clock stands still, which no game here needs (no turn clocks)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import pick_nickname
from tests.browser.planahead_page import board_land, free_fields, settled, wait_turn
from tests.server.inprocess import InProcessServer

from spieltisch.server.services import Services
from spieltisch.server.store import StoreUnavailable

pytestmark = pytest.mark.browser

UNAVAILABLE = "Der Server kann das gerade nicht annehmen"


@pytest.fixture
def server(tmp_path: Path, data_dir: Path) -> Iterator[InProcessServer]:
    with InProcessServer(tmp_path, data_dir) as running:
        yield running


def services_of(server: InProcessServer) -> Services:
    found: Services = server.server.config.app.state.services
    return found


def solo_game(page: Page, url: str) -> None:
    """Anna at a Plan Ahead table of her own (no turn clock), its first tile in front of her."""
    page.goto(url + "/")
    pick_nickname(page, "Anna")
    page.get_by_test_id("create-seats").select_option("1")
    page.get_by_test_id("create-clock").select_option("")
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("start").click()
    wait_turn(page, 0)


def test_a_placing_the_store_could_not_take_gives_the_tile_back_and_can_be_made_again(
    server, new_page, monkeypatch
):
    page = new_page("phone")
    solo_game(page, server.url)
    store = services_of(server).store
    real_update = store.update
    refused: list[str] = []

    async def refuse_once(table_id, change):
        if not refused:
            refused.append(table_id)
            raise StoreUnavailable("Redis is restarting")
        return await real_update(table_id, change)

    monkeypatch.setattr(store, "update", refuse_once)
    field = free_fields(board_land(page))[0]
    page.get_by_test_id(f"field-{field}").tap()
    expect(page.get_by_test_id("toast")).to_contain_text(UNAVAILABLE)
    assert refused  # the store did refuse the placing
    # The tile is back where the server has it (off the board), not stuck on the field with OK off.
    settled(page)
    expect(page.get_by_test_id(f"field-{field}")).not_to_have_attribute("data-tentative", re.compile("."))
    expect(page.get_by_test_id("next-tile")).not_to_have_attribute("data-placed", "true")
    # The same field again: this time the server takes it, and OK confirms it.
    page.get_by_test_id(f"field-{field}").tap()
    expect(page.get_by_test_id(f"field-{field}")).to_have_attribute("data-tentative", re.compile(r"\d{3}"))
    settled(page)
    expect(page.get_by_test_id("ok")).to_be_enabled()
    page.get_by_test_id("ok").tap()
    wait_turn(page, 1)
    assert board_land(page)[field - 1] is not None
    assert page.errors == []


def test_while_the_records_are_out_of_reach_the_page_reconnects_backing_off_then_plays_on(
    server, new_page, monkeypatch
):
    page = new_page("desktop")
    solo_game(page, server.url)
    repository = services_of(server).repository

    def database_gone(token: str) -> None:
        raise OSError("could not connect to server")

    monkeypatch.setattr(repository, "player_by_token", database_gone)
    page.evaluate("window.spieltisch.net.ws.close()")  # the connection drops (a network blip)
    expect(page.get_by_test_id("reconnect-banner")).to_be_visible()
    # Every try is answered `unavailable`: the page backs off (its count of tries only grows, no
    # welcome resets it) and says „reconnecting“, not a message per try.
    deadline = time.monotonic() + 20
    while page.evaluate("window.spieltisch.net.attempt") < 3:  # (wait_for_function polls by eval: CSP)
        assert time.monotonic() < deadline, "the page did not back off: its tries were counted from 0 again"
        page.wait_for_timeout(100)
    expect(page.locator("body")).to_have_attribute("data-connection", "closed")
    expect(page.get_by_test_id("toast")).not_to_contain_text(UNAVAILABLE)
    monkeypatch.undo()  # the records are back
    expect(page.get_by_test_id("reconnect-banner")).to_be_hidden(timeout=20_000)
    expect(page.locator("body")).to_have_attribute("data-connection", "open")
    field = free_fields(board_land(page))[0]
    page.get_by_test_id(f"field-{field}").click()
    settled(page)
    page.get_by_test_id("ok").click()
    wait_turn(page, 1)
    assert page.errors == []


def test_a_token_the_server_does_not_know_on_reconnect_asks_for_a_nickname(server, new_page):
    """The hello's other refusal (4401): the records no longer know the token (a database restored
    from before the player was made) — the page asks for a nickname instead of retrying forever."""
    page = new_page("desktop")
    page.goto(server.url + "/")
    pick_nickname(page, "Anna")
    expect(page.get_by_test_id("create-table")).to_be_visible()
    page.evaluate("localStorage.setItem('spieltisch.token', 'forgotten-token')")
    page.evaluate("window.spieltisch.net.ws.close()")
    expect(page.get_by_test_id("nickname-form")).to_be_visible(timeout=20_000)
    pick_nickname(page, "Berta")
    expect(page.locator("body")).to_have_attribute("data-connection", "open")
    assert page.evaluate("localStorage.getItem('spieltisch.token')") != "forgotten-token"
    assert page.errors == []
