"""`<link rel="modulepreload">` hints: the modules a table's page will load, named in the page itself.

Without them a browser finds the modules one import at a time — app.js, then room.js, then the game's
table.js, then what that imports — a round trip for each level. Named in the page, they are all asked
for at once, in parallel with app.js. Which modules: every module the page's entry (app.js) and the
table's screens (web/js/room.js and the game's screen, which app.js and room.js load with `import()`)
import statically, read from the files themselves, so a new import needs no list kept by hand.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping

from spieltisch.server.static import ClientFile

#: The page's own entry: the index's <script type="module">.
ENTRY = "js/app.js"
#: What a table's page loads once it knows the table's kind (web/js/app.js `screens.table`, then
#: web/js/room.js `GAMES`): its room and its game's screen.
TABLE_SCREENS: Mapping[str, tuple[str, ...]] = {
    "planahead": ("js/room.js", "js/planahead/table.js"),
    "speedgans": ("js/room.js", "js/speedgans/table.js"),
    "speedgans_solo": ("js/room.js", "js/speedgans/solo.js"),
}
#: A static import or re-export of a module of the client (`import … from "./x.js"`, `import "./x.js"`,
#: `export … from "./x.js"`); `import("./x.js")` is loaded later, when its screen shows, and not named.
STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\b(?:[^;"]*?\bfrom)?\s*"(\.{1,2}/[^"]+)"', re.MULTILINE)


def static_imports(files: Mapping[str, ClientFile], name: str) -> list[str]:
    """The client files a module imports statically (paths as in `files`, e.g. "js/ui.js")."""
    text = files[name].body.decode("utf-8")
    folder = posixpath.dirname(name)
    return [posixpath.normpath(posixpath.join(folder, spec)) for spec in STATIC_IMPORT.findall(text)]


def module_graph(files: Mapping[str, ClientFile], entries: Iterable[str]) -> list[str]:
    """Every module the entries import statically, directly or not, the entries first (each once)."""
    seen: dict[str, None] = {}
    todo = list(entries)
    while todo:
        name = todo.pop(0)
        if name in seen or name not in files:
            continue
        seen[name] = None
        todo.extend(static_imports(files, name))
    return list(seen)


def table_hints(files: Mapping[str, ClientFile], kind: str) -> str:
    """The <link rel="modulepreload"> lines for a table of this kind ("" for a kind without a screen
    of its own here): its modules beyond the page's entry, which the page loads itself."""
    screens = TABLE_SCREENS.get(kind)
    if screens is None:
        return ""
    names = [name for name in module_graph(files, (ENTRY, *screens)) if name != ENTRY]
    return "".join(f'  <link rel="modulepreload" href="/static/{name}">\n' for name in names)
