"""The WebSocket every browser talks through: one connection per page, messages as in
docs/protocol.md. Each message is parsed into its class (server/protocol.py) and dispatched on it;
a table's change goes through the store, and the hub sends every player its own view."""

from __future__ import annotations

import asyncio
import logging
import re
import time

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.server import creation, handshake, limits, metrics
from spieltisch.server.brief import Facts
from spieltisch.server.hub import Connection
from spieltisch.server.protocol import (
    ActionMessage,
    ClientMessage,
    CreateTable,
    Join,
    Mute,
    OpenTable,
    Ping,
    ProtocolError,
    Say,
    StartPuzzle,
    WatchLobby,
    parse_message,
)
from spieltisch.server.routes.answers import error_response
from spieltisch.server.services import Services, socket_services
from spieltisch.server.store import StoreUnavailable
from spieltisch.server.tables import Rematch, Table, apply, create_table, end_alone, set_connected
from spieltisch.server.tables import Say as Said  # (protocol.Say is the message)

log = logging.getLogger(__name__)

#: Where browsers connect.
PATH = "/ws"
#: A private table's secret in a frame (`"key": "…"`): masked wherever a frame is logged.
_KEY = re.compile(r'("key"\s*:\s*")[^"]*')


class SocketRoute:
    """The outermost layer of the app: a WebSocket at `PATH` goes straight to `socket`, past the
    HTTP layers (routing, headers, gzip, body limits: none of them acts on a WebSocket). A browser's
    connection lives as long as its tab, and every message sent on it would otherwise pass a
    dozen wrappers, each kept alive per connection (and walked by every garbage collection)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"] == PATH:
            await _counted(WebSocket(scope, receive, send))
        else:
            await self.app(scope, receive, send)


async def _counted(websocket: WebSocket) -> None:
    """A socket counted against its address while it lives: refused over the address's cap or while
    the address is slowed for flooding, in the handshake (HTTP 429, the API's JSON error), before
    its player is even looked up: a script that reconnects at once costs no accepted socket."""
    s = socket_services(websocket)
    address = s.addresses.connect(websocket.client.host if websocket.client else "unknown")
    if isinstance(address, str):
        metrics.REFUSED_SOCKETS.inc()
        if "websocket.http.response" in websocket.scope.get("extensions", {}):
            await websocket.send_denial_response(error_response(429, ErrorCode.RATE_LIMITED, address))
        else:  # a server without the extension answers a close before the accept with HTTP 403
            await websocket.close(code=4429)
        return
    try:
        await socket(websocket, address)
    finally:
        s.addresses.disconnect(address)


async def socket(websocket: WebSocket, address: limits.Address) -> None:
    s = socket_services(websocket)
    player = await handshake.greet(websocket, s)  # the hello with the token, or a refusal
    if player is None:
        return
    if s.hub.connections_of(player.id) >= limits.CONNECTIONS_PER_PLAYER:
        await websocket.send_json(
            {"type": "error", "code": ErrorCode.RATE_LIMITED, "message": "too many tabs open for this player"}
        )
        await websocket.close(code=4429)
        return
    try:  # whose quick messages he does not hear: at every table, for the socket's life
        muted = await asyncio.to_thread(s.mutes.muted, player.id)
    except Exception:
        log.exception("a connection failed: its player's mutes could not be read")
        await websocket.send_json(
            {
                "type": "error",
                "code": ErrorCode.UNAVAILABLE,
                "message": "the server cannot take this now: try again",
            }
        )
        await websocket.close(code=handshake.CLOSE_TRY_AGAIN)
        return
    connection = Connection(websocket, player.id, player.nickname, muted=muted)
    budget = limits.FrameBudget(s.config.message_rate, address)
    s.hub.add(connection)
    metrics.WEBSOCKETS.inc()
    await connection.send(
        {
            "type": "welcome",
            "player": {"id": player.id, "nickname": player.nickname},
            "server_time": s.clock.now(),
            "muted": sorted(muted),
            # Several processes: a table's page best connects to /ws?table=<id> (a proxy that
            # routes by table then sends all its players to one process; web/js/net.js `follow`).
            **({"route": "table"} if s.config.redis_url else {}),
        }
    )
    try:
        await _receive(s, connection, budget)
    except WebSocketDisconnect:
        pass
    finally:
        s.hub.remove(connection)
        metrics.WEBSOCKETS.dec()
        await _stop_following(s, connection, keep=None)


async def _receive(s: Services, connection: Connection, budget: limits.FrameBudget) -> None:
    """Every frame until the socket closes. Each one counts against the budget before it is read:
    a frame over budget is dropped unread (the client hears `rate_limited` once a second), and a
    connection that stays over budget is closed with 4429 (limits.FrameBudget)."""
    websocket = connection.websocket
    while True:
        # The server queues every frame of a read (up to 256 KiB) at once, and a queued frame is
        # taken without a pause: each one yields, or a flood's backlog holds up every other player.
        await asyncio.sleep(0)
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        now = time.monotonic()
        verdict = budget.frame(now)
        if verdict is not limits.Verdict.SERVE:
            if verdict is limits.Verdict.CLOSE:
                await connection.send(_error(ErrorCode.RATE_LIMITED, "too many messages: closed", None))
                await websocket.close(code=4429)
                return
            if verdict is limits.Verdict.TELL:
                await connection.send(_error(ErrorCode.RATE_LIMITED, "too many messages: slow down", None))
            continue
        # A binary frame is parsed as it came (UTF-8 or not JSON), its size counted in bytes.
        frame: str | bytes | None = message.get("text")
        if frame is None:
            frame = message.get("bytes") or b""
        seq: int | None = None
        try:
            try:
                parsed = parse_message(frame)
            except ProtocolError:
                budget.malformed(now)
                raise
            seq = parsed.seq
            await handle(s, connection, parsed)
        except ProtocolError as error:
            await connection.send(_error(error.code, error.message, error.seq))
        except Exception:  # a bug of ours: tell the client, keep the connection, log it
            log.exception("message %r failed", loggable(frame))
            await connection.send(_error(ErrorCode.INTERNAL, "the server failed on this message", seq))


def loggable(frame: str | bytes) -> str:
    """The start of a frame as the log may keep it: a private table's secret masked."""
    text = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
    return _KEY.sub(r"\1***", text[:200])


def _error(code: ErrorCode, message: str, seq: int | None) -> dict[str, object]:
    metrics.REFUSED_FRAMES.labels(code.value).inc()
    return {"type": "error", "code": code, "message": message, "seq": seq}


async def _follow(s: Services, connection: Connection, table_id: str | None) -> None:
    """The connection's page now shows this table (None: the lobby), and nothing else: the player is
    away from any table the page left, unless another of his pages shows it."""
    s.hub.show_lobby(connection, table_id is None)
    await _stop_following(s, connection, keep=table_id)
    if table_id is not None:
        s.hub.follow(connection, table_id)


async def _open(s: Services, connection: Connection, table_id: str) -> None:
    """The connection's page shows the table, and its player is present there (if seated)."""
    await _follow(s, connection, table_id)
    changed = await s.store.update(
        table_id, lambda t: set_connected(t, connection.player, True, s.clock.now())
    )
    if changed is None:
        await s.hub.send_table(connection, table_id)


async def _stop_following(s: Services, connection: Connection, keep: str | None) -> None:
    for table_id in [t for t in connection.tables if t != keep]:
        s.hub.forget(connection, table_id)
        if s.hub.player_watches(connection.player, table_id):
            continue
        try:
            # (His page on another process still shows it: he stays, and stays its host.)
            if await s.store.present_elsewhere(table_id, connection.player):
                continue
            await s.store.update(
                table_id, lambda t: set_connected(t, connection.player, False, s.clock.now())
            )
        except Exception:  # one table that cannot be told keeps none of the others from it
            log.exception("could not mark player %s away at table %s", connection.player, table_id)


async def handle(s: Services, connection: Connection, message: ClientMessage) -> None:
    """One message from a browser: answered, or a ProtocolError that says why nothing changed."""
    try:
        match message:
            case Ping():
                await connection.send({"type": "pong", "server_time": s.clock.now(), "seq": message.seq})
            case WatchLobby():
                await _follow(s, connection, None)
                await s.hub.send_lobby(connection)
                await s.hub.send_own_tables(connection)
            case CreateTable(game=game, settings=settings, private=private):
                await _create(s, connection, game, settings, private)
            case StartPuzzle(puzzle=day):
                # An attempt at a puzzle is a solo table of the puzzle kind (it starts at once).
                await _create(s, connection, "puzzle", {"puzzle": day})
            case OpenTable(table=table_id, key=key):
                if not _may_watch(await s.store.get(table_id), connection.player, key):
                    raise RuleError(ErrorCode.UNKNOWN_TABLE, f"there is no table {table_id!r}")
                await _open(s, connection, table_id)
            case Mute(player=other, muted=muted):
                await _mute(s, connection, other, muted)
            case Say() if not s.says.take(connection.player):
                raise RuleError(
                    ErrorCode.TOO_MANY_MESSAGES, "too many quick messages: one every 2 seconds, 3 at once"
                )
            case ActionMessage():
                await _act(s, connection, message)
    except RuleError as error:
        raise ProtocolError(error.code, error.message, message.seq) from None
    except StoreUnavailable:
        metrics.STORE_FAILURES.inc()
        # Nothing is told as done that may not have happened: the player tries again shortly.
        raise ProtocolError(
            ErrorCode.UNAVAILABLE, "the server cannot take this now: try again", message.seq
        ) from None


async def _mute(s: Services, connection: Connection, other: str, muted: bool) -> None:
    """The player mutes (or unmutes) another for good: his tabs here hear it at once (his tabs on
    another process at their next hello). Answered with the whole list (`muted`)."""
    try:
        known = await asyncio.to_thread(s.mutes.set, connection.player, other, muted)
    except Exception:
        log.exception("could not store a mute")
        raise StoreUnavailable("the mutes are out of reach") from None
    if not known:
        raise RuleError(ErrorCode.NOT_FOUND, "there is no such other player to mute")
    await s.hub.muted(connection.player, other, muted)


async def _create(
    s: Services, connection: Connection, game: str, settings: dict[str, object], private: bool = False
) -> None:
    """A new table (its creator its host), or a solo run started at once: within the limits of
    server/creation.py, which a refusal names and which leave everything as it was. A private table
    is listed nowhere: its invite link (with its secret) is the way in."""
    rules = s.games.get(game)
    if rules is None:
        raise RuleError(ErrorCode.UNKNOWN_GAME, f"unknown game {game!r}")
    origin = creation.origin_of(_address(connection), s.secret)
    if not s.creations.take(connection.player, origin):
        raise RuleError(ErrorCode.RATE_LIMITED, "too many new tables and runs: wait a moment")
    now = s.clock.now()
    table = create_table(
        rules, connection.player, connection.nickname, settings, now, s.config.bot_pacing, private=private
    )
    table.origin = origin
    if rules.listed:
        table.creator_played = await s.played.has_played(connection.player)
    key = rules.attempt_key(table.settings)
    async with s.creating.hold(origin):  # counted and made before the address's next creation
        held = creation.holdings(_facts(s), connection.player, origin, key)
        if held.open_attempt is not None:  # one open attempt at a day's game: a second start leads back
            await _open(s, connection, held.open_attempt.id)  # (he is back at it: present)
            return
        if rules.listed:
            if held.hosted_open >= limits.OPEN_TABLES_PER_HOST:
                raise RuleError(
                    ErrorCode.TOO_MANY_TABLES,
                    f"you host {held.hosted_open} open tables already: start or leave one first",
                )
            if not table.creator_played and held.unplayed_open_from_origin >= s.config.address_open_tables:
                raise RuleError(
                    ErrorCode.TOO_MANY_TABLES,
                    "too many open tables from your address: join one, or finish a game first",
                )
        on_lobby = connection.lobby
        await _follow(s, connection, table.id)  # before it exists: the creator hears of it first
        try:
            await s.store.create(table)
        except BaseException:
            s.hub.forget(connection, table.id)  # it does not exist: the page still shows what it did
            s.hub.show_lobby(connection, on_lobby)
            raise
    await _note_start(s, table)
    if rules.starts_alone:
        await _end_runs_over_limit(s, connection.player, origin, table.id)


async def _end_runs_over_limit(s: Services, player: str, origin: str, new: str) -> None:
    """The player's (and the address's) oldest running solo runs end, as if given up, while they
    hold more than the limits allow with the new one; his older finished ones are forgotten."""
    held = creation.holdings(_facts(s), player, origin, None)
    try:
        for run in creation.runs_to_end(held, s.config.address_solo_runs, new):
            await s.store.update(run.id, lambda t: end_alone(t, s.clock.now(), s.config.bot_pacing))
        for run in creation.finished_to_forget(held):
            await s.store.delete(run.id)
            await asyncio.to_thread(s.repository.delete_live_table, run.id)
    except StoreUnavailable:
        # The new run stands; the next creation (or the clock, or the sweep) ends or forgets these.
        log.warning("could not end or forget %s's solo runs over the limit", player)


def _facts(s: Services) -> list[Facts]:
    """Every live table's facts (every process has them, not only of the tables it holds)."""
    return [brief.facts for brief in s.store.briefs().values()]


def _address(connection: Connection) -> str:
    """The address a connection came from (a proxy's X-Forwarded-For where uvicorn trusts it)."""
    client = connection.websocket.client
    return client.host if client is not None else "unknown"


async def _note_start(s: Services, table: Table) -> None:
    """A new attempt at a day's game is noted, so that the first one started is the first attempt."""
    key = table.rules.attempt_key(table.settings)
    if key is None or table.game_id is None or table.started_at is None:
        return
    player = table.seats[0].player
    assert player is not None  # a day's game is played alone, by a person
    await asyncio.to_thread(s.repository.note_start, player, key, table.game_id, table.started_at)


def _may_watch(table: Table | None, player: str, key: str | None = None) -> bool:
    """Whether a player may see a table: any table of the lobby, but a solo table (an attempt at the
    day's puzzle, a Tagesstadt) only its own player — its view shows what the day keeps secret —
    and a private table only one who holds a seat or brings its secret (`key`). A table he may not
    see is answered as one that does not exist: a guess learns nothing, not even that it exists."""
    if table is None or not table.admits(player, key):
        return False
    return table.rules.listed or table.seat_of(player) is not None


async def _act(s: Services, connection: Connection, message: ActionMessage) -> None:
    action = message.action()
    rematch = isinstance(action, Rematch)
    origin = creation.origin_of(_address(connection), s.secret) if rematch else ""
    # A rematch starts a new game, a solo run's one more run: it counts as a creation.
    if rematch and not s.creations.take(connection.player, origin):
        raise RuleError(ErrorCode.RATE_LIMITED, "too many new games and runs: wait a moment")
    following = message.table in connection.tables
    s.hub.follow(connection, message.table)

    key = message.key if isinstance(message, Join) else None

    def change(table: Table) -> Table:
        if not _may_watch(table, connection.player, key):
            raise RuleError(ErrorCode.UNKNOWN_TABLE, f"there is no table {table.id!r}")
        now = s.clock.now()
        return apply(table, connection.player, connection.nickname, action, now, s.config.bot_pacing)

    started = time.perf_counter()
    try:
        changed = await s.store.update(message.table, change)
    except BaseException:
        if not following:  # a refused move does not make the page follow a table
            s.hub.forget(connection, message.table)
        raise
    if changed is None:
        s.hub.forget(connection, message.table)
        raise RuleError(ErrorCode.UNKNOWN_TABLE, f"there is no table {message.table!r}")
    if not isinstance(action, Said):  # a quick message is no move of the game
        metrics.MOVES.labels(changed.game).inc()
        metrics.MOVE_SECONDS.labels(changed.game).observe(time.perf_counter() - started)
    await s.hub.answer(connection, changed)
    if rematch:
        await _note_start(s, changed)
        if changed.rules.starts_alone:  # one more run: within the limits as a new one
            await _end_runs_over_limit(s, connection.player, origin, changed.id)
