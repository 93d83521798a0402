"""Fuzzing the WebSocket against a real server in this process: messages shaped like the protocol's
(every type, its fields with values in and out of range, unknown fields, any `seq`) and raw garbage
(bytes, text, nesting, frames near the size limit). Never an `internal` answer, never a traceback,
the connection usable after each burst, and the server's memory flat over thousands of bad frames."""

from __future__ import annotations

import gc
import json
import logging
import random
import time
import tracemalloc
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from spieltisch.games.errors import ErrorCode
from spieltisch.server.protocol import MAX_MESSAGE_BYTES, ClientMessage
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client

#: Every message type the server knows, with its fields (but `type` and `seq`).
SCHEMA: dict[str, list[str]] = {
    model.model_fields["type"].annotation.__args__[0]: [
        f for f in model.model_fields if f not in ("type", "seq")
    ]
    for model in typing.get_args(typing.get_args(ClientMessage)[0])
}
SETTING_NAMES = ["seats", "turn_seconds", "hourglass", "mode", "scoring", "target", "one_task", "strict"]
SETTING_NAMES += ["stars", "day", "tasks", "puzzle", "bots", "__proto__", ""]
GAMES = ["planahead", "puzzle", "speedgans", "speedgans_solo", "chess", "", "PLANAHEAD"]

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory, data_dir: Path) -> Iterator[InProcessServer]:
    with InProcessServer(tmp_path_factory.mktemp("fuzz"), data_dir) as running:
        yield running


@pytest.fixture(scope="module")
def player(server) -> Iterator[tuple[Client, list[str]]]:
    """A player, and tables of every kind it holds a seat at (so moves reach real games)."""
    client = Client(server.url, "Fuzz")
    tables = []
    for game, table_settings in [
        ("planahead", {"seats": 2}),
        ("speedgans", {"seats": 2}),
        ("speedgans_solo", {"mode": "practice"}),
    ]:
        client.send({"type": "create_table", "game": game, "settings": table_settings})
        tables.append(client.table_until(lambda t, kind=game: t["kind"] == kind and t["you"] == 0)["id"])
    yield client, tables
    client.close()


def field_values(name: str, tables: list[str]) -> st.SearchStrategy[Any]:
    """A field's values: the ones it may have, near misses, and any JSON at all."""
    plausible: dict[str, st.SearchStrategy[Any]] = {
        "table": st.sampled_from([*tables, "nosuchtable"]),
        "game": st.sampled_from(GAMES),
        "settings": st.dictionaries(st.sampled_from(SETTING_NAMES), json_values, max_size=5),
        "puzzle": st.from_regex(r"\d{4}-\d{2}-\d{2}", fullmatch=True),
        "level": st.sampled_from(["easy", "medium", "strong", "random", "EASY"]),
        "seat": st.integers(min_value=-2, max_value=8),
        "field": st.none() | st.integers(min_value=-1, max_value=21),
        "city": st.text(alphabet="0123456789abfr. ", max_size=64),
        "tasks": st.none() | st.from_regex(r"[A-Z][0-9],[A-Z][0-9],[A-Z][0-9]", fullmatch=True),
    }
    return st.integers(0, 5).flatmap(lambda n: plausible.get(name, json_values) if n else json_values)


@st.composite
def shaped_messages(draw: st.DrawFn, tables: list[str]) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(SCHEMA)) if draw(st.integers(0, 9)) else st.text(max_size=12))
    message: dict[str, Any] = {"type": kind}
    for name in SCHEMA.get(kind, []):
        if draw(st.integers(0, 9)):  # now and then a field missing
            message[name] = draw(field_values(name, tables))
    if draw(st.booleans()):
        message["seq"] = draw(st.integers(0, 2**53) if draw(st.integers(0, 4)) else json_values)
    if not draw(st.integers(0, 9)):
        message[draw(st.text(max_size=8))] = draw(json_values)  # an unknown field
    if not draw(st.integers(0, 20)):
        message["type"] = draw(json_values)  # a type that is no string
    return message


raw_frames = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    st.integers(1, 6000).map(lambda n: "[" * n),
    st.integers(1, 3000).map(lambda n: '{"type": "ping", "x": ' + "{" * n),
    st.integers(1, 1500).map(lambda n: '{"type":"ping","seq":1,"x":' + "[" * n + "]" * n + "}"),
    json_values.map(json.dumps),
    st.sampled_from(["😀", "a", "\u0000", "\ud7ff"]).flatmap(
        lambda char: st.integers(MAX_MESSAGE_BYTES // 4 - 40, MAX_MESSAGE_BYTES + 8).map(
            lambda n: json.dumps({"type": "ping", "pad": char * n}, ensure_ascii=False)
        )
    ),
)


