"""A small test client that speaks the browser's protocol over a real WebSocket."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from websockets.sync.client import connect


def new_player(base_url: str, nickname: str) -> dict[str, Any]:
    response = httpx.post(f"{base_url}/api/players", json={"nickname": nickname})
    response.raise_for_status()
    return response.json()


class Client:
    def __init__(self, base_url: str, nickname: str | None = None, token: str | None = None) -> None:
        self.base_url = base_url
        if token is None:
            self.player = new_player(base_url, nickname or "Tester")
            token = self.player["token"]
        self.token = token
        self.ws = connect(base_url.replace("http://", "ws://") + f"/ws?token={token}", max_size=2**22)  # noqa: SIM115 - kept open across calls on purpose
        self.received: list[dict[str, Any]] = []
        self.welcome = self.next_of("welcome")

    def close(self) -> None:
        self.ws.close()

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def next_message(self, timeout: float = 10.0) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        return message

    def next_of(self, kind: str, timeout: float = 10.0, where=lambda m: True) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind!r} message within {timeout} s")
            message = self.next_message(left)
            if message["type"] == kind and where(message):
                return message

    def table_until(self, predicate, timeout: float = 10.0) -> dict[str, Any]:
        """The next table view for which `predicate` holds (a view it cannot read, e.g. one without a
        game yet, does not count)."""

        def holds(message: dict[str, Any]) -> bool:
            try:
                return bool(predicate(message["table"]))
            except (KeyError, TypeError, IndexError):
                return False

        return self.next_of("table", timeout, holds)["table"]

    def error(self, timeout: float = 10.0) -> dict[str, Any]:
        return self.next_of("error", timeout)
