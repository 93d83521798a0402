"""Every game the test suite's servers recorded is replayed from its log when the server's test is
over, and must end exactly as recorded (lands and scores, cities and points, a Rätsel's land)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from spieltisch.games.planahead.notation import format_land
from spieltisch.games.speedgans.catalog import Catalog, ensure_catalog
from spieltisch.server.config import ServerConfig
from spieltisch.server.replays import final_state, replay
from spieltisch.server.rules.registry import game_registry
from spieltisch.storage.models import GameLog, GameRecord, PuzzleResult


@cache
def _catalog(data_dir: Path) -> Catalog:
    return ensure_catalog(progress=False, directory=data_dir)


def check_replays(database_url: str, data_dir: Path, secret: str | None = None) -> int:
    """Replay every logged game in the database and compare it with its record; the number checked."""
    config = ServerConfig(database_url=database_url, data_dir=data_dir, secret=secret)
    games = game_registry(config, _catalog(data_dir), config.server_secret())
    if database_url.startswith("sqlite:///") and not Path(database_url.removeprefix("sqlite:///")).exists():
        return 0  # the test took its database away with its disk
    engine = create_engine(database_url)
    try:
        if database_url.startswith("postgresql"):
            try:
                engine.connect().close()
            except OperationalError:
                return 0  # the test removed its database with its server
        with Session(engine) as session:
            rows = list(session.scalars(select(GameLog)))
            for row in rows:
                rules = games[row.game]
                state = final_state(rules, row)
                assert rules.finished(state), f"the replay of {row.game_id} does not end"
                _compare(session, row, state)
                replay(games, row, analysed=False)  # its frames are worked out without an error
            return len(rows)
    finally:
        engine.dispose()


def _compare(session: Session, row: GameLog, state: Any) -> None:
    if row.game in ("planahead", "speedgans"):
        record = session.scalar(select(GameRecord).where(GameRecord.game_id == row.game_id))
        if record is None:
            return  # logged, and its record not yet written when the server stopped
        if row.game == "planahead":
            assert [format_land(seat.land) for seat in state.seats] == record.result["lands"], row.game_id
            assert list(state.scores()) == record.result["scores"], row.game_id
        else:
            assert [seat.points for seat in state.seats] == record.result["points"], row.game_id
            assert [str(seat.city) for seat in state.seats] == record.result["cities"], row.game_id
    elif row.game == "puzzle":
        attempt = session.scalar(select(PuzzleResult).where(PuzzleResult.game_id == row.game_id))
        if attempt is not None:
            assert format_land(state.game.seats[0].land) == attempt.land, row.game_id
            assert state.score == attempt.score, row.game_id
