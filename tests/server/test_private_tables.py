"""Private tables (issue 35): listed in no lobby (nor in its changes), opened only by the invite
link's secret — to join and to watch — or by a seat held there; a table one may not see is answered
as one that does not exist. Raw WebSocket frames, as a cheater sends them."""

from __future__ import annotations

import secrets

import httpx

from spieltisch.server.routes.socket import loggable
from tests.server.player_client import Client


def _private_table(host: Client, game: str = "planahead") -> dict:
    settings = {"seats": 3, "turn_seconds": None} if game == "planahead" else {}
    host.send({"type": "create_table", "game": game, "settings": settings, "private": True})
    return host.table_until(lambda t: t["you"] == 0)


def test_a_private_table_is_in_no_lobby(server_factory):
    server = server_factory()
    watcher = Client(server.url, "Lou")
    watcher.send({"type": "watch_lobby"})
    watcher.next_of("lobby")
    host = Client(server.url, "Hanna")
    public = Client(server.url, "Paul")
    private = _private_table(host)
    assert private["private"] is True and len(private["invite"]) >= 20
    public.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2, "turn_seconds": None}})
    public_id = public.table_until(lambda t: t["you"] == 0)["id"]
    # The public table shows up in the lobby's changes; the private one, made before it, never did.
    lobby = watcher.lobby_until(lambda lines: public_id in lines)
    assert private["id"] not in lobby
    assert not any(private["id"] in str(m) for m in watcher.received)
    # Nor in the HTTP list, nor the table's own HTTP view.
    listed = httpx.get(f"{server.url}/api/tables").json()["tables"]
    assert {line["id"] for line in listed} == {public_id}
    assert httpx.get(f"{server.url}/api/tables/{private['id']}").status_code == 404
    # A fresh lobby neither; its host finds it among his own tables.
    host.send({"type": "watch_lobby"})
    assert private["id"] not in {line["id"] for line in host.next_of("lobby")["tables"]}
    own = host.next_of("your_tables")["tables"]
    assert [(line["id"], line.get("private")) for line in own] == [(private["id"], True)]


def test_only_the_invite_link_opens_a_private_table(live_server):
    host, guest, eve = Client(live_server, "Hanna"), Client(live_server, "Gil"), Client(live_server, "Eve")
    table = _private_table(host)
    table_id, secret = table["id"], table["invite"]
    # Eve knows (or guesses) the id: without the secret, or with a wrong one, the table is none.
    for frame in [
        {"type": "open_table", "table": table_id},
        {"type": "open_table", "table": table_id, "key": "guess"},
        {"type": "open_table", "table": table_id, "key": secret[:-1]},
        {
            "type": "open_table",
            "table": table_id,
            "key": secret.upper() if secret.upper() != secret else "A" + secret,
        },
        {"type": "join", "table": table_id},
        {"type": "join", "table": table_id, "key": "guess"},
        {"type": "say", "table": table_id, "phrase": "thanks"},
        {"type": "add_bot", "table": table_id, "level": "easy"},
    ]:
        eve.send({**frame, "seq": 11})
        error = eve.error()
        assert (error["code"], error["seq"]) == ("unknown_table", 11), frame
    # ... the same answer as for a table that does not exist: nothing to tell them apart.
    eve.send({"type": "open_table", "table": "zzzzzz", "seq": 12})
    nowhere = eve.error()
    eve.send({"type": "open_table", "table": table_id, "seq": 12})
    assert eve.error() == nowhere | {"message": nowhere["message"].replace("zzzzzz", table_id)}
    # A secret that is no secret's shape is refused before anything is looked up.
    eve.send({"type": "open_table", "table": table_id, "key": "../../etc", "seq": 13})
    assert eve.error()["code"] == "bad_message"
    # She never got a view of it, nor did the table change.
    assert not any(m["type"] == "table" for m in eve.received)

    # With the link's secret Gil watches (no seat, no secret shown to him) and takes a seat.
    guest.send({"type": "open_table", "table": table_id, "key": secret})
    watched = guest.table_until(lambda t: t["id"] == table_id)
    assert watched["you"] is None and "invite" not in watched and watched["private"] is True
    guest.send({"type": "join", "table": table_id, "key": secret})
    seated = guest.table_until(lambda t: t["you"] == 1)
    assert seated["invite"] == secret
    # Seated, he needs the secret no more (a reload opens his seat).
    guest.close()
    again = Client(live_server, token=guest.token)
    again.send({"type": "open_table", "table": table_id})
    assert again.table_until(lambda t: t["id"] == table_id)["you"] == 1
    eve.send({"type": "open_table", "table": table_id, "seq": 14})
    assert eve.error()["code"] == "unknown_table"


