"""Where a nickname is picked and where it is changed, the page says in its own language why the
server refused it: someone has the name (or one that looks the same), it mixes look-alike scripts,
it looks blank."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import click_until
from tests.server.player_client import new_player

pytestmark = pytest.mark.browser


def submit(page: Page, name: str) -> None:
    page.get_by_test_id("nickname-input").fill(name)
    page.get_by_test_id("nickname-submit").click()


def test_the_form_tells_why_a_name_is_refused_in_german_and_english(server_factory, new_page):
    url = server_factory().url
    taken = new_player(url, "Annika")["nickname"]
    page = new_page("phone")
    page.goto(url + "/")
    error = page.get_by_test_id("nickname-error")

    submit(page, taken.upper())
    expect(error).to_have_text(
        "Diesen Namen – oder einen, der genauso aussieht – hat schon jemand. Wähle einen anderen."
    )
    submit(page, "\u0410nnika")  # a Cyrillic А
    expect(error).to_contain_text("mischt Schriften, deren Buchstaben gleich aussehen")
    submit(page, "\u3164")
    expect(error).to_contain_text("sieht leer aus")
    page.get_by_test_id("lang").click()
    submit(page, taken.replace("i", "\u0456"))  # a Cyrillic і among Latin letters
    expect(error).to_contain_text("mixes scripts")
    submit(page, f" {taken.lower()} ")
    expect(error).to_have_text(
        "Someone already has this name – or one that looks just like it. Please choose another."
    )

    # A name of one's own, then a rename to Annika's: refused the same way.
    submit(page, "Berit")
    expect(page.get_by_test_id("nickname")).to_contain_text("Berit")

    # The lobby's first views may redraw the header under the rename dialog: open it until it answers.
    def rename_refused() -> None:
        if page.get_by_test_id("nickname-input").count() == 0:
            raise AssertionError("the rename dialog closed")
        submit(page, taken)
        expect(error).to_contain_text("Someone already has this name", timeout=3_000)

    click_until(page.get_by_test_id("nickname"), rename_refused)
    page.get_by_test_id("lang").click()
    expect(error).to_be_visible()
    submit(page, taken)
    expect(error).to_contain_text("hat schon jemand")
    submit(page, "BERIT")  # one's own name in capitals is one's own
    expect(page.get_by_test_id("nickname")).to_contain_text("BERIT")
    assert page.errors == [], page.errors
