"""Every kind of table this server offers, by name: one line each."""

from __future__ import annotations

from typing import Any

from spieltisch.games.speedgans.catalog import Catalog
from spieltisch.server.config import ServerConfig
from spieltisch.server.rules.base import GameRules
from spieltisch.server.rules.planahead import PlanAheadRules
from spieltisch.server.rules.puzzle import PuzzleRules
from spieltisch.server.rules.speedgans import SpeedgansRules
from spieltisch.server.rules.speedgans_solo import SpeedgansSoloRules

Games = dict[str, GameRules[Any, Any]]


def game_registry(config: ServerConfig, catalog: Catalog, secret: bytes) -> Games:
    """The rules of every kind of table, for one app (settings, the catalog and the secret the days'
    puzzles are drawn with handed in)."""
    kinds: list[GameRules[Any, Any]] = [
        PlanAheadRules(),
        PuzzleRules(secret, config.puzzle_seconds),
        SpeedgansRules(catalog),
        SpeedgansSoloRules(catalog, secret, config.record_seconds),
    ]
    return {rules.name: rules for rules in kinds}
