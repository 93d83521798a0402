"""Fixtures of the server tests that run real services."""

from __future__ import annotations

import contextlib

import pytest

from tests.conftest import free_port
from tests.services import RedisServer


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path / "redis", free_port())
    server.folder.mkdir()
    server.start()
    yield server
    with contextlib.suppress(ProcessLookupError, FileNotFoundError):
        server.resume()  # a test that failed while Redis was paused
    server.stop()
