"""Tables and solo runs created by the hundred: what a flood leaves behind, and what the others see.

The attacks are scripts over real sockets against the server's default limits (tests elsewhere lift
them: every test client comes from 127.0.0.1). Addresses are the documentation ranges, seen by the
server through X-Forwarded-For (uvicorn trusts it from 127.0.0.1, as from a proxy on the machine).
"""

from __future__ import annotations

import time

import httpx
import pytest

from spieltisch.server import limits
from spieltisch.server.config import ServerConfig
from spieltisch.server.hub import Hub
from spieltisch.server.tables import Status
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client

SOLO = "speedgans_solo"
SPAM = "198.51.100.7"
#: Honest players, each from an address of his own.
HONEST = [f"203.0.113.{n}" for n in range(1, 10)]


@pytest.fixture
def server(tmp_path, data_dir):
    defaults = ServerConfig()  # the limits as an operator gets them
    with InProcessServer(
        tmp_path,
        data_dir,
        creation_burst=defaults.creation_burst,
        address_open_tables=defaults.address_open_tables,
        address_solo_runs=defaults.address_solo_runs,
    ) as running:
        yield running


def services(server: InProcessServer):
    return server.app.state.services


def live_tables(server: InProcessServer):
    """The tables the server keeps in memory now (read from the test's thread: a snapshot)."""
    return list(services(server).store._tables.values())


def running_runs(server: InProcessServer, player: str) -> list:
    return [
        t
        for t in live_tables(server)
        if t.rules.starts_alone and t.status is Status.PLAYING and t.seat_of(player) is not None
    ]


def eventually(condition, timeout: float = 10.0) -> bool:
    """Whether `condition()` comes true within `timeout` seconds (what the server does after its
    answer, such as ending an old run, takes a moment)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def answers(client: Client, made: set[str], timeout: float = 20.0) -> list[str]:
    """Wait for the answer to the one creation a client sent: the id of the table it made is added
    to `made` (views of tables made before, such as a run ended meanwhile, are no answer), a
    refusal's code is returned. (A browser, too, waits for the answer before it asks again.)"""
    deadline = time.monotonic() + timeout
    while True:
        message = client.next_message(max(0.1, deadline - time.monotonic()))
        if message["type"] == "error":
            return [message["code"]]
        if message["type"] == "table" and message["table"]["id"] not in made:
            made.add(message["table"]["id"])
            return []


def quiet(client: Client) -> None:
    """Read what is still on its way (views of runs ended by other tabs' creations)."""
    try:
        while True:
            client.next_message(0.5)
    except TimeoutError:
        pass


@pytest.mark.slow
def test_one_player_over_eight_sockets_holds_few_solo_runs_and_leaves_nothing_behind(server):
    eve = Client(server.url, "Eve", address=SPAM)
    tabs = [eve, *(Client(server.url, token=eve.token, address=SPAM) for _ in range(7))]
    tables_before = len(live_tables(server))
    made: set[str] = set()
    refused: list[str] = []
    for seq in range(6):  # each tab a creation at a time, all eight at once
        for tab in tabs:
            tab.send({"type": "create_table", "game": SOLO, "settings": {"mode": "practice"}, "seq": seq})
        for tab in tabs:
            refused += answers(tab, made)
    for tab in tabs:
        quiet(tab)

    # 48 asked for: a burst made (the first creations of one player), the rest refused.
    assert set(refused) == {"rate_limited"}
    assert int(limits.CREATION_BURST) <= len(made) <= int(limits.CREATION_BURST) + 1
    assert len(made) + len(refused) == 48
    # Of those made, only the newest few still run: each new one ended the oldest, as if given up.
    assert eventually(lambda: len(running_runs(server, eve.player["id"])) == limits.SOLO_RUNS_PER_PLAYER)
    # Those ended are gone at once, but for the ones a tab still shows (at most one a tab).
    assert eventually(
        lambda: all(t.anyone_here for t in eves_tables(server, eve) if t.status is Status.FINISHED)
    )
    assert len(eves_tables(server, eve)) <= limits.SOLO_RUNS_PER_PLAYER + len(tabs)
    assert len(services(server).repository.live_tables()) == len(eves_tables(server, eve))

    # Once nobody is at them, the rest are forgotten within ten minutes (the running ones stop
    # when nobody has been at them that long): nothing of them is left in the process.
    for tab in tabs:
        tab.close()
    time.sleep(0.5)
    server.advance(limits.SOLO_LINGER_SECONDS + 1, settle=1.0)
    assert eventually(lambda: len(live_tables(server)) == tables_before)
    s = services(server)
    assert not s.repository.live_tables()
    assert not (made & set(s.hub._watchers)) and not (made & set(s.scheduler._timers))
    assert not (made & set(s.scheduler._leaving)) and not (made & set(s.store._locks))


