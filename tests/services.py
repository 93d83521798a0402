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
