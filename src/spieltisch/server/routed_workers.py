"""`spieltisch serve --workers N`: N server processes on one port, every player of a table sent to
the same one — what nginx's `hash $arg_table` does in front of several hosts
(docs/nginx/by-table.conf), without a proxy on one machine.

uvicorn's own workers share the listening socket, and the kernel hands each connection to any of
them: a table's five players land on both of two processes, so each holds, replicates and sends
nearly every table (server/store.py). Here the parent process accepts every connection instead,
peeks at its request line without reading it, and hands the socket itself (SCM_RIGHTS over a Unix
socket pair) to a worker: a socket to `/ws?table=<id>` (the client opens one when it opens a table:
web/js/net.js `follow`) to the worker that table's id hashes to, anything else to the next one in
turn. The worker serves it as if it had accepted it; the parent never sees a byte of it again, so
routing costs a few system calls per connection and nothing per message.

The parent restarts a worker that dies (its players reconnect to its successor, which takes their
tables over, as after a crash behind nginx), and on SIGTERM or SIGINT stops accepting, asks every
worker to stop as uvicorn stops (open sockets are closed with 1012, their players reconnect) and
waits for them.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import signal
import socket
import zlib
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any
from urllib.parse import parse_qs

import uvicorn

from spieltisch.server.slow_clients import Waiting, address_key, raise_open_file_limit

log = logging.getLogger("spieltisch.workers")

#: How long the parent waits for a connection's request line before handing it on anyway (to the
#: next worker in turn, whose own deadlines then judge it: server/slow_clients.py).
REQUEST_LINE_SECONDS = 2.0
#: The most of a request the parent looks at: a request line longer than that goes round in turn.
PEEK_BYTES = 2048
#: A worker that exits this way could not start (uvicorn's code): the whole server then stops.
STARTUP_FAILURE = 3
#: How long a busy worker may leave a connection waiting to be handed to it before it is closed.
HAND_SECONDS = 5.0
#: How long a stopping worker may take before it is killed.
STOP_SECONDS = 30.0


def worker_for(request: bytes, workers: int, turn: int) -> int:
    """The worker (0 … workers-1) for a connection whose request begins with `request`: the one
    its table's id hashes to for `GET /ws?table=<id>`, else `turn`'s (round in turn)."""
    line = request.split(b"\r\n", 1)[0].split(b" ")
    if len(line) == 3 and line[0] == b"GET" and line[1].startswith(b"/ws?"):
        table = parse_qs(line[1][4:].decode("latin-1")).get("table")
        if table and table[0]:
            return zlib.crc32(table[0].encode("latin-1", "replace")) % workers
    return turn % workers


@dataclass
class _Worker:
    index: int
    options: dict[str, Any]
    process: BaseProcess | None = None
    #: The parent's end of the socket pair the worker's connections go over.
    channel: socket.socket | None = None

    def start(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        context = multiprocessing.get_context("spawn")
        self.process = context.Process(
            target=_run_worker, args=(theirs, self.options), name=f"spieltisch-worker-{self.index}"
        )
        self.process.start()
        theirs.close()
        ours.setblocking(False)
        self.channel = ours

    async def hand(self, connection: socket.socket) -> bool:
        """Give the worker the connection; False if it cannot take it (it died meanwhile, or has not
        read its channel for HAND_SECONDS)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + HAND_SECONDS
        while self.channel is not None:
            try:
                socket.send_fds(self.channel, [b"c"], [connection.fileno()])
                return True
            except BlockingIOError:  # its channel is full: it is busy, wait till it reads
                if loop.time() >= deadline:
                    return False
                await _ready(loop.add_writer, loop.remove_writer, self.channel, deadline - loop.time())
            except OSError:
                return False
        return False

    def close(self) -> None:
        if self.channel is not None:
            self.channel.close()
            self.channel = None


def serve_routed(
    host: str, port: int, workers: int, options: dict[str, Any], waiting_per_address: int = 100_000
) -> int:
    """Run `workers` uvicorn servers of `options` (uvicorn.Config's keywords) behind this process
    on host:port; the exit code (2: a worker could not start). An address may keep
    `waiting_per_address` connections waiting here for their request line (as in a worker:
    server/slow_clients.py); one more is closed at once."""
    uvicorn.Config(**options)  # the options checked, and logging set up as the workers' is
    raise_open_file_limit()  # connections pass through this process as files too
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.create_server((host, port), family=family, backlog=2048)
    listener.setblocking(False)
    front = _Front(listener, [_Worker(i, options) for i in range(workers)], waiting_per_address)
    return asyncio.run(front.run())


