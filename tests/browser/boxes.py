"""Where an element is on the page, for pointer gestures in the browser tests."""

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
