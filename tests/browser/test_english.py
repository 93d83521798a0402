"""The page in English, and the lobby on a phone.

Alma switches the page to English on the nickname form and walks every screen: the lobby and both
create forms, a waiting room, a Plan Ahead game against a computer to its end, the puzzle from its
start page through a whole attempt, a Speedgans round against a computer (reading, building,
scoring), Speedgans alone (the Übung with its „Rat“ and a finished city, its end; a Rekordjagd),
the Tagesstadt, the Bestenliste, pages that are not there, an error toast, and a private table with
its quick messages. No German word and no umlaut may show, in the text or in a tooltip or label
(players' names aside: they are names). A name the server refuses is explained in the page's
language, not in the server's own English.

On phones of 360×740 and 390×844 with five open tables, everything one can start (a table of
either game, the puzzle, Speedgans alone) is in the window without scrolling and the table list
comes after it; a waiting room keeps its cards inside a 360 px window; the solo tray shows only
the tiles still in it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from tests.browser.pages import click_until, pick_nickname
from tests.browser.planahead_page import free_field, play_plan_ahead
from tests.server.player_client import Client

pytestmark = pytest.mark.browser

#: Umlauts, German quotes and German words the UI has used: none of them may show in English.
GERMAN = re.compile(
    r"[äöüÄÖÜß„]|\b(?:und|der|die|das|den|dem|ein|eine|ist|nicht|noch|mit|von|zur|zum|auf|bei|wird|"
    r"sind|du|dein|deine|Dein|Deine|Tisch|Tische|Spiel|Spielende|Punkte|Stadt|Runde|Zeit|Kachel|"
    r"Kacheln|Feld|Platz|Zurück|Weiter|Nochmal|Beenden|Rat|Gasse|Gans|Brezel|Dackel|Haus|heute|"
    r"Ergebnis|Regeln|Revanche|Mitspielen|Ansehen|Sekunden|Minuten|Bestenliste|Tagesstadt|"
    r"Rekordjagd|Musterstadt|Ablage|Aufgabe|Aufgaben|Strecke|Woche|Gesamt|Versuch|Uhr|Sanduhr|"
    r"Streng|Wettlauf|Leicht|Stark|Mittel|Einsteiger|Meister|Fortgeschritten|frei|wartet|beendet|"
    r"gewinnt|Ziel|Fertig|fertig|Auftrag|Hausregeln|Speichern|Abbrechen|Verbindung)\b"
)
#: English words the UI uses: none of them may show in German.
ENGLISH = re.compile(
    r"\b(?:the|and|of|you|your|Table|Game|Points|points|Round|Time|Tile|Seat|Back|Start|Join|Watch|"
    r"Skip|Hint|Town|Lane|Practice|Record|Leaderboard|Puzzle|Rules|Result|Rematch|Next|seconds|"
    r"minutes|nickname|character|characters|invisible)\b"
)

#: Every line of visible text, every tooltip, label and placeholder, the options of every select,
#: the titles inside pictures, and the document's title.
SHOWN_TEXT = """() => {
  const out = document.body.innerText.split('\\n').map((line) => line.trim()).filter(Boolean);
  const attributes = ['title', 'aria-label', 'placeholder', 'alt'];
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]'))
    for (const name of attributes) if (el.getAttribute(name)) out.push(el.getAttribute(name));
  for (const el of document.querySelectorAll('svg title, option')) out.push(el.textContent.trim());
  out.push(document.title);
  return out;
}"""

PHONES = {"360x740": (360, 740), "390x844": (390, 844)}
#: What one can start from the lobby.
LOBBY_ACTIONS = [
    "create-game-planahead",
    "create-game-speedgans",
    "create-table",
    "lobby-puzzle-today",
    "lobby-solo-record",
    "lobby-solo-daily",
    "lobby-solo-practice",
]


# ---- helpers ---------------------------------------------------------------------------------------
def words_in(page: Page, pattern: re.Pattern, names: set[str]) -> list[str]:
    """The texts on the page that match the pattern once the players' names are taken out."""
    page.wait_for_timeout(150)  # a view that is still arriving
    found = set()
    for text in page.evaluate(SHOWN_TEXT):
        for name in names:
            text = text.replace(name, "")
        if pattern.search(text):
            found.add(text)
    return sorted(found)


def seated_names(page: Page) -> set[str]:
    """The names in a waiting room's seats (the computers' names are names, not words to translate)."""
    return set(page.locator(".seat-name").all_inner_texts()) - {""}


