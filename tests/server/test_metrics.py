"""GET /metrics: the Prometheus text format, its figures moving with what players do, readable from
the loopback or with the operator's token only; and the figures of several worker processes added
up (multiprocess mode)."""

from __future__ import annotations

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.server.player_client import Client

TOKEN = "a-metrics-token-of-the-operator"


def scrape(url: str, **headers: str) -> dict[tuple[str, tuple], float]:
    """The samples of one scrape, by name and labels."""
    answer = httpx.get(f"{url}/metrics", headers=headers)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.text)
        for sample in family.samples
    }


def value(samples: dict, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_the_figures_move_with_play_and_only_the_operator_reads_them(server_factory):
    server = server_factory({"SPIELTISCH_METRICS_TOKEN": TOKEN})
    before = scrape(server.url)
    ann, bob = Client(server.url, "Ann"), Client(server.url, "Ann's other tab", token=None)
    ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 1}})
    table_id = ann.table_until(lambda t: True)["id"]
    ann.send({"type": "start", "table": table_id})
    ann.table_until(lambda t: t["status"] == "playing")
    ann.send({"type": "place", "table": table_id, "field": 3})
    ann.table_until(lambda t: t["game"]["seats"][0]["tentative"] == 3)
    ann.send("{not json")
    assert ann.error()["code"] == "bad_json"
    after = scrape(server.url)
    # create_table is no move; start and place are.
    assert (
        value(after, "spieltisch_moves_total", game="planahead")
        - value(before, "spieltisch_moves_total", game="planahead")
        == 2
    )
    assert value(after, "spieltisch_move_seconds_count", game="planahead") >= 2
    assert (
        value(after, "spieltisch_refused_frames_total", code="bad_json")
        == value(before, "spieltisch_refused_frames_total", code="bad_json") + 1
    )
    assert value(after, "spieltisch_websockets") == 2 and value(after, "spieltisch_players_connected") == 2
    assert value(after, "spieltisch_live_tables", game="planahead", status="playing") == 1
    assert value(after, "spieltisch_catalog_load_seconds") > 0
    bob.close()
    assert value(scrape(server.url), "spieltisch_websockets") == 1

    # From off this host (a proxy on it names the client): the token or nothing.
    outside = {"X-Forwarded-For": "203.0.113.9"}
    refused = httpx.get(f"{server.url}/metrics", headers=outside)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    wrong = httpx.get(
        f"{server.url}/metrics", headers={**outside, "Authorization": "Bearer " + TOKEN[:-1] + "x"}
    )
    assert wrong.status_code == 403
    assert value(scrape(server.url, **outside, Authorization=f"Bearer {TOKEN}"), "spieltisch_websockets") == 1


@pytest.mark.services
def test_two_worker_processes_are_added_up(server_factory, redis_url, postgres_url, tmp_path):
    folder = tmp_path / "metrics"
    folder.mkdir()
    env = {
        "SPIELTISCH_REDIS_URL": redis_url,
        "SPIELTISCH_DATABASE_URL": postgres_url,
        "PROMETHEUS_MULTIPROC_DIR": str(folder),
    }
    server = server_factory(env, workers=2)
    clients = [Client(server.url, f"Tab {n}") for n in range(8)]  # the kernel spreads them over both
    for _ in range(6):  # whichever worker answers, it adds up both
        assert value(scrape(server.url), "spieltisch_websockets") == 8
    assert len(list(folder.glob("gauge_livesum_*.db"))) == 2  # both workers wrote their figures
    for client in clients:
        client.close()
