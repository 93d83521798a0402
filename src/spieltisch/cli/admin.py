"""Command line: `spieltisch admin …` — what an operator does about players and results, on the
database the server uses (SPIELTISCH_DATABASE_URL or --database-url, as `spieltisch serve`):

    players [--name PART] [--json]          find players
    results PLAYER_ID [--json]              a player's results, with the ids hide-result takes
    rename PLAYER_ID NEW_NAME --reason …    rename a player everywhere his name is written down
    block / unblock PLAYER_ID --reason …    keep a player off every list (he still plays) / undo
    hide-result KIND ID --reason …          take one result (puzzle, solo, game) off every list
    tables [--json]                         the live tables
    close-table TABLE_ID --reason …         close a live table (its players are told why)
    log [--json]                            what operators did

Every action is recorded with the operating-system user who ran it, the time and the reason.
Bad input is one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import getpass
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from spieltisch.cli.errors import UsageError

if TYPE_CHECKING:
    from spieltisch.storage.admin import Admin


class _OneLineParser(argparse.ArgumentParser):
    """Bad arguments as one line (as every other bad input), not argparse's usage and error."""

    def error(self, message: str) -> NoReturn:
        print(f"spieltisch: error: {self.prog}: {message}", file=sys.stderr)
        sys.exit(2)


def register(commands: argparse._SubParsersAction) -> None:
    admin = commands.add_parser("admin", help="operator's actions: rename, block, hide results")
    admin.error = _OneLineParser.error.__get__(admin)  # the same one line for `spieltisch admin` alone
    actions = admin.add_subparsers(
        dest="admin_command", metavar="ACTION", required=True, parser_class=_OneLineParser
    )

    def action(name: str, handler: Callable[[argparse.Namespace], int], help: str) -> argparse.ArgumentParser:
        parser = actions.add_parser(name, help=help)
        parser.add_argument(
            "--database-url", help="SQLAlchemy URL (default: $SPIELTISCH_DATABASE_URL, as `spieltisch serve`)"
        )
        parser.set_defaults(handler=handler)
        return parser

    players = action("players", _players, "list players (newest first)")
    players.add_argument("--name", help="only those whose name contains this (case and look-alikes ignored)")
    players.add_argument("--json", action="store_true")

    results = action("results", _results, "a player's results, with the ids hide-result takes")
    results.add_argument("player_id")
    results.add_argument("--json", action="store_true")

    rename = action("rename", _rename, "rename a player everywhere his name is written down")
    rename.add_argument("player_id")
    rename.add_argument("new_name")
    _reason(rename)

    block = action("block", _block, "keep a player off every list (he can still play)")
    block.add_argument("player_id")
    _reason(block)

    unblock = action("unblock", _unblock, "let a blocked player back on the lists")
    unblock.add_argument("player_id")
    _reason(unblock)

    hide = action("hide-result", _hide_result, "take one result off every list (nothing is deleted)")
    hide.add_argument("kind", metavar="KIND", help="puzzle, solo or game")
    hide.add_argument("result_id", metavar="ID")
    _reason(hide)

    tables = action("tables", _tables, "the live tables, newest change first")
    tables.add_argument("--json", action="store_true")

    close = action("close-table", _close_table, "close a live table: its players are told why")
    close.add_argument("table_id")
    _reason(close)

    log = action("log", _log, "what operators did, oldest first")
    log.add_argument("--json", action="store_true")


