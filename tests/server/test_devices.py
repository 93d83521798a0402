"""One player on several devices: a one-time link (with its QR code) signs another browser in as the
same player with a token of its own; the link works once and for minutes only; either device can
sign the other out; a signed-out token opens nothing, not even a socket."""

from __future__ import annotations

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client, hello, socket_url


@pytest.fixture
def server(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir) as running:
        yield running


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def link(server, token: str) -> str:
    answer = httpx.post(f"{server.url}/api/players/me/device-link", headers=auth(token))
    assert answer.status_code == 200
    made = answer.json()
    assert made["qr_svg"].lstrip().startswith("<svg") and made["expires_at"] == pytest.approx(
        server.clock.now() + 600
    )
    assert "/geraet#" in made["url"]
    return made["url"].split("#", 1)[1]


def claim(
    server, code: str, agent: str = "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile"
) -> httpx.Response:
    return httpx.post(f"{server.url}/api/devices/claim", json={"code": code}, headers={"User-Agent": agent})


def test_a_second_device_signs_in_once_and_either_signs_the_other_out(server):
    ann = Client(server.url, "Ann")
    code = link(server, ann.token)
    phone = claim(server, code)
    assert phone.status_code == 200
    signed = phone.json()
    assert signed["id"] == ann.player["id"] and signed["nickname"] == ann.player["nickname"]
    assert signed["token"] != ann.token  # a token of its own
    for token in (ann.token, signed["token"]):
        assert httpx.get(f"{server.url}/api/players/me", headers=auth(token)).json()["id"] == ann.player["id"]
    again = claim(server, code)  # once only
    assert again.status_code == 404 and again.json()["error"]["code"] == "not_found"

    listed = httpx.get(f"{server.url}/api/players/me/devices", headers=auth(signed["token"])).json()[
        "devices"
    ]
    # (the first device, a script's, is named by its User-Agent as the others are: no browser known)
    assert [(d["label"], d["current"]) for d in listed] == [("Browser", False), ("Chrome · Android", True)]

    # The first device signs the phone out: its token opens nothing, not even a socket.
    gone = httpx.delete(f"{server.url}/api/players/me/devices/{listed[1]['id']}", headers=auth(ann.token))
    assert gone.status_code == 200
    assert httpx.get(f"{server.url}/api/players/me", headers=auth(signed["token"])).status_code == 401
    with connect(socket_url(server.url)) as ws:
        ws.send(hello(signed["token"]))
        assert '"unknown_player"' in ws.recv(timeout=10)
    missing = httpx.delete(f"{server.url}/api/players/me/devices/{listed[1]['id']}", headers=auth(ann.token))
    assert missing.status_code == 404
    # Someone else cannot sign Ann's devices out.
    bob = Client(server.url, "Bob")
    assert (
        httpx.delete(
            f"{server.url}/api/players/me/devices/{listed[0]['id']}", headers=auth(bob.token)
        ).status_code
        == 404
    )
    assert httpx.get(f"{server.url}/api/players/me", headers=auth(ann.token)).status_code == 200


def test_a_link_expires_and_only_the_newest_three_work(server):
    ann = Client(server.url, "Ann")
    stale = link(server, ann.token)
    server.advance(601)
    assert claim(server, stale).status_code == 404  # ten minutes are over
    codes = []
    for _ in range(4):  # a few seconds apart, as a person asks again
        codes.append(link(server, ann.token))
        server.advance(3, settle=0)
    assert claim(server, codes[0]).status_code == 404  # the oldest of four ended
    assert claim(server, codes[3]).status_code == 200
    for bad in ({"code": "x"}, {"code": "a" * 65}, {}, {"code": 12345678}):
        assert httpx.post(f"{server.url}/api/devices/claim", json=bad).status_code == 422
    assert httpx.post(f"{server.url}/api/players/me/device-link").status_code == 401


def test_a_deleted_player_is_signed_out_everywhere(server):
    ann = Client(server.url, "Ann")
    code = link(server, ann.token)
    phone = claim(server, code).json()["token"]
    pending = link(server, ann.token)
    assert (
        httpx.delete(
            f"{server.url}/api/players/me", params={"confirm": ann.player["id"]}, headers=auth(phone)
        ).status_code
        == 200
    )
    for token in (ann.token, phone):
        assert httpx.get(f"{server.url}/api/players/me", headers=auth(token)).status_code == 401
    assert claim(server, pending).status_code == 404


def test_the_browser_that_makes_a_player_is_his_first_device_by_name(server):
    firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
    made = httpx.post(
        f"{server.url}/api/players", json={"nickname": "Fritz"}, headers={"User-Agent": firefox}
    )
    listed = httpx.get(f"{server.url}/api/players/me/devices", headers=auth(made.json()["token"])).json()
    assert [(d["label"], d["current"]) for d in listed["devices"]] == [("Firefox · Windows", True)]
