"""Where elements are on the page: for pointer gestures, and to check that they are in sight."""

from __future__ import annotations

from playwright.sync_api import Page


def centre_of(page: Page, test_id: str) -> tuple[float, float]:
    """The centre of the element with this test id. The games redraw on every server message, so
    the element found a moment ago may just have been replaced: ask again until one answers."""
    for _ in range(50):
        box = page.get_by_test_id(test_id).bounding_box()
        if box is not None:
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.wait_for_timeout(100)
    raise AssertionError(f"{test_id} has no place on the page")


def inside_the_window(page: Page, parts: list[str]) -> None:
    """Every part is on the page, drawn, and wholly inside the window, and the page does not scroll
    (what a player needs during a round is never below the fold)."""
    found = page.evaluate(
        """(ids) => {
          const out = {};
          for (const id of ids) {
            const el = document.querySelector(`[data-testid="${id}"]`);
            const r = el && el.getBoundingClientRect();
            out[id] = r && r.width > 0 ? [r.left, r.top, r.right, r.bottom] : null;
          }
          const doc = document.scrollingElement;
          return {boxes: out, w: innerWidth, h: innerHeight, sw: doc.scrollWidth, sh: doc.scrollHeight};
        }""",
        parts,
    )
    outside = {
        part: box
        for part, box in found["boxes"].items()
        if box is None or box[0] < 0 or box[1] < 0 or box[2] > found["w"] + 0.5 or box[3] > found["h"] + 0.5
    }
    assert outside == {}, (found["w"], found["h"], outside)
    assert found["sh"] <= found["h"] and found["sw"] <= found["w"], found


def uncovered(page: Page, cover: str, parts: list[str]) -> None:
    """The element `cover` (a hint, a card) lies over none of the parts: their boxes do not meet."""
    found = page.evaluate(
        """([cover, ids]) => {
          const box = (id) => {
            const el = document.querySelector(`[data-testid="${id}"]`);
            const r = el && el.getBoundingClientRect();
            return r && r.width > 0 ? [r.left, r.top, r.right, r.bottom] : null;
          };
          return {cover: box(cover), boxes: Object.fromEntries(ids.map((id) => [id, box(id)]))};
        }""",
        [cover, parts],
    )
    over = found["cover"]
    assert over is not None, f"{cover} is not on the page"
    covered = {part: box for part, box in found["boxes"].items() if box is None or overlap(box, over)}
    assert covered == {}, (cover, over, covered)


def overlap(one: list[float], two: list[float]) -> bool:
    """Whether two boxes [left, top, right, bottom] share more than a hair of the page."""
    return one[0] < two[2] - 0.5 and two[0] < one[2] - 0.5 and one[1] < two[3] - 0.5 and two[1] < one[3] - 0.5
