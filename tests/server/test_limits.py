"""What one player or address may ask: nicknames people can read, few open tables per host, a
message rate a person never reaches, a few tabs per player, new players per address."""

from __future__ import annotations

import contextlib

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client, hello, new_player, socket_url


@pytest.fixture
def server(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir, player_burst=5, message_rate=20) as running:
        yield running


@pytest.mark.parametrize(
    "name",
    ["\u200b", "Ann\u202e", "\u2066Bob", "Eve\u200d", "\u0301", " \u3000 "],
)
def test_invisible_and_bidi_nicknames_are_refused(live_server, name):
    response = httpx.post(f"{live_server}/api/players", json={"nickname": name})
    codes = {"bad_nickname", "nickname_blank", "bad_request"}
    assert response.status_code == 422 and response.json()["error"]["code"] in codes


def test_nicknames_are_normalised_and_a_name_someone_has_is_refused(live_server):
    decomposed = new_player(live_server, "Jo\u0308rg")
    assert decomposed["nickname"].startswith("J\u00f6rg")  # NFC
    ann = Client(live_server, "Ann")
    name = ann.player["nickname"]
    full_width = "".join(chr(ord(char) + 0xFEE0) if "!" <= char <= "~" else char for char in name)
    for same in (name.lower(), name.upper(), f"  {name} ", full_width):
        response = httpx.post(f"{live_server}/api/players", json={"nickname": same})
        assert response.status_code == 409 and response.json()["error"]["code"] == "nickname_taken", same


def test_a_host_keeps_few_open_tables(live_server):
    ann = Client(live_server, "Ann")
    for _ in range(3):
        ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
        ann.table_until(lambda t: t["status"] == "open")
    ann.send({"type": "create_table", "game": "speedgans", "settings": {}, "seq": 4})
    error = ann.error()
    assert error["code"] == "too_many_tables" and error["seq"] == 4
    # Solo runs are no lobby tables: they are not counted.
    ann.send({"type": "start_puzzle", "puzzle": httpx.get(f"{live_server}/api/puzzles").json()["today"]})
    assert ann.table_until(lambda t: t["kind"] == "puzzle")["status"] == "playing"


def test_a_flood_of_messages_is_cut_back_without_an_answer_each(server):
    eve = Client(server.url, "Eve")
    for seq in range(90):  # a burst (60) and half one more
        eve.send({"type": "ping", "seq": seq})
    answers = []
    with contextlib.suppress(TimeoutError):
        while True:
            answers.append(eve.next_message(timeout=3))
    limited = [m for m in answers if m["type"] == "error"]
    # A burst's worth answered; the rest dropped unread, told once (tests/server/test_floods.py).
    assert limited and all(m["code"] == "rate_limited" for m in limited) and len(limited) < 10
    assert 50 <= sum(m["type"] == "pong" for m in answers) < 90


def test_few_tabs_per_player_and_few_new_players_per_address(server):
    ann = Client(server.url, "Ann")
    tabs = [Client(server.url, token=ann.token) for _ in range(7)]  # 8 with the first
    with connect(socket_url(server.url)) as ninth:
        ninth.send(hello(ann.token))
        assert '"rate_limited"' in ninth.recv(timeout=5)
    tabs[0].close()
    assert Client(server.url, token=ann.token).welcome["type"] == "welcome"  # room again
    made = [httpx.post(f"{server.url}/api/players", json={"nickname": f"P{n}"}) for n in range(6)]
    # Ann was the first of a burst of 5: four more, then the address has to wait.
    assert [r.status_code for r in made] == [201, 201, 201, 201, 429, 429]
    assert made[-1].json()["error"]["code"] == "rate_limited"
