"""Real Redis and PostgreSQL servers on 127.0.0.1 that a test can stop, start again and pause."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path


def _run(command: list[str]) -> None:
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)


class RedisServer:
    def __init__(self, folder: Path, port: int) -> None:
        if shutil.which("redis-server") is None:
            raise RuntimeError("redis-server is not installed: run scripts/test.sh, which installs it")
        self.folder, self.port = folder, port
        self.url = f"redis://127.0.0.1:{port}/0"

    @property
    def pid(self) -> int:
        return int((self.folder / "redis.pid").read_text())

    def start(self) -> RedisServer:
        _run(
            [
                "redis-server",
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--daemonize",
                "yes",
                "--dir",
                str(self.folder),
                "--pidfile",
                str(self.folder / "redis.pid"),
                "--save",
                "",
                "--appendonly",
                "yes",  # a restart keeps the live tables, as an operator's Redis would
            ]
        )
        import redis

        client = redis.Redis(port=self.port)
        for _ in range(200):
            try:
                client.ping()
                return self
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("Redis did not start")

    def stop(self) -> None:
        import redis

        with contextlib.suppress(redis.ConnectionError):  # shutdown closes the connection under us
            redis.Redis(port=self.port).shutdown(save=False)
        for _ in range(200):
            try:
                os.kill(self.pid, 0)
                time.sleep(0.05)
            except (ProcessLookupError, FileNotFoundError):
                return

    def pause(self) -> None:
        os.kill(self.pid, signal.SIGSTOP)

    def resume(self) -> None:
        os.kill(self.pid, signal.SIGCONT)


class PostgresServer:
    def __init__(self, port: int) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            raise RuntimeError("PostgreSQL is not installed: run scripts/test.sh, which installs it")
        self.bin = Path(found[-1]).parent
        # Not under pytest's own temporary folder: that one is private to root, and PostgreSQL refuses
        # to run as root, so its postgres user must be able to reach the folder.
        self.folder = Path(tempfile.mkdtemp(prefix="spieltisch-pg-"))
        self.data = self.folder / "data"
        self.port = port
        self.as_postgres = os.geteuid() == 0
        if self.as_postgres:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        self.url = f"postgresql://postgres@127.0.0.1:{port}/spieltisch"

    def _pg(self, *args: str) -> None:
        command = " ".join(args)
        _run(["su", "postgres", "-c", command] if self.as_postgres else ["sh", "-c", command])

    def create(self) -> PostgresServer:
        self._pg(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8"
        )
        self.start()
        _run(
            [
                "psql",
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                "postgres",
                "-c",
                "CREATE DATABASE spieltisch;",
            ]
        )
        return self

    def start(self) -> None:
        self._pg(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.folder / "pg.log"),
            "-w",
            "start",
            "-o",
            f"'-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder}'",
        )

    def stop(self) -> None:
        self._pg(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


#: The documented configuration of nginx in front of several processes, routed by table.
BY_TABLE_CONF = Path(__file__).resolve().parents[1] / "docs" / "nginx" / "by-table.conf"


class NginxProxy:
    """nginx with docs/nginx/by-table.conf as written, but for its ports: it listens on `port` and
    sends to the servers on `backends` (one `spieltisch serve` each)."""

    def __init__(self, folder: Path, port: int, backends: list[int]) -> None:
        self.binary = shutil.which("nginx") or "/usr/sbin/nginx"
        if not os.access(self.binary, os.X_OK):
            raise RuntimeError("nginx is not installed: run scripts/test.sh, which installs it")
        self.folder, self.port = folder, port
        self.url = f"http://127.0.0.1:{port}"
        # Each upstream lists the documented processes (8001, 8002): it lists `backends` here.
        lines: list[str] = []
        for line in BY_TABLE_CONF.read_text().splitlines():
            if "server 127.0.0.1:8001" in line:
                lines += [line.replace("8001", str(backend)) for backend in backends]
            elif "server 127.0.0.1:800" not in line:
                lines.append(line)
        documented = "\n".join(lines)
        assert documented.count(f"127.0.0.1:{backends[0]} ") == 2, "the documented upstreams changed"
        self.conf = folder / "nginx.conf"
        routed = folder / "by-table.conf"
        routed.write_text(documented.replace("listen 8080;", f"listen 127.0.0.1:{port};"))
        temp = folder / "temp"
        temp.mkdir(exist_ok=True)
        user = "user root;" if os.geteuid() == 0 else ""
        self.conf.write_text(
            f"""{user}
worker_processes 1;
worker_rlimit_nofile 65536;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections 16384; }}
http {{
    access_log off;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {routed};
}}
"""
        )
        self.process: subprocess.Popen | None = None

    def start(self) -> NginxProxy:
        self.process = subprocess.Popen(
            [self.binary, "-p", str(self.folder), "-c", str(self.conf), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=open(self.folder / "stderr.log", "ab"),  # noqa: SIM115 - the process keeps it
        )
        import socket

        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx did not start: {(self.folder / 'stderr.log').read_text()}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 0.2):
                return self
            time.sleep(0.05)
        raise RuntimeError("nginx did not listen within 10 s")

    def stop(self) -> None:
        if self.process is not None:
            stop_gently(self.process)


def stop_gently(process: subprocess.Popen, seconds: float = 10.0) -> None:
    """Terminate a process and wait for it; killed if it has not ended within `seconds`."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(seconds)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run_by_its_followers(redis_url: str, table_id: str) -> bool:
    """Whether exactly one process's connections follow the table and that process runs its clock
    (server/store.py: the table's set of followers and its owner in Redis)."""
    import redis

    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        followers = client.smembers(f"spieltisch:followers:{table_id}")
        return len(followers) == 1 and client.hget(f"spieltisch:table:{table_id}", "owner") in followers
    finally:
        client.close()


def websockets_open(url: str) -> int:
    """The WebSockets open on one process, as its own /metrics counts them."""
    import re

    import httpx

    text = httpx.get(f"{url}/metrics", timeout=5).text
    found = re.search(r"^spieltisch_websockets(?:\{[^}]*\})? ([0-9.e+]+)$", text, re.M)
    return int(float(found.group(1))) if found else 0
