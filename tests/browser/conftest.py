"""Browser fixtures: one headless Debian Chromium for the whole session (Playwright, sync API).

`live_server` here is a real uvicorn with a fresh SQLite database for each test (tests/conftest.py
starts it): nicknames are unique on a server, and the browser tests pick the same ones ("Anna").
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

# What a page shows after the server has worked (a replay's analysis, ~0.6 s a person; a record after
# the game) may take seconds on a loaded machine: assertions wait up to 15 s (they return as soon as
# they hold; only a failure takes that long).
expect.set_options(timeout=15_000)

# The shared page helpers assert too: show the values when one of theirs fails.
pytest.register_assert_rewrite(
    "tests.browser.boxes", "tests.browser.pages", "tests.browser.planahead_page", "tests.browser.socket_games"
)

CHROMIUM = os.environ.get("SPIELTISCH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "has_touch": True,
    "is_mobile": True,
}


@pytest.fixture(scope="session")
def browser() -> Iterator:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def live_server(server_factory) -> str:
    """A server of the test's own (the session's shared one would have every "Anna" but the first
    refused: names are unique)."""
    return server_factory().url


@pytest.fixture
def shots() -> Path:
    """Where screenshots go (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def new_page(browser):
    """new_page("desktop"|"phone") -> a page in a fresh context (own localStorage = own player)."""
    contexts = []

    def make(kind: str = "desktop"):
        context = browser.new_context(**(PHONE if kind == "phone" else DESKTOP), locale="de-DE")
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(scope="module")
def axe():
    """axe-core's scanner (axe-playwright-python brings its own axe.js: no network needed)."""
    module = pytest.importorskip("axe_playwright_python.sync_playwright")
    return module.Axe()
