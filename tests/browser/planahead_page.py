"""What the Plan Ahead browser tests share: reading the board a page shows, and playing on it as a
person would (mouse drags, clicks), with every number on the page checked against the engine."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from tests.browser.boxes import centre_of
from tests.browser.pages import pick_nickname

from spieltisch.games.planahead.notation import parse_land
from spieltisch.games.planahead.scoring import score_land
from spieltisch.games.planahead.tiles import Tile


def board_land(page: Page):
    return parse_land(page.get_by_test_id("board").get_attribute("data-land"))


def wait_turn(page: Page, turn: int, timeout: float = 15_000) -> None:
    expect(page.get_by_test_id("pa-game")).to_have_attribute("data-turn", str(turn), timeout=timeout)


def settled(page: Page) -> None:
    """Wait until the page shows the server's answer (no optimistic placement pending)."""
    expect(page.get_by_test_id("pa-game")).to_have_attribute("data-pending", "false")


def centre(page: Page, test_id: str) -> tuple[float, float]:
    settled(page)
    return centre_of(page, test_id)


def drag(page: Page, source: str, target: str) -> None:
    """Mouse drag (pointer events) from one element's centre to another's."""
    x0, y0 = centre(page, source)
    x1, y1 = centre(page, target)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 12, y0 + 12, steps=2)
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def free_fields(land) -> list[int]:
    return [f for f in range(1, 20) if land[f - 1] is None]


def free_field(page: Page) -> int:
    """The first field of the board shown that holds no tile."""
    return page.evaluate(
        """() => [...document.querySelectorAll('[data-testid^="field-"]')]
            .filter((el) => !el.dataset.tile).map((el) => Number(el.dataset.testid.slice(6)))[0]"""
    )


def start_table(page: Page, *, seats: int, clock: str = "", bots: int = 0) -> None:
    """From the lobby: a Plan Ahead table of `seats` with `bots` computers, started (turn 0 shown)."""
    page.get_by_test_id("create-seats").select_option(str(seats))
    page.get_by_test_id("create-clock").select_option(clock)
    page.get_by_test_id("create-table").click()
    for i in range(bots):
        page.get_by_test_id("add-bot").click()
        expect(page.get_by_test_id(f"seat-{i + 1}")).to_have_attribute("data-free", "false")
    page.get_by_test_id("start").click()
    wait_turn(page, 0)


def open_table(page: Page, url: str, name: str, *, seats: int, clock: str = "", bots: int = 0) -> None:
    """A new player `name` at the lobby of `url` starts a table (`start_table`)."""
    page.goto(url + "/")
    pick_nickname(page, name)
    start_table(page, seats=seats, clock=clock, bots=bots)


def play_plan_ahead(page: Page, first_turn: int = 0) -> None:
    """The tiles from `first_turn` on, each on the first free field (the moves go out on the page's
    own socket)."""
    table = page.url.rsplit("/", 1)[1]
    for turn in range(first_turn, 19):
        wait_turn(page, turn)
        page.evaluate(
            """([table, field]) => {
                window.spieltisch.net.send({type: "place", table, field});
                window.spieltisch.net.send({type: "confirm", table});
            }""",
            [table, free_field(page)],
        )


def greedy_field(land, tile: Tile) -> int:
    """A simple builder: keep lines pure, prefer long ones, complete what can be completed."""

    def value(field: int) -> float:
        placed = land[: field - 1] + (tile,) + land[field:]
        scored = score_land(placed)
        total = float(scored.total)
        for line in scored.lines:
            if line.state.value == "open" and line.potential:
                filled = sum(placed[f - 1] is not None for f in line.line.fields)
                total += line.potential * (filled / line.line.length) ** 2 * 0.8
        return total

    return max(free_fields(land), key=value)


def check_line_ends(page: Page, land, *, fields_and_colour: bool = True) -> None:
    """The numbers at the line ends are what the engine says of the land shown: none on a broken
    line, the points (in green) on a complete one, what it can still bring on an open one."""
    expected = score_land(land).lines
    assert page.get_by_test_id("line-end").count() == 30
    for index, line in enumerate(expected):
        for end in (0, 1):
            el = page.locator(f'[data-testid="line-end"][data-line="{index}"][data-end="{end}"]')
            assert el.get_attribute("data-state") == line.state.value, (index, end)
            if fields_and_colour:
                assert el.get_attribute("data-fields") == ",".join(map(str, line.line.fields))
            text = el.text_content().strip()
            if line.state.value == "broken":
                assert text == ""
            elif line.state.value == "complete":
                assert text == str(line.points)
                if fields_and_colour:
                    # Asked until it holds: a table update may just be redrawing the board.
                    expect(el.locator("rect")).to_have_css("fill", "rgb(47, 158, 68)")  # green
            else:
                assert text == (str(line.potential) if line.potential else "")
