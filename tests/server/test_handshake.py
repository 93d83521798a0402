"""The WebSocket's handshake over real sockets: the token comes in the first frame (a hello), never
needs the URL; a socket that says nothing, or something else first, is answered and closed."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from spieltisch.games.errors import ErrorCode
from spieltisch.server.handshake import MAX_HELLO_BYTES, parse_hello
from spieltisch.server.protocol import ProtocolError
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client, hello, new_player, socket_url

#: The server's time for a hello here (10 s by default): short, so that a silent socket's close
#: comes soon, and long enough for a test's client on a busy machine to say hello in time.
HELLO_SECONDS = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory, data_dir: Path) -> Iterator[InProcessServer]:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SPIELTISCH_HELLO_SECONDS", str(HELLO_SECONDS))
        running = InProcessServer(tmp_path_factory.mktemp("handshake"), data_dir)
    with running:
        yield running


def answer_and_close(ws: ClientConnection) -> tuple[list[dict], int | None]:
    """Every frame the server sends until it closes the socket, and its close code."""
    frames = []
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            frames.append(json.loads(ws.recv(timeout=HELLO_SECONDS + 10)))
    received = closed.value.rcvd
    return frames, None if received is None else received.code


def test_a_hello_with_the_token_is_welcomed_as_its_player(server):
    ann = new_player(server.url, "Ann")
    with connect(socket_url(server.url)) as ws:
        ws.send(hello(ann["token"]))
        welcome = json.loads(ws.recv(timeout=10))
        assert welcome["type"] == "welcome"
        assert welcome["player"] == {"id": ann["id"], "nickname": ann["nickname"]}
        ws.send(json.dumps({"type": "ping", "seq": 3}))
        assert json.loads(ws.recv(timeout=10)) == {
            "type": "pong",
            "server_time": welcome["server_time"],
            "seq": 3,
        }


def test_messages_sent_right_behind_the_hello_are_answered_after_the_welcome(server):
    """The browser does not wait for the welcome: it sends its page's messages behind the hello."""
    ann = new_player(server.url, "Ann")
    with connect(socket_url(server.url)) as ws:
        ws.send(hello(ann["token"]))
        ws.send(json.dumps({"type": "ping", "seq": 1}))
        assert [json.loads(ws.recv(timeout=10))["type"] for _ in range(2)] == ["welcome", "pong"]


def test_a_token_in_the_url_counts_for_nothing(server):
    """Pages before the hello put the token in the socket's URL (and so in every proxy's log). The
    release after it no longer accepts that: such a page's first message is answered as no hello."""
    ann = new_player(server.url, "Ann")
    with connect(socket_url(server.url) + f"?token={ann['token']}") as ws:
        ws.send(json.dumps({"type": "watch_lobby"}))  # such a page's first message: no hello
        frames, code = answer_and_close(ws)
    assert [f["code"] for f in frames] == ["bad_message"] and code == 1008


def test_an_unknown_token_is_told_so_and_closed_4401(server):
    with connect(socket_url(server.url)) as ws:
        ws.send(hello("forged-token"))
        frames, code = answer_and_close(ws)
    assert [f["code"] for f in frames] == ["unknown_player"] and code == 4401


def test_a_socket_that_never_says_hello_is_closed(server):
    with connect(socket_url(server.url)) as ws:
        frames, code = answer_and_close(ws)
    assert frames == [] and code == 4408


@pytest.mark.parametrize(
    ("first", "error"),
    [
        ("not json", "bad_json"),
        ("[" * 400, "bad_json"),
        (json.dumps({"type": "watch_lobby"}), "bad_message"),  # something other than a hello first
        (json.dumps({"type": "hello"}), "bad_message"),
        (json.dumps({"type": "hello", "token": 7}), "bad_message"),
        (json.dumps({"type": "hello", "token": "x", "admin": True}), "bad_message"),
        (json.dumps({"type": "hello", "token": "x" * 200}), "bad_message"),
        (json.dumps({"type": "hello", "token": "x" * MAX_HELLO_BYTES}), "too_large"),
        ("[" * 60_000, "too_large"),  # within the WebSocket's 64 KiB: refused before it is parsed
        (json.dumps({"type": "hello", "token": "ä" * 250}, ensure_ascii=False), "too_large"),  # bytes count
    ],
)
def test_a_first_frame_that_is_no_hello_is_a_clear_error_and_the_socket_closes(server, first, error):
    with connect(socket_url(server.url)) as ws:
        ws.send(first)
        frames, code = answer_and_close(ws)
    assert [f["code"] for f in frames] == [error] and code == 1008
    assert "hello" in frames[0]["message"] or error == "bad_json"


def test_a_binary_hello_counts_like_a_text_one(server):
    ann = new_player(server.url, "Ann")
    with connect(socket_url(server.url)) as ws:
        ws.send(hello(ann["token"]).encode())
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"


def test_a_cheat_cannot_get_past_the_hello_with_a_second_try_on_the_same_socket(server):
    """A refused hello closes the socket: no guessing tokens over one connection."""
    with connect(socket_url(server.url)) as ws:
        ws.send(hello("guess-1"))
        # (The server may have closed the socket already, which is what this asks of it.)
        with contextlib.suppress(ConnectionClosed):
            ws.send(hello("guess-2"))
        frames, code = answer_and_close(ws)
    assert [f["code"] for f in frames] == ["unknown_player"] and code == 4401


def test_a_second_hello_after_the_welcome_is_no_message(server):
    ann, bob = new_player(server.url, "Ann"), new_player(server.url, "Bob")
    with connect(socket_url(server.url)) as ws:
        ws.send(hello(ann["token"]))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
        ws.send(hello(bob["token"]))  # no changing players on an open socket
        assert json.loads(ws.recv(timeout=10))["code"] == "unknown_type"
        ws.send(json.dumps({"type": "create_table", "game": "planahead", "settings": {"seats": 2}}))
        table = json.loads(ws.recv(timeout=10))["table"]
    assert table["seats"][0]["player"] == ann["id"]


def test_the_test_client_says_hello(server):
    assert Client(server.url, "Ann").welcome["type"] == "welcome"


hello_like = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "HELLO", "ping", ""]) | st.text(max_size=8)},
    optional={
        "token": st.text(max_size=200) | st.integers() | st.none() | st.lists(st.text(max_size=4)),
        "seq": st.integers(min_value=-5, max_value=2**60) | st.text(max_size=3),
        "player": st.text(max_size=10),
    },
).map(json.dumps)


@given(st.one_of(hello_like, st.text(max_size=700), st.binary(max_size=700)))
def test_any_first_frame_is_a_hello_or_one_clear_error(frame):
    try:
        parsed = parse_hello(frame)
    except ProtocolError as error:
        assert error.code in (ErrorCode.BAD_JSON, ErrorCode.BAD_MESSAGE, ErrorCode.TOO_LARGE)
        return
    size = len(frame if isinstance(frame, bytes) else frame.encode("utf-8", "surrogatepass"))
    assert parsed.type == "hello" and 1 <= len(parsed.token) <= 128 and size <= MAX_HELLO_BYTES
