"""Which Redis keeps the live tables over its own restart (server/redis_persistence.py); the real
refusal by `spieltisch serve` and the warning in the log are in test_operations.py."""

from __future__ import annotations

from redis.exceptions import NoPermissionError, ResponseError

from spieltisch.server.redis_persistence import config_disabled, persistence_problem


def test_only_a_redis_with_its_append_only_file_persists():
    assert persistence_problem({"appendonly": "yes"}) is None
    problem = persistence_problem({"appendonly": "no"})
    assert problem is not None and "appendonly no" in problem
    assert persistence_problem({}) is not None  # a Redis that does not say
    assert persistence_problem(None) is None  # CONFIG disabled: it cannot be told (and is logged)


def test_a_disabled_or_forbidden_config_is_told_apart_from_a_fault():
    assert config_disabled(ResponseError("unknown command 'CONFIG', with args beginning with: 'GET'"))
    assert config_disabled(NoPermissionError("NOPERM User default has no permissions to run 'config'"))
    assert not config_disabled(ResponseError("LOADING Redis is loading the dataset in memory"))
