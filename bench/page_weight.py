"""What a browser downloads per page: bytes of each cold page (a fresh browser, empty cache) as the files
are (raw) and as they travel (sent: headers included, gzip where the server gzips), and again on a
second visit (what the cache does not spare). Measured in Debian's Chromium through Playwright.

    .venv/bin/python bench/page_weight.py                   # this working tree
    .venv/bin/python bench/page_weight.py --before e23bafa  # and a git revision, side by side

Each tree is served by its own uvicorn on a free port (a fresh SQLite database; the Speedgans catalog of
./var, built there on first use). Pages: the lobby, the puzzle, the Bestenliste, a started Plan Ahead
table and a Speedgans Übung.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, sync_playwright

from revisions import revision_tree, serve_tree

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("SPIELTISCH_CHROMIUM", "/usr/bin/chromium")
TOKEN_KEY = "spieltisch.token"


@dataclass
class Weight:
    requests: int = 0
    raw: int = 0  # bodies as the files are (decoded)
    sent: int = 0  # as they came over the wire: headers and (gzipped) bodies


@contextmanager
def serve(tree: Path, data_dir: Path) -> Iterator[str]:
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            "SPIELTISCH_DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
            "SPIELTISCH_DATA_DIR": str(data_dir),
            "SPIELTISCH_PLAYER_BURST": "1000",
        }
        with serve_tree(tree, env) as (url, _):
            yield url


class Meter:
    """Counts a page's network traffic through the DevTools protocol (the WebSocket's frames aside)."""

    def __init__(self, page: Page) -> None:
        self.weight = Weight()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.dataReceived", self._data)
        cdp.on("Network.loadingFinished", self._finished)

    def _data(self, event: dict) -> None:
        self.weight.raw += event["dataLength"]

    def _finished(self, event: dict) -> None:
        self.weight.requests += 1
        self.weight.sent += int(event["encodedDataLength"])  # 0 for what came from the cache

    def take(self) -> Weight:
        weight, self.weight = self.weight, Weight()
        return weight


def player_page(browser: Browser, url: str, token: str) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE")
    context.add_init_script(f"localStorage.setItem('{TOKEN_KEY}', '{token}')")
    context.set_default_timeout(20_000)
    return context.new_page()


def table_paths(browser: Browser, url: str, token: str) -> dict[str, str]:
    """A started Plan Ahead table of one and an Übung of this player, made through the lobby."""
    page = player_page(browser, url, token)
    page.goto(url + "/")
    page.get_by_test_id("create-seats").select_option("1")
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("start").click()
    page.get_by_test_id("pa-game").wait_for()
    planahead = page.url.removeprefix(url)
    page.goto(url + "/")
    page.get_by_test_id("lobby-solo-practice").click()
    page.get_by_test_id("solo").wait_for()
    practice = page.url.removeprefix(url)
    page.context.close()
    return {"Plan Ahead table": planahead, "Speedgans Übung": practice}


def measure(browser: Browser, url: str) -> dict[str, tuple[Weight, Weight]]:
    token = httpx.post(url + "/api/players", json={"nickname": "Bench"}).json()["token"]
    pages = {"lobby": "/", "puzzle": "/puzzle", "Bestenliste": "/bestenliste"}
    pages |= table_paths(browser, url, token)
    results = {}
    for name, path in pages.items():
        page = player_page(browser, url, token)
        meter = Meter(page)
        page.goto(url + path, wait_until="networkidle")
        cold = meter.take()
        page.goto(url + "/nowhere")  # away and back: a second visit, not a reload
        page.goto(url + path, wait_until="networkidle")
        meter.take()
        page.goto(url + path, wait_until="networkidle")
        results[name] = (cold, meter.take())
        page.context.close()
    return results


def report(label: str, results: dict[str, tuple[Weight, Weight]]) -> None:
    print(f"\n{label}")
    print(f"  {'page':<18} {'requests':>8} {'raw KB':>8} {'sent KB':>8} {'again KB':>9}")
    for name, (cold, again) in results.items():
        print(
            f"  {name:<18} {cold.requests:>8} {cold.raw / 1000:>8.1f} {cold.sent / 1000:>8.1f} {again.sent / 1000:>9.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", metavar="REV", help="also measure this git revision (e.g. HEAD)")
    args = parser.parse_args()
    data_dir = ROOT / "var"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        if args.before:
            with revision_tree(args.before) as tree, serve(tree, data_dir) as url:
                report(f"before ({args.before})", measure(browser, url))
        with serve(ROOT, data_dir) as url:
            report("this tree", measure(browser, url))
        browser.close()
    print("\nraw: the files as they are; sent: over the wire (headers, gzip); again: a second visit's bytes")


if __name__ == "__main__":
    main()
