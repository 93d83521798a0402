"""The ASGI application: pages, the small HTTP API, and the WebSocket every browser talks through."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Header, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from spieltisch.games.errors import RuleError
from spieltisch.server.clock import Clock, SystemClock
from spieltisch.server.config import ServerConfig
from spieltisch.server.games import GAMES
from spieltisch.server.hub import Connection, Hub
from spieltisch.server.protocol import NicknameBody, ProtocolError, parse_message
from spieltisch.server.puzzles import (
    Optima,
    puzzle_day,
    puzzle_day_or_404,
    puzzle_details,
    puzzle_index,
    today,
)
from spieltisch.server.scheduler import Scheduler
from spieltisch.server.store import MemoryTableStore, RedisTableStore, TableStore, lobby_tables
from spieltisch.server.tables import Status, Table, apply, create_table, set_connected
from spieltisch.storage.db import make_engine
from spieltisch.storage.repository import Repository

log = logging.getLogger(__name__)
WEB = Path(__file__).resolve().parent.parent / "web"
TABLE_ID = re.compile(r"^[a-z0-9]{4,16}$")


class Services:
    """What one process runs: records, live tables, the connected browsers, the clock's work."""

    def __init__(self, config: ServerConfig, clock: Clock) -> None:
        self.config = config
        self.clock = clock
        self.repository = Repository(make_engine(config.database_url))
        self.store: TableStore = RedisTableStore(config.redis_url) if config.redis_url else MemoryTableStore()
        self.hub = Hub(self.store, clock)
        self.optima = Optima()
        self.scheduler = Scheduler(self.store, clock, self.repository, config.bot_pacing, self.optima)
        self._snapshot_lock = asyncio.Lock()
        if isinstance(self.store, MemoryTableStore):
            # Single process: every change is also written to the database, so a restart resumes it.
            self.store.listen(self._snapshot)

    async def _snapshot(self, table_id: str) -> None:
        async with self._snapshot_lock:  # one writer: SQLite takes one at a time anyway
            table = await self.store.get(table_id)
            if table is not None:
                await asyncio.to_thread(
                    self.repository.save_live_table,
                    table.id,
                    table.game,
                    table.status.value,
                    table.version,
                    json.dumps(table.to_dict()),
                    self.clock.now(),
                )

    async def start(self) -> None:
        from spieltisch.games.planahead.bots import warm_up
        from spieltisch.games.speedgans.catalog import ensure_catalog

        # Speedgans needs its catalog of every valid city: loaded in well under a second, or built
        # once (with a progress bar) on the very first start.
        self.catalog = await asyncio.to_thread(ensure_catalog, True, self.config.data_dir)
        # The Plan Ahead computer players compile their kernels once (then Numba's disk cache serves
        # them): never on a player's move.
        await asyncio.to_thread(warm_up)
        GAMES["speedgans"].use_catalog(self.catalog)  # type: ignore[attr-defined]
        await self.store.start()
        if isinstance(self.store, MemoryTableStore):
            for row in await asyncio.to_thread(self.repository.live_tables):
                try:
                    table = Table.from_dict(json.loads(row.data))
                except Exception:  # a snapshot from an incompatible older version: skip it, loudly
                    log.warning("cannot restore table %s", row.id, exc_info=True)
                    continue
                self.store._tables[table.id] = table
        await self.scheduler.resume()
        # Work out the exact optimum of today's puzzle now (and start its process), not when the
        # first player finishes.
        self._warm = asyncio.create_task(self.optima.get(today(self.clock.now()).isoformat()))

    async def close(self) -> None:
        await asyncio.to_thread(self.optima.close)
        await self.scheduler.close()
        await self.store.close()


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _wants_page(request: Request) -> bool:
    """A browser asking for a page (a typed or followed link), not a program asking the API."""
    path = request.url.path
    return (
        request.method in ("GET", "HEAD")
        and not path.startswith(("/api/", "/static/", "/ws"))
        and "text/html" in request.headers.get("accept", "")
    )


