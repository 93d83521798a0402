"""Slow clients cannot hold the server's connections: uvicorn's HTTP protocol with a deadline for a
request to arrive and a cap on the connections one address keeps waiting.

uvicorn starts no timer for a request whose head never completes (its keep-alive timer is cancelled
by the first byte, and not armed at all before one: uvicorn issue #157), so a client that opens
connections and sends half a request ("slowloris") holds a file descriptor each for as long as it
likes: 19,980 of them once took every descriptor, and every other request failed. Here:

- the head of a request must be complete within `header_timeout` seconds of its first byte (of the
  connection being opened, for the first request), and its body within `body_timeout` seconds of
  the head; a connection that misses a deadline is closed;
- a head larger than `MAX_HEAD_BYTES` is refused (431) before it is parsed further;
- an address (an IPv6 client: its /64, which one customer usually holds whole) may keep
  `waiting_per_address` connections waiting for their request; a new one beyond that is closed at
  once, before anything is read from it: the others' requests still find descriptors.

A connection counts as waiting from its opening (or the first byte of its next request) until its
request has fully arrived — or until it becomes a WebSocket, whose own protocol then holds the
connection (uvicorn swaps the protocol on the transport, and this one hears no `connection_lost`).

uvicorn takes the class by its import string (`--http spieltisch.server.slow_clients:SlowClientsProtocol`),
which reads its settings from the environment like the app (ServerConfig); `protocol_for(config)`
makes one for a server started in a test's own process. A reverse proxy in front adds its own
(README, "Slow clients").
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import resource
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from spieltisch.server.config import ServerConfig

log = logging.getLogger(__name__)

#: The largest request head (request line and headers) read. A browser's is under 2 KB (its cookies
#: included); uvicorn's h11 protocol stops at 16 KB, httptools has no limit of its own.
MAX_HEAD_BYTES = 32 * 1024
#: A refused connection is logged at most this often (an attack makes thousands a second).
LOG_EVERY_S = 60.0


@dataclass(frozen=True)
class SlowClientLimits:
    header_timeout: float
    body_timeout: float
    waiting_per_address: int

    @classmethod
    def of(cls, config: ServerConfig) -> SlowClientLimits:
        return cls(config.header_timeout, config.body_timeout, config.waiting_per_address)


def address_key(host: str | None) -> str:
    """Whom a connection is counted against: its IPv4 address, or its IPv6 address's /64 (a host gets
    a whole /64 and may pick any address in it)."""
    if not host:
        return ""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host  # a Unix socket's peer, say
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class Waiting:
    """How many connections each address has waiting for their request, in this process."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.refused = 0
        self._logged_at = 0.0

    def take(self, key: str, cap: int) -> bool:
        if self.counts[key] >= cap:
            self.refused += 1
            now = time.monotonic()
            if now - self._logged_at >= LOG_EVERY_S:
                log.warning(
                    "refused %d connection(s) from addresses with %d waiting for their request (%s)",
                    self.refused,
                    cap,
                    key,
                )
                self._logged_at, self.refused = now, 0
            return False
        self.counts[key] += 1
        return True

    def give_back(self, key: str) -> None:
        self.counts[key] -= 1
        if self.counts[key] <= 0:
            del self.counts[key]


class SlowClientsProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol (httptools) with the deadlines and the cap of this module."""

    #: This class's settings (read from the environment once; `protocol_for` sets its own).
    limits: ClassVar[SlowClientLimits | None] = None
    #: Connections waiting per address, shared by every connection of this class.
    waiting: ClassVar[Waiting] = Waiting()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cls = type(self)
        if cls.limits is None:
            cls.limits = SlowClientLimits.of(ServerConfig())
        self._limits: SlowClientLimits = cls.limits
        self._key = ""
        self._counted = False  # this connection is one of its address's waiting ones
        self._refused = False  # closed on arrival (its address had too many waiting)
        self._deadline: asyncio.TimerHandle | None = None
        self._head_bytes: int | None = None  # bytes of the head read so far; None: not in a head

    # The connection ---------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        peer = transport.get_extra_info("peername")
        self._key = address_key(peer[0] if isinstance(peer, tuple) and peer else None)
        if not self.waiting.take(self._key, self._limits.waiting_per_address):
            # Refused before anything is set up for it, and reset rather than closed: an attacker
            # opens thousands a second, and each costs as little as can be (no TIME_WAIT here).
            self._refused = True
            transport.abort()
            return
        super().connection_made(transport)
        self._counted = True
        self._head_bytes = 0
        self._arm(self._limits.header_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._refused:
            return  # (never set up: nothing to undo)
        self._stop_waiting()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self._counted and self._head_bytes is None:
            # The first byte of the next request on a kept-alive connection: its head has a deadline
            # again (it is not counted against the address: the connection was let in already).
            self._head_bytes = 0
            self._arm(self._limits.header_timeout)
        if self._head_bytes is not None:
            self._head_bytes += len(data)
            if self._head_bytes > MAX_HEAD_BYTES:
                self._refuse_head()
                return
        super().data_received(data)

    def handle_websocket_upgrade(self) -> None:
        # From here the WebSocket's protocol holds the connection; this one hears nothing more.
        self._stop_waiting()
        super().handle_websocket_upgrade()

    # The parser's callbacks -------------------------------------------------------------------
    def on_headers_complete(self) -> None:
        self._head_bytes = None
        self._arm(self._limits.body_timeout)  # what is left: the body (a deadline of its own)
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._stop_waiting()  # the request is in: the app's time now, and the response's
        super().on_message_complete()

    # Waiting ----------------------------------------------------------------------------------
    def _arm(self, seconds: float) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _stop_waiting(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._head_bytes = None
        if self._counted:
            self._counted = False
            self.waiting.give_back(self._key)

    def _too_slow(self) -> None:
        self._deadline = None
        self._stop_waiting()
        if not self.transport.is_closing():
            self.transport.close()

    def _refuse_head(self) -> None:
        self._stop_waiting()
        self.send_error_response(431, "Request header fields too large.")

    def send_error_response(self, status: int, message: str) -> None:
        from uvicorn.protocols.http.httptools_impl import STATUS_LINE

        body = message.encode("ascii")
        self.transport.write(
            b"".join(
                [
                    STATUS_LINE[status],
                    b"content-type: text/plain; charset=utf-8\r\n",
                    b"content-length: " + str(len(body)).encode("ascii") + b"\r\n",
                    b"connection: close\r\n\r\n",
                    body,
                ]
            )
        )
        self.transport.close()


def protocol_for(config: ServerConfig) -> type[SlowClientsProtocol]:
    """A protocol class with `config`'s limits and a count of its own (a server in a test's process)."""
    return type(
        "SlowClientsProtocol",
        (SlowClientsProtocol,),
        {"limits": SlowClientLimits.of(config), "waiting": Waiting()},
    )


#: The import string uvicorn takes (`http=`, `--http`).
PROTOCOL = "spieltisch.server.slow_clients:SlowClientsProtocol"


def raise_open_file_limit() -> int:
    """Lift this process's limit of open files to the most it may have (the soft limit is often 1,024
    where the hard one is far higher): every connection is a file. Returns the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):  # not allowed here: keep what there is
            log.warning("could not raise the open-file limit from %d to %d", soft, hard)
    return soft
