"""A table's page names its game's modules for preloading (server/preload.py): every module its
screens import statically, read from the files, each under the server's version and served.
(tests/browser/test_page_load.py checks in Chromium that a table's page loads no module it did not name.)"""

from __future__ import annotations

import re

import httpx

from spieltisch.server.preload import module_graph, table_hints
from spieltisch.server.routes.pages import WEB
from spieltisch.server.static import ClientFile, ClientFiles
from tests.server.player_client import Client


def files_of(sources: dict[str, str]) -> dict[str, ClientFile]:
    return {name: ClientFile(text.encode(), None, "text/javascript", '"x"') for name, text in sources.items()}


def test_the_graph_follows_every_kind_of_static_import_and_no_dynamic_one():
    files = files_of(
        {
            "js/app.js": 'import "./errors.js";\nimport { a,\n  b } from "./ui.js";\nconst x = () => import("./late.js");',
            "js/errors.js": 'export { t } from "./i18n.js";',
            "js/ui.js": 'import { t } from "./i18n.js";\nimport { app } from "./app.js"; // a cycle',
            "js/i18n.js": "export const t = 1;",
            "js/late.js": 'import "./i18n.js";',
        }
    )
    assert module_graph(files, ["js/app.js"]) == ["js/app.js", "js/errors.js", "js/ui.js", "js/i18n.js"]
    assert module_graph(files, ["js/late.js", "js/missing.js"]) == ["js/late.js", "js/i18n.js"]


def test_each_table_kind_names_its_own_screen_and_not_the_others():
    files = ClientFiles(WEB).files
    planahead = table_hints(files, "planahead")
    speedgans = table_hints(files, "speedgans")
    assert "js/planahead/table.js" in planahead and "js/speedgans/table.js" not in planahead
    assert "js/speedgans/table.js" in speedgans and "js/planahead/table.js" not in speedgans
    assert (
        "js/room.js" in planahead and '"/static/js/app.js"' not in planahead
    )  # the page loads its entry itself
    assert table_hints(files, "puzzle") == ""  # a Rätsel attempt has pages of its own


def test_a_tables_page_names_its_modules_under_the_version_and_each_is_served(live_server):
    ann = Client(live_server, "Ann")
    ann.send({"type": "create_table", "game": "speedgans", "settings": {"seats": 2}})
    table_id = ann.table_until(lambda t: True)["id"]
    ann.close()
    html = httpx.get(f"{live_server}/t/{table_id}", headers={"accept": "text/html"}).text
    hinted = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    assert len(hinted) > 20 and all(re.match(r"^/static/[0-9a-f]{12}/js/", url) for url in hinted)
    assert any(url.endswith("/js/speedgans/table.js") for url in hinted)
    assert html.index("modulepreload") < html.index('<script type="module"')
    for url in hinted:
        assert httpx.get(live_server + url).status_code == 200, url
    lobby = httpx.get(f"{live_server}/", headers={"accept": "text/html"}).text
    assert "modulepreload" not in lobby
