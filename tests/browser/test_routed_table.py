"""Browsers behind nginx routing by table (docs/nginx/by-table.conf) in front of two processes: the
pages of a table, whichever process their first socket reached, end up on the process that runs
the table (the welcome asks them to connect to /ws?table=<id>), and play there."""

from __future__ import annotations

from playwright.sync_api import expect
from tests.browser.pages import pick_nickname
from tests.browser.planahead_page import wait_turn
from tests.server.solo_play import wait_for
from tests.services import run_by_its_followers, websockets_open


def test_a_tables_pages_reach_the_process_that_runs_it(routed_servers, redis_url, new_page):
    proxy, servers = routed_servers
    anna, ben = new_page("desktop"), new_page("phone")
    sockets: dict[object, list[str]] = {anna: [], ben: []}
    for page in (anna, ben):
        page.on("websocket", lambda socket, page=page: sockets[page].append(socket.url))
    anna.goto(proxy.url + "/")
    pick_nickname(anna, "Anna")
    anna.get_by_test_id("create-seats").select_option("2")
    anna.get_by_test_id("create-table").click()
    expect(anna.get_by_test_id("room")).to_be_visible()
    table_id = anna.url.rsplit("/", 1)[1]
    ben.goto(proxy.url + "/")
    pick_nickname(ben, "Ben")
    ben.goto(f"{proxy.url}/t/{table_id}")  # (his first socket goes anywhere; then to the table's)
    expect(anna.get_by_test_id("seat-1")).to_contain_text("Ben")
    anna.get_by_test_id("start").click()
    for page in (anna, ben):
        wait_turn(page, 0)

    # Each tab's socket now names the table (for the proxy) ...
    for page in (anna, ben):
        assert sockets[page][-1].endswith(f"/ws?table={table_id}"), sockets[page]
    # ... both are on one process, and that process runs the table.
    wait_for(lambda: sorted(websockets_open(server.url) for server in servers) == [0, 2], 15)
    wait_for(lambda: run_by_its_followers(redis_url, table_id), 10)

    # They play a tile there, each as a person does (the page's own socket).
    for page in (anna, ben):
        page.evaluate(
            """([table, field]) => {
                window.spieltisch.net.send({type: "place", table, field});
                window.spieltisch.net.send({type: "confirm", table});
            }""",
            [table_id, 1],
        )
    for page in (anna, ben):
        wait_turn(page, 1)
    # To the lobby and back into the table (in the page, as a player clicks): the socket stays
    # where the table is; and after a reload the page finds its way there again.
    anna.locator("a.brand").click()
    expect(anna.get_by_test_id("create-table")).to_be_visible()
    anna.go_back()
    wait_turn(anna, 1)
    assert sockets[anna][-1].endswith(f"/ws?table={table_id}") and len(sockets[anna]) == 2
    anna.reload()
    wait_turn(anna, 1)
    wait_for(lambda: sorted(websockets_open(server.url) for server in servers) == [0, 2], 15)
    wait_for(lambda: run_by_its_followers(redis_url, table_id), 10)
    assert not anna.errors and not ben.errors, (anna.errors, ben.errors)