def exchange(client: Client, frames: list[Any], marker: int, timeout: float = 20.0) -> list[dict[str, Any]]:
    """Send the frames and a ping; every answer up to that ping's pong (which proves the connection
    still works)."""
    for frame in frames:
        client.ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))
    client.send({"type": "ping", "seq": marker})
    answers = []
    deadline = time.monotonic() + timeout
    while True:
        answer = json.loads(client.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if answer["type"] == "pong" and answer.get("seq") == marker:
            return answers
        if answer.get("code") == "rate_limited" and answer.get("seq") == marker:
            time.sleep(0.5)  # faster than any person: the server slows the flood down; ask again
            client.send({"type": "ping", "seq": marker})
        answers.append(answer)


def check(answers: list[dict[str, Any]]) -> None:
    codes = {code.value for code in ErrorCode}
    for answer in answers:
        if answer["type"] == "error":
            assert answer["code"] != "internal", answer
            assert answer["code"] in codes, answer
            seq = answer.get("seq")
            assert seq is None or (type(seq) is int and 0 <= seq <= 2**53), answer


@pytest.fixture
def server_errors() -> Iterator[list[logging.LogRecord]]:
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.ERROR or record.exc_info:
                records.append(record)

    handler = Keep()
    loggers = [logging.getLogger(), logging.getLogger("uvicorn")]
    for logger in loggers:
        logger.addHandler(handler)
    yield records
    for logger in loggers:
        logger.removeHandler(handler)
    assert [r.getMessage() for r in records] == []


_markers = iter(range(10**9, 2 * 10**9))


@pytest.mark.slow
@settings(
    max_examples=300,
    deadline=None,
    database=None,
    # One server, one connection and one log watch for every example, on purpose.
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(data=st.data())
def test_fuzzed_messages_never_fail_the_server(player, server_errors, data):
    client, tables = player
    frames = data.draw(st.lists(shaped_messages(tables) | raw_frames, min_size=1, max_size=12))
    answers = exchange(client, frames, next(_markers))
    check(answers)
    for answer in answers:  # what the fuzzing reached: --hypothesis-show-statistics
        event(f"{answer['type']} {answer.get('code', '')}".strip())


def bad_frames(rng: random.Random, count: int) -> list[Any]:
    """`count` frames every one of which the server must refuse (and forget)."""
    makers = [
        lambda: "[" * rng.randint(1000, 4000),
        lambda: rng.randbytes(rng.randint(1, 300)),
        lambda: "".join(chr(rng.randint(32, 0x2FFF)) for _ in range(rng.randint(1, 200))),
        lambda: json.dumps({"type": "ping", "pad": "😀" * rng.randint(1025, 1200)}, ensure_ascii=False),
        lambda: "x" * rng.randint(MAX_MESSAGE_BYTES + 1, 60_000),
        lambda: json.dumps({"type": f"nope{rng.random()}", "seq": rng.randint(0, 2**53)}),
        lambda: json.dumps({"type": "place", "table": f"t{rng.getrandbits(40):x}", "field": 3}),
        lambda: json.dumps({"type": "open_table", "table": f"t{rng.getrandbits(40):x}"}),
        lambda: json.dumps({"type": "join", "table": f"t{rng.getrandbits(40):x}", "seq": 1}),
        lambda: json.dumps({"type": "create_table", "game": "planahead", "settings": {"seats": 99}}),
        lambda: json.dumps({"type": "create_table", "game": f"g{rng.randint(0, 10**6)}"}),
        lambda: json.dumps({"type": "start_puzzle", "puzzle": f"{rng.randint(2100, 9999)}-01-01"}),
        lambda: json.dumps({"type": "ping", f"k{rng.random()}": list(range(rng.randint(0, 50)))}),
        lambda: json.dumps([rng.random() for _ in range(rng.randint(0, 100))]),
    ]
    return [rng.choice(makers)() for _ in range(count)]


def send_bad(client: Client, rng: random.Random, count: int) -> None:
    for start in range(0, count, 100):
        answers = exchange(client, bad_frames(rng, min(100, count - start)), next(_markers))
        check(answers)
        assert len(answers) == min(100, count - start)  # one error each, nothing else
        assert all(answer["type"] == "error" for answer in answers)


@pytest.mark.slow
def test_memory_stays_flat_under_thousands_of_bad_frames(server, server_errors):
    client = Client(server.url, "Flood")
    rng = random.Random(20261201)
    tracemalloc.start()  # from here on, every allocation still alive at the end is counted
    try:
        send_bad(client, rng, 1000)  # warm up: caches, pools, the first of everything
        gc.collect()
        before, rss_before = tracemalloc.get_traced_memory()[0], rss()
        send_bad(client, rng, 5000)
        gc.collect()
        after, peak = tracemalloc.get_traced_memory()
        rss_after = rss()
    finally:
        tracemalloc.stop()
        client.close()
    growth = after - before
    print(
        f"\n5000 bad frames: traced {before / 1024:.0f} -> {after / 1024:.0f} KiB "
        f"({growth / 1024:+.0f} KiB, peak {peak / 1024:.0f} KiB); "
        f"RSS {rss_before / 2**20:.1f} -> {rss_after / 2**20:.1f} MiB"
    )
    assert growth < 256 * 1024  # a server keeping 50 bytes of each frame would fail this
    assert rss_after - rss_before < 32 * 2**20


def rss() -> int:
    """This process's resident memory in bytes (the server runs in it)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0
