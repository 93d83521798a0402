"""The life of a table without a server: `tables.create_table`, `apply` and `tick` on a fake clock
(a plain number), with the real rules of Plan Ahead and of the puzzle behind the one contract."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.planahead import game as pa
from spieltisch.games.speedgans import rounds
from spieltisch.server.rules.planahead import PlanAheadRules
from spieltisch.server.rules.puzzle import PuzzleRules
from spieltisch.server.tables import (
    ABANDON_SECONDS,
    GRACE_SECONDS,
    REMATCH_SECONDS,
    AddBot,
    Join,
    Leave,
    Rematch,
    RemoveSeat,
    StandIn,
    Start,
    Status,
    Table,
    apply,
    bot_moves,
    create_table,
    set_away,
    set_connected,
    tick,
)
from tests.aio import run
from tests.server.moments import T0

PLAN_AHEAD = PlanAheadRules()
GAMES = {"planahead": PLAN_AHEAD, "puzzle": PuzzleRules(b"a test secret of the server", time_limit_s=60)}
PACING = 1.0


def table_of(settings: dict | None = None, *guests: str) -> Table:
    table = create_table(PLAN_AHEAD, "ann", "Ann", {"seats": 3} if settings is None else settings, T0, PACING)
    for guest in guests:
        table = apply(table, guest, guest.title(), Join(), T0, PACING)
    return table


def refused(code: ErrorCode, table: Table, player: str, action: object, now: float = T0) -> None:
    before = json.dumps(table.to_dict())
    with pytest.raises(RuleError) as caught:
        apply(table, player, player.title(), action, now, PACING)
    assert caught.value.code is code
    assert json.dumps(table.to_dict()) == before  # nothing changed


def test_a_new_table_seats_its_host_and_checks_its_settings():
    table = table_of({"seats": 4, "turn_seconds": 30})
    assert table.status is Status.OPEN and table.version == 1
    assert [seat.nickname for seat in table.seats] == ["Ann"] and table.host == "ann"
    assert table.settings == {"seats": 4, "turn_seconds": 30, "bot_pace": "brisk"}
    lobby_defaults = {"seats": 2, "turn_seconds": None, "bot_pace": "brisk"}
    assert table_of({}).settings == lobby_defaults
    bad_settings = (
        {"seats": 7},
        {"seats": True},
        {"turn_seconds": 7},
        {"colour": "red"},
        {"bot_pace": "fast"},
    )
    for bad in bad_settings:
        with pytest.raises(RuleError) as caught:
            create_table(PLAN_AHEAD, "ann", "Ann", bad, T0, PACING)
        assert caught.value.code is ErrorCode.BAD_SETTINGS


def test_seats_fill_up_and_only_the_host_runs_the_table():
    table = table_of({"seats": 3}, "bob")
    refused(ErrorCode.NOT_HOST, table, "bob", AddBot("easy"))
    refused(ErrorCode.NOT_HOST, table, "bob", Start())
    table = apply(table, "ann", "Ann", AddBot("strong"), T0, PACING)
    assert [(s.nickname, s.bot) for s in table.seats][-1] == ("Ada", "strong")
    refused(ErrorCode.TABLE_FULL, table, "cid", Join())
    refused(ErrorCode.BAD_SEAT, table, "ann", RemoveSeat(0))  # not oneself
    refused(ErrorCode.BAD_SEAT, table, "ann", RemoveSeat(5))
    table = apply(table, "ann", "Ann", RemoveSeat(2), T0, PACING)
    assert len(table.seats) == 2
    # The host leaves an open table: the seat is freed and the host passes on.
    table = apply(table, "ann", "Ann", Leave(), T0, PACING)
    assert [s.player for s in table.seats] == ["bob"] and table.host == "bob"


def test_moves_count_only_while_playing_and_only_for_the_own_game():
    table = table_of({"seats": 2}, "bob")
    refused(ErrorCode.NOT_PLAYING, table, "ann", pa.Place(1))
    table = apply(table, "ann", "Ann", Start(), T0, PACING)
    refused(ErrorCode.ALREADY_STARTED, table, "ann", Start())
    refused(ErrorCode.NOT_SEATED, table, "eve", pa.Place(1))
    refused(ErrorCode.BAD_ACTION, table, "ann", rounds.SetCity("1a0"))  # a Speedgans move
    refused(ErrorCode.NOT_PLACED, table, "ann", pa.Confirm())
    version = table.version
    table = apply(table, "ann", "Ann", pa.Place(10), T0 + 1, PACING)
    assert table.version == version + 1 and table.state.seats[0].tentative == 10
    refused(ErrorCode.BAD_FIELD, table, "bob", pa.Place(99))
    confirmed = apply(table, "ann", "Ann", pa.Confirm(), T0 + 2, PACING)
    refused(ErrorCode.ALREADY_CONFIRMED, confirmed, "ann", pa.Place(11))


def test_the_next_tile_comes_when_everyone_confirmed():
    table = apply(table_of({"seats": 2}, "bob"), "ann", "Ann", Start(), T0, PACING)
    first = table.state.current_tile
    for player in ("ann", "bob"):
        table = apply(table, player, player, pa.Place(1), T0 + 1, PACING)
        table = apply(table, player, player, pa.Confirm(), T0 + 2, PACING)
    assert table.state.turn == 1 and table.state.seats[1].land[0] == first


def test_computers_move_on_the_clock_and_never_early():
    table = apply(table_of({"seats": 2}), "ann", "Ann", AddBot("medium"), T0, PACING)
    table = apply(table, "ann", "Ann", Start(), T0, PACING)
    due = table.bot_due[1]
    assert T0 + 0.5 <= due <= T0 + 1.3  # at the brisk pace (the default) the medium level "thinks" 0.5–1.3 s
    assert table.next_due() == due
    assert tick(table, due - 0.01, PACING) is None  # nothing is due yet
    decided = bot_moves(table, due)
    after = tick(table, due, PACING, decided)
    assert after is not None and after.state.seats[1].confirmed and not after.state.seats[0].confirmed
    assert 1 not in after.bot_due  # it waits for the person now, not the other way round
    # Worked out in a thread ahead or in the tick itself: the same move.
    assert tick(table, due, PACING).state == after.state


def test_a_turn_clock_places_for_whoever_did_not_confirm():
    table = apply(table_of({"seats": 2, "turn_seconds": 15}, "bob"), "ann", "Ann", Start(), T0, PACING)
    table = apply(table, "ann", "Ann", pa.Place(7), T0 + 3, PACING)
    assert table.next_due() == T0 + 15
    assert tick(table, T0 + 14.9, PACING) is None
    table = tick(table, T0 + 15, PACING)
    ann, bob = table.state.seats
    assert table.state.turn == 1 and ann.land[6] is not None and 7 in ann.clock_placed
    assert sum(tile is not None for tile in bob.land) == 1 and len(bob.clock_placed) == 1
    assert table.next_due() == T0 + 30


def test_nobody_waits_for_a_player_who_left_and_a_rematch_seats_only_those_present():
    table = apply(table_of({"seats": 3}, "bob", "cid"), "ann", "Ann", Start(), T0, PACING)
    table = apply(table, "bob", "Bob", Leave(), T0 + 1, PACING)
    assert table.seats[1].left
    for player in ("ann", "cid"):
        table = apply(table, player, player, pa.Place(19), T0 + 2, PACING)
        table = apply(table, player, player, pa.Confirm(), T0 + 3, PACING)
    assert table.state.turn == 1  # Bob's tile was laid for him
    refused(ErrorCode.NOT_FINISHED, table, "ann", Rematch())
    for turn in range(1, 19):
        for seat, player in ((0, "ann"), (2, "cid")):
            free = table.state.seats[seat].land.index(None) + 1
            table = apply(table, player, player, pa.Place(free), T0 + 4 + turn, PACING)
            table = apply(table, player, player, pa.Confirm(), T0 + 4 + turn, PACING)
    assert table.status is Status.FINISHED and table.next_due() is None
    refused(ErrorCode.NOT_SEATED, table, "bob", Rematch())
    asked = apply(table, "cid", "Cid", Rematch(), T0 + 100, PACING)
    assert asked.status is Status.FINISHED  # Ann is still reading the end: she is asked
    again = apply(asked, "ann", "Ann", Rematch(), T0 + 101, PACING)  # (Bob, gone, is not waited for)
    assert again.status is Status.PLAYING and [s.player for s in again.seats] == ["ann", "cid"]
    assert again.state.turn == 0 and len(again.state.seats) == 2


def test_a_table_survives_its_snapshot():
    table = apply(table_of({"seats": 2, "turn_seconds": 30}), "ann", "Ann", AddBot("easy"), T0, PACING)
    table = apply(apply(table, "ann", "Ann", Start(), T0, PACING), "ann", "Ann", pa.Place(4), T0, PACING)
    copy = Table.from_dict(json.loads(json.dumps(table.to_dict())), GAMES)
    assert copy.to_dict() == table.to_dict() and copy.state == table.state and copy.rules is PLAN_AHEAD


def test_a_puzzle_table_starts_at_once_and_ends_on_its_clock():
    rules = GAMES["puzzle"]
    day = dt.date.fromtimestamp(T0).isoformat()
    table = create_table(rules, "ann", "Ann", {"puzzle": day}, T0, PACING)
    assert table.status is Status.PLAYING and table.next_due() == T0 + 60
    refused(ErrorCode.ALREADY_STARTED, table, "ann", AddBot("easy"))
    table = apply(table, "ann", "Ann", pa.Place(3), T0 + 1, PACING)
    table = apply(table, "ann", "Ann", pa.Confirm(), T0 + 2, PACING)
    table = apply(table, "ann", "Ann", pa.Place(4), T0 + 3, PACING)  # lying there, unconfirmed
    table = tick(table, T0 + 60, PACING)
    assert table.status is Status.FINISHED and table.state.timed_out
    # The tile lying at 0:00 stays where it lay (as the clock at a table keeps it) and counts.
    land = table.state.game.seats[0].land
    assert sum(tile is not None for tile in land) == 2 and land[3] is not None
    refused(ErrorCode.NOT_PLAYING, table, "ann", pa.Place(5))
    for bad, code in (
        ({"puzzle": "2020-01-01"}, ErrorCode.NO_PUZZLE),
        ({"puzzle": "2099-01-01"}, ErrorCode.FUTURE_PUZZLE),
        ({"puzzle": "yesterday"}, ErrorCode.BAD_PUZZLE),
        ({"day": day}, ErrorCode.BAD_SETTINGS),
    ):
        with pytest.raises(RuleError) as caught:
            create_table(rules, "ann", "Ann", bad, T0, PACING)
        assert caught.value.code is code


def test_players_whose_process_died_are_away_in_one_change_and_the_host_passes_on():
    table = table_of({"seats": 3}, "bob", "cid")
    away = set_away(table, frozenset({"ann", "bob", "eve"}), T0 + 5)  # (Eve has no seat here)
    assert away is not None and away.version == table.version + 1
    assert [(s.player, s.connected, s.away_since) for s in away.seats] == [
        ("ann", False, T0 + 5),
        ("bob", False, T0 + 5),
        ("cid", True, None),
    ]
    assert away.host == "cid"  # the one still present can start the game
    assert set_away(away, frozenset({"ann"}), T0 + 6) is None  # nothing changes: no new version


def test_a_computer_plays_for_an_absent_player_until_he_returns():
    table = apply(table_of({"seats": 2}, "bob"), "ann", "Ann", Start(), T0, PACING)
    table = set_connected(table, "bob", False, T0 + 1)  # Bob's browser is gone
    assert table.next_due() == T0 + 1 + GRACE_SECONDS
    assert table.view("ann", T0 + 2)["seats"][1]["stand_in_at"] == T0 + 1 + GRACE_SECONDS
    assert tick(table, T0 + GRACE_SECONDS, PACING) is None  # a reload's worth of time: nothing
    table = tick(table, T0 + 1 + GRACE_SECONDS, PACING)
    assert table.state.seats[1].confirmed and not table.state.seats[0].confirmed  # Ann need not wait
    table = apply(table, "ann", "Ann", pa.Place(1), T0 + 40, PACING)
    table = apply(table, "ann", "Ann", pa.Confirm(), T0 + 41, PACING)
    assert table.state.turn == 1 and 1 in table.bot_due  # it goes on playing for him
    table = set_connected(table, "bob", True, T0 + 42)  # Bob is back: his seat is his again
    assert 1 not in table.bot_due and table.next_due() is None
    assert table.view("ann", T0 + 43)["seats"][1]["stand_in_at"] is None


def test_a_computer_standing_in_confirms_the_tile_where_the_person_laid_it():
    table = apply(table_of({"seats": 2}, "bob"), "ann", "Ann", Start(), T0, PACING)
    tile = table.state.current_tile
    table = apply(table, "bob", "Bob", pa.Place(3), T0 + 0.5, PACING)  # laid, not confirmed
    table = set_connected(table, "bob", False, T0 + 1)
    table = tick(table, T0 + 1 + GRACE_SECONDS, PACING)
    bob = table.state.seats[1]
    assert bob.confirmed and bob.land[3 - 1] == tile and bob.clock_placed == frozenset()


def test_the_host_hands_an_absent_seat_to_a_computer_at_once():
    table = apply(table_of({"seats": 3}, "bob", "cid"), "ann", "Ann", Start(), T0, PACING)
    refused(ErrorCode.BAD_SEAT, table, "ann", StandIn(1))  # Bob is still here
    table = set_connected(table, "bob", False, T0 + 1)
    refused(ErrorCode.NOT_HOST, table, "cid", StandIn(1), T0 + 2)
    refused(ErrorCode.BAD_SEAT, table, "ann", StandIn(5), T0 + 2)
    table = apply(table, "ann", "Ann", StandIn(1), T0 + 2, PACING)
    assert table.view("cid", T0 + 2)["seats"][1]["stand_in_at"] == T0 + 1  # already playing for him
    table = tick(table, table.next_due(), PACING)
    assert table.state.seats[1].confirmed  # Ann and Cid need not wait out the grace time
    table = set_connected(table, "bob", True, T0 + 3)  # back: his seat is his, and the next time
    table = set_connected(table, "bob", False, T0 + 4)  # he goes, the grace time holds again
    assert table.stand_in_due(1) == T0 + 4 + GRACE_SECONDS


def test_a_computer_stands_in_only_during_a_game_that_has_computers():
    table = set_connected(table_of({"seats": 3}, "bob"), "bob", False, T0 + 1)
    refused(ErrorCode.NOT_PLAYING, table, "ann", StandIn(1), T0 + 2)  # open table: remove him instead


def test_nobody_plays_for_the_only_person_and_a_game_nobody_is_at_stops():
    table = apply(table_of({"seats": 2}), "ann", "Ann", AddBot("easy"), T0, PACING)
    table = apply(table, "ann", "Ann", Start(), T0, PACING)
    table = tick(table, table.bot_due[1], PACING)  # the computer has placed; the game waits for Ann
    table = set_connected(table, "ann", False, T0 + 10)
    assert table.stand_in_due(0) is None  # nobody else waits for her
    assert table.next_due() == T0 + 10 + ABANDON_SECONDS
    assert tick(table, T0 + 9 + ABANDON_SECONDS, PACING) is None
    table = tick(table, T0 + 10 + ABANDON_SECONDS, PACING)
    assert table.status is Status.FINISHED and table.recorded and table.extras == {"abandoned": True}
    assert table.finished_game() is not None and table.next_due() is None


def test_a_rematch_seats_only_those_present():
    table = apply(table_of({"seats": 4}, "bob", "cid"), "ann", "Ann", AddBot("easy"), T0, PACING)
    table = replace_status(table, Status.FINISHED)
    table = set_connected(table, "bob", False, T0 + 5)
    asked = apply(table, "cid", "Cid", Rematch(), T0 + 6, PACING)
    again = apply(asked, "ann", "Ann", Rematch(), T0 + 7, PACING)
    assert [s.nickname for s in again.seats] == ["Ann", "Cid", "Lina"]


def test_a_rematch_waits_for_those_present_to_agree_or_for_its_countdown():
    table = apply(table_of({"seats": 4}, "bob", "cid"), "ann", "Ann", AddBot("easy"), T0, PACING)
    table = replace_status(table, Status.FINISHED)
    asked = apply(table, "bob", "Bob", Rematch(), T0 + 10, PACING)
    assert asked.status is Status.FINISHED and asked.next_due() == T0 + 10 + REMATCH_SECONDS
    view = asked.view("cid", T0 + 10)
    assert view["rematch"] == {"by": [1], "at": T0 + 10 + REMATCH_SECONDS}
    again = apply(asked, "bob", "Bob", Rematch(), T0 + 11, PACING)  # asking twice changes nothing
    assert again.rematch_by == ["bob"] and again.rematch_at == asked.rematch_at
    assert tick(asked, T0 + 10 + REMATCH_SECONDS - 0.1, PACING) is None  # not yet
    # Cid leaves: not seated again. Ann says nothing: when the countdown ends she plays along.
    asked = apply(asked, "cid", "Cid", Leave(), T0 + 12, PACING)
    started = tick(asked, T0 + 10 + REMATCH_SECONDS, PACING)
    assert started is not None and started.status is Status.PLAYING and started.version > asked.version
    assert [s.nickname for s in started.seats] == ["Ann", "Bob", "Lina"]
    assert started.rematch_at is None and started.view("ann", T0 + 30)["rematch"] is None


def test_a_rematch_asked_for_by_one_who_then_leaves_does_not_start():
    table = replace_status(table_of({"seats": 3}, "bob"), Status.FINISHED)
    asked = apply(table, "bob", "Bob", Rematch(), T0 + 10, PACING)
    gone = apply(asked, "bob", "Bob", Leave(), T0 + 11, PACING)
    assert gone.rematch_at is None and gone.next_due() is None and gone.view("ann", T0)["rematch"] is None
    assert tick(gone, T0 + 10 + REMATCH_SECONDS, PACING) is None


def test_a_countdown_survives_the_snapshot():
    table = replace_status(table_of({"seats": 3}, "bob"), Status.FINISHED)
    asked = apply(table, "bob", "Bob", Rematch(), T0 + 10, PACING)
    copy = Table.from_dict(json.loads(asked.snapshot_json()), GAMES)
    assert copy.rematch_by == ["bob"] and copy.next_due() == T0 + 10 + REMATCH_SECONDS


def test_alone_at_a_table_a_rematch_starts_at_once():
    table = apply(table_of({"seats": 3}), "ann", "Ann", AddBot("easy"), T0, PACING)
    again = apply(replace_status(table, Status.FINISHED), "ann", "Ann", Rematch(), T0 + 5, PACING)
    assert again.status is Status.PLAYING and len(again.seats) == 2


def replace_status(table: Table, status: Status) -> Table:
    table = Table.from_dict(table.to_dict(), GAMES)
    table.status = status
    return table


def test_two_masters_at_one_table_lay_lands_of_their_own():
    table = table_of({"seats": 4})
    for level in ("strong", "easy", "strong"):  # the masters do not sit side by side
        table = apply(table, "ann", "Ann", AddBot(level), T0, PACING)
    table = apply(table, "ann", "Ann", Start(), T0, PACING)
    now = T0
    while table.status is Status.PLAYING:
        if table.rules.waiting_for(table.state, 0):
            free = table.state.seats[0].land.index(None) + 1
            table = apply(table, "ann", "Ann", pa.Place(free), now, PACING)
            table = apply(table, "ann", "Ann", pa.Confirm(), now, PACING)
        now += 1.0
        table = tick(table, now, PACING) or table
    masters = [table.state.seats[seat].land for seat in (1, 3)]
    assert masters[0] != masters[1]  # (as strong as each other: bench/planahead_bots.py --variety)


def test_a_table_written_after_every_change_keeps_its_whole_log(tmp_path):
    """The single process's snapshots: the table rewritten, its log appended to, over two games;
    what a restart reads back is the table with its whole log — and a snapshot stays as small at
    the last tile as at the first."""
    from spieltisch.server.clock import FakeClock
    from spieltisch.server.services import Snapshots, _restored_tables
    from spieltisch.storage.db import make_engine
    from spieltisch.storage.repository import Repository

    repository = Repository(make_engine(f"sqlite:///{tmp_path / 'live.sqlite3'}"))

    async def play() -> None:
        snapshots = Snapshots(repository, FakeClock(T0))
        table = apply(table_of({"seats": 2}), "ann", "Ann", AddBot("easy"), T0, PACING)
        now, sizes = T0, []
        for game in range(2):
            table = apply(table, "ann", "Ann", Start() if game == 0 else Rematch(), now, PACING)
            await snapshots.write(table)
            while table.status is Status.PLAYING:
                if table.rules.waiting_for(table.state, 0):
                    free = table.state.seats[0].land.index(None) + 1
                    table = apply(table, "ann", "Ann", pa.Place(free), now, PACING)
                    await snapshots.write(table)
                    table = apply(table, "ann", "Ann", pa.Confirm(), now, PACING)
                    await snapshots.write(table)
                now += 1.0
                table = tick(table, now, PACING) or table
                await snapshots.write(table)
                sizes.append(len(table.snapshot_json()))
                [(restored, _)] = _restored_tables(repository, GAMES, now)
                assert restored.log == table.log and restored.version == table.version
                assert restored.to_dict()["state"] == table.to_dict()["state"]
            assert max(sizes) < 1.5 * min(sizes)  # the log is not in it
            assert len(table.log) > 19 * 3  # (every tile: a place and a confirm of each seat)

    run(play())
