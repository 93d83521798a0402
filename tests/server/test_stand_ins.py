"""Who really played a seat: the tiles and cities a computer standing in for an absent person (or the
turn clock) made for him are marked live, at the end, in the records and in the replay; a game the
computer mostly played for a person earns him no list points (issue 32).

Real server in this process (its fake clock), real sockets (tests/server/player_client.py).
"""

from __future__ import annotations

import random
from dataclasses import replace

import httpx

from spieltisch.games.speedgans import rounds
from spieltisch.games.speedgans.catalog import ensure_catalog
from spieltisch.server.rules.base import FinishedGame, PlayedFor, Sitter, mostly_played_for
from spieltisch.server.rules.speedgans import leaderboard_entries
from spieltisch.storage.db import make_engine
from spieltisch.storage.repository import Repository
from tests.server.inprocess import InProcessServer
from tests.server.player_client import Client
from tests.server.solo_play import free_fields, wait_for


def recorded(server, table_id: str) -> dict:
    def record():
        """the game in the records"""
        server.advance(0.1)
        games = httpx.get(f"{server.url}/api/games", params={"table": table_id}).json()["games"]
        return games[0] if games else None

    return wait_for(record)


def test_a_stand_ins_and_the_clocks_tiles_are_marked_live_at_the_end_in_the_records_and_the_replay(
    tmp_path, data_dir
):
    """Ann plays every tile; Ben lays tile 1, goes away, the host hands his seat to a computer, and he
    takes it back at tile 6; Emil never acts: the clock lays every tile of his."""
    with InProcessServer(tmp_path, data_dir) as server:
        ann, ben, emil = Client(server.url, "Ann"), Client(server.url, "Ben"), Client(server.url, "Emil")
        ann.send({"type": "create_table", "game": "planahead", "settings": {"seats": 3, "turn_seconds": 30}})
        table_id = ann.table_until(lambda t: True)["id"]
        for other in (ben, emil):
            other.send({"type": "join", "table": table_id})
        ann.table_until(lambda t: len(t["seats"]) == 3)
        ann.send({"type": "start", "table": table_id})
        view = ann.table_until(lambda t: t["status"] == "playing")
        rng = random.Random(7)

        def ann_lays(view: dict) -> None:
            ann.send({"type": "place", "table": table_id, "field": rng.choice(free_fields(view))})
            ann.send({"type": "confirm", "table": table_id})

        # Tile 1: Ben lays it himself.
        ben_view = ben.table_until(lambda t: t["status"] == "playing")
        ben.send({"type": "place", "table": table_id, "field": free_fields(ben_view)[0]})
        ben.send({"type": "confirm", "table": table_id})
        ben.close()
        ann.table_until(lambda t: not t["seats"][1]["connected"])
        ann.send({"type": "stand_in", "table": table_id, "seat": 1})

        def clock_after_ann_and_ben(turn: int) -> None:
            """Once Ann and Ben (or his computer) have laid this tile, the clock lays Emil's."""

            def laid():
                """Ann's and Ben's tile laid"""
                server.advance(0.1)  # (the computer moves on the clock's next tick)
                game = httpx.get(f"{server.url}/api/tables/{table_id}").json()["game"]
                return game["turn"] == turn and all(s["confirmed"] for s in game["seats"][:2])

            wait_for(laid)
            server.advance(31)

        for turn in range(5):  # tiles 1–5: the computer lays 2–5 for Ben, the clock Emil's
            view = ann.table_until(lambda t, n=turn: t["game"]["turn"] == n)
            ann_lays(view)
            clock_after_ann_and_ben(turn)
        view = ann.table_until(lambda t: t["game"]["turn"] == 5)
        ben_lands = view["game"]["seats"][1]
        assert len(ben_lands["computer_placed"]) == 4  # tiles 2–5, shown to the others as they are laid
        assert ben_lands["clock_placed"] == []
        assert len(view["game"]["seats"][2]["clock_placed"]) == 5
        assert view["game"]["seats"][0]["computer_placed"] == view["game"]["seats"][0]["clock_placed"] == []

        # Ben comes back at tile 6: his own land shows him what the computer laid for him.
        ben = Client(server.url, token=ben.token)
        ben.send({"type": "join", "table": table_id})
        back = ben.table_until(lambda t: t["seats"][1]["connected"] and t["game"]["turn"] == 5)
        assert back["game"]["seats"][1]["computer_placed"] == ben_lands["computer_placed"]
        for turn in range(5, 19):
            view = ann.table_until(lambda t, n=turn: t["status"] == "finished" or t["game"]["turn"] == n)
            ann_lays(view)
            mine = ben.table_until(lambda t, n=turn: t["game"]["turn"] == n)
            ben.send({"type": "place", "table": table_id, "field": free_fields(mine)[0]})
            ben.send({"type": "confirm", "table": table_id})
            clock_after_ann_and_ben(turn)

        end = ann.table_until(lambda t: t["status"] == "finished")
        # The end says who played whose seat: tile numbers, and whether it was most of the game.
        notes = end["game"]["played_for"]
        assert notes[0] is None
        assert notes[1] == {"computer": [2, 3, 4, 5], "clock": [], "of": 19, "mostly": False}
        assert notes[2] == {"computer": [], "clock": list(range(1, 20)), "of": 19, "mostly": True}
        # The records keep it (the player page and the lists read them), and so does the replay.
        record = recorded(server, table_id)
        assert record["result"]["played_for"] == notes
        game_id = wait_for(
            lambda: httpx.get(f"{server.url}/api/tables/{table_id}").json()["game"].get("game_id")
        )
        replay = httpx.get(f"{server.url}/api/replays/{game_id}", timeout=60).json()
        assert replay["final"]["played_for"] == notes
        last = replay["frames"][-1]["seats"]
        assert last[1]["computer_placed"] == ben_lands["computer_placed"]
        assert len(last[2]["clock_placed"]) == 19
        assert replay["frames"][0]["seats"][1]["computer_placed"] == []  # tile 1: Ben's own
        assert len(replay["frames"][1]["seats"][1]["computer_placed"]) == 1


