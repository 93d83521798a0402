"""Server settings, from the command line or the environment (SPIELTISCH_*)."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path


def default_data_dir() -> Path:
    return Path(os.environ.get("SPIELTISCH_DATA_DIR", "var"))


@dataclass(frozen=True)
class ServerConfig:
    #: SQLAlchemy URL of the records database; default: a SQLite file in the data directory.
    database_url: str = field(
        default_factory=lambda: (
            os.environ.get("SPIELTISCH_DATABASE_URL")
            or f"sqlite:///{default_data_dir() / 'spieltisch.sqlite3'}"
        )
    )
    #: Redis URL for live table state and messaging between processes; None: in-process state.
    redis_url: str | None = field(default_factory=lambda: os.environ.get("SPIELTISCH_REDIS_URL") or None)
    #: Where the server keeps files it builds (the Speedgans catalog).
    data_dir: Path = field(default_factory=default_data_dir)
    #: Bots wait a human-like moment before placing; tests may shorten it.
    bot_pacing: float = field(default_factory=lambda: _default_pacing())
    #: An operator's override of every puzzle's time limit in seconds (events, tests); None: each
    #: puzzle's own limit.
    puzzle_seconds: float | None = field(default_factory=lambda: _number("SPIELTISCH_PUZZLE_SECONDS"))
    #: New players one address may create in a burst (then 1 a minute; tests that make hundreds of
    #: players raise it).
    player_burst: float = field(default_factory=lambda: _number("SPIELTISCH_PLAYER_BURST") or 100.0)
    #: New tables and runs all players of one address may create in a burst (then 1 a second; see
    #: limits.py). Tests, whose players all come from 127.0.0.1, raise it.
    creation_burst: float = field(default_factory=lambda: _number("SPIELTISCH_CREATION_BURST") or 60.0)
    #: Open tables that hosts without a finished game may have from one address together (a school
    #: class sets up a few; 98 fresh accounts cannot fill the lobby). Tests raise it.
    address_open_tables: int = field(
        default_factory=lambda: int(_number("SPIELTISCH_ADDRESS_OPEN_TABLES") or 10)
    )
    #: Solo runs the players of one address hold running together; a new one ends the oldest whose
    #: player is not at it (then the oldest). Tests raise it.
    address_solo_runs: int = field(default_factory=lambda: int(_number("SPIELTISCH_ADDRESS_SOLO_RUNS") or 30))
    #: Messages one connection may send a second on average (bursts of three times as many); tests
    #: that play faster than any person raise it.
    message_rate: float = field(default_factory=lambda: _number("SPIELTISCH_MESSAGE_RATE") or 20.0)
    #: WebSockets one address may have open at once (a school class behind one address has a tab
    #: or two each); tests and benchmarks that open hundreds from 127.0.0.1 raise it.
    sockets_per_address: int = field(
        default_factory=lambda: int(_number("SPIELTISCH_SOCKETS_PER_ADDRESS") or 64)
    )
    #: An operator's override of the Rekordjagd's 5 minutes (events, tests); None: the rules' own.
    record_seconds: float | None = field(default_factory=lambda: _number("SPIELTISCH_REKORDJAGD_SECONDS"))
    #: The secret the day's puzzles are drawn from, so nobody can work out tomorrow's tasks. Several
    #: hosts must share it (SPIELTISCH_SECRET); unset: made once and kept in the data directory.
    secret: str | None = field(default_factory=lambda: os.environ.get("SPIELTISCH_SECRET") or None)
    #: A bearer token that lets a client off the loopback read /metrics (SPIELTISCH_METRICS_TOKEN);
    #: unset: only clients on the loopback (a Prometheus on the same host) may.
    metrics_token: str | None = field(
        default_factory=lambda: os.environ.get("SPIELTISCH_METRICS_TOKEN") or None
    )
    #: Serve the API's OpenAPI description at /openapi.json (SPIELTISCH_OPENAPI=1); off by default.
    openapi: bool = field(default_factory=lambda: os.environ.get("SPIELTISCH_OPENAPI") == "1")
    #: Per-message compression of the WebSockets (SPIELTISCH_WS_COMPRESSION=0 turns it off): views
    #: shrink to a fraction on a phone's network, for some CPU on the server (bench/load.py measures it).
    ws_compression: bool = field(default_factory=lambda: os.environ.get("SPIELTISCH_WS_COMPRESSION") != "0")
    #: Seconds a new WebSocket has to say hello (its first frame, with the token) before it is closed:
    #: a browser says it at once; a socket that never does holds a file descriptor for nothing.
    hello_seconds: float = field(default_factory=lambda: _number("SPIELTISCH_HELLO_SECONDS") or 10.0)
    # Operations: slow clients, Redis that loses its data (issue 31) --------------------------------
    #: Seconds a request's head may take to arrive, from the connection's opening or the request's
    #: first byte (SPIELTISCH_HEADER_TIMEOUT); a slower one is closed (server/slow_clients.py).
    header_timeout: float = field(default_factory=lambda: _number("SPIELTISCH_HEADER_TIMEOUT") or 10.0)
    #: Seconds a request's body may take to arrive after its head (SPIELTISCH_BODY_TIMEOUT).
    body_timeout: float = field(default_factory=lambda: _number("SPIELTISCH_BODY_TIMEOUT") or 10.0)
    #: Connections one address (an IPv6 /64) may keep waiting for their request at once; more are
    #: closed on arrival (SPIELTISCH_WAITING_PER_ADDRESS). A browser opens six at most; players
    #: behind one NAT share the address.
    waiting_per_address: int = field(
        default_factory=lambda: int(_number("SPIELTISCH_WAITING_PER_ADDRESS") or 64)
    )
    #: Serve with a Redis that does not persist (no AOF) and let it lose every running game's newest
    #: moves on a restart (SPIELTISCH_ALLOW_VOLATILE_REDIS=1); otherwise `spieltisch serve` refuses.
    allow_volatile_redis: bool = field(
        default_factory=lambda: os.environ.get("SPIELTISCH_ALLOW_VOLATILE_REDIS") == "1"
    )
    #: With Redis: seconds between writes of a changed live table's snapshot to the database, where
    #: a Redis that lost its data takes it back from (SPIELTISCH_SNAPSHOT_SECONDS).
    snapshot_seconds: float = field(default_factory=lambda: _number("SPIELTISCH_SNAPSHOT_SECONDS") or 2.0)

    def __post_init__(self) -> None:
        if not (self.database_url.startswith(("sqlite:", "postgresql"))):
            raise ValueError(f"database URL must be sqlite:/// or postgresql://, got {self.database_url!r}")
        if self.redis_url is not None and not self.redis_url.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError(f"Redis URL must start with redis://, got {self.redis_url!r}")
        if self.sockets_per_address < 1:
            raise ValueError("sockets per address must be at least 1")
        if not 0 <= self.bot_pacing <= 10:
            raise ValueError("bot pacing must be between 0 and 10")
        if self.puzzle_seconds is not None and not 1 <= self.puzzle_seconds <= 3600:
            raise ValueError("the puzzle time limit must be 1 to 3600 seconds")
        if self.record_seconds is not None and not 1 <= self.record_seconds <= 3600:
            raise ValueError("the Rekordjagd time must be 1 to 3600 seconds")
        if not 0 < self.hello_seconds <= 300:
            raise ValueError("the time for a WebSocket's hello must be more than 0 and at most 300 seconds")
        if self.creation_burst < 1 or self.address_open_tables < 1 or self.address_solo_runs < 1:
            raise ValueError("the creation burst and the per-address table limits must be at least 1")
        if self.metrics_token is not None and len(self.metrics_token) < 16:
            raise ValueError("the metrics token must have at least 16 characters")
        if self.secret is not None and len(self.secret) < 16:
            raise ValueError("the server secret must have at least 16 characters")
        if not (0.1 <= self.header_timeout <= 600 and 0.1 <= self.body_timeout <= 600):
            raise ValueError("the header and body time-outs must be 0.1 to 600 seconds")
        if self.waiting_per_address < 1:
            raise ValueError("connections waiting per address must be at least 1")
        if not 0.1 <= self.snapshot_seconds <= 600:
            raise ValueError("the snapshot interval must be 0.1 to 600 seconds")

    def server_secret(self) -> bytes:
        """The secret (see `secret`): given, or read from (at first made in) the data directory."""
        if self.secret is not None:
            return self.secret.encode()
        path = self.data_dir / "secret"
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            draft = path.with_name(f"secret.{os.getpid()}")
            draft.write_text(secrets.token_hex(32))
            try:
                os.link(draft, path)  # atomic: of processes starting at once, the first one wins
            except FileExistsError:
                pass
            finally:
                draft.unlink()
        return path.read_text().strip().encode()


def _default_pacing() -> float:
    value = _number("SPIELTISCH_BOT_PACING")
    return 1.0 if value is None else value


def _number(name: str) -> float | None:
    raw = os.environ.get(name)
    if not raw:
        return None
    try:
        return float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number, got {raw!r}") from None
