"""Quick messages at a table (issue 35): a phrase's id, never text, from a seated player, shown to
everyone at the table but those who muted him, within a rate per player; a mute lasts (stored with
the player) across reconnects and tables. Raw WebSocket frames, as a cheater sends them."""

from __future__ import annotations

import json
import time

import pytest

from spieltisch.server.quick_messages import PHRASES, SAY_BURST, SAY_PER_SECOND
from tests.server.player_client import Client


def _table_for(host: Client, *guests: Client, game: str = "planahead") -> str:
    """An open table of `game` with the host and the guests seated."""
    settings = {"seats": 4, "turn_seconds": None} if game == "planahead" else {}
    host.send({"type": "create_table", "game": game, "settings": settings})
    table_id = host.table_until(lambda t: t["you"] == 0)["id"]
    for guest in guests:
        guest.send({"type": "open_table", "table": table_id})
        guest.send({"type": "join", "table": table_id})
        guest.table_until(lambda t: t["you"] is not None)
    return table_id


def _said(client: Client, phrase: str | None = None) -> dict:
    """The next bubble the client hears (of that phrase: those of others between are passed over)."""
    return client.next_of("said", where=lambda m: phrase is None or m["phrase"] == phrase)


def _no_said(client: Client, after: Client, table_id: str) -> None:
    """`client` has heard no quick message of `after` at the table: he says one himself now, and
    the next bubble he hears is his own (the hub sends a table's bubbles to each connection in the
    order they were said: one of `after`'s, said before, would have come first)."""
    assert client is not after
    client.send({"type": "say", "table": table_id, "phrase": "one_moment"})
    heard = client.next_of("said")
    assert heard["player"] == client.player["id"], f"heard a bubble he should not: {heard}"


def test_a_phrase_reaches_everyone_at_the_table_watchers_too(live_server):
    ann, bob, watcher = Client(live_server, "Ann"), Client(live_server, "Bob"), Client(live_server, "Wanda")
    table_id = _table_for(ann, bob)
    watcher.send({"type": "open_table", "table": table_id})
    watcher.table_until(lambda t: t["you"] is None)
    bob.send({"type": "say", "table": table_id, "phrase": "good_luck", "seq": 3})
    for client in (ann, bob, watcher):
        said = _said(client)
        assert said["phrase"] == "good_luck" and said["table"] == table_id
        assert said["seat"] == 1 and said["player"] == bob.player["id"]
    # A watcher has no say: he holds no seat.
    watcher.send({"type": "say", "table": table_id, "phrase": "thanks", "seq": 9})
    error = watcher.error()
    assert error["code"] == "not_seated" and error["seq"] == 9
    # During the game and at its end, too.
    ann.send({"type": "start", "table": table_id})
    ann.table_until(lambda t: t["status"] == "playing")
    ann.send({"type": "say", "table": table_id, "phrase": "party"})
    assert _said(bob)["phrase"] == "party"


def test_nothing_but_a_phrases_id_is_said(live_server):
    ann, bob = Client(live_server, "Ann"), Client(live_server, "Bob")
    table_id = _table_for(ann, bob)
    for phrase, code in [
        ("hello_everyone", "unknown_phrase"),  # no such id
        ("Gut gemacht!", "unknown_phrase"),  # text instead of an id
        ("<img src=x onerror=alert(1)>", "unknown_phrase"),
        ("x" * 65, "bad_message"),  # longer than any id
    ]:
        ann.send({"type": "say", "table": table_id, "phrase": phrase, "seq": 7})
        error = ann.error()
        assert (error["code"], error["seq"]) == (code, 7), phrase
    for frame in [
        {"type": "say", "table": table_id, "text": "hi"},  # a field of free text
        {"type": "say", "table": table_id, "phrase": "thanks", "text": "hi"},
        {"type": "say", "table": table_id, "phrase": 3},
    ]:
        ann.send(frame)
        assert ann.error()["code"] == "bad_message", frame
    _no_said(bob, ann, table_id)


def test_a_flood_of_phrases_is_refused_beyond_the_rate(live_server):
    ann, bob = Client(live_server, "Ann"), Client(live_server, "Bob")
    table_id = _table_for(ann, bob)
    started = time.monotonic()
    for seq in range(12):
        ann.ws.send(json.dumps({"type": "say", "table": table_id, "phrase": PHRASES[seq % 4], "seq": seq}))
    answers = [
        ann.next_of(("error", "said"), where=lambda m: m["type"] == "said" or m.get("seq") is not None)
        for _ in range(12)
    ]
    elapsed = time.monotonic() - started
    refused = [m for m in answers if m["type"] == "error"]
    said = [m for m in answers if m["type"] == "said"]
    assert {m["code"] for m in refused} == {"too_many_messages"}
    # A burst, and what the rate refilled meanwhile (the test measures its own time, not the server's).
    assert SAY_BURST <= len(said) <= SAY_BURST + int(elapsed * SAY_PER_SECOND) + 1
    # Bob heard as many bubbles as went through, no more.
    heard = [bob.next_of("said") for _ in said]
    assert [m["phrase"] for m in heard] == [m["phrase"] for m in said]
    _no_said(bob, ann, table_id)
    # Another player is not slowed by Ann's flood.
    bob.send({"type": "say", "table": table_id, "phrase": "thanks"})
    assert _said(ann, "thanks")["player"] == bob.player["id"]


