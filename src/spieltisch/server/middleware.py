"""What every HTTP answer goes through, whatever route gives it: the security headers, a size limit
on request bodies, a JSON answer for a failure of ours, gzip; a start that fails said in one line; and
no player's token in the log."""

from __future__ import annotations

import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.middleware.gzip import GZipMiddleware

from spieltisch.games.errors import ErrorCode

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The largest request body the API takes (its largest, a nickname, is some dozens of bytes).
MAX_BODY_BYTES = 16 * 1024

#: The page loads only its own scripts, styles, icon and WebSocket. Inline styles: the client sets
#: some `style` attributes in the SVG markup it builds (icons.js).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
}


async def send_error(send: Send, status: int, code: ErrorCode, message: str) -> None:
    """The API's error answer (`{"error": {"code", "message"}}`), from below the routes."""
    body = json.dumps({"error": {"code": code.value, "message": message}}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if status == 413:  # the rest of the body is not read: the connection cannot serve another request
        headers.append((b"connection", b"close"))
    if status == 503:
        headers.append((b"retry-after", str(RETRY_AFTER_S).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


#: A request id a client (a proxy) may give in X-Request-ID: a few dozen plain characters.
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")


class RequestIds:
    """Every HTTP request and WebSocket gets an id (server/logs.py): the client's X-Request-ID if it
    is a sane one, else a new one. It stands on every log line written while it is handled, and goes
    back in the answer's X-Request-ID."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        from spieltisch.server.logs import REQUEST_ID

        given = next(
            (value for name, value in scope.get("headers", []) if name.lower() == b"x-request-id"), b""
        )
        text = given.decode("latin-1")
        request_id = text if _REQUEST_ID.match(text) else secrets.token_hex(8)
        token = REQUEST_ID.set(request_id)
        header = (b"x-request-id", request_id.encode())

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), header]
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            REQUEST_ID.reset(token)


class SecurityHeaders:
    """The security headers on every HTTP answer (a route's own header of the same name wins)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.headers = [(name.encode(), value.encode()) for name, value in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(name, value) for name, value in self.headers if name not in present]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, sending)


class Compression(GZipMiddleware):
    """Pages and API answers of more than 500 bytes gzipped for a browser that takes it. Level 6, not
    Starlette's 9: these are made per request, and 9 costs more time for a few bytes less (the static
    files, made once, are level 9: server/static.py). An answer gzipped already is left alone."""

    def __init__(self, app: ASGIApp) -> None:
        super().__init__(app, minimum_size=500, compresslevel=6)


#: Seconds a client is asked to wait before trying again after a 503 `unavailable`.
RETRY_AFTER_S = 5


def is_database_outage(error: BaseException) -> bool:
    """Whether `error` says the records database cannot be reached now (down, restarting, its
    connections lost or all taken) rather than that a request or our code is wrong."""
    from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
    from sqlalchemy.exc import TimeoutError as PoolTimeout

    if isinstance(error, (OperationalError, InterfaceError, PoolTimeout)):
        return True
    return isinstance(error, DBAPIError) and error.connection_invalidated


class InternalErrors:
    """A failure of ours in an HTTP route is answered with the API's JSON error: the database out of
    reach is 503 `unavailable` (try again; logged in one line), anything else — a bug — 500
    `internal`, logged once with its traceback. (Redis out of reach: StoreUnavailable, app.py.)"""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception as error:
            if started:  # half an answer is out: nothing to do but to let the server close it (and log)
                raise
            if is_database_outage(error):
                from spieltisch.server.metrics import DATABASE_OUTAGES

                DATABASE_OUTAGES.inc()
                log.warning(
                    "%s %s: the database is out of reach: %s",
                    scope.get("method"),
                    scope.get("path"),
                    one_line(error),
                )
                await send_error(send, 503, ErrorCode.UNAVAILABLE, "the records cannot be reached: try again")
                return
            log.exception("%s %s failed", scope.get("method"), scope.get("path"))
            await send_error(send, 500, ErrorCode.INTERNAL, "the server failed on this request")


class BodyLimit:
    """Request bodies of at most `limit` bytes: a larger one is refused with 413 (`too_large`) as soon
    as its Content-Length says so, or once that many bytes have come, without reading the rest."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = f"a request body may have at most {self.limit} bytes"
        for name, value in scope.get("headers", []):
            if name.lower() == b"content-length" and value.strip().isdigit() and int(value) > self.limit:
                await send_error(send, 413, ErrorCode.TOO_LARGE, refusal)
                return
        # Read the (small) body here, counting, then hand it to the app as if it came now.
        chunks: list[bytes] = []
        size = 0
        pending: list[Message] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":
                pending.append(message)  # the client went away: the app hears it after the body
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await send_error(send, 413, ErrorCode.TOO_LARGE, refusal)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        pending.insert(0, {"type": "http.request", "body": b"".join(chunks), "more_body": False})

        async def replay() -> Message:
            return pending.pop(0) if pending else await receive()

        await self.app(scope, replay, send)


class StartFailureLine:
    """A start that fails (a database, Redis or data directory out of reach) is logged as the one line
    the app's lifespan left in `app.state.start_failure`, not as the traceback of the failure."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            line = getattr(scope["app"].state, "start_failure", None) if "app" in scope else None
            if message["type"] == "lifespan.startup.failed" and line:
                message = {**message, "message": line}
            await send(message)

        await self.app(scope, receive, sending)


def one_line(error: BaseException) -> str:
    """What went wrong, in one line an operator can act on (no traceback)."""
    if isinstance(error, OSError) and error.strerror:
        where = f": {error.filename}" if error.filename else ""
        return f"{error.strerror}{where}"
    cause = getattr(error, "orig", None) or error  # SQLAlchemy's error wraps the driver's
    text = " ".join(str(cause).split()) or type(cause).__name__
    return f"{type(cause).__name__}: {text}"[:300]


_SECRET = re.compile(r"(token=)[^&\s\"']+", re.IGNORECASE)


class MaskTokens(logging.Filter):
    """Masks `token=…` (a player's secret) in every line of uvicorn's logs: pages of this release send it
    in the WebSocket's hello, but an old page's socket URL, or any URL a client puts it in, has it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if "token=" not in record.getMessage().lower():
            return True
        if isinstance(record.args, tuple):  # masked argument by argument: uvicorn's access log
            # formatter takes its arguments apart
            record.args = tuple(_SECRET.sub(r"\1***", a) if isinstance(a, str) else a for a in record.args)
            record.msg = _SECRET.sub(r"\1***", str(record.msg))
        else:
            record.msg, record.args = _SECRET.sub(r"\1***", record.getMessage()), ()
        return True


def mask_tokens_in_logs() -> None:
    """Install MaskTokens on uvicorn's loggers (once): the access log and the WebSocket's lines."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(existing, MaskTokens) for existing in logger.filters):
            logger.addFilter(MaskTokens())