def test_a_game_the_computer_mostly_played_for_a_cheater_earns_him_no_list_points(tmp_path, data_dir):
    """The attack: Mal sits at a Speedgans table with a friend, goes away at once so that a computer
    builds his cities, and comes back for the last round to be there at the end. The game stays in
    his results, marked; the Bestenliste gives him nothing (his friend, who played, earns hers)."""
    catalog = ensure_catalog(progress=False, directory=data_dir)
    with InProcessServer(tmp_path, data_dir, bot_pacing=1.0) as server:
        ann, mal = Client(server.url, "Ann"), Client(server.url, "Mal")
        settings = {"seats": 2, "one_task": True, "target": "short", "turn_seconds": 60}
        ann.send({"type": "create_table", "game": "speedgans", "settings": settings})
        table_id = ann.table_until(lambda t: True)["id"]
        mal.send({"type": "join", "table": table_id})
        ann.table_until(lambda t: len(t["seats"]) == 2)
        ann.send({"type": "start", "table": table_id})
        started = ann.table_until(lambda t: t["status"] == "playing")
        target = started["game"]["target"]
        mal.close()
        ann.table_until(lambda t: not t["seats"][1]["connected"])
        ann.send({"type": "stand_in", "table": table_id, "seat": 1})

        def public() -> dict:
            return httpx.get(f"{server.url}/api/tables/{table_id}").json()

        def read_all() -> None:
            """Take in what came for the people at the table, as their browsers do (a socket that
            reads nothing is dropped as a slow client, and its player is then away)."""
            for client in (ann, mal) if back else (ann,):
                while True:
                    try:
                        client.next_message(timeout=0.01)
                    except TimeoutError:
                        break

        def until(predicate) -> dict:
            for _ in range(200):
                read_all()
                view = public()
                if predicate(view):
                    return view
                server.advance(1.0)
            raise AssertionError(f"not reached: {public()['game']}")

        back = False
        while True:
            game = until(lambda t: t["status"] == "finished" or t["game"]["phase"] == "building")
            if game["status"] == "finished":
                break
            round_number = game["game"]["round"]
            best = str(catalog.best_for_weights({game["game"]["tasks"][0]["id"]: 1.0}, 1)[0][0])
            ann.lay_city(table_id, best, advance=lambda: server.advance(0.5))
            ann.send({"type": "done", "table": table_id})
            if back:
                mal.lay_city(table_id, best, advance=lambda: server.advance(0.5))
                mal.send({"type": "done", "table": table_id})
            scored = until(lambda t, r=round_number: t["game"]["phase"] in ("scored", "finished"))
            if scored["game"]["phase"] == "finished":
                break
            if not back and scored["game"]["seats"][0]["points"] + 2 >= target:
                mal = Client(server.url, token=mal.token)  # back for the last round, to be there
                mal.send({"type": "join", "table": table_id})
                mal.table_until(lambda t: t["seats"][1]["connected"])
                back = True
            ann.send({"type": "next_round", "table": table_id})
            if back:
                mal.send({"type": "next_round", "table": table_id})
            until(lambda t, r=round_number: t["game"]["round"] > r)
        assert back, "the game ended before Mal came back"

        end = public()
        assert all(seat["connected"] for seat in end["seats"])  # both there at the end
        rounds_played = len(end["game"]["history"])
        note = end["game"]["played_for"][1]
        assert note["computer"] == list(range(1, rounds_played)) and note["mostly"] is True
        assert end["game"]["played_for"][0] is None
        record = recorded(server, table_id)
        assert record["result"]["played_for"][1] == note  # kept in the results, marked
        board = httpx.get(f"{server.url}/api/leaderboard", params={"game": "speedgans"}).json()["entries"]
        assert [e["nickname"] for e in board] == ["Ann"]


