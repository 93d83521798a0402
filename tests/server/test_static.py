"""How the browser client is delivered: gzipped, under versioned URLs a browser keeps for a year, the
page itself asked for again each time, old unversioned URLs still working, another version a 404."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from spieltisch.server.app import create_app
from spieltisch.server.config import ServerConfig
from spieltisch.server.routes.pages import WEB
from spieltisch.server.static import ClientFiles

YEAR = "public, max-age=31536000, immutable"
GZIP = {"accept-encoding": "gzip, deflate, br"}
PLAIN = {"accept-encoding": "identity"}


@pytest.fixture(scope="module")
def client(tmp_path_factory) -> TestClient:
    # No lifespan (a TestClient outside `with` runs none): the page and the files need no services.
    config = ServerConfig(database_url=f"sqlite:///{tmp_path_factory.mktemp('static') / 'x.sqlite3'}")
    return TestClient(create_app(config))


def page_urls(client: TestClient) -> list[str]:
    html = client.get("/", headers={"accept": "text/html", **GZIP}).text
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


def test_the_page_names_versioned_files_and_is_asked_for_each_time(client):
    page = client.get("/", headers={"accept": "text/html", **GZIP})
    assert page.status_code == 200 and page.headers["content-encoding"] == "gzip"
    assert page.headers["cache-control"] == "no-cache"
    urls = page_urls(client)
    assert {"js/app.js", "css/app.css", "img/icon.svg"} <= {url.split("/", 3)[3] for url in urls}
    versions = {url.split("/")[2] for url in urls}
    assert len(versions) == 1 and re.fullmatch(r"[0-9a-f]{12}", versions.pop())
    again = client.get("/puzzle", headers={"if-none-match": page.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    # A 404 page is the same app (the app says what is missing), never a 304.
    missing = client.get(
        "/no/such/page", headers={"accept": "text/html", "if-none-match": page.headers["etag"]}
    )
    assert missing.status_code == 404 and "/js/app.js" in missing.text


def test_versioned_files_come_gzipped_and_are_kept_for_a_year(client):
    for url in page_urls(client):
        name = url.split("/", 3)[3]
        on_disk = (WEB / name).read_bytes()
        answer = client.get(url, headers=GZIP)
        assert answer.status_code == 200, url
        assert answer.headers["cache-control"] == YEAR
        assert answer.content == on_disk  # httpx has unpacked it
        if not name.endswith(".svg"):  # the icon is too small for gzip to pay
            assert answer.headers["content-encoding"] == "gzip", url
            assert int(answer.headers["content-length"]) < len(on_disk) / 2, url
        etag = answer.headers["etag"]
        assert client.get(url, headers={**GZIP, "if-none-match": etag}).status_code == 304
        plain = client.get(url, headers=PLAIN)
        assert "content-encoding" not in plain.headers and plain.content == on_disk
        assert plain.headers["etag"] != etag  # another representation, another tag


def test_a_module_imports_others_by_relative_paths_so_they_inherit_the_version(client):
    app_js = next(url for url in page_urls(client) if url.endswith("/js/app.js"))
    source = client.get(app_js).text
    imports = re.findall(r'(?:from|import)\s*\(?\s*"(\.{1,2}/[^"]+)"', source)
    assert "./i18n.js" in imports and "./lobby.js" in imports
    base = app_js.rsplit("/", 1)[0]
    for relative in imports:
        answer = client.get(f"{base}/{relative.removeprefix('./')}")
        assert answer.status_code == 200 and answer.headers["cache-control"] == YEAR, relative


def test_old_unversioned_urls_still_work_but_are_checked_each_time(client):
    answer = client.get("/static/js/app.js", headers=GZIP)
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache"
    assert answer.content == (WEB / "js/app.js").read_bytes()
    assert answer.headers["content-type"].startswith("text/javascript")
    unchanged = client.get("/static/js/app.js", headers={**GZIP, "if-none-match": answer.headers["etag"]})
    assert unchanged.status_code == 304 and unchanged.headers["cache-control"] == "no-cache"
    head = client.head("/static/css/app.css", headers=GZIP)
    assert head.status_code == 200 and head.content == b"" and int(head.headers["content-length"]) > 0


def test_another_version_or_an_unknown_file_is_a_404(client):
    version = page_urls(client)[0].split("/")[2]
    other = "0" * 12 if version != "0" * 12 else "1" * 12
    for path in (
        f"/static/{other}/js/app.js",
        f"/static/{version}/js/nothing.js",
        f"/static/{version}/../server/app.py",
        "/static/index.html",
        f"/static/{version}/",
    ):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert answer.json()["error"]["code"] == "not_found"
        assert "cache-control" not in answer.headers or "immutable" not in answer.headers["cache-control"]
    assert client.post(f"/static/{version}/js/app.js").status_code == 405


def test_the_version_changes_with_any_file_and_only_then(tmp_path: Path):
    (tmp_path / "js").mkdir()
    module = tmp_path / "js" / "a.js"
    module.write_text("export const a = 1;\n" * 100)
    first = ClientFiles(tmp_path)
    assert ClientFiles(tmp_path).version == first.version  # the same files: the same URLs
    module.write_text("export const a = 2;\n" * 100)
    second = ClientFiles(tmp_path)
    assert second.version != first.version
    assert gzip.decompress(second.files["js/a.js"].gzipped or b"") == module.read_bytes()
    assert (
        second.versioned('<script src="/static/js/a.js">')
        == f'<script src="/static/{second.version}/js/a.js">'
    )