def create_app(config: ServerConfig | None = None, clock: Clock | None = None) -> FastAPI:
    config = config or ServerConfig()
    clock = clock or SystemClock()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        services = Services(config, clock)
        await services.start()
        app.state.services = services
        yield
        await services.close()

    app = FastAPI(title="Spieltisch", lifespan=lifespan, docs_url=None, redoc_url=None)

    index = WEB / "index.html"

    def services(request: Request | WebSocket) -> Services:
        return request.app.state.services

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or "body"
        return _error(422, "bad_request", f"{where}: {first['msg']}")

    # Starlette's class, so that a path no route knows is answered here too.
    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, error: StarletteHTTPException) -> JSONResponse | FileResponse:
        if error.status_code == 404 and _wants_page(request):
            # Still a 404, but the app itself says in the player's language what is missing.
            return FileResponse(index, status_code=404)
        code = {401: "unknown_player", 404: "not_found"}.get(error.status_code, "error")
        return _error(error.status_code, code, str(error.detail))

    # Pages ---------------------------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(index)

    @app.get("/puzzle", include_in_schema=False)
    async def puzzle_page() -> FileResponse:
        return FileResponse(index)

    @app.get("/puzzle/{puzzle_id}", include_in_schema=False)
    async def puzzle_day_page(puzzle_id: str) -> FileResponse:
        puzzle_day_or_404(puzzle_id, clock.now())  # 404 for a puzzle that does not exist
        return FileResponse(index)

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        if not TABLE_ID.match(table_id):
            raise HTTPException(404, f"there is no table {table_id!r}")
        return FileResponse(index)

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/healthz", include_in_schema=False)
    async def health() -> dict:
        return {"ok": True}

    # Players -------------------------------------------------------------------------------------
    async def _player(request: Request, authorization: str | None):
        token = (authorization or "").removeprefix("Bearer ").strip()
        player = (
            await asyncio.to_thread(services(request).repository.player_by_token, token) if token else None
        )
        if player is None:
            raise HTTPException(401, "unknown player token")
        return player

    @app.post("/api/players", status_code=201)
    async def new_player(request: Request, body: NicknameBody) -> dict:
        try:
            nickname = body.clean()
        except ValueError as error:
            return _error(422, "bad_nickname", str(error))
        player, token = await asyncio.to_thread(services(request).repository.create_player, nickname)
        return {"id": player.id, "token": token, "nickname": player.nickname}

    @app.get("/api/players/me")
    async def me(request: Request, authorization: str | None = Header(default=None)) -> dict:
        player = await _player(request, authorization)
        return {"id": player.id, "nickname": player.nickname}

    @app.patch("/api/players/me")
    async def rename(request: Request, body: NicknameBody, authorization: str | None = Header(default=None)):
        player = await _player(request, authorization)
        try:
            nickname = body.clean()
        except ValueError as error:
            return _error(422, "bad_nickname", str(error))
        await asyncio.to_thread(services(request).repository.rename_player, player.id, nickname)
        return {"id": player.id, "nickname": nickname}

    # Tables and records --------------------------------------------------------------------------
    @app.get("/api/tables")
    async def tables(request: Request) -> dict:
        return {"tables": lobby_tables(await services(request).store.all_tables())}

    @app.get("/api/tables/{table_id}")
    async def table(request: Request, table_id: str) -> dict:
        found = await services(request).store.get(table_id) if TABLE_ID.match(table_id) else None
        if found is None:
            raise HTTPException(404, f"there is no table {table_id!r}")
        return found.view(None, clock.now())

    @app.get("/api/games")
    async def games(request: Request, table: str | None = None, limit: int = 20) -> dict:
        if not 1 <= limit <= 100:
            return _error(422, "bad_request", "limit must be 1 to 100")
        records = await asyncio.to_thread(services(request).repository.games, table_id=table, limit=limit)
        return {
            "games": [
                {
                    "id": r.id,
                    "game": r.game,
                    "table": r.table_id,
                    "seed": r.seed,
                    "settings": r.settings,
                    "players": r.players,
                    "result": r.result,
                    "finished_at": r.finished_at.isoformat(),
                }
                for r in records
            ]
        }

    @app.get("/api/leaderboard")
    async def leaderboard(request: Request, game: str = "speedgans", limit: int = 50) -> dict:
        if game != "speedgans":  # the only game with a leaderboard so far
            return _error(422, "bad_request", "game must be speedgans")
        if not 1 <= limit <= 100:
            return _error(422, "bad_request", "limit must be 1 to 100")
        entries = await asyncio.to_thread(services(request).repository.leaderboard, game, limit)
        return {"entries": entries}

    # Puzzles ---------------------------------------------------------------------------------------
    @app.get("/api/puzzles")
    async def puzzles() -> dict:
        return puzzle_index(clock.now())

    @app.get("/api/puzzles/{puzzle_id}")
    async def puzzle(request: Request, puzzle_id: str) -> dict:
        day = puzzle_day_or_404(puzzle_id, clock.now())
        results = await asyncio.to_thread(services(request).repository.puzzle_results, day.isoformat())
        return puzzle_details(day, results)

    # The WebSocket -------------------------------------------------------------------------------
    @app.websocket("/ws")
    async def socket(websocket: WebSocket, token: str = "") -> None:
        s = services(websocket)
        await websocket.accept()
        player = await asyncio.to_thread(s.repository.player_by_token, token) if token else None
        if player is None:
            await websocket.send_json(
                {
                    "type": "error",
                    "code": "unknown_player",
                    "message": "unknown player token: choose a nickname first",
                }
            )
            await websocket.close(code=4401)
            return
        connection = Connection(websocket, player.id, player.nickname)
        s.hub.add(connection)
        await connection.send(
            {
                "type": "welcome",
                "player": {"id": player.id, "nickname": player.nickname},
                "server_time": clock.now(),
            }
        )
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    text = (message.get("bytes") or b"").decode("utf-8", "replace")
                try:
                    await _handle(s, connection, text)
                except ProtocolError as error:
                    await connection.send(
                        {"type": "error", "code": error.code, "message": error.message, "seq": error.seq}
                    )
                except Exception:  # a bug of ours: tell the client, keep the connection, log it
                    log.exception("message %r failed", text[:200])
                    await connection.send(
                        {"type": "error", "code": "internal", "message": "the server failed on this message"}
                    )
        except WebSocketDisconnect:
            pass
        finally:
            s.hub.remove(connection)
            for table_id in connection.tables:
                if not s.hub.player_watches(connection.player, table_id):
                    await s.store.update(table_id, lambda t: set_connected(t, connection.player, False))

    return app


