"""The ASGI application: the routers (pages, HTTP API, WebSocket), the static files, the answers to
errors (server/middleware.py: security headers, body limit, JSON for a failure of ours), and the
process's services started and closed with the app."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from spieltisch.games.errors import ErrorCode
from spieltisch.server.clock import Clock, SystemClock
from spieltisch.server.config import ServerConfig
from spieltisch.server.logs import log_format, use_json_logs
from spieltisch.server.metrics import STORE_FAILURES
from spieltisch.server.middleware import (
    BodyLimit,
    Compression,
    InternalErrors,
    RequestIds,
    SecurityHeaders,
    StartFailureLine,
    mask_tokens_in_logs,
    one_line,
)
from spieltisch.server.routes import api, devices, metrics, pages, players, replays, socket, solo
from spieltisch.server.routes.answers import error_response
from spieltisch.server.services import Services
from spieltisch.server.store import StoreUnavailable

log = logging.getLogger(__name__)

_HTTP_CODES = {401: ErrorCode.UNKNOWN_PLAYER, 404: ErrorCode.NOT_FOUND}


#: The garbage collector's thresholds once the server runs (Python's own: 700, 10, 10).
GC_THRESHOLDS = (50_000, 20, 100)


def settle_garbage_collection() -> None:
    """A server process's collector, tuned once it has started. What the start built (modules, the
    catalog, the computers' tables) lives as long as the process: it is frozen out of every later
    collection. Each browser's connection holds a hundred-odd objects for as long as its tab is
    open, and a full collection walks all of them, stopping every table meanwhile (~150 ms at a
    thousand players, measured): a collection starts only after many more allocations than by
    default, so that short-lived objects (views, messages) die before one and full ones are rare.
    `bench/load.py` measures the difference."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def create_app(
    config: ServerConfig | None = None, clock: Clock | None = None, *, own_process: bool = False
) -> FastAPI:
    """The app; `own_process`: it is all its process runs (uvicorn's), whose collector it may tune."""
    settings = config or ServerConfig()
    time_source = clock or SystemClock()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            services = await Services.start(settings, time_source)
        except Exception as error:
            # Most often the database, Redis or the data directory out of reach: one line says it
            # (StartFailureLine), the traceback is there for whoever asks for debug logs.
            log.debug("start failed", exc_info=True)
            app.state.start_failure = f"cannot start: {one_line(error)}"
            raise
        app.state.services = services
        if own_process:
            settle_garbage_collection()
        yield
        await services.close()

    mask_tokens_in_logs()
    if log_format() == "json":
        use_json_logs()
    app = FastAPI(
        title="Spieltisch",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json" if settings.openapi else None,
    )
    # Outermost last: headers on every answer, then a failure's JSON 500, then the body's limit; the
    # pages and the API's answers gzipped (the static files come gzipped already: server/static.py).
    app.add_middleware(Compression)
    app.add_middleware(BodyLimit)
    app.add_middleware(InternalErrors)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(StartFailureLine)
    app.add_middleware(socket.SocketRoute)  # the browsers' WebSocket, past every layer above
    app.add_middleware(RequestIds)  # outermost: every line logged for a request or socket has its id
    app.include_router(pages.router)
    app.include_router(api.router)
    app.include_router(solo.router)
    app.include_router(replays.router)
    app.include_router(players.router)
    app.include_router(metrics.router)
    app.include_router(devices.router)
    app.mount("/static", pages.static_files(), name="static")

    @app.exception_handler(StoreUnavailable)
    async def _unavailable(request: Request, error: StoreUnavailable) -> JSONResponse:
        STORE_FAILURES.inc()
        return error_response(503, ErrorCode.UNAVAILABLE, "the live tables cannot be reached: try again")

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or "body"
        return error_response(422, ErrorCode.BAD_REQUEST, f"{where}: {first['msg']}")

    # Starlette's class, so that a path no route knows is answered here too.
    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, error: StarletteHTTPException) -> Response:
        if error.status_code == 404 and pages.wants_page(request):
            # Still a 404, but the app itself says in the player's language what is missing.
            return pages.page(status_code=404)
        code = _HTTP_CODES.get(error.status_code, ErrorCode.BAD_REQUEST)
        return error_response(error.status_code, code, str(error.detail))

    return app
