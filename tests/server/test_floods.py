"""Floods over WebSockets, as a cheater would send them: every frame counts against its connection's
budget before it is read (malformed ones more), an over-budget frame is dropped unread, a connection
that keeps flooding is closed with 4429 and its address slowed, all sockets of an address share one
budget and their number is capped — and a person's pace is never refused. No timing is asserted:
where the server's refill matters, the bound allows for the time the test took."""

from __future__ import annotations

import json
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from spieltisch.server import limits, protocol
from spieltisch.server.protocol import MAX_MESSAGE_BYTES, ProtocolError, parse_message
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client

RATE = 20.0  # the default ServerConfig.message_rate: these tests run with the defaults


@pytest.fixture
def server(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir, message_rate=RATE, sockets_per_address=64) as running:
        yield running


def flood(client: Client, frame: str, within: float = 120.0) -> tuple[int, int]:
    """Send `frame` until the server closes the socket: (frames sent, close code received). The
    limit is a guard against a server that never closes it, not a measure."""
    sent = 0
    deadline = time.monotonic() + within
    try:
        while time.monotonic() < deadline:
            client.ws.send(frame)
            sent += 1
            if sent % 100 == 0:  # read what came meanwhile, or the close frame waits behind it
                drain(client)
    except ConnectionClosed as closed:
        return sent, closed.rcvd.code if closed.rcvd else 0
    raise AssertionError(f"{sent} frames sent in {within:.0f} s and the socket is still open")


def drain(client: Client) -> None:
    try:
        while True:
            client.next_message(timeout=0)
    except TimeoutError:
        pass


def answers_until_closed(client: Client) -> list[dict]:
    try:
        while True:
            client.next_message(timeout=30)
    except ConnectionClosed:
        return [m for m in client.received if m["type"] != "welcome"]


def assert_refused(server: InProcessServer) -> None:
    """A new socket from the address is refused in its handshake: HTTP 429, the API's JSON error."""
    with pytest.raises(InvalidStatus) as refused:
        Client(server.url, "Late")
    response = refused.value.response
    assert response.status_code == 429
    assert json.loads(response.body)["error"]["code"] == "rate_limited"


@pytest.mark.slow  # a flood runs for seconds before it is cut off
@pytest.mark.parametrize(
    "frame",
    [
        '{"type": "ping"}',  # valid: served up to the budget, then dropped unanswered
        "not json at all",  # malformed: costs more, never free
        "[" * 2000 + "]" * 2000,  # nested deep: refused before any parse
    ],
    ids=["ping", "garbage", "nested"],
)
def test_a_flooder_is_cut_off_with_4429_and_its_address_slowed(server, frame):
    eve = Client(server.url, "Eve")
    started = time.monotonic()
    sent, code = flood(eve, frame)
    assert code == 4429
    answers = answers_until_closed(eve)
    took = time.monotonic() - started
    # Over budget nothing is parsed or answered one by one: a burst's worth (and what refilled
    # meanwhile) is answered, and one rate_limited a second at most.
    limited = [m for m in answers if m.get("code") == "rate_limited"]
    served = [m for m in answers if m.get("code") != "rate_limited"]
    assert len(served) <= RATE * (limits.MESSAGE_BURST_SECONDS + took), (len(served), sent)
    assert 1 <= len(limited) <= took / limits.TELL_EVERY_SECONDS + 2
    assert answers[-1]["code"] == "rate_limited"
    # The address is slowed: a new socket from it is refused at once (others' are not: bench/hostile.py).
    assert_refused(server)


