"""The head of a Speedgans table on phones (360 and 390 px wide) while the hourglass runs: the round's
header („Runde 1 Ziel 18“) stands whole beside the hourglass and the turn clock, none of them over
another, and „Spiel verlassen“ stays on one line (two centred lines pushed the task cards down)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import phone, speedgans_of_computers

pytestmark = pytest.mark.browser

HEAD = """() => {
  const box = (sel) => { const el = document.querySelector(sel); if (!el) return null;
    const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const title = document.querySelector('.sg-game .sg-title');
  const leave = document.querySelector('[data-testid="leave-game"]');
  return {
    title: box('.sg-game .sg-title'), round: box('[data-testid="round"]'),
    titleCut: title.scrollWidth > title.clientWidth + 0.5,
    parts: ['[data-testid="hourglass"]', '[data-testid="clock"]', '[data-testid="game-rules"]',
            '[data-testid="quick-open"]', '[data-testid="theme"]'].map(box).filter(Boolean),
    leave: box('[data-testid="leave-game"]'), leaveLines: leave.getClientRects().length,
    leaveHeight: leave.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(leave).lineHeight) || parseFloat(getComputedStyle(leave).fontSize) * 1.3,
    w: innerWidth,
  };
}"""


def meets(one: list[float], two: list[float]) -> bool:
    return one[0] < two[2] - 0.5 and two[0] < one[2] - 0.5 and one[1] < two[3] - 0.5 and two[1] < one[3] - 0.5


def head_reads_whole(page: Page) -> None:
    found = page.evaluate(HEAD)
    assert not found["titleCut"], found
    assert found["round"][2] <= found["title"][2] + 0.5 and found["round"][2] <= found["w"], found
    for part in found["parts"]:
        assert not meets(found["title"], part), found
    # one line: no taller than one and a half of its lines
    assert found["leaveHeight"] < 1.5 * found["lineHeight"] + 8, found


@pytest.mark.parametrize(("width", "height", "players"), [(360, 740, 3), (390, 844, 6)])
def test_the_head_reads_whole_while_the_hourglass_runs(
    live_server, browser, shots, request, width, height, players
):
    page = phone(browser, width, height)
    request.addfinalizer(page.context.close)
    speedgans_of_computers(page, live_server, "Gustav80", players, "strong")
    head_reads_whole(page)
    expect(page.get_by_test_id("hourglass")).to_be_visible(timeout=40_000)
    head_reads_whole(page)
    page.screenshot(path=str(shots / f"speedgans-phone-{width}-head-hourglass.png"))
    assert page.errors == [], page.errors
