"""What an operator does, seen in a real browser: a table closed (`spieltisch admin close-table`) ends
saying why, with no winner and no rematch, and the way back to the lobby; a player renamed (`admin
rename`) is told at once and the header shows the new name."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.browser.pages import pick_nickname

from spieltisch.cli import main

pytestmark = pytest.mark.browser


def test_a_closed_game_says_why(server_factory, new_page, shots):
    server = server_factory()
    page = new_page("phone")
    page.goto(server.url + "/")
    pick_nickname(page, "Ida")
    page.get_by_test_id("create-seats").select_option("2")
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("add-bot").click()
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("pa-game")).to_have_attribute("data-phase", "playing")
    table_id = page.url.rsplit("/", 1)[1]
    url = server.env["SPIELTISCH_DATABASE_URL"]
    assert main(["admin", "close-table", table_id, "--reason", "Wartung", "--database-url", url]) == 0
    end = page.get_by_test_id("end")
    expect(end).to_have_attribute("data-closed", "true", timeout=20_000)
    expect(end.get_by_test_id("closed-reason")).to_have_text(
        "Ein Betreiber hat diesen Tisch geschlossen: Wartung"
    )
    expect(end.get_by_test_id("rematch")).to_have_count(0)
    page.screenshot(path=str(shots / "closed-table-phone.png"))

    player = page.evaluate("() => window.spieltisch.app.me.id")
    assert (
        main(["admin", "rename", player, "Idalia", "--reason", "Verwechslungsgefahr", "--database-url", url])
        == 0
    )
    expect(page.get_by_test_id("nickname")).to_contain_text("Idalia", timeout=20_000)
    expect(page.locator("#toast")).to_contain_text(
        "Ein Betreiber hat deinen Namen in „Idalia“ geändert: Verwechslungsgefahr"
    )
    assert not page.errors
