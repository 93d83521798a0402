"""The server's log as one JSON object a line (SPIELTISCH_LOG_FORMAT=json), for a log collector, and
the id of the request or WebSocket each line belongs to.

    {"time": "2026-12-03T21:04:05.123Z", "level": "info", "logger": "uvicorn.access",
     "message": "127.0.0.1:51234 - \\"GET /api/tables HTTP/1.1\\" 200", "request_id": "3f2a9c0d1e4b5a67"}

Every HTTP request and WebSocket gets an id (`RequestIds`, server/middleware.py): the client's own
X-Request-ID if it is a sane one (a proxy's), else a new one; it is sent back in the answer's
X-Request-ID header and stands on every line logged while the request is handled (uvicorn's access
line included: uvicorn writes it inside the app's answer). A player's token never reaches the log:
`MaskTokens` (server/middleware.py) masks it on uvicorn's loggers and on the JSON handler.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import os
import sys
from contextvars import ContextVar

#: The id of the request or WebSocket being handled (None outside one: the clock's work, the start).
REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)

FORMATS = ("text", "json")


def log_format() -> str:
    """SPIELTISCH_LOG_FORMAT: "text" (uvicorn's lines, the default) or "json"."""
    chosen = os.environ.get("SPIELTISCH_LOG_FORMAT", "text").strip().lower() or "text"
    if chosen not in FORMATS:
        raise ValueError(f"SPIELTISCH_LOG_FORMAT must be text or json, got {chosen!r}")
    return chosen


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC)
            .isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = REQUEST_ID.get()
        if request_id is not None:
            entry["request_id"] = request_id
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def use_json_logs() -> None:
    """Every line as JSON: uvicorn's handlers (set up before the app is loaded, in every worker) get
    the JSON formatter, and the app's own loggers a JSON handler on stderr (INFO and up). Idempotent."""
    from spieltisch.server.middleware import MaskTokens

    formatter = JsonFormatter()
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        for handler in logging.getLogger(name).handlers:
            handler.setFormatter(formatter)
    root = logging.getLogger()
    if not any(isinstance(handler.formatter, JsonFormatter) for handler in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(formatter)
        handler.addFilter(MaskTokens())
        root.addHandler(handler)
    if root.level > logging.INFO or root.level == logging.NOTSET:
        root.setLevel(logging.INFO)
