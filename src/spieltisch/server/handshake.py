"""The first moment of a browser's WebSocket: who is on the other end.

The socket is accepted at once; its first frame is `{"type": "hello", "token": "…"}` (the token in
a frame, never in the URL: a proxy's or a browser's log would keep a URL, and the token is the
player's only secret). The answer is `welcome` (routes/socket.py), or an error and a close:

| what                                   | error           | close |
|----------------------------------------|-----------------|-------|
| no first frame within `hello_seconds`  | –               | 4408  |
| a first frame that is not a hello      | its parse error | 1008  |
| an unknown token                       | unknown_player  | 4401  |
| the records out of reach (an outage)   | unavailable     | 1013  |

The browser (web/js/net.js) takes 4401 as "choose a nickname", every other close as "connect
again, backing off" — 1013 is the WebSocket's own "try again later".
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from spieltisch.games.errors import ErrorCode
from spieltisch.server.protocol import ProtocolError
from spieltisch.server.services import Services
from spieltisch.storage.models import Player

log = logging.getLogger(__name__)

#: A hello is a type and a token of 32 characters: nothing honest comes near this. A bigger first
#: frame is refused before it is parsed.
MAX_HELLO_BYTES = 512

#: The closes of a handshake that found no player (see the table above).
CLOSE_NO_HELLO = 4408
CLOSE_BAD_HELLO = 1008
CLOSE_UNKNOWN_PLAYER = 4401
CLOSE_TRY_AGAIN = 1013


class Hello(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["hello"]
    token: Annotated[str, StringConstraints(min_length=1, max_length=128)]
    seq: int | None = Field(default=None, ge=0, le=2**53)


def parse_hello(frame: str | bytes) -> Hello:
    """The first frame as a hello, or the ProtocolError that says what is wrong with it."""
    if len(frame) > MAX_HELLO_BYTES or (
        isinstance(frame, str) and len(frame.encode("utf-8", "surrogatepass")) > MAX_HELLO_BYTES
    ):
        raise ProtocolError(ErrorCode.TOO_LARGE, f"a hello may have at most {MAX_HELLO_BYTES} bytes")
    try:
        raw = json.loads(frame)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ProtocolError(ErrorCode.BAD_JSON, "the message is not JSON") from None
    try:
        return Hello.model_validate(raw)
    except ValidationError:
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE, 'the first message is {"type": "hello", "token": <your token>}'
        ) from None


async def greet(websocket: WebSocket, s: Services) -> Player | None:
    """Accept the socket and find its player; None: the socket was answered and closed."""
    await websocket.accept()
    # (A token in the URL, as pages before the hello sent it, counts for nothing: a URL ends up in
    # proxies' logs. The log here masks it, server/middleware.py.)
    token = await _hello_token(websocket, s.config.hello_seconds)
    if token is None:
        return None
    try:
        player = await asyncio.to_thread(s.repository.player_by_token, token)
    except Exception:
        # The records out of reach (or a bug): logged once; the browser connects again shortly,
        # backing off, as after any outage.
        log.exception("a connection failed: its player could not be looked up")
        await _refuse(
            websocket, ErrorCode.UNAVAILABLE, "the server cannot take this now: try again", CLOSE_TRY_AGAIN
        )
        return None
    if player is None:
        await _refuse(
            websocket,
            ErrorCode.UNKNOWN_PLAYER,
            "unknown player token: choose a nickname first",
            CLOSE_UNKNOWN_PLAYER,
        )
    return player


async def _hello_token(websocket: WebSocket, seconds: float) -> str | None:
    """The token of the socket's first frame; None: no hello (the socket is closed)."""
    try:
        message = await asyncio.wait_for(websocket.receive(), seconds)
    except TimeoutError:
        with contextlib.suppress(WebSocketDisconnect):
            await websocket.close(CLOSE_NO_HELLO, "no hello")
        return None
    if message["type"] == "websocket.disconnect":
        return None
    frame: str | bytes | None = message.get("text")
    if frame is None:
        frame = message.get("bytes") or b""
    try:
        return parse_hello(frame).token
    except ProtocolError as error:
        await _refuse(websocket, error.code, error.message, CLOSE_BAD_HELLO)
        return None


async def _refuse(websocket: WebSocket, code: ErrorCode, message: str, close: int) -> None:
    with contextlib.suppress(WebSocketDisconnect):  # gone already: nobody left to tell
        await websocket.send_json({"type": "error", "code": code, "message": message})
        await websocket.close(code=close)
