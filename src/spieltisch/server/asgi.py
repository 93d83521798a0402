"""The ASGI entry point for uvicorn (`spieltisch.server.asgi:app`), configured from the environment.
Run it with `--http spieltisch.server.slow_clients:SlowClientsProtocol` (as `spieltisch serve` does)."""

from spieltisch.server.app import create_app
from spieltisch.server.slow_clients import raise_open_file_limit

raise_open_file_limit()  # every connection is a file: as many as this process may have
app = create_app(own_process=True)
