"""Plan Ahead's score list shows names and computers' levels in full where there is room: on a desktop
(1280×800) and on a 360-px phone, in German and in English, during a round and at the end of a game
(with the strongest computer's row). A narrow row (the phone's three columns) shows the level's short
word; the full word stays in the page for screen readers. And the end's sentence about the strongest
computer names its level and says "only" when someone at the table scored more."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import pick_nickname, serious_violations
from tests.browser.planahead_page import play_plan_ahead, settled, wait_turn

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1280, 800), "phone": (360, 740)}
#: The computers' levels by seat, for a table of four and of six (the phone's two and three columns).
LEVELS = {
    4: {1: "easy", 2: "medium", 3: "strong"},
    6: {1: "easy", 2: "medium", 3: "strong", 4: "medium", 5: "easy"},
}
WORDS = {
    "de": {
        "easy": ("Einsteiger", "Einst."),
        "medium": ("Fortgeschritten", "Fortg."),
        "strong": ("Meister", "Mstr."),
        "strongest": "Stärkster Computer",
        "plain": "Der stärkste Computer (Meister) hätte mit diesen Kacheln {n} Punkte erreicht.",
        "only": "Der stärkste Computer (Meister) hätte mit diesen Kacheln nur {n} Punkte erreicht.",
    },
    "en": {
        "easy": ("Beginner", "Beg."),
        "medium": ("Advanced", "Adv."),
        "strong": ("Master", "Mstr."),
        "strongest": "Strongest computer",
        "plain": "The strongest computer (Master) would have scored {n} points with these tiles.",
        "only": "The strongest computer (Master) would have scored only {n} points with these tiles.",
    },
}

#: For each name and badge of the score list: its text, whether it is cut (wider content than box),
#: whether it reaches beyond its row, and the word the badge draws (its ::after, else its text); and
#: whether the list draws the levels' short words, and if so, whether a row had no room for the full.
MEASURE = """() => {
  const list = document.querySelector('.pa-scores');
  const cut = (el) => Boolean(el && el.scrollWidth > el.clientWidth);
  const rowsCut = () => [...list.querySelectorAll('.pa-score')].some((row) => row.querySelector('.level-badge')
      && (cut(row.querySelector('.pa-score-name')) || cut(row.querySelector('.level-badge'))));
  const tight = list.classList.contains('is-tight');
  let needed = null;
  if (tight) {
      list.classList.remove('is-tight');
      needed = rowsCut();
      list.classList.add('is-tight');
  }
  const rows = [...list.querySelectorAll('.pa-score')].map((row) => {
    const box = row.getBoundingClientRect();
    const part = (el) => {
        if (!el) return null;
        const r = el.getBoundingClientRect();
        const after = getComputedStyle(el, '::after').content;
        return {
            text: el.textContent, cut: el.scrollWidth > el.clientWidth,
            outside: r.left < box.left - 0.5 || r.right > box.right + 0.5,
            // The word drawn: the ::after's string ('"Fortg." / ""', the empty alt text after the
            // slash), else the element's own text.
            drawn: /^"/.test(after) ? JSON.parse(after.split(' / ')[0]) : el.textContent,
            width: r.width,
        };
    };
    return {
        id: row.dataset.testid, width: box.width,
        name: part(row.querySelector('.pa-score-name')), badge: part(row.querySelector('.level-badge')),
        points: part(row.querySelector('.pa-score-points')),
    };
  });
  return {tight, needed, rows};
}"""


def check_rows(page: Page, lang: str, kind: str, seats: int, *, names: dict[str, str]) -> bool:
    """Nothing cut; the levels' full words unless a row has no room for them. Whether short words."""
    measured_list = page.evaluate(MEASURE)
    rows, tight = measured_list["rows"], measured_list["tight"]
    assert not tight or measured_list["needed"], measured_list  # short words only where needed
    assert {row["id"] for row in rows} >= set(names), rows
    for row in rows:
        for part in ("name", "badge", "points"):
            measured = row[part]
            if measured is None:
                continue
            assert not measured["cut"], (kind, lang, row["id"], part, row)
            assert not measured["outside"], (kind, lang, row["id"], part, row)
        if row["id"] in names:
            assert row["name"]["text"] == names[row["id"]], row
    for seat, level in LEVELS[seats].items():
        row = next(r for r in rows if r["id"] == f"score-{seat}")
        long, short = WORDS[lang][level]
        assert row["badge"]["text"] == long  # the full word in the page (screen readers read it)
        assert row["badge"]["drawn"] == (short if tight else long), (tight, row)
    if kind == "phone" and seats == 6:  # three columns have no room for "Fortgeschritten"
        assert tight, rows
    return tight


