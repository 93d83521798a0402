"""Without a server: which lines the lobby lists when some hosts flood it, which solo runs a new one
ends, and that a run ended so is over as if given up (and stays so across a snapshot)."""

from __future__ import annotations

from spieltisch.games.planahead import game as pa
from spieltisch.server import limits
from spieltisch.server.brief import brief_of, facts_of, forget_at
from spieltisch.server.creation import holdings, origin_of, runs_to_end
from spieltisch.server.lobby import LINES_PER_HOST, LobbyList
from spieltisch.server.played import PlayedCache
from spieltisch.server.rules.planahead import PlanAheadRules
from spieltisch.server.rules.puzzle import PuzzleRules
from spieltisch.server.tables import Start, Status, Table, apply, create_table, end_alone, set_connected
from tests.aio import run
from tests.server.moments import T0

PLAN_AHEAD = PlanAheadRules()
PUZZLE = PuzzleRules(b"a test secret of the server", time_limit_s=60)
GAMES = {"planahead": PLAN_AHEAD, "puzzle": PUZZLE}
SECRET = b"a test secret of the server"
DAY = "2026-11-30"  # T0's day: its puzzle is out


def open_table(host: str, address: str, at: float, played: bool = False) -> Table:
    table = create_table(PLAN_AHEAD, host, host.title(), {"seats": 4}, at, 1.0)
    table.origin, table.creator_played = origin_of(address, SECRET), played
    return table


def test_the_lobby_lists_hosts_who_played_first_and_few_lines_of_one_address():
    honest = [open_table("regular", "203.0.113.1", T0, played=True)]
    honest += [open_table(f"new{n}", f"203.0.113.{10 + n}", T0 + n) for n in range(5)]
    # 98 fresh accounts of one address, 3 tables each, all newer than every honest table.
    spam = [open_table(f"spam{n}", "198.51.100.7", T0 + 100 + n * 3 + k) for n in range(98) for k in range(3)]
    lines = LobbyList(map(facts_of, [*honest, *spam])).tables()
    ids = [line["id"] for line in lines]
    assert ids[0] == honest[0].id  # the host who has played: first, though the oldest
    assert {t.id for t in honest} <= set(ids)
    assert len(set(ids) & {t.id for t in spam}) == limits.LOBBY_LINES_PER_ORIGIN
    assert len(ids) == len(honest) + limits.LOBBY_LINES_PER_ORIGIN


def test_a_flood_gets_no_line_beside_a_single_honest_table_and_a_class_its_two():
    regular = open_table("regular", "203.0.113.1", T0, played=True)
    spam = [open_table(f"spam{n}", "198.51.100.7", T0 + 1 + n) for n in range(limits.LOBBY_FLOOD_TABLES + 1)]
    assert [line["id"] for line in LobbyList(map(facts_of, [regular, *spam])).tables()] == [regular.id]
    school = [open_table(f"kid{n}", "192.0.2.5", T0 + n) for n in range(limits.LOBBY_FLOOD_TABLES)]
    lines = [
        line["id"] for line in LobbyList(map(facts_of, school)).tables()
    ]  # a quiet evening: only the class
    assert lines == [school[-1].id, school[-2].id]


def test_hosts_who_played_are_not_counted_by_address_but_by_host():
    school = "192.0.2.5"
    played = [open_table(f"p{n}", school, T0 + n, played=True) for n in range(8)]
    busy = [open_table("busy", school, T0 + 10 + k, played=True) for k in range(5)]
    lines = {line["id"] for line in LobbyList(map(facts_of, [*played, *busy])).tables()}
    assert {t.id for t in played} <= lines  # one address, but each host has played
    assert len(lines & {t.id for t in busy}) == LINES_PER_HOST


def test_a_table_listed_again_when_the_flood_is_gone():
    honest = open_table("ann", "203.0.113.1", T0)
    spam = [open_table(f"spam{n}", "203.0.113.1", T0 + 1 + n) for n in range(4)]
    lobby = LobbyList(map(facts_of, [honest, *spam]))
    assert honest.id not in {line["id"] for line in lobby.tables()}  # two newer of its address shown
    for table in spam:
        lobby.update(table.id, None)
    lobby.changes()
    assert honest.id in {line["id"] for line in lobby.tables()}