def name_refused_with(page: Page, text: str) -> None:
    """Submit a name the form lets through but the server refuses (a zero-width space), and wait for
    the form to say `text` (an earlier error may still stand until the server's answer comes)."""
    page.get_by_test_id("nickname-input").fill("\u200b")
    page.get_by_test_id("nickname-submit").click()
    expect(page.get_by_test_id("nickname-error")).to_have_text(text)


def lay_by_hints(page: Page) -> None:
    """The Übung's „Rat“, tile after tile, until the city is valid."""
    solo = page.get_by_test_id("solo")
    for _ in range(12):
        expect(solo).to_have_attribute("data-pending", "false")
        if page.get_by_test_id("live").count():
            return
        if page.locator(".sg-cell[data-hint='next']").count() == 0:
            page.get_by_test_id("rat").click()
        page.locator(".sg-cell[data-hint='next']").click()
    expect(page.get_by_test_id("live")).to_be_visible()


def boxes(page: Page, test_ids: list[str]) -> dict[str, list[float] | None]:
    return page.evaluate(
        """(ids) => Object.fromEntries(ids.map((id) => {
            const r = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
            return [id, r && r.width > 0 ? [r.left, r.top, r.right, r.bottom] : null];
        }))""",
        test_ids,
    )


def phone(browser, size: str, lang: str = "de") -> Page:
    width, height = PHONES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=2, has_touch=True, is_mobile=True
    )
    context.set_default_timeout(10_000)
    context.add_init_script(f"localStorage.setItem('spieltisch.lang', '{lang}')")
    return context.new_page()


