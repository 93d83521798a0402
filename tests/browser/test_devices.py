"""Another device signed in by a one-time link, in real browsers: a phone that never played opens the
link and is Ann at once (no nickname asked); the same link a second time is refused; a browser
signed in as Bob is asked first, then becomes Ann."""

from __future__ import annotations

import httpx
from playwright.sync_api import expect
from tests.browser.pages import pick_nickname
from tests.server.player_client import new_player


def link_of(url: str, token: str) -> str:
    made = httpx.post(
        f"{url}/api/players/me/device-link", headers={"Authorization": f"Bearer {token}"}
    ).json()
    return made["url"].split("#", 1)[1]


def test_a_link_signs_a_phone_in_once(live_server, new_page, shots):
    ann = new_player(live_server, "Ann")
    code = link_of(live_server, ann["token"])

    phone = new_page("phone")
    phone.goto(f"{live_server}/geraet#{code}")
    expect(phone.get_by_test_id("device")).to_have_attribute("data-state", "welcome")
    expect(phone.get_by_test_id("nickname")).to_contain_text(ann["nickname"])
    assert phone.url.endswith("/geraet")  # the code is gone from the address bar
    phone.screenshot(path=str(shots / "device-welcome-phone.png"))
    phone.get_by_test_id("device-lobby").click()
    expect(phone.get_by_test_id("nickname")).to_contain_text(ann["nickname"])
    token = phone.evaluate("() => localStorage.getItem('spieltisch.token')")
    assert token and token != ann["token"]  # a token of its own

    again = new_page("desktop")
    again.goto(f"{live_server}/geraet#{code}")
    expect(again.get_by_test_id("device")).to_have_attribute("data-state", "expired")
    expect(again.get_by_test_id("device")).to_contain_text("abgelaufen oder schon benutzt")
    assert not phone.errors and not again.errors


def test_a_browser_signed_in_as_someone_else_is_asked_first(live_server, new_page):
    ann = new_player(live_server, "Ann")
    page = new_page("desktop")
    page.goto(live_server + "/")
    pick_nickname(page, "Bob")
    page.goto(f"{live_server}/geraet#{link_of(live_server, ann['token'])}")
    expect(page.get_by_test_id("device")).to_have_attribute("data-state", "replace")
    expect(page.get_by_test_id("device")).to_contain_text("als Bob angemeldet")
    page.get_by_test_id("device-claim").click()
    expect(page.get_by_test_id("device")).to_have_attribute("data-state", "welcome")
    expect(page.get_by_test_id("nickname")).to_contain_text(ann["nickname"])
    assert not page.errors