def run_of(player: str, address: str, at: float) -> Table:
    table = create_table(PUZZLE, player, player.title(), {"puzzle": DAY}, at, 1.0)
    table.origin = origin_of(address, SECRET)
    return table


def test_a_new_run_ends_the_oldest_absent_ones_of_the_player_and_of_the_address():
    address = "198.51.100.7"
    runs = [run_of("eve", address, T0 + n) for n in range(limits.SOLO_RUNS_PER_PLAYER + 1)]
    runs[0] = set_connected(runs[0], "eve", True, T0) or runs[0]  # the oldest one she is at
    runs[1] = set_connected(runs[1], "eve", False, T0 + 1) or runs[1]
    held = holdings(map(facts_of, runs), "eve", origin_of(address, SECRET), None)
    ended = runs_to_end(held, per_address=100, new=runs[-1].id)
    assert [t.id for t in ended] == [runs[1].id]  # absent: before the older one she is at

    others = [run_of(f"acc{n}", address, T0 + 10 + n) for n in range(6)]
    held = holdings(map(facts_of, [*runs, *others]), "acc5", origin_of(address, SECRET), None)
    ended = runs_to_end(held, per_address=8, new=others[-1].id)
    assert len(ended) == len(runs) + len(others) - 8 and others[-1].id not in {t.id for t in ended}
    # Another address holds its own runs.
    held = holdings(map(facts_of, [*runs, *others]), "bob", origin_of("203.0.113.9", SECRET), None)
    assert runs_to_end(held, per_address=8, new="x") == []


def test_a_puzzle_attempt_ended_by_the_server_keeps_what_it_had_and_reads_back_alike():
    table = run_of("ann", "203.0.113.1", T0)
    table = apply(table, "ann", "Ann", pa.Place(7), T0 + 2, 1.0)
    ended = end_alone(table, T0 + 5, 1.0)
    assert ended is not None and ended.status is Status.FINISHED
    assert ended.state.timed_out and ended.state.seconds_used(T0 + 99) == 5
    assert ended.log is not None and ended.log[-1] == ["abandon", T0 + 5, 0]
    assert end_alone(ended, T0 + 6, 1.0) is None  # over already: nothing to end
    again = Table.from_dict(ended.to_dict(), GAMES)
    assert again.origin == ended.origin and again.to_dict() == ended.to_dict()


def test_when_a_finished_run_is_forgotten():
    table = run_of("ann", "203.0.113.1", T0)
    assert forget_at(table) is None  # running
    away = set_connected(table, "ann", False, T0 + 1)
    assert away is not None
    ended = end_alone(away, T0 + 5, 1.0)
    assert ended is not None and forget_at(ended) is None  # not yet in the records
    ended.recorded = True
    assert forget_at(ended) == T0 + 5  # ended for the limit while she was away: at once
    # Given up (its clock: a deadline) while she was there, then she left: ten minutes after that.
    there = run_of("ann", "203.0.113.1", T0)
    over = apply(there, "ann", "Ann", pa.Place(7), T0 + 2, 1.0)
    over = end_alone(over, T0 + 3, 1.0)
    assert over is not None
    over.recorded = True
    assert forget_at(over) is None  # she is at it
    left = set_connected(over, "ann", False, T0 + 20)
    assert left is not None and forget_at(left) == T0 + 20 + limits.SOLO_LINGER_SECONDS


def test_whether_a_host_has_played_is_asked_once_and_learnt_from_a_recorded_game():
    asked: list[str] = []

    def look_up(player: str) -> bool:
        asked.append(player)
        return player == "veteran"

    cache = PlayedCache(look_up)
    assert run(cache.has_played("veteran")) and not run(cache.has_played("ann"))
    assert run(cache.has_played("veteran")) and not run(cache.has_played("ann"))
    assert asked == ["veteran", "ann"]  # each once
    game = open_table("ann", "203.0.113.1", T0)
    game = apply(game, "ann", "Ann", Start(), T0, 1.0)
    game.status, game.recorded = Status.FINISHED, True
    run(cache.brief_changed(game.id, brief_of(game), False))
    assert run(cache.has_played("ann")) and asked == ["veteran", "ann"]
