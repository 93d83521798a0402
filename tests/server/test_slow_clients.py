"""Slow clients against a real server (`spieltisch serve`'s uvicorn and protocol, server/slow_clients.py):
half-open requests from one address leave room for everyone else, and none is kept for long."""

from __future__ import annotations

import contextlib
import select
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.server.player_client import Client

pytestmark = pytest.mark.slow

HALF_A_HEAD = b"GET /healthz HTTP/1.1\r\nHost: spieltisch\r\nUser-Agent: slow"


def connect_from(url: str, source: str = "127.0.0.1") -> socket.socket:
    port = int(url.rsplit(":", 1)[1])
    sock = socket.socket()
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server has closed `sock` (end of stream or reset), without waiting."""
    readable, _, _ = select.select([sock], [], [], 0)
    if not readable:
        return False
    try:
        return sock.recv(65536) == b""
    except ConnectionResetError:
        return True


def wait_until_closed(socks: list[socket.socket], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not all(closed_by_server(sock) for sock in socks):
        assert time.monotonic() < deadline, "the server kept a slow connection open"
        time.sleep(0.05)


@contextlib.contextmanager
def sockets() -> Iterator[list[socket.socket]]:
    opened: list[socket.socket] = []
    try:
        yield opened
    finally:
        for sock in opened:
            sock.close()


def get_from(url: str, source: str) -> httpx.Response:
    with httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=10) as client:
        return client.get(url)


def test_half_open_requests_from_one_address_leave_room_for_everyone_else(server_factory):
    server = server_factory({"SPIELTISCH_WAITING_PER_ADDRESS": "8", "SPIELTISCH_HEADER_TIMEOUT": "120"})
    with sockets() as slow:
        for _ in range(200):  # an attacker's script: half a request each, never the rest
            sock = connect_from(server.url)
            with contextlib.suppress(OSError):  # a refused one may be closed already
                sock.sendall(HALF_A_HEAD)
            slow.append(sock)
        # All but eight are closed at once; the eight wait (until their time-out, far away here).
        deadline = time.monotonic() + 30
        while sum(closed_by_server(sock) for sock in slow) < 192:
            assert time.monotonic() < deadline, "the server kept more than eight half-open requests"
            time.sleep(0.05)
        waiting = [sock for sock in slow if not closed_by_server(sock)]
        assert len(waiting) == 8
        # Another address is served meanwhile, and so is a player's WebSocket.
        assert get_from(f"{server.url}/healthz", "127.0.0.2").status_code == 200
        # The attacker's address gets no ninth connection while its eight wait.
        ninth = connect_from(server.url)
        slow.append(ninth)
        wait_until_closed([ninth], timeout=10)
        # The eight finish their requests: each is answered, and the address may connect again.
        for sock in waiting:
            sock.sendall(b"\r\n\r\n")
            assert sock.recv(65536).startswith(b"HTTP/1.1 200")
    assert get_from(f"{server.url}/healthz", "127.0.0.1").status_code == 200


def test_slow_requests_are_closed_after_their_time_out(server_factory):
    server = server_factory(
        {
            "SPIELTISCH_HEADER_TIMEOUT": "1",
            "SPIELTISCH_BODY_TIMEOUT": "1",
            "SPIELTISCH_WAITING_PER_ADDRESS": "64",
        }
    )
    with sockets() as slow:
        silent = connect_from(server.url)  # opened, nothing sent
        half = connect_from(server.url)
        half.sendall(HALF_A_HEAD)
        body = connect_from(server.url)  # the head complete, the body never
        body.sendall(
            b"POST /api/players HTTP/1.1\r\nHost: s\r\nContent-Type: application/json\r\n"
            b'Content-Length: 100\r\n\r\n{"nick'
        )
        kept_alive = connect_from(server.url)  # one request answered, then half of the next
        kept_alive.sendall(b"GET /healthz HTTP/1.1\r\nHost: s\r\n\r\n")
        assert kept_alive.recv(65536).startswith(b"HTTP/1.1 200")
        kept_alive.sendall(HALF_A_HEAD)
        trickle = connect_from(server.url)  # a byte at a time: never done, always sending
        slow.extend([silent, half, body, kept_alive, trickle])
        deadline = time.monotonic() + 30
        for byte in HALF_A_HEAD * 20:
            if closed_by_server(trickle) or time.monotonic() > deadline:
                break
            with contextlib.suppress(OSError):
                trickle.sendall(bytes([byte]))
            time.sleep(0.1)
        wait_until_closed([silent, half, body, kept_alive, trickle])


def test_a_head_too_large_is_refused_before_it_is_read(server_factory):
    server = server_factory()
    with sockets() as opened:
        sock = connect_from(server.url)
        opened.append(sock)
        head = b"GET /healthz HTTP/1.1\r\nHost: s\r\n" + b"X-Pad: " + b"a" * 40_000 + b"\r\n\r\n"
        with contextlib.suppress(OSError):  # the server may close before it has read it all
            sock.sendall(head)
        assert sock.recv(65536).startswith(b"HTTP/1.1 431")


def test_websockets_and_answered_requests_leave_their_address_nothing_waiting(server_factory):
    """A connection stops counting once its request is in, or once it is a WebSocket (whose protocol
    takes the connection over): a player's tabs and requests never add up to the cap."""
    server = server_factory({"SPIELTISCH_WAITING_PER_ADDRESS": "3"})
    players = [Client(server.url, f"Tab {n}") for n in range(8)]
    try:
        with httpx.Client(timeout=10) as browser:
            for _ in range(20):
                assert browser.get(f"{server.url}/healthz").status_code == 200
        for _ in range(10):  # each on a new connection
            assert get_from(f"{server.url}/healthz", "127.0.0.1").status_code == 200
        players[0].send({"type": "ping"})
        assert players[0].next_of("pong")
    finally:
        for player in players:
            player.close()
