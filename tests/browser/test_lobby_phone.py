"""The lobby on phones (390 and 360 px wide): each open table's game and its state („wartet“) stand on
one line, and the create form's „Privat“ choice reads as one piece."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.browser.pages import phone, pick_nickname
from tests.server.player_client import Client

pytestmark = pytest.mark.browser


def middle(box: dict) -> float:
    return box["y"] + box["height"] / 2


@pytest.mark.parametrize("width,height", [(390, 844), (360, 740)])
def test_an_open_tables_state_stays_beside_its_game(live_server, browser, shots, width, height):
    hosts = []
    for name, game, seats in (("Konstantin", "planahead", 2), ("Bernadette", "speedgans", 4)):
        host = Client(live_server, name)
        host.send({"type": "create_table", "game": game, "settings": {"seats": seats}})
        host.table_until(lambda t: True)
        hosts.append(host)
    page = phone(browser, width, height)
    try:
        page.goto(live_server + "/")
        pick_nickname(page, "Ulla")
        entries = page.get_by_test_id("lobby-tables").locator("article.table-entry")
        expect(entries).to_have_count(2)
        for i in range(2):
            entry = entries.nth(i)
            badge, status = entry.locator(".game-badge"), entry.locator(".table-status")
            expect(status).to_have_text("wartet")
            # (Measured until the list has settled: a change of the lobby redraws a line in place.)
            for _ in range(50):
                apart = abs(middle(badge.bounding_box()) - middle(status.bounding_box()))
                if apart < 2:
                    break
                page.wait_for_timeout(100)
            assert apart < 2, (width, i, apart)
            # The way in stays whole and inside the entry.
            button, box = entry.get_by_role("button").bounding_box(), entry.bounding_box()
            assert box["x"] <= button["x"] and button["x"] + button["width"] <= box["x"] + box["width"]
        page.get_by_test_id("lobby-tables").screenshot(path=str(shots / f"lobby-open-tables-{width}.png"))
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        assert page.errors == [], page.errors
    finally:
        page.context.close()
        for host in hosts:
            host.close()


#: The words of the „Privat“ choice, its name and what it means: where they do not fit on one line
#: they break between the two, never inside „nur mit Einladungslink“.
PRIVATE_LINES = """(label) => {
    const lines = (from, to) => {  // the lines the label's characters from..to stand on
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        let at = 0, node;
        while ((node = walker.nextNode())) {
            const end = at + node.data.length;
            if (from >= at && from < end) range.setStart(node, from - at);
            if (to > at && to <= end) range.setEnd(node, to - at);
            at = end;
        }
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top + r.height / 2)));
    };
    const text = label.textContent, how = text.indexOf("nur mit");
    const box = label.querySelector("input").getBoundingClientRect(), form = label.closest("form").getBoundingClientRect();
    const words = lines(0, text.length), first = Math.min(...words);
    return {
        how: lines(how, text.length).size, all: words.size,
        boxBesideFirstLine: Math.abs(box.top + box.height / 2 - first) < 4,
        inside: label.getBoundingClientRect().right <= form.right + 0.5,
    };
}"""


@pytest.mark.parametrize("width,height", [(390, 844), (360, 740)])
def test_the_private_choice_reads_as_one_piece(live_server, browser, shots, width, height):
    """„Privat: nur mit Einladungslink“ on a phone, with its text as set and set larger (130 %: the
    phone's accessibility text size, as a zoom of the page): one line where it fits, else „Privat:“
    and „nur mit Einladungslink“ whole under it, the box beside the first line."""
    page = phone(browser, width, height)
    try:
        page.goto(live_server + "/")
        pick_nickname(page, "Ulla")
        label = page.locator("label.create-private")
        expect(label).to_have_text("Privat: nur mit Einladungslink")
        for zoom in ("1", "1.3"):
            page.evaluate(f"document.documentElement.style.zoom = '{zoom}'")
            lines = label.evaluate(PRIVATE_LINES)
            assert lines["how"] == 1, (zoom, lines)  # „nur mit Einladungslink“ whole on its line
            assert lines["all"] <= 2 and lines["boxBesideFirstLine"] and lines["inside"], (zoom, lines)
            page.get_by_test_id("create-form").screenshot(
                path=str(shots / f"lobby-private-{width}-{zoom}.png")
            )
        assert page.errors == [], page.errors
    finally:
        page.context.close()
