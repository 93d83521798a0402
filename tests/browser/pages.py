"""What the browser tests of every game do on a page: choose a nickname, open a page on a phone, ask
axe for the serious violations. (Helpers only: no test module imports from another.)"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tests.server.player_client import Client

#: Marks an element of the page, so that a test can tell later whether it is still the same node
#: (issue 33: screens are updated in place).
MARK = "(el) => { el.dataset.probe = 'kept'; }"


def pick_nickname(page: Page, name: str) -> None:
    """Fill in the nickname form and wait until the header names the player (the server made it)."""
    page.get_by_test_id("nickname-input").fill(name)
    page.get_by_test_id("nickname-submit").click()
    expect(page.get_by_test_id("nickname")).to_contain_text(name)


def hosted_with_ben(
    page: Page, url: str, game: str, seats: int = 2, clock: str | None = ""
) -> tuple[str, Client]:
    """Anna (the page) opens a table of `game` with `seats` seats and the clock chosen (""
    none, None: the form's default), and Ben (a client over the socket, the caller's to close) takes
    the second seat: the table's id and Ben."""
    page.goto(url + "/")
    pick_nickname(page, "Anna")
    prefix = "sg" if game == "speedgans" else "create"
    if game == "speedgans":
        page.get_by_test_id("create-game-speedgans").check()
    page.get_by_test_id(f"{prefix}-seats").select_option(str(seats))
    if clock is not None:
        page.get_by_test_id(f"{prefix}-clock").select_option(clock)
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("table-settings")).to_be_visible()
    table_id = page.url.rsplit("/", 1)[1]
    ben = Client(url, "Ben")
    ben.send({"type": "join", "table": table_id})
    expect(page.get_by_test_id("seat-1")).to_contain_text("Ben")
    return table_id, ben


def speedgans_of_computers(page: Page, url: str, nickname: str, players: int, level: str) -> None:
    """`nickname` (the page) starts a Speedgans table of `players` seats with a 15 s hourglass, every
    other seat a computer of `level`, and waits until its first round is being built."""
    page.goto(url + "/")
    pick_nickname(page, nickname)
    page.get_by_test_id("create-game-speedgans").check()
    page.get_by_test_id("sg-seats").select_option(str(players))
    page.get_by_test_id("sg-hourglass").select_option("15")
    page.get_by_test_id("create-table").click()
    expect(page.get_by_test_id("room")).to_be_visible()
    page.get_by_test_id("bot-level").select_option(level)
    for seat in range(1, players):
        page.get_by_test_id("add-bot").click()
        expect(page.get_by_test_id(f"seat-{seat}")).to_have_attribute("data-free", "false")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("sg-game")).to_have_attribute("data-phase", "building", timeout=15_000)


def click_until(target: Locator, done: Callable[[], None], attempts: int = 3) -> None:
    """Click, and again while `done` (an `expect` with a short timeout) does not hold. A server view
    that arrives while the click lands may redraw a screen that is still rebuilt whole and swallow
    the click (issue 33: Plan Ahead's screen and the lobby's lists are updated in place and need
    no second click); a person clicks again, and so does the test."""
    for attempt in range(attempts):
        target.click()
        try:
            done()
            return
        except (AssertionError, PlaywrightTimeout):  # a redraw also takes away what `done` fills in
            if attempt == attempts - 1:
                raise


def phone(browser: Browser, width: int, height: int) -> Page:
    """A page in a fresh context (its own player) on a touch phone of this size, in German. The
    context is the caller's to close; `page.errors` collects the page's uncaught errors."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        has_touch=True,
        is_mobile=True,
        locale="de-DE",
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def serious_violations(axe, page: Page) -> list[str]:
    """One line per serious or critical violation axe finds: the rule, the elements, what is wrong."""
    found = axe.run(page, options={"resultTypes": ["violations"]}).response["violations"]
    return [
        f"{v['id']} at {node['target']}: {' '.join((node.get('failureSummary') or '').split())[:200]}"
        for v in found
        if v["impact"] in ("serious", "critical")
        for node in v["nodes"]
    ]