@pytest.mark.parametrize(
    ("kind", "lang", "seats"),
    [("desktop", "de", 4), ("desktop", "en", 4), ("phone", "de", 4), ("phone", "en", 4), ("phone", "de", 6)],
)
def test_score_names_and_level_badges_are_not_cut(live_server, browser, shots, kind, lang, seats):
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    width, height = SIZES[kind]
    phone = kind == "phone"
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2 if phone else 1,
        has_touch=phone,
        is_mobile=phone,
        locale="de-DE",
    )
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(live_server + "/")
        if lang == "en":
            page.get_by_test_id("lang").click()
        pick_nickname(page, "Clara")
        page.get_by_test_id("create-seats").select_option(str(seats))
        page.get_by_test_id("create-table").click()
        for seat, level in LEVELS[seats].items():
            page.get_by_test_id("bot-level").select_option(level)
            page.get_by_test_id("add-bot").click()
            expect(page.get_by_test_id(f"seat-{seat}")).to_have_attribute("data-free", "false")
        page.get_by_test_id("start").click()
        wait_turn(page, 0)
        if page.get_by_test_id("first-ok").count():
            page.get_by_test_id("first-ok").click()  # the first-tile hint, put away
        settled(page)
        names = {"score-0": "Clara"}
        check_rows(page, lang, kind, seats, names=names)
        page.screenshot(path=str(shots / f"pa-scores-{kind}-{lang}-{seats}-round.png"))

        play_plan_ahead(page)
        note = page.get_by_test_id("strongest")
        expect(note).to_be_visible(timeout=30_000)
        strongest = int(note.get_attribute("data-score"))
        scores = [int(page.get_by_test_id(f"score-{i}").get_attribute("data-score")) for i in range(seats)]
        best = max(scores)
        words = WORDS[lang]
        expect(note).to_contain_text(words["only" if best > strongest else "plain"].format(n=strongest))
        names["score-strongest"] = words["strongest"]
        check_rows(page, lang, kind, seats, names=names)
        page.screenshot(path=str(shots / f"pa-scores-{kind}-{lang}-{seats}-end.png"))
        page.get_by_test_id("close-end").click()
        settled(page)
        check_rows(page, lang, kind, seats, names=names)
        page.screenshot(path=str(shots / f"pa-scores-{kind}-{lang}-{seats}-end-boards.png"))
        assert serious_violations(axe, page) == []  # the short words drawn, the full ones hidden

        # Both sentences, whichever the tiles gave: the view again, the strongest computer's score
        # put once below and once at the best score at the table.
        page.get_by_test_id("show-end").click()
        for score, sentence in ((best - 1, "only"), (best, "plain")):
            page.evaluate(
                """(score) => {
                    const game = window.spieltisch.app.screen.game;
                    const table = structuredClone(game.table);
                    table.game.strongest.score = score;
                    game.update(table);
                }""",
                score,
            )
            expect(note).to_have_attribute("data-score", str(score))
            expect(note).to_contain_text(words[sentence].format(n=score))
            expect(note).not_to_contain_text(re.compile(r"\{\w+\}"))
            page.screenshot(path=str(shots / f"pa-scores-{kind}-{lang}-{seats}-end-{sentence}.png"))
        if kind == "desktop":
            # The reviewer's case at 1280 px: three-digit points beside "Clara" and each full level.
            page.evaluate(
                """() => {
                    const game = window.spieltisch.app.screen.game;
                    const table = structuredClone(game.table);
                    for (const seat of table.game.seats) seat.score = 169;
                    game.update(table);
                }"""
            )
            expect(page.get_by_test_id("score-2")).to_have_attribute("data-score", "169")
            assert not check_rows(page, lang, kind, seats, names=names)  # all full words
        assert not errors, errors
    finally:
        context.close()