def _reason(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--reason", required=True, help="why (recorded with the action)")


# The database -------------------------------------------------------------------------------------
@contextmanager
def _admin(args: argparse.Namespace) -> Iterator[Admin]:
    """The records of the configured database (brought up to date, as the server would)."""
    from sqlalchemy.exc import SQLAlchemyError

    from spieltisch.cli.serve import check_database, hide_password
    from spieltisch.server.config import ServerConfig
    from spieltisch.storage.admin import Admin
    from spieltisch.storage.db import make_engine
    from spieltisch.storage.repository import Repository

    overrides = {"database_url": args.database_url} if args.database_url else {}
    try:
        url = dataclasses.replace(ServerConfig(), **overrides).database_url
    except ValueError as error:
        raise UsageError(str(error)) from None
    _check_exists(url)
    check_database(url)
    engine = make_engine(url)
    try:
        try:
            repository = Repository(engine)
        except SQLAlchemyError as error:
            raise UsageError(f"database {hide_password(url)} could not be opened: {error}") from None
        yield Admin(repository)
    finally:
        engine.dispose()


def _check_exists(url: str) -> None:
    """An operator's command works on the server's records: a SQLite file that is not there is a
    wrong path (or data directory), not a database to start afresh."""
    from sqlalchemy import make_url

    try:
        parsed = make_url(url)
    except Exception:
        return  # check_database says what is wrong with it
    database = parsed.database
    if (
        parsed.get_backend_name() == "sqlite"
        and database not in (None, "", ":memory:")
        and not Path(database).is_file()
    ):
        raise UsageError(f"database {parsed.database} does not exist (check --database-url)")


def _actor() -> str:
    """Who runs the command: the operating-system user."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return f"uid {os.getuid()}"


def _why(args: argparse.Namespace) -> str:
    reason = " ".join(args.reason.split())
    if not reason:
        raise UsageError("--reason must say why")
    return reason


# Looking ------------------------------------------------------------------------------------------
def _players(args: argparse.Namespace) -> int:
    with _admin(args) as admin:
        found = admin.players(args.name)
    rows: list[dict[str, Any]] = [
        {
            "id": player.id,
            "nickname": player.nickname,
            "created_at": player.created_at.isoformat(),
            "blocked": player.blocked,
        }
        for player in found
    ]
    return _show(
        args,
        rows,
        lambda row: (
            f"{row['id']}  {row['created_at'][:16]}  {'blocked' if row['blocked'] else '       '}  "
            f"{row['nickname']}"
        ),
        "players",
    )


def _results(args: argparse.Namespace) -> int:
    from spieltisch.storage.admin import NotFound

    with _admin(args) as admin:
        try:
            found = admin.results(args.player_id)
        except NotFound as error:
            raise UsageError(str(error)) from None
    rows: list[dict[str, Any]] = [{**row, "at": row["at"].isoformat()} for row in found]
    return _show(
        args,
        rows,
        lambda row: (
            f"{row['kind']:<6} {row['id']:>7}  {row['at'][:16]}  "
            f"{'hidden' if row['hidden'] else '      '}  {row['what']}"
        ),
        "results",
    )


def _tables(args: argparse.Namespace) -> int:
    import datetime as dt

    with _admin(args) as admin:
        found = admin.tables()
    rows = [
        {
            **row,
            "updated_at": dt.datetime.fromtimestamp(row["updated_at"], dt.UTC).isoformat(timespec="seconds"),
        }
        for row in found
    ]
    return _show(
        args,
        rows,
        lambda row: (
            f"{row['id']}  {row['game']:<14} {row['status']:<8} {row['updated_at'][:19]}  {', '.join(row['players'])}"
        ),
        "live tables",
    )


def _close_table(args: argparse.Namespace) -> int:
    from spieltisch.storage.admin import NotFound

    reason = _why(args)
    with _admin(args) as admin:
        try:
            admin.close_table(args.table_id, actor=_actor(), reason=reason)
        except NotFound as error:
            raise UsageError(str(error)) from None
    print(f"{args.table_id}: closing (the server closes it within a few seconds; its players are told why)")
    return 0


def _log(args: argparse.Namespace) -> int:
    with _admin(args) as admin:
        found = admin.actions()
    rows: list[dict[str, Any]] = [
        {
            "at": action.at.isoformat(),
            "actor": action.actor,
            "action": action.action,
            "target": action.target,
            "reason": action.reason,
            "details": action.details,
        }
        for action in found
    ]
    return _show(
        args,
        rows,
        lambda row: (
            f"{row['at'][:19]}  {row['actor']}  {row['action']} {row['target']}  "
            f"{row['details']}: {row['reason']}"
        ),
    )


def _show(
    args: argparse.Namespace,
    rows: list[dict[str, Any]],
    line: Callable[[dict[str, Any]], str],
    noun: str = "",
) -> int:
    """A listing: JSON with --json, else a line a row (and their count, where `noun` names them)."""
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    for row in rows:
        print(line(row))
    if noun:
        print(f"({len(rows)} {noun})")
    return 0


# Acting -------------------------------------------------------------------------------------------
def _rename(args: argparse.Namespace) -> int:
    from spieltisch.server.nicknames import NicknameRefused, clean_nickname
    from spieltisch.storage.admin import NotFound
    from spieltisch.storage.repository import NicknameTaken

    reason = _why(args)
    try:
        nickname = clean_nickname(args.new_name)
    except NicknameRefused as error:
        raise UsageError(f"the name {args.new_name!r} cannot be used: {error}") from None
    with _admin(args) as admin:
        try:
            before, after = admin.rename(args.player_id, nickname, actor=_actor(), reason=reason)
        except (NotFound, NicknameTaken) as error:
            raise UsageError(str(error)) from None
    print(f"{args.player_id}: renamed from {before!r} to {after!r}")
    return 0


def _block(args: argparse.Namespace) -> int:
    return _set_blocked(args, True)


def _unblock(args: argparse.Namespace) -> int:
    return _set_blocked(args, False)


def _set_blocked(args: argparse.Namespace, blocked: bool) -> int:
    from spieltisch.storage.admin import NotFound

    reason = _why(args)
    with _admin(args) as admin:
        try:
            before = admin.set_blocked(args.player_id, blocked, actor=_actor(), reason=reason)
        except NotFound as error:
            raise UsageError(str(error)) from None
    state = "blocked" if blocked else "unblocked"
    print(f"{args.player_id}: {state}" + (" (already)" if before == blocked else ""))
    return 0


def _hide_result(args: argparse.Namespace) -> int:
    from spieltisch.storage.admin import RESULT_KINDS, NotFound

    if args.kind not in RESULT_KINDS:
        raise UsageError(f"KIND must be one of {', '.join(RESULT_KINDS)}, not {args.kind!r}")
    try:
        result_id = int(args.result_id)
    except ValueError:
        raise UsageError(
            f"ID must be a number (see `spieltisch admin results`), not {args.result_id!r}"
        ) from None
    reason = _why(args)
    with _admin(args) as admin:
        try:
            before = admin.hide_result(args.kind, result_id, actor=_actor(), reason=reason)
        except NotFound as error:
            raise UsageError(str(error)) from None
    print(f"{args.kind} {result_id}: hidden" + (" (already)" if before else ""))
    return 0