def test_no_say_at_a_table_one_has_no_seat_at(live_server):
    ann, bob, eve = Client(live_server, "Ann"), Client(live_server, "Bob"), Client(live_server, "Eve")
    table_id = _table_for(ann, bob)
    # Eve never opened it: her frame names it all the same.
    eve.send({"type": "say", "table": table_id, "phrase": "well_played", "seq": 1})
    assert eve.error()["code"] == "not_seated"
    eve.send({"type": "say", "table": "nosuchtbl", "phrase": "well_played", "seq": 2})
    assert eve.error()["code"] == "unknown_table"
    # Bob left the open table: no seat, no say.
    bob.send({"type": "leave", "table": table_id})
    bob.table_until(lambda t: t["you"] is None)
    bob.send({"type": "say", "table": table_id, "phrase": "bye", "seq": 3})
    assert bob.error()["code"] == "not_seated"
    _no_said(ann, bob, table_id)


def test_a_mute_lasts_across_reconnects_and_tables(live_server):
    ann, bob, cid = Client(live_server, "Ann"), Client(live_server, "Bob"), Client(live_server, "Cid")
    assert ann.welcome["muted"] == []
    table_id = _table_for(ann, bob, cid)
    ann.send({"type": "mute", "player": bob.player["id"]})
    assert ann.next_of("muted")["players"] == [bob.player["id"]]
    bob.send({"type": "say", "table": table_id, "phrase": "oops"})
    assert _said(cid, "oops")["phrase"] == "oops"  # the others hear him
    assert _said(bob, "oops")["phrase"] == "oops"  # he hears himself: nothing tells him he is muted
    _no_said(ann, bob, table_id)
    cid.send({"type": "say", "table": table_id, "phrase": "close"})
    assert _said(ann, "close")["phrase"] == "close"  # Ann still hears Cid
    assert _said(cid, "close")["phrase"] == "close"

    # Ann reloads: the mute is hers still, at this table and at a new one.
    ann.close()
    ann, player = Client(live_server, token=ann.token), ann.player
    ann.player = player
    assert ann.welcome["muted"] == [bob.player["id"]]
    # (Bob's third bubble in a few seconds: the rate allows three at once.)
    other = _table_for(bob, ann)
    bob.send({"type": "say", "table": other, "phrase": "wow"})
    assert _said(bob, "wow")["player"] == bob.player["id"]
    _no_said(ann, bob, other)

    # Unmuted: she hears him again.
    ann.send({"type": "mute", "player": bob.player["id"], "muted": False})
    assert ann.next_of("muted")["players"] == []
    bob.send({"type": "say", "table": other, "phrase": "thumbs_up"})
    assert _said(ann, "thumbs_up")["player"] == bob.player["id"]


def test_a_mute_of_no_such_player_changes_nothing(live_server):
    ann = Client(live_server, "Ann")
    for player, code in [
        ("p_0000000000000000", "not_found"),
        (ann.player["id"], "not_found"),  # oneself
        ("Bob", "bad_message"),
        ("p_' OR 1=1 --", "bad_message"),
    ]:
        ann.send({"type": "mute", "player": player, "seq": 5})
        error = ann.error()
        assert (error["code"], error["seq"]) == (code, 5), player
    ann.close()
    assert Client(live_server, token=ann.token).welcome["muted"] == []


@pytest.mark.services
def test_a_phrase_reaches_players_on_another_process(server_factory, redis_url, postgres_url):
    env = {"SPIELTISCH_REDIS_URL": redis_url, "SPIELTISCH_DATABASE_URL": postgres_url}
    first, second = server_factory(env), server_factory(env)
    ann, bob, cid = Client(first.url, "Ann"), Client(second.url, "Bob"), Client(second.url, "Cid")
    table_id = _table_for(ann, bob, cid, game="speedgans")
    cid.send({"type": "mute", "player": ann.player["id"]})
    cid.next_of("muted")
    ann.send({"type": "say", "table": table_id, "phrase": "another"})
    said = _said(bob)
    assert (said["phrase"], said["seat"]) == ("another", 0)
    _no_said(cid, ann, table_id)
    bob.send({"type": "say", "table": table_id, "phrase": "thanks"})
    assert _said(ann, "thanks")["player"] == bob.player["id"]
