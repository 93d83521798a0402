"""Speedgans at a full table on a 1280×800 desktop: four and six players (one person, the rest
computers). In every phase — building, the hourglass, the scoring — each player's chip holds its
name, level, progress, tile count and score inside its border, no chip runs into another or into the
clocks, and the scoring's totals („Diese Runde“, „Gesamt“) stand whole in the right panel."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import speedgans_of_computers

pytestmark = pytest.mark.browser

CHIPS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const chips = [...document.querySelectorAll("[data-testid^='opponent-']")];
  const out = {};
  for (const chip of chips) {
    const c = box(chip);
    const spill = [];
    for (const el of chip.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || el.closest(".sg-chip-name")) continue;
      if (r.left < c[0] - 0.5 || r.top < c[1] - 0.5 || r.right > c[2] + 0.5 || r.bottom > c[3] + 0.5) {
        spill.push(`${el.tagName}.${el.className} ${JSON.stringify(box(el))}`);
      }
    }
    const name = chip.querySelector(".sg-chip-name");
    // a name longer than a chip's 9rem is shortened there (the results name it whole): only a
    // name squeezed narrower than that counts as cut
    const cut = name.scrollWidth > name.clientWidth + 0.5 && name.clientWidth < 140;
    out[chip.dataset.testid] = {box: c, spill, cut};
  }
  const others = ["hourglass", "clock"].map((id) => document.querySelector(`[data-testid="${id}"]`))
    .filter(Boolean).map(box);
  return {chips: out, others, w: innerWidth};
}"""


def meets(one: list[float], two: list[float]) -> bool:
    return one[0] < two[2] - 0.5 and two[0] < one[2] - 0.5 and one[1] < two[3] - 0.5 and two[1] < one[3] - 0.5


def chips_hold_their_contents(page: Page, count: int) -> None:
    """Each chip's contents lie inside it, every name whole, no chip meets another or a clock."""
    found = page.evaluate(CHIPS)
    chips = found["chips"]
    assert len(chips) == count, chips
    spilled = {k: v["spill"] for k, v in chips.items() if v["spill"]}
    assert spilled == {}, spilled
    cut = [k for k, v in chips.items() if v["cut"]]
    assert cut == [], chips
    boxes = [v["box"] for v in chips.values()]
    for i, one in enumerate(boxes):
        assert one[0] >= 0 and one[2] <= found["w"], chips
        for two in boxes[i + 1 :] + found["others"]:
            assert not meets(one, two), (one, two, found)


def totals_whole(page: Page) -> None:
    """The totals table is as wide as its panel lets it be: no column cut off at the right."""
    found = page.get_by_test_id("totals").evaluate(
        """(table) => {
          const list = table.closest('.sg-results-list');
          const l = list.getBoundingClientRect(), t = table.getBoundingClientRect();
          const heads = [...table.querySelectorAll('th')].map((th) => [th.textContent, th.scrollWidth, th.clientWidth]);
          const wide = [...list.querySelectorAll('*')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.tagName + '.' + e.className + ' ' + e.scrollWidth + '/' + e.clientWidth + ' ' + getComputedStyle(e).overflowX);
          return {wide, list: [l.left, l.right], table: [t.left, t.right], sw: list.scrollWidth, cw: list.clientWidth, heads};
        }"""
    )
    assert found["sw"] <= found["cw"] and found["table"][1] <= found["list"][1] + 0.5, found
    assert all(sw <= cw + 0.5 for _, sw, cw in found["heads"]), found


@pytest.mark.parametrize("players", [4, 6])
def test_chips_and_totals_at_a_full_table_on_a_desktop(live_server, new_page, shots, players):
    # A long nickname, as people choose them: the chip shortens it, the totals must not grow with it.
    page = new_page("desktop")
    speedgans_of_computers(page, live_server, "Friederike Musterman", players, "medium")
    chips_hold_their_contents(page, players)
    page.screenshot(path=str(shots / f"speedgans-desktop-{players}-building.png"))

    expect(page.get_by_test_id("hourglass")).to_be_visible(timeout=40_000)
    chips_hold_their_contents(page, players)
    page.screenshot(path=str(shots / f"speedgans-desktop-{players}-hourglass.png"))

    expect(page.get_by_test_id("results")).to_be_visible(timeout=30_000)
    chips_hold_their_contents(page, players)
    totals_whole(page)
    page.get_by_test_id("totals").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"speedgans-desktop-{players}-scored.png"))
    assert page.errors == [], page.errors
