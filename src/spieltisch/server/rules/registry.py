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


def game_registry(config: ServerConfig, catalog: Catalog) -> Games:
    """The rules of every kind of table, for one app (settings and the catalog handed in)."""
    kinds: list[GameRules[Any, Any]] = [
        PlanAheadRules(),
        PuzzleRules(config.puzzle_seconds),
        SpeedgansRules(catalog),
        SpeedgansSoloRules(catalog, config.server_secret(), config.record_seconds),
    ]
    return {rules.name: rules for rules in kinds}