def eves_tables(server: InProcessServer, eve: Client) -> list:
    return [t for t in live_tables(server) if t.seat_of(eve.player["id"]) is not None]


@pytest.mark.slow
def test_many_accounts_of_one_address_hold_few_solo_runs(server):
    per_address = services(server).config.address_solo_runs
    accounts = [Client(server.url, f"Spam {n}", address=SPAM) for n in range(12)]
    made: set[str] = set()
    for _ in range(4):
        for account in accounts:
            account.send({"type": "create_table", "game": SOLO, "settings": {"mode": "practice"}})
        for account in accounts:
            assert answers(account, made) == []
    for account in accounts:
        quiet(account)
    assert len(made) == 48  # each account within its own limits
    running = [t for t in live_tables(server) if t.rules.starts_alone and t.status is Status.PLAYING]
    assert len(running) == per_address
    # Those ended were ones nobody was at: each account's newest run, the one it is at, still runs.
    assert sum(t.seats[0].connected for t in running) == len(accounts)

    # Another address is not touched by it.
    ann = Client(server.url, "Ann", address=HONEST[0])
    ann.send({"type": "create_table", "game": SOLO, "settings": {"mode": "practice"}})
    assert ann.table_until(lambda t: t["kind"] == SOLO)["status"] == "playing"
    assert len(running_runs(server, ann.player["id"])) == 1


def test_a_person_starting_and_giving_up_is_never_refused(server):
    ann = Client(server.url, "Ann", address=HONEST[0])
    puzzle = httpx.get(f"{server.url}/api/puzzles").json()["today"]
    ann.send({"type": "start_puzzle", "puzzle": puzzle})
    attempt = ann.table_until(lambda t: t["kind"] == "puzzle")["id"]
    # A Rekordjagd begun, given up and begun again, as fast as a hand does it, six times over
    # (new runs and „Nochmal“), with the day's Rätsel open all along.
    for round in range(6):
        if round % 2 == 0:
            ann.send({"type": "create_table", "game": SOLO, "settings": {"mode": "record"}})
            run = ann.table_until(lambda t: t["kind"] == SOLO and t["status"] == "playing")["id"]
        else:
            ann.send({"type": "rematch", "table": run})
            ann.table_until(lambda t, r=run: t["id"] == r and t["status"] == "playing")
        ann.send({"type": "give_up", "table": run})
        ann.table_until(lambda t, r=run: t["id"] == r and t["status"] == "finished")
    # A second start of the day's Rätsel leads back to the open attempt.
    ann.send({"type": "start_puzzle", "puzzle": puzzle})
    assert ann.table_until(lambda t: t["kind"] == "puzzle")["id"] == attempt
    assert not [m for m in ann.received if m["type"] == "error"]
    assert [t.id for t in running_runs(server, ann.player["id"])] == [attempt]


@pytest.mark.slow
def test_rematches_of_one_run_are_new_runs_too(server):
    """„Nochmal“ and „Beenden“ in a loop: each run given up would be a record; a burst of them is."""
    eve = Client(server.url, "Eve", address=SPAM)
    eve.send({"type": "create_table", "game": SOLO, "settings": {"mode": "record"}})
    run = eve.table_until(lambda t: t["kind"] == SOLO)["id"]
    refused = 0
    playing = True
    for seq in range(20):
        if playing:
            eve.send({"type": "give_up", "table": run})
            eve.table_until(lambda t: t["status"] == "finished")
        eve.send({"type": "rematch", "table": run, "seq": seq})
        answer = eve.next_of(
            ("table", "error"),
            where=lambda m, n=seq: (
                m.get("seq") == n or (m["type"] == "table" and m["table"]["status"] == "playing")
            ),
        )
        playing = answer["type"] == "table"
        refused += answer["type"] == "error" and answer["code"] == "rate_limited"
    assert refused >= 20 - limits.CREATION_BURST
    history = httpx.get(f"{server.url}/api/players/{eve.player['id']}/history").json()
    assert history["counts"]["record"] <= limits.CREATION_BURST + 1


