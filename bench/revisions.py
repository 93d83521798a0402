"""An earlier git revision of the project, to measure side by side with the working tree, and a
server of any tree on a free port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def revision_tree(revision: str) -> Iterator[Path]:
    """The files of a git revision, in a temporary directory."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "archive", revision], cwd=ROOT, check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        yield Path(tmp)


@contextmanager
def serve_tree(tree: Path, env: Mapping[str, str], *uvicorn_args: str) -> Iterator[tuple[str, int]]:
    """The tree's server (uvicorn, one process, `env` added to this one's) on a free port, once its
    /healthz answers: its URL and process id. Stopped on leaving."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "spieltisch.server.asgi:app",
        "--port",
        str(port),
        *uvicorn_args,
    ]
    process = subprocess.Popen(
        command,
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree / "src"), **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300  # the first start may build the Speedgans catalog
        while True:
            try:
                if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server of {tree} did not start")
            time.sleep(0.2)
        yield url, process.pid
    finally:
        process.terminate()
        process.wait(10)
