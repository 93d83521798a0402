"""The server's log as JSON lines (SPIELTISCH_LOG_FORMAT=json): every line parses, every request's
lines carry its id (the client's X-Request-ID, or one made for it, sent back either way), and no
player's token is ever in it."""

from __future__ import annotations

import json
import re

import httpx
from websockets.sync.client import connect

from spieltisch.cli import main
from tests.server.player_client import Client, hello, new_player, socket_url


def test_json_lines_with_request_ids_and_no_token(server_factory):
    server = server_factory({"SPIELTISCH_LOG_FORMAT": "json"})
    answer = httpx.get(f"{server.url}/api/tables", headers={"X-Request-ID": "proxy-42.a"})
    assert answer.headers["x-request-id"] == "proxy-42.a"
    made = httpx.get(f"{server.url}/api/tables", headers={"X-Request-ID": "not a sane id\\"}).headers[
        "x-request-id"
    ]
    assert re.fullmatch(r"[0-9a-f]{16}", made)
    assert httpx.get(f"{server.url}/nowhere").headers["x-request-id"] != made  # one id per request
    ann = new_player(server.url, "Ann")
    with connect(socket_url(server.url) + f"?token={ann['token']}") as old_page:  # an old page's URL
        old_page.send(hello(ann["token"]))
        old_page.recv(timeout=10)
    Client(server.url, "Bob").close()  # a page of this release: the token in its hello
    server.stop()

    lines = [line for line in server.log.read_text().splitlines() if line.strip()]
    entries = [json.loads(line) for line in lines]  # every line is JSON
    assert all({"time", "level", "logger", "message"} <= entry.keys() for entry in entries)
    access = [entry for entry in entries if entry["logger"] == "uvicorn.access"]
    tables = [entry for entry in access if "GET /api/tables" in entry["message"]]
    assert [entry.get("request_id") for entry in tables] == ["proxy-42.a", made]
    sockets = [entry for entry in entries if "WebSocket /ws" in entry["message"]]
    assert len(sockets) == 2 and all(entry.get("request_id") for entry in sockets)
    assert "token=***" in sockets[0]["message"]
    assert ann["token"] not in server.log.read_text()


def test_an_unknown_log_format_stops_serve_with_one_line(monkeypatch, capsys):
    monkeypatch.setenv("SPIELTISCH_LOG_FORMAT", "xml")
    assert main(["serve", "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("spieltisch: error:") and "SPIELTISCH_LOG_FORMAT" in err and err.count("\n") == 1
