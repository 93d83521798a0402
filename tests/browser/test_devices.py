"""Another device signed in by a one-time link, in real browsers: a phone that never played opens the
link and is Ann at once (no nickname asked); the same link a second time is refused; a browser
signed in as Bob is asked first, then becomes Ann."""

from __future__ import annotations

import json
import re
from pathlib import Path

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


def test_the_own_page_links_a_phone_signs_it_out_and_gives_and_deletes_ones_data(
    live_server, new_page, shots
):
    desk = new_page("desktop")
    desk.goto(live_server + "/")
    pick_nickname(desk, "Dora")
    me = desk.evaluate("() => window.spieltisch?.app?.me ?? null") or {}
    player_id = (
        me.get("id")
        or httpx.get(
            f"{live_server}/api/players/me",
            headers={
                "Authorization": "Bearer " + desk.evaluate("() => localStorage.getItem('spieltisch.token')")
            },
        ).json()["id"]
    )
    desk.goto(f"{live_server}/spieler/{player_id}")
    account = desk.get_by_test_id("account")
    expect(account.get_by_test_id("devices").locator("li")).to_have_count(1)
    account.get_by_test_id("device-link").click()
    expect(account.get_by_test_id("device-qr").locator("svg")).to_be_visible()
    expect(account.get_by_test_id("device-link-left")).to_contain_text(re.compile(r"Noch (9|10):\d\d"))
    desk.screenshot(path=str(shots / "account-link-desktop.png"), full_page=True)
    url = account.get_by_test_id("device-link-url").input_value()

    phone = new_page("phone")
    phone.goto(url.replace(url.split("/geraet")[0], live_server))
    expect(phone.get_by_test_id("device")).to_have_attribute("data-state", "welcome")
    phone.goto(f"{live_server}/spieler/{player_id}")  # the phone is Dora: her page, her card
    phone.get_by_test_id("account").get_by_test_id("device-link").click()
    expect(phone.get_by_test_id("device-qr").locator("svg")).to_be_visible()
    assert phone.evaluate(
        "() => document.documentElement.scrollWidth <= innerWidth"
    )  # nothing wider than a phone
    phone.get_by_test_id("account").screenshot(path=str(shots / "account-phone.png"))

    desk.reload()
    devices = desk.get_by_test_id("account").get_by_test_id("devices").locator("li")
    expect(devices).to_have_count(2)
    expect(devices.nth(0)).to_have_attribute("data-current", "true")
    desk.once("dialog", lambda dialog: dialog.accept())
    devices.nth(1).get_by_role("button", name="Abmelden").click()
    expect(devices).to_have_count(1)
    token = phone.evaluate("() => localStorage.getItem('spieltisch.token')")
    assert (
        httpx.get(f"{live_server}/api/players/me", headers={"Authorization": f"Bearer {token}"}).status_code
        == 401
    )

    with desk.expect_download() as got:
        desk.get_by_test_id("data-download").click()
    data = json.loads(Path(got.value.path()).read_text())
    assert data["player"]["id"] == player_id and len(data["devices"]) == 1

    desk.get_by_test_id("data-delete").click()
    ok = desk.get_by_test_id("data-delete-ok")
    expect(ok).to_be_disabled()
    desk.get_by_test_id("data-delete-name").fill("Dora")
    ok.click()
    expect(desk.get_by_test_id("nickname-form")).to_be_visible()  # nobody now: a fresh start
    assert httpx.get(f"{live_server}/api/players/{player_id}/history").status_code == 404
    assert not desk.errors and not phone.errors