# ---- the tests -------------------------------------------------------------------------------------
def test_every_screen_speaks_english(server_factory, new_page, shots):
    url = server_factory().url
    page = new_page("desktop")
    names = {"Alma"}
    german: dict[str, list[str]] = {}

    def look(screen: str) -> None:
        german[screen] = words_in(page, GERMAN, names)
        page.screenshot(
            path=str(shots / f"english-{re.sub(r'[^a-z0-9]+', '-', screen.lower()).strip('-')}.png")
        )

    page.goto(url + "/")
    page.get_by_test_id("lang").click()  # the switch in the header; the page remembers it
    expect(page.get_by_test_id("nickname-form")).to_contain_text("Welcome")
    page.get_by_test_id("nickname-submit").click()
    expect(page.get_by_test_id("nickname-error")).to_have_text("A nickname has 1 to 20 characters.")
    look("nickname form")
    name_refused_with(page, "That name cannot be used.")
    pick_nickname(page, "Alma")
    expect(page.get_by_test_id("lobby-daily-state")).not_to_have_text("…")
    look("lobby")

    # Speedgans: the form, the waiting room, an error toast, a round against a computer.
    page.get_by_test_id("create-game-speedgans").check()
    page.get_by_test_id("sg-hourglass").select_option("15")
    look("lobby, Speedgans form")
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("bot-level").select_option("strong")
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-1")).to_have_attribute("data-free", "false")
    names |= seated_names(page)
    look("Speedgans waiting room")
    page.evaluate("window.spieltisch.net.send({type: 'start', table: 'zzzz9999'})")
    expect(page.get_by_test_id("toast")).to_be_visible()
    look("error toast")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("reading")).to_be_visible()
    # A round is named alike in every heading: „Round 1“, capital R.
    expect(page.get_by_test_id("reading").locator("h2")).to_have_text("The tasks · Round 1")
    look("Speedgans reading")
    game = page.get_by_test_id("sg-game")
    expect(game).to_have_attribute("data-phase", "building", timeout=8_000)
    page.get_by_test_id("tray-1").click()
    page.get_by_test_id("theme").click()
    look("Speedgans building, the looks menu open")
    page.get_by_test_id("theme").click()
    page.get_by_test_id("leave-game").click()
    look("Speedgans, leaving asked")
    page.get_by_test_id("leave-no").click()
    expect(page.get_by_test_id("results")).to_be_visible(timeout=40_000)
    expect(page.get_by_test_id("results").locator("h2")).to_have_text("Scoring – Round 1")
    look("Speedgans scoring")
    page.get_by_test_id("musterstadt").click()
    look("Speedgans Musterstadt")

    # Plan Ahead against a computer, to the end of the game.
    page.goto(url + "/")
    page.get_by_test_id("create-seats").select_option("2")
    look("lobby, Plan Ahead form")
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("add-bot").click()
    expect(page.get_by_test_id("seat-1")).to_have_attribute("data-free", "false")
    names |= seated_names(page)
    look("Plan Ahead waiting room")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("pa-game")).to_be_visible()
    look("Plan Ahead game")
    page.get_by_test_id("help-open").click()
    look("Plan Ahead scoring help")
    page.get_by_test_id("help-close").click()
    play_plan_ahead(page)
    expect(page.get_by_test_id("strongest")).to_be_visible(timeout=30_000)
    look("Plan Ahead end")

    # The puzzle: its start page, a whole attempt, the result.
    page.goto(url + "/puzzle")
    expect(page.get_by_test_id("puzzle-intro")).to_be_visible()
    expect(page.get_by_test_id("puzzle-rules")).to_contain_text("from one side of your land to the other")
    look("puzzle start page")
    page.get_by_test_id("puzzle-start").click()
    for turn in range(19):
        expect(page.get_by_test_id("pa-game")).to_have_attribute("data-turn", str(turn), timeout=15_000)
        if turn == 3:
            look("puzzle attempt")
        page.get_by_test_id(f"field-{free_field(page)}").click()
        page.get_by_test_id("ok").click()
    expect(page.get_by_test_id("land-caption")).to_be_visible(timeout=60_000)
    look("puzzle result")

    # Speedgans alone: the Übung (a „Rat“, a finished city, the end), a Rekordjagd, the lists.
    page.goto(url + "/")
    page.get_by_test_id("lobby-solo-practice").click()
    expect(page.get_by_test_id("solo")).to_have_attribute("data-mode", "practice")
    page.get_by_test_id("rat").click()
    look("practice with a hint")
    lay_by_hints(page)
    page.get_by_test_id("gasse-dicht").click()
    expect(page.get_by_test_id("last-city")).to_be_visible()
    look("practice, a finished city")
    page.get_by_test_id("new-tasks").click()
    expect(page.get_by_test_id("picker")).to_be_visible()
    look("practice, choosing tasks")
    number = int(page.get_by_test_id("solo").get_attribute("data-number"))
    page.get_by_test_id("pick-random").click()
    # The new tasks first (their view redraws the page, and with it a „Really?“ asked before).
    expect(page.get_by_test_id("solo")).to_have_attribute("data-number", str(number + 1))
    page.get_by_test_id("give-up").click()
    expect(page.get_by_test_id("give-up")).to_have_class(re.compile(r"\bis-armed\b"))
    look("practice, ending asked")
    page.get_by_test_id("give-up").click()
    expect(page.get_by_test_id("summary")).to_be_visible()
    look("practice ended")
    page.goto(url + "/")
    click_until(
        page.get_by_test_id("lobby-solo-record"),
        lambda: expect(page.get_by_test_id("solo-clock")).to_be_visible(timeout=3_000),
    )
    look("record hunt")
    for path, test_id in (
        ("/tagesstadt", "daily-page"),
        ("/bestenliste", "board-page"),
        ("/no/such/page", "page-not-found"),
        ("/t/zzzz9999", "table-not-found"),
        ("/puzzle/2020-13-45", "puzzle-not-found"),
        ("/regeln/planahead", "rules"),
        ("/regeln/speedgans", "rules"),
    ):
        page.goto(url + path)
        expect(page.get_by_test_id(test_id)).to_be_visible()
        look(path)

    assert {screen: words for screen, words in german.items() if words} == {}
    assert len(german) >= 30  # every screen above was looked at
    assert not page.errors, page.errors


def test_german_says_in_german_what_the_server_refuses(server_factory, browser):
    """The server's reasons are English only: the page tells them in its own language."""
    url = server_factory().url
    page = phone(browser, "390x844", "de")
    page.goto(url + "/")
    name_refused_with(page, "Dieser Name geht nicht.")
    assert words_in(page, ENGLISH, set()) == []
    page.get_by_test_id("lang").click()
    name_refused_with(page, "That name cannot be used.")
    page.context.close()