class _Front:
    def __init__(self, listener: socket.socket, workers: list[_Worker], waiting_per_address: int) -> None:
        self.listener = listener
        self.workers = workers
        self.waiting = Waiting()
        self.waiting_per_address = waiting_per_address
        self.turn = 0
        self.stopping = asyncio.Event()
        self.exit_code = 0
        self.routing: set[asyncio.Task[None]] = set()

    async def run(self) -> int:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, self.stopping.set)
        for worker in self.workers:
            worker.start()
        accepting = asyncio.create_task(self._accept())
        watching = asyncio.create_task(self._watch())
        await self.stopping.wait()
        accepting.cancel()
        watching.cancel()
        self.listener.close()
        await asyncio.to_thread(self._stop_workers)
        return self.exit_code

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                connection, peer = await loop.sock_accept(self.listener)
            except OSError as error:  # out of files for a moment: the backlog keeps the rest
                log.warning("accepting a connection failed: %s", error)
                await asyncio.sleep(0.1)
                continue
            address = address_key(peer[0] if isinstance(peer, tuple) else None)
            if not self.waiting.take(address, self.waiting_per_address):
                connection.close()  # this address keeps enough waiting: the others' still find files
                continue
            task = asyncio.create_task(self._route(connection, address))
            self.routing.add(task)
            task.add_done_callback(self.routing.discard)

    async def _route(self, connection: socket.socket, address: str) -> None:
        with connection:  # the worker has its own copy of the socket once handed
            try:
                request = await _peek_request_line(connection)
            finally:
                self.waiting.give_back(address)
            if request is None:
                return  # closed before it said anything
            self.turn += 1
            worker = self.workers[worker_for(request, len(self.workers), self.turn)]
            if not await worker.hand(connection):
                # It died (its channel is closed): started again at once, the connection waits in
                # the new one's channel till it serves (the table stays with its worker).
                await self._revive(worker)
                if not await worker.hand(connection):
                    log.warning("worker %d did not take a connection", worker.index)

    async def _watch(self) -> None:
        """Restart a worker that died; stop everything if one could not even start."""
        while not self.stopping.is_set():
            await asyncio.sleep(0.5)
            for worker in self.workers:
                if worker.process is not None and not worker.process.is_alive():
                    self._restart(worker)

    async def _revive(self, worker: _Worker) -> None:
        """Restart a worker whose channel failed, once its process has ended (it may take a moment
        after its sockets were closed)."""
        process = worker.process
        for _ in range(100):
            if process is None or process is not worker.process or not process.is_alive():
                break
            await asyncio.sleep(0.02)
        if process is worker.process:
            self._restart(worker)

    def _restart(self, worker: _Worker) -> None:
        process = worker.process
        if process is None or process.is_alive() or self.stopping.is_set():
            return
        worker.close()
        if process.exitcode == STARTUP_FAILURE:
            log.error("worker %d could not start: stopping", worker.index)
            self.exit_code = 2
            self.stopping.set()
            return
        log.error("worker %d ended (exit code %s): starting it again", worker.index, process.exitcode)
        worker.start()

    def _stop_workers(self) -> None:
        for worker in self.workers:
            if worker.process is not None and worker.process.is_alive():
                worker.process.terminate()  # SIGTERM: uvicorn's graceful stop
        for worker in self.workers:
            if worker.process is not None:
                worker.process.join(STOP_SECONDS)
                if worker.process.is_alive():
                    worker.process.kill()
                    worker.process.join()
            worker.close()


async def _peek_request_line(connection: socket.socket) -> bytes | None:
    """The first bytes of the connection's request, left unread for the worker: once its request
    line is there, or whatever came within REQUEST_LINE_SECONDS; None if it closed first."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + REQUEST_LINE_SECONDS
    await _ready(loop.add_reader, loop.remove_reader, connection, REQUEST_LINE_SECONDS)
    while True:
        try:
            seen = connection.recv(PEEK_BYTES, socket.MSG_PEEK)
        except BlockingIOError:
            seen = None
        except OSError:
            return None
        if seen is not None:
            if not seen:
                return None
            if b"\r\n" in seen or len(seen) >= PEEK_BYTES:
                return seen
        if loop.time() >= deadline:
            return seen or b""
        # The bytes stay unread, so the socket stays readable: wait for the rest by time (a request
        # line nearly always comes whole, in its first packet).
        await asyncio.sleep(0.01)


async def _ready(watch: Any, unwatch: Any, sock: socket.socket, timeout: float) -> None:
    """Until `sock` is readable (loop.add_reader) or writable (add_writer), or `timeout` passed."""
    ready: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    watch(sock, wake)
    try:
        await asyncio.wait_for(ready, max(timeout, 0.0))
    except TimeoutError:
        pass
    finally:
        unwatch(sock)


def _run_worker(channel: socket.socket, options: dict[str, Any]) -> None:
    """A worker process: a uvicorn server that listens on nothing and serves the connections the
    parent hands it; it stops when the parent closes its end."""
    _AdoptingServer(uvicorn.Config(**options), channel).run()


class _AdoptingServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, channel: socket.socket) -> None:
        super().__init__(config)
        self.channel = channel
        self.adopting: asyncio.Task[None] | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=[])  # no listener of its own
        if self.started:
            self.adopting = asyncio.create_task(self._adopt())

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self.adopting is not None:
            self.adopting.cancel()
        self.channel.close()
        await super().shutdown(sockets)

    def _protocol(self) -> asyncio.Protocol:
        # What uvicorn's startup makes for each connection its own listener accepts.
        return self.config.http_protocol_class(  # type: ignore[call-arg]
            config=self.config, server_state=self.server_state, app_state=self.lifespan.state
        )

    async def _adopt(self) -> None:
        loop = asyncio.get_running_loop()
        self.channel.setblocking(False)
        while True:
            await _ready(loop.add_reader, loop.remove_reader, self.channel, 3600.0)
            while True:  # every connection waiting
                try:
                    message, fds, _, _ = socket.recv_fds(self.channel, 16, 4)
                except BlockingIOError:
                    break
                if not message and not fds:  # the parent is gone: so is this server
                    self.should_exit = True
                    return
                for fd in fds:
                    connection = socket.socket(fileno=fd)
                    try:
                        await loop.connect_accepted_socket(self._protocol, connection)
                    except OSError:
                        connection.close()
