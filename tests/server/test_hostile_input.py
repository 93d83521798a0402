"""What a hostile or unlucky client meets: every failure answered in the API's own JSON, frames and
bodies measured in bytes and refused early, nesting that breaks parsers refused as bad JSON, the
security headers on every answer, and no player's token in the log."""

from __future__ import annotations

import json
import logging
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spieltisch.server.app import create_app
from spieltisch.server.config import ServerConfig
from spieltisch.server.middleware import CONTENT_SECURITY_POLICY, MAX_BODY_BYTES
from spieltisch.server.protocol import MAX_MESSAGE_BYTES
from spieltisch.server.services import Services
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client, hello, new_player, socket_url


@pytest.fixture(scope="module")
def server(tmp_path_factory, data_dir: Path) -> Iterator[InProcessServer]:
    with InProcessServer(tmp_path_factory.mktemp("hostile"), data_dir) as running:
        yield running


def services_of(server: InProcessServer) -> Services:
    found: Services = server.server.config.app.state.services
    return found


@contextmanager
def logged() -> Iterator[list[logging.LogRecord]]:
    """Every record logged meanwhile, the app's and uvicorn's (which does not reach the root logger)."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Keep(logging.DEBUG)
    loggers = [logging.getLogger(), logging.getLogger("uvicorn")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield records
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


def raw_http(port: int, request: bytes, timeout: float = 5.0) -> tuple[int, dict[str, str], bytes]:
    """One request as bytes on a socket (a client that lies or streams), its answer taken apart."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer or len(answer.split(b"\r\n\r\n", 1)[1]) < _length(answer):
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = {name.lower(): value for name, value in (line.split(": ", 1) for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def _length(answer: bytes) -> int:
    for line in answer.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return int(line.split(b":", 1)[1])
    return 0


def assert_security_headers(response_headers) -> None:
    headers = {name.lower(): value for name, value in response_headers.items()}
    assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin"


# Failures of ours ---------------------------------------------------------------------------------
def test_a_failure_inside_a_route_is_the_apis_json_error_logged_once(server, monkeypatch):
    import redis

    services = services_of(server)

    async def redis_gone() -> None:
        raise redis.ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    def database_gone(**_: object) -> None:
        raise OSError("could not connect to server")

    # The lobby's list, which /api/tables answers from, asked of the store whatever is cached (a
    # patched store method would be skipped while the hub's list is fresh from an earlier test).
    monkeypatch.setattr(services.hub, "lobby", redis_gone)
    monkeypatch.setattr(services.repository, "games", database_gone)
    for path in ("/api/tables", "/api/games"):
        with logged() as records:
            response = httpx.get(server.url + path)
        assert response.status_code == 500
        assert response.headers["content-type"] == "application/json"
        assert response.json() == {
            "error": {"code": "internal", "message": "the server failed on this request"}
        }
        assert_security_headers(response.headers)
        errors = [r for r in records if r.levelno >= logging.ERROR]
        assert len(errors) == 1, [r.getMessage() for r in errors]
        assert errors[0].getMessage() == f"GET {path} failed" and errors[0].exc_info is not None
    monkeypatch.undo()
    assert httpx.get(server.url + "/api/tables").status_code == 200


def test_an_internal_error_on_the_socket_carries_the_messages_seq(server, monkeypatch):
    async def broken(connection: object) -> None:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(services_of(server).hub, "send_lobby", broken)
    ann = Client(server.url, "Ann")
    with logged() as records:
        ann.send({"type": "watch_lobby", "seq": 41})
        answer = ann.error()
    assert answer == {
        "type": "error",
        "code": "internal",
        "message": "the server failed on this message",
        "seq": 41,
    }
    assert len([r for r in records if r.levelno >= logging.ERROR]) == 1
    ann.send({"type": "ping", "seq": 42})
    assert ann.next_of("pong")["seq"] == 42  # the connection goes on
    ann.close()


def test_a_connection_whose_player_cannot_be_looked_up_is_told_to_come_back_and_logged_once(
    server, monkeypatch
):
    token = new_player(server.url, "Ann")["token"]

    def database_gone(token: str) -> None:
        raise OSError("could not connect to server")

    monkeypatch.setattr(services_of(server).repository, "player_by_token", database_gone)
    with logged() as records, connect(socket_url(server.url)) as ws:
        ws.send(hello(token))
        answer = json.loads(ws.recv(timeout=10))
        # Answered like every other outage; 1013 "try again later": the browser backs off and retries.
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert answer["type"] == "error" and answer["code"] == "unavailable"
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
    errors = [r for r in records if r.levelno >= logging.ERROR]
    assert [r.getMessage() for r in errors] == ["a connection failed: its player could not be looked up"]
    assert not any(r.name == "uvicorn.error" and r.exc_info for r in records)
    monkeypatch.undo()
    Client(server.url, token=token).close()  # once the records are back, so is the player


# Parsers and limits --------------------------------------------------------------------------------
def test_deep_nesting_is_bad_json_not_a_traceback(server):
    ann = Client(server.url, "Ann")
    with logged() as records:
        for depth in (999, 1000, 2000, MAX_MESSAGE_BYTES):
            ann.send("[" * depth)
            assert ann.error()["code"] == "bad_json", depth
        ann.send('{"type": "ping", "seq": 5, "x": ' + "[" * 1500 + "]" * 1500 + "}")
        assert ann.error()["code"] == "bad_json"
        ann.send("[" * 60_000)  # within the WebSocket's 64 KiB, over a message's 4
        assert ann.error()["code"] == "too_large"
        # The same over HTTP: the body parser refuses it, nobody fails.
        response = httpx.post(f"{server.url}/api/players", content="[" * 10_000)
        assert response.status_code in (400, 422) and response.json()["error"]["code"] == "bad_request"
    assert [r.getMessage() for r in records if r.levelno >= logging.WARNING] == []
    assert not any(r.exc_info for r in records)
    ann.send({"type": "ping", "seq": 6})
    assert ann.next_of("pong")["seq"] == 6
    ann.close()


def test_the_frame_limit_counts_bytes_not_characters(server):
    ann = Client(server.url, "Ann")

    def ping_with(padding: str) -> str:
        return json.dumps({"type": "ping", "seq": 1, "pad": padding}, ensure_ascii=False)

    ascii_fit = ping_with("a" * (MAX_MESSAGE_BYTES - len(ping_with(""))))
    assert len(ascii_fit.encode()) == MAX_MESSAGE_BYTES
    ann.send(ascii_fit)  # exactly 4 KiB: read (and refused for its unknown field, not its size)
    assert ann.error()["code"] == "bad_message"
    emoji = ping_with("😀" * 1100)  # some 1,130 characters, 4,430 bytes
    assert len(emoji) < MAX_MESSAGE_BYTES < len(emoji.encode())
    ann.send(emoji)
    assert ann.error()["code"] == "too_large"
    ann.ws.send(emoji.encode())  # the same as a binary frame
    assert ann.error()["code"] == "too_large"
    ann.ws.send(b"\xff\xfe" * 100)  # a binary frame that is not UTF-8
    assert ann.error()["code"] == "bad_json"
    ann.ws.send(json.dumps({"type": "ping", "seq": 9}).encode())  # binary but fine
    assert ann.next_of("pong")["seq"] == 9
    ann.close()


def test_request_bodies_are_limited_without_being_read(server):
    big = 200 * 1024 * 1024
    # A Content-Length over the limit is refused at once: the 200 MB are never sent, nor waited for.
    status, headers, body = raw_http(
        server.port,
        b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + f"Content-Length: {big}\r\n\r\n".encode()
        + b'{"nickname": "',
    )
    assert status == 413
    assert json.loads(body) == {
        "error": {"code": "too_large", "message": f"a request body may have at most {MAX_BODY_BYTES} bytes"}
    }
    assert_security_headers(headers)
    # Streamed (chunked, no length): refused once more than the limit has come.
    chunk = b"x" * 4096
    streamed = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(6)) + b"0\r\n\r\n"
    status, _, body = raw_http(
        server.port,
        b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n" + streamed,
    )
    assert status == 413 and json.loads(body)["error"]["code"] == "too_large"
    # Up to the limit a body is read as always (and a small one in chunks too).
    fits = json.dumps({"nickname": "Ann", "pad": "x" * (MAX_BODY_BYTES - 40)})
    assert len(fits) <= MAX_BODY_BYTES
    response = httpx.post(server.url + "/api/players", content=fits)
    assert response.status_code == 422 and response.json()["error"]["code"] == "bad_request"
    response = httpx.post(
        server.url + "/api/players",
        content=iter([b'{"nickname": ', b'"Chunky"}']),  # a name no other test here takes
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 201 and response.json()["nickname"] == "Chunky"


# Headers, the API's description ---------------------------------------------------------------------
def test_every_answer_has_the_security_headers(server):
    token = new_player(server.url, "Ann")["token"]
    answers = [
        httpx.get(server.url + "/", headers={"accept": "text/html"}),
        httpx.get(server.url + "/nowhere", headers={"accept": "text/html"}),  # 404, a page
        httpx.get(server.url + "/static/js/app.js"),
        httpx.get(server.url + "/static/img/icon.svg"),
        httpx.get(server.url + "/api/tables"),
        httpx.get(server.url + "/api/players/me", headers={"authorization": f"Bearer {token}"}),
        httpx.get(server.url + "/api/players/me"),  # 401
        httpx.get(server.url + "/api/nothing"),  # 404
        httpx.get(server.url + "/healthz"),
    ]
    assert [a.status_code for a in answers] == [200, 404, 200, 200, 200, 200, 401, 404, 200]
    for answer in answers:
        assert_security_headers(answer.headers)


def test_the_api_description_only_where_an_operator_asks(server, tmp_path, data_dir):
    assert httpx.get(server.url + "/openapi.json").status_code == 404
    assert httpx.get(server.url + "/docs").status_code == 404
    config = ServerConfig(database_url=f"sqlite:///{tmp_path / 'x.sqlite3'}", data_dir=data_dir, openapi=True)
    # No lifespan (a TestClient outside `with` runs none): the description needs no services. Sync, so
    # that no event loop of this test meets one another test left behind.
    response = TestClient(create_app(config)).get("/openapi.json")
    assert response.status_code == 200 and response.json()["info"]["title"] == "Spieltisch"
    assert_security_headers(response.headers)


def test_openapi_setting_from_the_environment(monkeypatch):
    monkeypatch.setenv("SPIELTISCH_OPENAPI", "1")
    assert ServerConfig().openapi is True
    monkeypatch.delenv("SPIELTISCH_OPENAPI")
    assert ServerConfig().openapi is False


# The log ------------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_no_token_in_the_servers_log(server_factory):
    running = server_factory()
    ann = Client(running.url, "Ann")
    ann.send({"type": "ping", "seq": 1})
    ann.next_of("pong")
    ann.close()
    # A page from before the token moved into the hello sent it in the URL (counted for nothing now,
    # but a line of the log all the same).
    with connect(socket_url(running.url) + f"?token={ann.token}") as ws:
        ws.send(hello(ann.token))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
    bad = httpx.get(running.url + "/api/tables", params={"token": ann.token})  # a token in any URL
    assert bad.status_code == 200
    deadline = time.monotonic() + 5
    while "/api/tables?token=" not in running.log.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)  # the access log's line comes after the answer
    log = running.log.read_text()
    assert '"WebSocket /ws"' in log  # the token is in no URL of a page of this release
    assert '"WebSocket /ws?token=***"' in log  # an old page's line is there, its secret is not
    assert "/api/tables?token=***" in log
    assert ann.token not in log
