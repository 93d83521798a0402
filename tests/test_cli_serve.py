"""`spieltisch serve` with something it needs out of reach: one line on stderr and exit code 2, as
for every bad input, never a traceback. Real processes, real closed ports, a folder that cannot be."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from spieltisch.cli.serve import hide_password
from tests.conftest import ROOT, free_port

NOT_A_FOLDER = "/etc/hostname"  # a regular file: nothing can be made below it, not even by root
READ_ONLY_FOLDER = "/sys"  # a folder where nobody, not even root, may create a file


def serve(*args: str, env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "spieltisch", "serve", "--port", str(free_port()), *args],
        env={**os.environ, **(env or {})},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def closed_port() -> int:
    return free_port()  # bound a moment ago and closed again: nobody listens there


def assert_one_line(result: subprocess.CompletedProcess, *expected: str) -> str:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("spieltisch: error: ")
    for part in expected:
        assert part in lines[0]
    return lines[0]


@pytest.fixture
def sandbox(tmp_path: Path) -> dict[str, str]:
    """A data directory and SQLite file of the test's own (checks pass unless a test breaks one)."""
    return {
        "SPIELTISCH_DATA_DIR": str(tmp_path / "data"),
        "SPIELTISCH_DATABASE_URL": f"sqlite:///{tmp_path / 'data' / 'spieltisch.sqlite3'}",
        "SPIELTISCH_REDIS_URL": "",
    }


def test_redis_out_of_reach(sandbox):
    url = f"redis://127.0.0.1:{closed_port()}/0"
    line = assert_one_line(serve("--redis-url", url, env=sandbox), f"Redis {url} is not reachable")
    assert "Connection refused" in line


def test_postgresql_out_of_reach_without_showing_its_password(sandbox):
    url = f"postgresql://spieler:geheim@127.0.0.1:{closed_port()}/spieltisch"
    line = assert_one_line(serve("--database-url", url, env=sandbox), "is not reachable", "spieler:***@")
    assert "geheim" not in line


def test_a_data_directory_that_cannot_be_written(sandbox):
    env = {**sandbox, "SPIELTISCH_DATA_DIR": f"{NOT_A_FOLDER}/spieltisch"}
    assert_one_line(serve(env=env), f"data directory {NOT_A_FOLDER}/spieltisch is not writable")


def test_a_read_only_data_directory(sandbox):
    """A folder that exists but takes no file: sysfs refuses to create one to everybody, root
    included (a folder chmod-ed read-only would not stop root, who runs CI)."""
    env = {**sandbox, "SPIELTISCH_DATA_DIR": READ_ONLY_FOLDER}
    assert Path(READ_ONLY_FOLDER).is_dir()
    assert_one_line(serve(env=env), f"data directory {READ_ONLY_FOLDER} is not writable", "Permission denied")


def test_a_sqlite_file_that_cannot_be_made(sandbox):
    url = f"sqlite:///{NOT_A_FOLDER}/spieltisch.sqlite3"
    assert_one_line(serve("--database-url", url, env=sandbox), f"database {url} is not writable")


def test_a_port_already_taken(sandbox):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "spieltisch", "serve", "--port", str(port)],
            env={**os.environ, **sandbox},
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert_one_line(result, f"cannot listen on 127.0.0.1:{port}")


@pytest.mark.slow
def test_a_start_that_fails_later_is_one_line_too(sandbox, tmp_path, data_dir):
    """What no check before the start can see (here an SQLite file that is no database) fails the
    app's start: uvicorn's own lines and one that says why, no traceback; exit code 2."""
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"this is not a database" * 100)
    env = {**sandbox, "SPIELTISCH_DATA_DIR": str(data_dir)}  # the session's catalog: no build
    result = serve("--database-url", f"sqlite:///{broken}", env=env, timeout=300)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("ERROR:")]
    assert errors == [
        "ERROR:    cannot start: DatabaseError: file is not a database",
        "ERROR:    Application startup failed. Exiting.",
    ]


def test_passwords_are_hidden_in_urls_shown():
    assert hide_password("redis://:pw@host:6379/0") == "redis://:***@host:6379/0"
    assert hide_password("postgresql://u:p@w@db/x") == "postgresql://u:***@db/x"
    assert hide_password("postgresql://u@db/x") == "postgresql://u@db/x"
    assert hide_password("sqlite:///var/x.sqlite3") == "sqlite:///var/x.sqlite3"


def test_workers_share_a_metrics_folder_emptied_of_an_earlier_run(tmp_path, monkeypatch):
    from spieltisch.cli.serve import metrics_folder

    folder = tmp_path / "metrics"
    folder.mkdir()
    (folder / "counter_123.db").write_bytes(b"an earlier run's figures")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(folder))
    assert metrics_folder() == folder and list(folder.iterdir()) == []
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR")
    made = metrics_folder()  # none given: a new one, for the workers to find in the environment
    assert made.is_dir() and os.environ["PROMETHEUS_MULTIPROC_DIR"] == str(made)


def _serving_until_it_builds(sandbox: dict[str, str]) -> subprocess.Popen:
    """`spieltisch serve` on a data directory without a catalog, once it says it builds one."""
    process = subprocess.Popen(
        [sys.executable, "-m", "spieltisch", "serve", "--port", str(free_port())],
        env={**os.environ, **sandbox},
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    assert first.startswith("Building the Speedgans catalog"), first
    time.sleep(1)  # well into the build
    return process


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_during_the_first_catalog_build_ends_serve_at_once(sandbox, stop):
    """The very first start builds the catalog (a minute) before the server starts: a stop (an
    operator's systemctl stop, Ctrl-C) ends it there and then, and the next start builds it anew."""
    process = _serving_until_it_builds(sandbox)
    process.send_signal(stop)
    try:
        code = process.wait(timeout=30)  # (the build alone takes far longer on these machines)
    finally:
        process.kill()
    _, stderr = process.communicate()
    if stop is signal.SIGTERM:
        assert code == -signal.SIGTERM
    else:
        assert code == 130
        assert "stopped while building the catalog" in stderr and "Traceback" not in stderr
    assert not list((Path(sandbox["SPIELTISCH_DATA_DIR"]) / "catalog").glob("*.npz"))
