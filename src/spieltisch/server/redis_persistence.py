"""Whether a Redis keeps the live tables over its own restart: it must write every change to its
append-only file (AOF, `appendonly yes`). Without it a restart loses every running game's table
since Redis's last RDB snapshot, or all of them; the server then falls back to the database's copies
of the tables, a few seconds old (server/backup.py). Checked at start: `spieltisch serve` refuses a
Redis without AOF unless SPIELTISCH_ALLOW_VOLATILE_REDIS=1, and every process logs a warning."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: What an operator reads when the Redis does not persist.
ADVICE = (
    "turn on its append-only file (redis-server --appendonly yes, or `appendonly yes` in redis.conf), "
    "or set SPIELTISCH_ALLOW_VOLATILE_REDIS=1 to accept it"
)


def persistence_problem(config: Mapping[Any, Any] | None) -> str | None:
    """What is wrong with a Redis's persistence, given its `CONFIG GET appendonly` (None: CONFIG is
    disabled, as at many managed services); None when nothing is."""
    if config is None:
        return None
    if str(config.get("appendonly", "")).lower() == "yes":
        return None
    return (
        "does not persist every change (appendonly no): a restart of it loses the running games' newest moves"
    )


def config_disabled(error: Exception) -> bool:
    """Whether a CONFIG GET failed because the command is renamed or disabled (not a fault)."""
    text = str(error).lower()
    return "unknown command" in text or "no permissions" in text or "noperm" in text
