"""The health check's logic with stand-ins for the store and the database (the real ones, paused and
stopped, are in test_operations.py): what does not answer in time is unreachable, and a load
balancer's polling costs one check a second."""

from __future__ import annotations

import asyncio
import threading

import pytest

from spieltisch.server import health
from spieltisch.server.health import Health
from tests.aio import run


class Probes:
    def __init__(self) -> None:
        self.ready = True
        self.store_hangs = False
        self.database_fails = False
        self.database_hangs = threading.Event()
        self.release = threading.Event()
        self.store_calls = self.database_calls = 0

    async def ping_store(self) -> None:
        self.store_calls += 1
        if self.store_hangs:
            await asyncio.Event().wait()  # a paused Redis: no answer, ever

    def ping_database(self) -> None:
        self.database_calls += 1
        if self.database_hangs.is_set():
            self.release.wait(10)
        if self.database_fails:
            raise ConnectionRefusedError("the database is down")

    def health(self) -> Health:
        return Health(lambda: self.ready, self.ping_store, self.ping_database)


@pytest.fixture
def probes(monkeypatch) -> Probes:
    monkeypatch.setattr(health, "PROBE_TIMEOUT_S", 1.0)  # (ample for a stand-in that answers)
    monkeypatch.setattr(health, "CACHE_S", 0.0)  # every call checks (the cache has its own test)
    return Probes()


def test_a_store_that_does_not_answer_in_time_is_unreachable(probes):
    async def scenario() -> None:
        checks = probes.health()
        assert (await checks.report()).as_json() == {"ok": True, "store": "ok", "database": "ok"}
        probes.store_hangs = True
        assert (await checks.report()).as_json() == {"ok": False, "store": "unreachable", "database": "ok"}
        probes.store_hangs = False
        probes.ready = False  # answers, but does not hear the other processes' changes
        assert not (await checks.report()).store
        probes.ready = True
        assert (await checks.report()).ok

    run(scenario())


def test_a_database_that_fails_or_hangs_is_unreachable_and_is_not_asked_twice_at_once(probes):
    async def scenario() -> None:
        checks = probes.health()
        probes.database_fails = True
        assert (await checks.report()).as_json() == {"ok": False, "store": "ok", "database": "unreachable"}
        probes.database_fails = False
        probes.database_hangs.set()
        calls = probes.database_calls
        for _ in range(2):  # the hung probe's thread is waited for, not joined by others
            assert not (await checks.report()).database
        assert probes.database_calls == calls + 1
        probes.database_hangs.clear()
        probes.release.set()
        for _ in range(20):  # the released probe ends; a new one answers
            if (await checks.report()).ok:
                break
        assert (await checks.report()).ok

    run(scenario())


def test_polling_costs_one_check_while_an_answer_is_fresh(probes, monkeypatch):
    async def scenario() -> None:
        monkeypatch.setattr(health, "CACHE_S", 3600.0)
        checks = probes.health()
        reports = await asyncio.gather(*(checks.report() for _ in range(50)))
        reports += [await checks.report() for _ in range(50)]
        assert all(report.ok for report in reports)
        assert probes.store_calls == 1 and probes.database_calls == 1

    run(scenario())