@pytest.mark.parametrize("size", PHONES)
def test_the_lobby_on_a_phone_shows_what_to_start_before_the_tables(server_factory, browser, shots, size):
    url = server_factory().url
    hosts = []
    for n, game in enumerate(["planahead", "speedgans"] * 2 + ["planahead"]):
        host = Client(url, f"Host {n}", address=f"10.0.0.{n + 1}")  # five households: five lines
        hosts.append(host)
        host.send(
            {"type": "create_table", "game": game, "settings": {"seats": 3} if game == "planahead" else {}}
        )
        host.next_of("table")
    for lang in ("de", "en"):
        page = phone(browser, size, lang)
        page.goto(url + "/")
        pick_nickname(page, {"de": "Pia", "en": "Pippa"}[lang])  # two players: a name is one's own
        expect(page.locator("[data-testid^='lobby-table-']")).to_have_count(5)
        expect(page.get_by_test_id("lobby-daily-state")).not_to_have_text("…")
        page.screenshot(path=str(shots / f"lobby-phone-{size}-{lang}.png"), full_page=True)
        width, height = PHONES[size]
        found = boxes(page, [*LOBBY_ACTIONS, "lobby-tables"])
        outside = {
            part: box
            for part, box in found.items()
            if part != "lobby-tables"
            and (box is None or box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height)
        }
        assert outside == {}, (lang, outside)
        lowest_action = max(box[3] for part, box in found.items() if part != "lobby-tables")
        assert found["lobby-tables"][1] > lowest_action  # the list of tables comes after
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        page.context.close()
    for host in hosts:
        host.close()


def test_a_small_phone_keeps_the_room_in_the_window_and_the_solo_tray_tight(server_factory, browser, shots):
    url = server_factory().url
    page = phone(browser, "360x740", "de")
    page.goto(url + "/")
    pick_nickname(page, "Maximiliane Muster")
    page.get_by_test_id("create-game-speedgans").check()
    page.get_by_test_id("create-table").click()
    page.get_by_test_id("bot-level").select_option("strong")
    for seat in (1, 2):
        page.get_by_test_id("add-bot").tap()
        expect(page.get_by_test_id(f"seat-{seat}")).to_have_attribute("data-free", "false")
    page.screenshot(path=str(shots / "room-phone-360.png"), full_page=True)
    right_edges = page.locator(".room .card").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().right)"
    )
    assert right_edges and max(right_edges) <= 360 - 8, right_edges  # a margin to the window's edge
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360

    # The Übung: a tile laid from the tray leaves no empty place behind in it.
    page.goto(url + "/")
    page.get_by_test_id("lobby-solo-practice").tap()
    solo = page.get_by_test_id("solo")
    expect(solo).to_have_attribute("data-mode", "practice")
    page.get_by_test_id("rat").tap()
    page.locator(".sg-cell[data-hint='next']").tap()
    expect(solo).to_have_attribute("data-pending", "false")
    expect(page.locator("[data-testid='tray'] .sg-tray-tile")).to_have_count(8)
    expect(page.locator("[data-testid='tray'] .sg-tray-slot.is-empty").first).to_be_hidden()
    page.screenshot(path=str(shots / "solo-tray-phone-360.png"))
    page.context.close()


def test_a_private_table_and_its_quick_messages_speak_english(server_factory, browser):
    """The „Privat“ choice, a private waiting room with its invite link, the quick messages' picker
    and bubbles, in English on a desktop and on a 390×844 phone (issue 35)."""
    url = server_factory().url
    alma, bo = phone(browser, "390x844", "en"), phone(browser, "390x844", "en")
    alma.set_viewport_size({"width": 1280, "height": 800})
    alma.goto(url + "/")
    pick_nickname(alma, "Alma")
    for game in ("speedgans", "planahead"):  # the choice is in both games' forms
        alma.get_by_test_id(f"create-game-{game}").check()
        expect(alma.get_by_test_id("create-form")).to_contain_text("Private: invite link only")
    assert words_in(alma, GERMAN, {"Alma"}) == []
    alma.get_by_test_id("create-private").check()
    alma.get_by_test_id("create-table").click()
    expect(alma.get_by_test_id("private-mark")).to_have_text("Private")
    expect(alma.get_by_test_id("copy-link")).to_have_text("Copy invite")
    link = alma.get_by_test_id("share-link").input_value()
    assert "#k=" in link
    bo.goto(url + "/")
    pick_nickname(bo, "Bo")
    bo.goto(link)
    expect(alma.get_by_test_id("seat-1")).to_contain_text("Bo")
    bo.get_by_test_id("quick-open").click()
    expect(bo.get_by_test_id("quick-picker")).to_contain_text("Mute Alma")
    assert words_in(bo, GERMAN, {"Alma", "Bo"}) == []
    bo.screenshot(path="/tmp/shots-together/picker-english-390.png")
    bo.get_by_test_id("quick-another").click()
    expect(alma.get_by_test_id("bubble-1")).to_have_text("Another one?")
    alma.screenshot(path="/tmp/shots-together/private-room-english-desktop.png")
    for page in (alma, bo):
        expect(page.get_by_test_id("bubble-1")).to_have_text("Another one?")
        assert words_in(page, GERMAN, {"Alma", "Bo"}) == []
    alma.context.close()
    bo.context.close()
