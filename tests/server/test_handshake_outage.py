"""The WebSocket's handshake while PostgreSQL (the records, where a token is looked up) is stopped:
a real server process and a real database, stopped and started again."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.conftest import free_port
from tests.server.player_client import Client, hello, new_player, socket_url
from tests.services import PostgresServer

pytestmark = [pytest.mark.services, pytest.mark.slow]


@pytest.fixture
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL of this test's own (the session's shared one must not be stopped)."""
    server = PostgresServer(free_port()).create()
    yield server
    server.remove()


def test_a_socket_opened_while_the_database_is_down_is_told_to_try_again_then_welcomed(
    server_factory, postgres
):
    server = server_factory({"SPIELTISCH_DATABASE_URL": postgres.url})
    ann = new_player(server.url, "Ann")
    postgres.stop()
    with connect(socket_url(server.url)) as ws:  # accepted (not an HTTP 403 for the handshake)
        ws.send(hello(ann["token"]))
        answer = json.loads(ws.recv(timeout=30))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=30)
    assert answer["type"] == "error" and answer["code"] == "unavailable"
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013  # try again later
    postgres.start()
    assert Client(server.url, token=ann["token"]).welcome["player"]["id"] == ann["id"]