async def _handle(s: Services, connection: Connection, text: str) -> None:
    message = parse_message(text)
    seq = message.seq
    kind = message.type
    now = s.clock.now()
    try:
        if kind == "ping":
            await connection.send({"type": "pong", "server_time": now, "seq": seq})
        elif kind == "watch_lobby":
            connection.lobby = True
            await s.hub.send_lobby(connection)
        elif kind == "create_table":
            table = create_table(message.game, connection.player, connection.nickname, message.settings, now)
            connection.tables.add(table.id)
            await s.store.create(table)
        elif kind == "start_puzzle":
            puzzle_day(message.puzzle, now)  # a day whose puzzle is out
            table = create_table(
                "puzzle", connection.player, connection.nickname, {"puzzle": message.puzzle}, now
            )
            table = apply(
                table, connection.player, connection.nickname, {"type": "start"}, now, s.config.bot_pacing
            )
            connection.tables.add(table.id)
            await s.store.create(table)
        elif kind == "open_table":
            if await s.store.get(message.table) is None:
                raise RuleError("unknown_table", f"there is no table {message.table!r}")
            connection.tables.add(message.table)
            changed = await s.store.update(message.table, lambda t: set_connected(t, connection.player, True))
            if changed is None:
                await s.hub.send_table(connection, message.table)
        else:
            action = message.model_dump(exclude={"seq", "table"})
            connection.tables.add(message.table)

            def change(table: Table) -> Table:
                return apply(
                    table, connection.player, connection.nickname, action, s.clock.now(), s.config.bot_pacing
                )

            if await s.store.update(message.table, change) is None:
                connection.tables.discard(message.table)
                raise RuleError("unknown_table", f"there is no table {message.table!r}")
    except RuleError as error:
        raise ProtocolError(error.code, error.message, seq) from None
    except ValidationError as error:  # should not happen: messages are checked before
        raise ProtocolError("bad_message", str(error.errors()[0]["msg"]), seq) from None


__all__ = ["create_app", "Status"]
