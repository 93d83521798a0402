"""The browser client's files as the server sends them.

The files under web/ are read once, when the app is made: each with its gzip form (made once, not per
request) and a strong ETag, and the whole tree with a version, a hash of every file's path and content.
The page names its files under `/static/<version>/…`; the client's modules import each other by
relative paths, so every module inherits the version. A versioned file never changes, so a browser may
keep it for a year without asking again (`immutable`); a new release is a new version and so new URLs.
The old unversioned paths (`/static/js/app.js`) still work, but a browser asks again each time
(`no-cache`, answered 304 while its copy is current). A version that is not this server's is a 404: the
client reloads the page when a module of an old page cannot be loaded (web/js/app.js), rather than mix
two releases.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import mimetypes
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive, Scope, Send

#: A year, the most that caches honour; `immutable`: not even a reload asks again.
VERSIONED_CACHE = "public, max-age=31536000, immutable"
#: Kept, but checked with the server (ETag) before each use.
UNVERSIONED_CACHE = "no-cache"
VERSION_LENGTH = 12
VERSION_SHAPE = re.compile(rf"^[0-9a-f]{{{VERSION_LENGTH}}}$")
#: Types gzip makes smaller (text); other types are sent as they are.
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "image/svg+xml")
#: Python's table lacks some types on a bare system; these are the client's.
MEDIA_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
}


@dataclass(frozen=True)
class ClientFile:
    body: bytes
    gzipped: bytes | None  # None where gzip would not make it smaller
    media_type: str
    etag: str  # of the plain body; its gzip form's is the same with "-gz" inside the quotes

    @classmethod
    def of(cls, path: Path) -> ClientFile:
        body = path.read_bytes()
        media_type = (
            MEDIA_TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        )
        gzipped = None
        if media_type.startswith(COMPRESSIBLE):
            # mtime=0: the same bytes on every start and every server (their ETag is the same too)
            packed = gzip.compress(body, compresslevel=9, mtime=0)
            gzipped = packed if len(packed) < len(body) else None
        return cls(body, gzipped, media_type, f'"{hashlib.sha256(body).hexdigest()[:20]}"')

    def response(self, request: Request, cache_control: str, status_code: int = 200) -> Response:
        """The file for this request: gzipped where the browser takes it, 304 where its copy is this one."""
        use_gzip = self.gzipped is not None and "gzip" in request.headers.get("accept-encoding", "")
        etag = f'{self.etag[:-1]}-gz"' if use_gzip else self.etag
        headers = {"cache-control": cache_control, "etag": etag}
        if self.gzipped is not None:
            headers["vary"] = "Accept-Encoding"
        if status_code == 200 and _matches(request.headers.get("if-none-match", ""), self.etag):
            return Response(status_code=304, headers=headers)
        if use_gzip:
            headers["content-encoding"] = "gzip"
        body = (self.gzipped if use_gzip else self.body) or b""
        if request.method == "HEAD":
            headers["content-length"] = str(len(body))
            body = b""
        return Response(body, status_code=status_code, headers=headers, media_type=self.media_type)


def _matches(if_none_match: str, etag: str) -> bool:
    """Whether the browser's If-None-Match names this file (in either form: both are the same content)."""
    if not if_none_match:
        return False
    if if_none_match.strip() == "*":
        return True
    wanted = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
    return etag in wanted or f'{etag[:-1]}-gz"' in wanted


class ClientFiles:
    """Every file of the client, its version, and the ASGI app that serves them under /static."""

    def __init__(self, root: Path) -> None:
        self.files: Mapping[str, ClientFile] = {
            path.relative_to(root).as_posix(): ClientFile.of(path)
            for path in sorted(root.rglob("*"))
            if path.is_file() and path.name != "index.html"  # the page is served by its routes
        }
        digest = hashlib.sha256()
        for name, file in self.files.items():
            digest.update(f"{name}\0{file.etag}\0".encode())
        self.version = digest.hexdigest()[:VERSION_LENGTH]
        self.prefix = f"/static/{self.version}/"

    def versioned(self, html: str) -> str:
        """The page with every `/static/…` URL in its markup under this version."""
        return html.replace('"/static/', f'"{self.prefix}')

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        if request.method not in ("GET", "HEAD"):
            raise HTTPException(405, "static files are only read")
        # The path below the mount point (/static), without its leading slash.
        name = scope["path"][len(scope.get("root_path", "")) :].lstrip("/")
        first, _, rest = name.partition("/")
        cache = UNVERSIONED_CACHE
        if first == self.version:
            name, cache = rest, VERSIONED_CACHE
        elif VERSION_SHAPE.match(first):
            raise HTTPException(404, f"static files of another version ({first}): reload the page")
        file = self.files.get(name)
        if file is None:
            raise HTTPException(404, f"there is no static file {name!r}")
        await file.response(request, cache)(scope, receive, send)


@functools.cache
def client_files(root: Path) -> ClientFiles:
    """The client's files, read once per process (every app of the process shares them)."""
    return ClientFiles(root)
