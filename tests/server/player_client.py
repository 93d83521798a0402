"""A small test client that speaks the browser's protocol over a real WebSocket."""

from __future__ import annotations

import itertools
import json
import time
from typing import Any

import httpx
from websockets.sync.client import connect


def new_player(base_url: str, nickname: str, address: str | None = None) -> dict[str, Any]:
    """A new player named `nickname`, or, where someone on this server has that name already (tests
    share a server and pick the same names), „Ann 2“, „Ann 3“, …: names are unique. A test that
    checks a name shown checks the one the player got (`player["nickname"]`). `address`: the
    address the server sees (see `forwarded`)."""
    for copy in itertools.count(1):
        name = nickname if copy == 1 else numbered(nickname, copy)
        response = httpx.post(f"{base_url}/api/players", json={"nickname": name}, headers=forwarded(address))
        if response.status_code == 409 and response.json()["error"]["code"] == "nickname_taken":
            continue
        response.raise_for_status()
        return response.json()
    raise AssertionError("unreachable")


def forwarded(address: str | None) -> dict[str, str]:
    """Headers that make the server see a request as coming from `address`: uvicorn takes a
    proxy's X-Forwarded-For from 127.0.0.1, as from a reverse proxy on the same machine."""
    return {} if address is None else {"X-Forwarded-For": address}


def numbered(nickname: str, copy: int) -> str:
    """„Ann 2“, shortened to the 20 characters a name may have."""
    suffix = f" {copy}"
    return nickname[: 20 - len(suffix)].rstrip() + suffix


def socket_url(base_url: str) -> str:
    """Where a browser's WebSocket connects (the token goes in its first frame, not the URL)."""
    return base_url.replace("http://", "ws://") + "/ws"


def hello(token: str) -> str:
    """A socket's first frame: who is there."""
    return json.dumps({"type": "hello", "token": token})


class Client:
    def __init__(
        self,
        base_url: str,
        nickname: str | None = None,
        token: str | None = None,
        address: str | None = None,
        table: str | None = None,
    ) -> None:
        """A player (a new one named `nickname`, or the one of `token`) connected as from `address`
        (None: 127.0.0.1, as every test client); `table`: as a table's page connects, naming the
        table in the socket's address (for a proxy that routes by table)."""
        self.base_url = base_url
        if token is None:
            self.player = new_player(base_url, nickname or "Tester", address)
            token = self.player["token"]
        self.token = token
        self.ws = connect(  # noqa: SIM115 - kept open across calls on purpose
            socket_url(base_url) + (f"?table={table}" if table else ""),
            max_size=2**22,
            additional_headers=forwarded(address),
            legacy=True,
        )
        self.ws.send(hello(token))
        self.received: list[dict[str, Any]] = []
        #: The lobby's list as this browser knows it (the whole list, then changes), by table id.
        self.lobby: dict[str, dict[str, Any]] | None = None
        self.welcome = self.next_of("welcome")

    def close(self) -> None:
        self.ws.close()

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def next_message(self, timeout: float = 10.0) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        if message["type"] == "lobby":
            self.lobby = {line["id"]: line for line in message["tables"]}
        elif message["type"] == "lobby_changes":
            assert self.lobby is not None, "lobby changes before the lobby's list"
            for table_id in message["gone"]:
                del self.lobby[table_id]
            self.lobby.update((line["id"], line) for line in message["tables"])
        return message

    def next_of(
        self, kind: str | tuple[str, ...], timeout: float = 10.0, where=lambda m: True
    ) -> dict[str, Any]:
        """The next message of the kind (or of one of the kinds) for which `where` holds."""
        kinds = (kind,) if isinstance(kind, str) else kind
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind!r} message within {timeout} s")
            message = self.next_message(left)
            if message["type"] in kinds and where(message):
                return message

    def lay_city(self, table_id: str, city: str, advance=None, tiles: range = range(1, 10)) -> None:
        """A Speedgans city laid as a person lays it: one tile a message (its first `tiles`),
        `advance()` between (a fake clock moved by a person's time for a tile; a city sent whole
        ranks nowhere)."""
        entries = city.split()
        for count in tiles:
            if advance is not None:
                advance()
            laid = " ".join(entries[:count] + ["."] * (9 - count))
            self.send({"type": "city", "table": table_id, "city": laid})

    def table_until(self, predicate, timeout: float = 10.0) -> dict[str, Any]:
        """The next table view for which `predicate` holds (a view it cannot read, e.g. one without a
        game yet, does not count)."""

        def holds(message: dict[str, Any]) -> bool:
            try:
                return bool(predicate(message["table"]))
            except (KeyError, TypeError, IndexError):
                return False

        return self.next_of("table", timeout, holds)["table"]

    def lobby_until(self, predicate, timeout: float = 10.0) -> dict[str, dict[str, Any]]:
        """The lobby's list (by table id) once `predicate` holds for it, after a message that made
        it so (or at once if it holds already)."""
        if self.lobby is None or not predicate(self.lobby):
            self.next_of(("lobby", "lobby_changes"), timeout, lambda m: predicate(self.lobby))
        assert self.lobby is not None
        return self.lobby

    def error(self, timeout: float = 10.0) -> dict[str, Any]:
        return self.next_of("error", timeout)
