"""Migration 0009 on a database of revision 0008: every player's token goes on working — it becomes
his first device — and new players get a device of their own."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command

from spieltisch.storage.db import alembic_config, make_engine
from spieltisch.storage.repository import Repository, hash_token


def test_each_players_token_becomes_his_first_device(tmp_path: Path):
    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    config = alembic_config(str(engine.url))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0008")
    with engine.begin() as c:
        c.execute(
            sa.text(
                "INSERT INTO players (id, token_hash, nickname, nickname_key, nickname_look, created_at)"
                " VALUES ('p_00000000000000aa', :t, 'Ann', 'ann', 'ann', '2026-01-05')"
            ),
            {"t": hash_token("ann's token")},
        )
    repository = Repository(engine)  # brings the schema to the newest
    assert repository.player_by_token("ann's token").nickname == "Ann"
    assert repository.player_by_token("someone else's") is None
    with engine.connect() as c:
        rows = c.execute(sa.text("SELECT id, player_id, label FROM devices")).all()
    assert rows == [("d_00000000000000aa", "p_00000000000000aa", "")]
    player, token = repository.create_player("Bob")
    assert repository.player_by_token(token).id == player.id