def test_more_than_half_of_the_turns_is_mostly():
    assert not mostly_played_for(PlayedFor(computer=(2, 3, 4, 5), of=19))
    assert not mostly_played_for(PlayedFor(computer=(1, 2), of=4))  # exactly half: his game still
    assert mostly_played_for(PlayedFor(computer=(1, 2), clock=(3,), of=4))
    assert mostly_played_for(PlayedFor(computer=(3,), clock=(1, 2, 3), of=5))  # a turn counts once


def test_a_stand_in_for_a_few_rounds_still_earns_the_person_his_points():
    state = rounds.new_game(rounds.Settings(seats=3), 3, seed=1, now=0.0)
    history = tuple({"round": n} for n in (1, 2, 3))
    seats = (replace(state.seats[0], points=9, computer_rounds=(2,)), *state.seats[1:])
    state = replace(state, phase=rounds.Phase.FINISHED, history=history, seats=seats)
    sitters = (Sitter("p_1", "Ann", None), Sitter("p_2", "Bob", None), Sitter(None, "Akka", "strong"))

    def earners(state):
        return [
            e["player"] for e in leaderboard_entries(FinishedGame("t", "t-1", {}, sitters, state, 0.0), 600.0)
        ]

    assert earners(state) == ["p_1", "p_2"]
    two_of_three = replace(state, seats=(replace(state.seats[0], computer_rounds=(1, 2)), *state.seats[1:]))
    assert earners(two_of_three) == ["p_2"]


def test_the_bestenliste_says_how_many_of_a_players_games_a_computer_partly_played(tmp_path):
    """A game a computer played a round of for Ann (not most of it) brings her points, and her row
    of the Bestenliste counts it apart; Bob's does not."""
    state = rounds.new_game(rounds.Settings(seats=2), 2, seed=1, now=0.0)
    history = tuple({"round": n} for n in (1, 2, 3))
    seats = (replace(state.seats[0], points=9, computer_rounds=(2,)), replace(state.seats[1], points=7))
    state = replace(state, phase=rounds.Phase.FINISHED, history=history, seats=seats)
    repository = Repository(make_engine(f"sqlite:///{tmp_path / 'board.sqlite3'}"))
    ann, _ = repository.create_player("Ann")
    bob, _ = repository.create_player("Bob")
    sitters = (Sitter(ann.id, "Ann", None), Sitter(bob.id, "Bob", None))
    entries = leaderboard_entries(FinishedGame("t", "t-1", {}, sitters, state, 0.0), 600.0)
    assert [(e["player"], e["stood_in"]) for e in entries] == [(ann.id, True), (bob.id, False)]
    repository.save_game(
        game_id="t-1",
        game="speedgans",
        table_id="t",
        seed=1,
        settings={},
        players=[],
        result={},
        started_at=1_764_000_000.0,
        leaderboard=entries,
    )
    rows = {row["nickname"]: row for row in repository.leaderboard("speedgans")["entries"]}
    assert (rows["Ann"]["games"], rows["Ann"]["stood_in"]) == (1, 1)
    assert (rows["Bob"]["games"], rows["Bob"]["stood_in"]) == (1, 0)
