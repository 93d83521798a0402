"""A backup of a SQLite-backed Spieltisch, and its restore into an empty data directory.

A backup is one gzipped tar file holding what cannot be made again:

- `spieltisch.sqlite3`: the records and the live tables, copied with SQLite's online backup API —
  a consistent picture of one moment, taken while the server goes on writing (WAL mode);
- `secret`: the key the days' puzzles are drawn with (without it, past puzzles and their replays
  would draw other tiles) — unless the server takes it from SPIELTISCH_SECRET, which the operator
  keeps himself;
- `manifest.json`: the format, when it was made, the schema's migration and the rows per table.

The Speedgans catalog is left out: it is built again on the first start (a minute or two).
PostgreSQL is backed up with its own tools (`pg_dump`; see docs/deployment.md).
"""

from __future__ import annotations

import datetime as dt
import io
import json
import sqlite3
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

FORMAT = 1
DATABASE = "spieltisch.sqlite3"
SECRET = "secret"
MANIFEST = "manifest.json"
#: Pages copied per step of the online backup: the server's writers get the database between steps.
PAGES_PER_STEP = 1024


class ArchiveError(Exception):
    """A backup or restore that cannot be done (said in one line); nothing was changed."""


@dataclass(frozen=True)
class Manifest:
    format: int
    made_at: str
    schema: str | None
    rows: dict[str, int]
    secret: bool  # whether the archive holds the data directory's secret

    def to_dict(self) -> dict[str, object]:
        return {
            "format": self.format,
            "made_at": self.made_at,
            "schema": self.schema,
            "rows": self.rows,
            "secret": self.secret,
        }


def sqlite_path(database_url: str) -> Path:
    """The file of a `sqlite:///…` URL; ArchiveError for any other database."""
    if database_url.startswith("postgresql"):
        raise ArchiveError(
            "a PostgreSQL database is backed up with pg_dump: "
            'pg_dump --format=custom --file=spieltisch.dump "$SPIELTISCH_DATABASE_URL" (see docs/deployment.md)'
        )
    path = database_url.split("///", 1)[-1] if database_url.startswith("sqlite:///") else ""
    if not path or path == ":memory:":
        raise ArchiveError(f"not a SQLite database file: {database_url!r}")
    return Path(path)


def backup(database: Path, data_dir: Path, to: Path, secret_from_environment: bool) -> Manifest:
    """Write a backup of `database` (and the data directory's secret) to the file `to`, which must
    not exist yet. Safe while the server runs."""
    if not database.is_file():
        raise ArchiveError(f"there is no database at {database}")
    if to.exists():
        raise ArchiveError(f"{to} exists already: a backup never overwrites a file")
    secret = data_dir / SECRET
    if not secret_from_environment and not secret.is_file():
        raise ArchiveError(f"there is no secret in {data_dir} (is it the server's data directory?)")
    with tempfile.TemporaryDirectory(dir=to.parent if to.parent.exists() else None) as tmp:
        copy = Path(tmp) / DATABASE
        source = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        target = sqlite3.connect(copy)
        try:
            source.backup(target, pages=PAGES_PER_STEP)
            manifest = Manifest(
                FORMAT,
                dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                _schema(target),
                _rows(target),
                not secret_from_environment,
            )
        finally:
            source.close()
            target.close()
        draft = Path(tmp) / "backup.tar.gz"
        with tarfile.open(draft, "w:gz") as archive:
            archive.add(copy, DATABASE)
            if manifest.secret:
                archive.add(secret, SECRET)
            _add_bytes(archive, MANIFEST, json.dumps(manifest.to_dict(), indent=2).encode())
        to.parent.mkdir(parents=True, exist_ok=True)
        draft.replace(to)  # whole or not at all
    return manifest


def restore(source: Path, database: Path, data_dir: Path) -> Manifest:
    """Put a backup back: its database at `database` and its secret into `data_dir`. Refuses to
    overwrite anything: the database must not exist yet, nor a secret in the data directory."""
    if not source.is_file():
        raise ArchiveError(f"there is no backup at {source}")
    if database.exists():
        raise ArchiveError(f"{database} exists already: restore into an empty data directory")
    if (data_dir / SECRET).exists():
        raise ArchiveError(f"{data_dir / SECRET} exists already: restore into an empty data directory")
    try:
        with tarfile.open(source, "r:gz") as archive:
            manifest = _manifest(archive)
            names = set(archive.getnames())
            if DATABASE not in names or (manifest.secret and SECRET not in names):
                raise ArchiveError(f"{source} lacks part of a backup")
            with tempfile.TemporaryDirectory(dir=_existing(database.parent)) as tmp:
                archive.extract(DATABASE, tmp, filter="data")
                copy = Path(tmp) / DATABASE
                _check(copy)
                if manifest.secret:
                    archive.extract(SECRET, tmp, filter="data")
                database.parent.mkdir(parents=True, exist_ok=True)
                data_dir.mkdir(parents=True, exist_ok=True)
                copy.replace(database)
                if manifest.secret:
                    (Path(tmp) / SECRET).replace(data_dir / SECRET)
    except (tarfile.TarError, EOFError, OSError) as error:
        raise ArchiveError(f"{source} is not a readable backup: {error}") from None
    return manifest


def _manifest(archive: tarfile.TarFile) -> Manifest:
    try:
        member = archive.extractfile(MANIFEST)
        data = json.loads(member.read()) if member is not None else None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("unknown format")
        return Manifest(data["format"], data["made_at"], data["schema"], data["rows"], bool(data["secret"]))
    except (KeyError, ValueError, TypeError):
        raise ArchiveError("not a Spieltisch backup (no manifest of a known format)") from None


def _check(copy: Path) -> None:
    connection = sqlite3.connect(copy)
    try:
        verdict = connection.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.DatabaseError as error:
        raise ArchiveError(f"the backup's database is damaged: {error}") from None
    finally:
        connection.close()
    if verdict != "ok":
        raise ArchiveError(f"the backup's database is damaged: {verdict}")


def _schema(connection: sqlite3.Connection) -> str | None:
    try:
        row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.OperationalError:
        return None
    return None if row is None else str(row[0])


def _rows(connection: sqlite3.Connection) -> dict[str, int]:
    names = [
        row[0]
        for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    ]
    return {name: connection.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in names}


def _add_bytes(archive: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(dt.datetime.now(dt.UTC).timestamp())
    archive.addfile(info, io.BytesIO(data))


def _existing(folder: Path) -> Path | None:
    """The nearest existing folder (a temporary file beside the target moves into place at once)."""
    for candidate in (folder, *folder.parents):
        if candidate.exists():
            return candidate
    return None