def test_a_run_ended_by_the_limit_counts_as_given_up(server):
    """The oldest runs ended by newer ones are recorded as the rules record a run given up (and
    replay to their records: InProcessServer checks every recorded game on leaving)."""
    bo = Client(server.url, "Bo", address=HONEST[1])
    bo.send({"type": "create_table", "game": SOLO, "settings": {"mode": "record"}})
    record = bo.table_until(lambda t: t["kind"] == SOLO)
    bo.send({"type": "skip", "table": record["id"]})
    bo.table_until(lambda t: t["game"]["number"] == 2)
    archive_day = httpx.get(f"{server.url}/api/puzzles").json()["puzzles"][1]["id"]
    bo.send({"type": "start_puzzle", "puzzle": archive_day})
    attempt = bo.table_until(lambda t: t["kind"] == "puzzle")
    for field in (1, 2):
        bo.send({"type": "place", "table": attempt["id"], "field": field})
        bo.send({"type": "confirm", "table": attempt["id"]})
        attempt = bo.table_until(lambda t, n=field: t["kind"] == "puzzle" and t["game"]["turn"] == n)
    server.advance(5)
    for _ in range(limits.SOLO_RUNS_PER_PLAYER):
        bo.send({"type": "create_table", "game": SOLO, "settings": {"mode": "practice"}})
        bo.table_until(lambda t: t["kind"] == SOLO and t["settings"]["mode"] == "practice")
    assert eventually(lambda: len(running_runs(server, bo.player["id"])) == limits.SOLO_RUNS_PER_PLAYER)

    # Ended while Bo was away, both are forgotten once recorded; what they had is in the records.
    # (The attempt's record waits for its day's optimum, worked out in the solver's process: on a
    # busy machine that takes many seconds.)
    for table_id in (record["id"], attempt["id"]):
        assert eventually(lambda i=table_id: i not in {t.id for t in live_tables(server)}, timeout=120)
        bo.send({"type": "open_table", "table": table_id})
        assert bo.error()["code"] == "unknown_table"
    history = httpx.get(f"{server.url}/api/players/{bo.player['id']}/history").json()
    kinds = {entry["kind"]: entry for entry in history["recent"]}
    assert kinds["record"]["points"] == 0.0  # skipped: no points, then given up
    puzzle = kinds["puzzle"]
    assert puzzle["day"] == archive_day and puzzle["seconds"] == pytest.approx(5, abs=0.5)
    assert puzzle["score"] == attempt["game"]["seats"][0]["score"]  # the two tiles it had
    replay = httpx.get(f"{server.url}/api/replays/{puzzle['game_id']}", timeout=60).json()
    assert replay["frames"][-1]["seats"][0]["land"] == attempt["game"]["seats"][0]["land"]


def play_a_game_alone(client: Client) -> None:
    """A Plan Ahead game of one seat, played to its end: the player has finished a table game."""
    client.send({"type": "create_table", "game": "planahead", "settings": {"seats": 1}})
    table = client.table_until(lambda t: t["kind"] == "planahead" and t["status"] == "open")
    client.send({"type": "start", "table": table["id"]})
    view = client.table_until(lambda t: t["status"] == "playing")
    for turn in range(19):
        client.send({"type": "place", "table": table["id"], "field": turn + 1})
        client.send({"type": "confirm", "table": table["id"]})
        view = client.table_until(lambda t, n=turn: t["game"]["turn"] == n + 1 or t["status"] == "finished")
    assert view["status"] == "finished"
    client.table_until(lambda t: t["game"].get("game_id") is not None, timeout=30)  # recorded


def host_table(client: Client) -> str:
    client.send({"type": "create_table", "game": "planahead", "settings": {"seats": 4}})
    return client.table_until(lambda t: t["kind"] == "planahead" and t["status"] == "open")["id"]


@pytest.mark.slow
def test_98_accounts_of_one_address_cannot_fill_the_lobby(server):
    # The evening before: a regular who has played, and new players, each from his own address.
    regular = Client(server.url, "Stammgast", address=HONEST[0])
    play_a_game_alone(regular)
    honest = {host_table(regular)}
    newcomers = [Client(server.url, f"Neu {n}", address=HONEST[n]) for n in range(1, 7)]
    honest |= {host_table(newcomer) for newcomer in newcomers}

    # One address, 98 fresh accounts, three tables each, as fast as the sockets go.
    spammers = [Client(server.url, f"Spam {n}", address=SPAM) for n in range(98)]
    spam: set[str] = set()
    refused: list[str] = []
    for _ in range(3):
        for spammer in spammers:
            spammer.send({"type": "create_table", "game": "planahead", "settings": {"seats": 6}})
        for spammer in spammers:
            refused += answers(spammer, spam)
    assert len(spam) == services(server).config.address_open_tables
    assert set(refused) == {"too_many_tables", "rate_limited"}

    watcher = Client(server.url, "Zuschauer", address=HONEST[8])
    watcher.send({"type": "watch_lobby"})
    lobby = watcher.lobby_until(lambda lines: honest <= set(lines), timeout=15)
    time.sleep(Hub.LOBBY_GATHER + 0.2)
    quiet(watcher)
    lines = set(lobby)
    assert honest <= lines
    assert len(lines & spam) <= 0.25 * len(lines)

    # The regular, even from the spammers' address, is neither refused nor listed after them.
    regular_there = Client(server.url, token=regular.token, address=SPAM)
    regular_there.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2}})
    second = regular_there.table_until(lambda t: t["kind"] == "planahead" and t["status"] == "open")["id"]
    lobby = watcher.lobby_until(lambda lines: second in lines, timeout=15)
    assert len(set(lobby) & spam) <= 0.25 * len(lobby)