def _private_game_played(host: Client) -> dict:
    """A private Plan Ahead table of one, played through (each tile on the next field); its view."""
    host.send(
        {
            "type": "create_table",
            "game": "planahead",
            "settings": {"seats": 1, "turn_seconds": None},
            "private": True,
        }
    )
    table = host.table_until(lambda t: t["you"] == 0)
    host.send({"type": "start", "table": table["id"]})
    for field in range(1, 20):
        host.send({"type": "place", "table": table["id"], "field": field})
        host.send({"type": "confirm", "table": table["id"]})
    return table


def test_a_private_tables_rematch_stays_private(live_server):
    host = Client(live_server, "Hanna")
    table = _private_game_played(host)
    host.table_until(lambda t: t["status"] == "finished")
    host.send({"type": "rematch", "table": table["id"]})
    again = host.table_until(lambda t: t["status"] == "playing" and t["game"]["turn"] == 0)
    assert again["private"] is True and again["invite"] == table["invite"]
    eve = Client(live_server, "Eve")
    eve.send({"type": "open_table", "table": table["id"]})
    assert eve.error()["code"] == "unknown_table"
    eve.send({"type": "open_table", "table": table["id"], "key": table["invite"]})
    assert eve.table_until(lambda t: t["id"] == table["id"])["you"] is None


def test_a_solo_kind_cannot_be_made_private(live_server):
    player = Client(live_server, "Sol")
    player.send(
        {
            "type": "create_table",
            "game": "speedgans_solo",
            "settings": {"mode": "practice"},
            "private": True,
            "seq": 2,
        }
    )
    assert player.error()["code"] == "bad_settings"
    player.send({"type": "create_table", "game": "planahead", "settings": {}, "private": "yes", "seq": 3})
    assert player.error()["code"] == "bad_message"


def test_guessing_secrets_finds_nothing(live_server):
    """A guesser gets `unknown_table` for every secret (128 random bits) and, at the frame budget's
    20 a second per socket, 80 per address, would need some 10^29 years for an even chance."""
    host, eve = Client(live_server, "Hanna"), Client(live_server, "Eve")
    table = _private_table(host)
    guesses = 40  # within a socket's burst (60): every one is answered
    for n in range(guesses):
        eve.send({"type": "open_table", "table": table["id"], "key": secrets.token_urlsafe(16), "seq": n})
    answers = [eve.next_of(("error", "table")) for _ in range(guesses)]
    assert {(m["type"], m.get("code")) for m in answers} == {("error", "unknown_table")}
    assert sorted(m["seq"] for m in answers) == list(range(guesses))


def test_a_frame_logged_keeps_no_secret():
    frame = '{"type": "join", "table": "k3j4h5", "key" : "s3cr3t-AbC_9", "seq": 1}'
    assert "s3cr3t" not in loggable(frame) and '"key" : "***"' in loggable(frame)
    assert "s3cr3t" not in loggable(frame.encode())


def test_a_private_tables_games_are_its_players_alone_once_over(live_server):
    """Its records are in no public list, its replay answers only its players (to anyone else: no
    such game), and the player's page links its replay for the player himself alone."""
    host = Client(live_server, "Hedda")
    table = _private_game_played(host)
    game_id = host.table_until(lambda t: "game_id" in (t["game"] or {}), timeout=30)["game"]["game_id"]
    url = f"{live_server}/api/replays/{game_id}"
    eve = Client(live_server, "Evi")
    for headers in ({}, {"Authorization": f"Bearer {eve.token}"}):
        assert httpx.get(url, headers=headers, timeout=60).status_code == 404
    mine = httpx.get(url, headers={"Authorization": f"Bearer {host.token}"}, timeout=60)
    assert mine.status_code == 200 and len(mine.json()["frames"]) == 19
    assert httpx.get(f"{live_server}/api/games", params={"table": table["id"]}).json()["games"] == []
    history = f"{live_server}/api/players/{host.player['id']}/history"
    for headers in ({}, {"Authorization": f"Bearer {eve.token}"}):
        recent = httpx.get(history, headers=headers).json()["recent"]
        assert recent[0]["kind"] == "planahead" and recent[0]["game_id"] is None
    # Her own page (her token with the request, as the browser sends it) links it: it is hers.
    recent = httpx.get(history, headers={"Authorization": f"Bearer {host.token}"}).json()["recent"]
    assert recent[0]["game_id"] == game_id