@pytest.mark.slow  # budgets refill over seconds: the test spans several
def test_a_burst_over_budget_is_dropped_unread_and_the_connection_stays(server):
    eve = Client(server.url, "Eve")
    burst = int(RATE * limits.MESSAGE_BURST_SECONDS)
    for seq in range(burst + burst // 2):  # half a burst too many: not yet a flood
        eve.send({"type": "ping", "seq": seq})
    answers = []
    try:
        while True:
            answers.append(eve.next_message(timeout=3))
    except TimeoutError:
        pass
    pongs = [m for m in answers if m["type"] == "pong"]
    errors = [m for m in answers if m["type"] == "error"]
    assert burst <= len(pongs) < burst + burst // 2 and [m["seq"] for m in pongs] == list(range(len(pongs)))
    assert errors and all(m["code"] == "rate_limited" for m in errors) and len(errors) < 10
    time.sleep(limits.MESSAGE_BURST_SECONDS + 1)  # the debt (a burst at most) paid back
    eve.send({"type": "ping", "seq": 1000})
    assert eve.next_of("pong")["seq"] == 1000


def test_nested_json_is_refused_before_the_parser_sees_it(monkeypatch):
    def no_parse(text: str | bytes) -> object:
        raise AssertionError("parsed")

    monkeypatch.setattr(protocol.json, "loads", no_parse)
    for frame in (
        "[" * 2000,
        "[" * 17,
        '{"a":' * 800,
        b"[" * MAX_MESSAGE_BYTES,
        '{"type":"ping","x":' + "[]," * 17,
    ):
        with pytest.raises(ProtocolError) as refused:
            parse_message(frame)
        assert refused.value.code == "bad_json"
    monkeypatch.undo()
    create = parse_message('{"type":"create_table","game":"speedgans","settings":{"seats":2},"seq":1}')
    assert create.seq == 1


@pytest.mark.slow  # budgets refill over seconds: the test spans several
def test_eight_sockets_of_one_address_share_one_budget(server):
    tabs = [Client(server.url, f"Tab{n}") for n in range(8)]
    own_burst = int(RATE * limits.MESSAGE_BURST_SECONDS)
    address_rate = RATE * limits.ADDRESS_SHARE
    started = time.monotonic()
    for tab in tabs:  # each within its own connection's burst: only the shared budget refuses
        for seq in range(own_burst):
            tab.send({"type": "ping", "seq": seq})
    pongs = refused = 0
    for tab in tabs:
        try:
            while True:
                message = tab.next_message(timeout=2)
                pongs += message["type"] == "pong"
                refused += message.get("code") == "rate_limited"
        except TimeoutError:
            pass
    answered_within = time.monotonic() - started
    # What four connections may send, and what the address's budget refilled meanwhile.
    assert pongs <= address_rate * limits.MESSAGE_BURST_SECONDS + address_rate * answered_within
    assert pongs < 8 * own_burst and refused >= 1
    for tab in tabs:  # cut back, not cut off
        tab.send({"type": "ping", "seq": 99})
    time.sleep(limits.MESSAGE_BURST_SECONDS + 1)  # the shared debt paid back
    tabs[0].send({"type": "ping", "seq": 100})
    assert tabs[0].next_of("pong", where=lambda m: m["seq"] == 100)


def test_the_sockets_of_one_address_are_capped(tmp_path, data_dir):
    with InProcessServer(tmp_path, data_dir, sockets_per_address=3) as server:
        open_ = [Client(server.url, f"Kid{n}") for n in range(3)]
        assert_refused(server)
        open_[0].close()
        for _ in range(100):  # room again once the server has seen the first one go
            try:
                open_[0] = Client(server.url, token=open_[1].token)
                break
            except InvalidStatus:
                time.sleep(0.1)
        assert open_[0].welcome["type"] == "welcome"


@pytest.mark.slow  # budgets refill over seconds: the test spans several
def test_a_person_at_a_persons_pace_is_never_refused(server):
    """Four tabs of a class's address, sending at half the rate a connection may (beyond every
    burst): not one frame refused, every ping answered."""
    tabs = [Client(server.url, f"Kid{n}") for n in range(4)]
    tabs[0].send({"type": "watch_lobby"})
    sends = int(RATE * limits.MESSAGE_BURST_SECONDS * 2)
    for seq in range(sends):
        tabs[0].send({"type": "ping", "seq": seq})
        if seq % 5 == 0:
            for tab in tabs[1:]:
                tab.send({"type": "ping", "seq": seq})
        time.sleep(2 / RATE)  # half the rate (a slower machine only sends slower)
    for tab in tabs:
        expected = sends if tab is tabs[0] else len(range(0, sends, 5))
        pongs = [tab.next_of("pong") for _ in range(expected)]
        assert len(pongs) == expected
        assert not [m for m in tab.received if m["type"] == "error"]


def test_new_players_per_address_are_capped_over_days_not_only_in_a_burst():
    """A farm of accounts that waits for the minute's bucket gets two bursts the first day and one
    a day after (not a burst and then 1,440 a day); a class of 30 signs up at once."""
    start = time.monotonic()
    school = limits.NewPlayers(burst=limits.PLAYER_BURST)
    assert all(school.take("school", start) for _ in range(30))
    farm = limits.NewPlayers(burst=limits.PLAYER_BURST)
    day = int(limits.PLAYER_REFILL_SECONDS)

    def made_on(first_minute: int) -> int:  # a day of trying every minute, 100 tries each time
        at = [start + first_minute * 60 + minute * 60 for minute in range(day // 60)]
        return sum(farm.take("farm", now) for now in at for _ in range(100))

    assert made_on(0) <= 2 * limits.PLAYER_BURST
    assert made_on(day // 60) <= limits.PLAYER_BURST + 1
    assert farm.take("elsewhere", start + 2 * day)  # another address is another count
