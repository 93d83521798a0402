"""Several processes behind nginx as docs/nginx/by-table.conf configures it (issue 37): a table's
pages connect to /ws?table=<id>, nginx sends every one of them to the same process, and that process
runs the table's clock — the others neither hold the table nor hear its moves. When it is killed,
the players reconnect through nginx to another process, which takes the table over."""

from __future__ import annotations

import random
import time

import pytest

from tests.server.player_client import Client
from tests.server.routed_play import both_lay_a_tile, table_of_two
from tests.server.solo_play import wait_for
from tests.services import run_by_its_followers, websockets_open

pytestmark = pytest.mark.services


def test_every_player_of_a_table_reaches_the_process_that_runs_it(routed_servers, redis_url):
    proxy, servers = routed_servers
    rng = random.Random(37)
    table_id, ann, bob, view = table_of_two(proxy.url, "Ann", "Bob")

    # One process follows the table, and it runs its clock (it took it over if another created it).
    def one_follower_owns_it() -> bool:
        return run_by_its_followers(redis_url, table_id)

    wait_for(one_follower_owns_it, 10)
    # Both players' sockets are on that one process; the other has none.
    wait_for(lambda: sorted(websockets_open(server.url) for server in servers) == [0, 2], 10)
    here = next(server for server in servers if websockets_open(server.url) == 2)

    # The game goes on there: both move, the computer too.
    view = both_lay_a_tile(ann, bob, table_id, view, rng)

    # The process is killed: the players connect again (as their pages do, by themselves), nginx
    # sends them on to the other process, which takes the table over once the dead one's lease
    # has run out; the game moves on from where it was.
    here.process.kill()
    here.process.wait()
    killed = time.monotonic()
    ann.close()
    bob.close()
    ann = Client(proxy.url, token=ann.token, table=table_id)
    bob = Client(proxy.url, token=bob.token, table=table_id)
    for player in (ann, bob):
        player.send({"type": "open_table", "table": table_id})
    view = ann.table_until(lambda t: t["status"] == "playing", 20)
    assert view["game"]["turn"] == 1
    view = both_lay_a_tile(ann, bob, table_id, view, rng)
    assert view["game"]["turn"] == 2 and time.monotonic() - killed < 30
    wait_for(one_follower_owns_it, 10)
    here.start()  # (the fixture stops what it started)
