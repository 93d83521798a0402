"""What a finished game leaves in the records. The rules say what (`GameRules.after_game` returns an
`AfterGame`: a table game's record, a Rätsel attempt's or a solo run's line, notes to work out
later); the scheduler writes it here, once per game id. The rules never write the records.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from spieltisch.server.background import in_background, when_idle
from spieltisch.server.rules.base import Lookups, mostly_played_for
from spieltisch.storage.ratings import RatedSeat

if TYPE_CHECKING:
    from spieltisch.server.rules.base import FinishedGame, GameRules
    from spieltisch.storage.repository import Repository

log = logging.getLogger(__name__)


class Records(Lookups, Protocol):
    """What the scheduler uses after a game's end: what the rules may look up, and the records
    database it writes."""

    @property
    def repository(self) -> Repository: ...


@dataclass(frozen=True, slots=True)
class TableRecord:
    """The record of a table game (its seed, settings and players come from the game): its result,
    and the Bestenliste points it brought within `computer_cap` (see Repository.save_game)."""

    result: dict[str, Any]
    leaderboard: Sequence[dict[str, Any]] = ()
    computer_cap: tuple[datetime, float] | None = None


@dataclass(frozen=True, slots=True)
class PuzzleRecord:
    """A Rätsel attempt's line in its day's list (its player: the one seat's)."""

    puzzle_id: str
    score: int
    optimum: int
    land: str
    seconds_used: float
    on_its_day: bool


@dataclass(frozen=True, slots=True)
class SoloRecord:
    """A solo run's line (its player: the one seat's). A run of a `day` is told where it stands on
    that day's list (the player's first attempt, and whether it ranks), any other run the player's
    best before it in its mode and whether it beat that."""

    mode: str
    day: str | None
    points: float
    leaderboard_points: float
    result: dict[str, Any]
    on_its_day: bool
    ranked: bool


@dataclass(frozen=True, slots=True)
class AfterGame:
    """What the rules make of a finished game."""

    #: What to record (None: nothing, e.g. an Übung).
    record: TableRecord | PuzzleRecord | SoloRecord | None = None
    #: What players see besides the game itself (e.g. the Rätsel's optimum).
    shown: Mapping[str, Any] = field(default_factory=dict)
    #: More of it, worked out in the background thread once the record is written, so that the
    #: record never waits for it (e.g. what the strongest computer would have scored).
    shown_later: Callable[[], Mapping[str, Any]] | None = None
    #: Notes on a table game worked out when the background thread has time (lowest priority: never
    #: before what a table waits for) and written into its record beside the result: what a replay
    #: and a player's page show (the move analysis, the cities' distance from the optimal ones).
    notes: Callable[[], Mapping[str, Any]] | None = None


async def record_game(
    rules: GameRules[Any, Any], game: FinishedGame[Any], after: AfterGame, repository: Repository
) -> dict[str, Any]:
    """Write what the rules made of a finished game; return what its players see besides the game
    (the rules' `shown` and `shown_later`, and where a solo run stands in the records)."""
    record = after.record
    shown = dict(after.shown)
    if isinstance(record, TableRecord):
        await asyncio.to_thread(_save_table_game, rules, game, record, repository)
    elif isinstance(record, PuzzleRecord):
        player, nickname = _one_player(game)
        await asyncio.to_thread(
            repository.add_puzzle_result,
            game_id=game.game_id,
            player_id=player,
            nickname=nickname,
            puzzle_id=record.puzzle_id,
            score=record.score,
            optimum=record.optimum,
            land=record.land,
            seconds_used=record.seconds_used,
            on_its_day=record.on_its_day,
        )
    elif isinstance(record, SoloRecord):
        shown.update(await asyncio.to_thread(_save_solo_run, game, record, repository))
    if after.shown_later is not None:
        shown.update(await in_background(after.shown_later))
    if after.notes is not None:
        _note_when_idle(game.game_id, after.notes, repository)
    return shown


def _one_player(game: FinishedGame[Any]) -> tuple[str, str]:
    """The player and nickname of a game of one seat (a person's)."""
    sitter = game.sitters[0]
    assert sitter.player is not None
    return sitter.player, sitter.nickname


def _save_table_game(
    rules: GameRules[Any, Any], game: FinishedGame[Any], record: TableRecord, repository: Repository
) -> int:
    """The common record of a finished table game (its seed, settings, players and result, and the
    leaderboard points it brought), written once per game id; the game's skill ratings with it
    (storage/ratings.py): a seat mostly played for its person, or not by hand, moves no rating."""
    rated = [
        RatedSeat(
            sitter.player,
            sitter.bot,
            moves=not mostly_played_for(rules.played_for(game.state, index))
            and rules.played_by_hand(game.state, index),
        )
        for index, sitter in enumerate(game.sitters)
    ]
    return repository.save_game(
        game_id=game.game_id,
        leaderboard=record.leaderboard,
        computer_cap=record.computer_cap,
        rated=rated,
        game=rules.name,
        table_id=game.table_id,
        seed=rules.seed(game.state),
        settings=game.kept_settings(rules),
        players=game.players(),
        result=record.result,
        started_at=game.started_at,
    )


def _save_solo_run(game: FinishedGame[Any], record: SoloRecord, repository: Repository) -> dict[str, Any]:
    player, nickname = _one_player(game)
    row = repository.add_solo_result(
        game_id=game.game_id,
        mode=record.mode,
        day=record.day,
        player_id=player,
        nickname=nickname,
        points=record.points,
        leaderboard_points=record.leaderboard_points,
        result=record.result,
        on_its_day=record.on_its_day,
        ranked=record.ranked,
    )
    if record.day is not None:
        return {"first_attempt": row.first_attempt, "ranked": row.ranked}
    best = repository.solo_best(record.mode, player, row.id)
    # A run without a point is no record, not even the first one; nor one not laid by hand.
    new_best = row.ranked and record.points > 0 and (best is None or record.points > best)
    return {"personal_best": best, "new_best": new_best, "ranked": row.ranked}


#: The records' notes still being worked out (kept till done: a task nobody holds may vanish).
_NOTING: set[asyncio.Task[None]] = set()


def _note_when_idle(game_id: str, work: Callable[[], Mapping[str, Any]], repository: Repository) -> None:
    async def note() -> None:
        try:
            found = await when_idle(work)
            await asyncio.to_thread(repository.note_result, game_id, found)
        except Exception:  # a note missing is a point missing on a chart: nothing a player waits for
            log.exception("could not note the analysis of game %s", game_id)

    task = asyncio.create_task(note())
    _NOTING.add(task)
    task.add_done_callback(_NOTING.discard)
