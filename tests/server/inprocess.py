"""A real uvicorn server in a thread of the test process, so a test can hold its fake clock."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import uvicorn

from spieltisch.server.app import create_app
from spieltisch.server.clock import FakeClock
from spieltisch.server.config import ServerConfig
from spieltisch.server.puzzles import PUZZLE_ZONE, day_start
from spieltisch.server.slow_clients import protocol_for
from tests.conftest import free_port, wait_http
from tests.replay_check import check_replays


def midday_today() -> FakeClock:
    """A fake clock at noon of today's date in the players' home zone: the real calendar day (so the
    puzzle of the day is today's), but hours away from the midnight that ends it, whatever the time a
    test runs at. A test that advances the clock by minutes can never see the day turn."""
    noon = day_start(time.time()).replace(hour=12, tzinfo=PUZZLE_ZONE)
    return FakeClock(noon.timestamp())


class InProcessServer:
    def __init__(
        self,
        tmp: Path,
        data_dir: Path,
        clock: FakeClock | None = None,
        bot_pacing: float = 1.0,
        player_burst: float = 100_000,
        message_rate: float = 100_000,
        creation_burst: float = 100_000,
        address_open_tables: int = 100_000,
        address_solo_runs: int = 100_000,
        sockets_per_address: int = 100_000,
    ) -> None:
        self.clock = clock or midday_today()
        config = ServerConfig(
            database_url=f"sqlite:///{tmp / 'inprocess.sqlite3'}",
            redis_url=None,
            bot_pacing=bot_pacing,
            player_burst=player_burst,
            message_rate=message_rate,
            creation_burst=creation_burst,
            address_open_tables=address_open_tables,
            address_solo_runs=address_solo_runs,
            sockets_per_address=sockets_per_address,
            data_dir=data_dir,
        )
        self.config = config
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        #: The app (its `state.services` once started: what a test may look into).
        self.app = create_app(config, self.clock)
        self.server = uvicorn.Server(
            uvicorn.Config(
                self.app,
                host="127.0.0.1",
                port=self.port,
                log_level="warning",
                ws_max_size=65536,
                http=protocol_for(config),
            )
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> InProcessServer:
        self.thread.start()
        wait_http(self.url + "/healthz")
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        if exc[0] is None:  # every game it recorded replays from its log to its record
            check_replays(self.config.database_url, self.config.data_dir)

    def advance(self, seconds: float, settle: float = 0.3) -> None:
        """Move the fake clock; give the server's timers a moment (real time) to react."""
        self.clock.advance(seconds)
        time.sleep(settle)
