"""Games played over the socket, as the browser's protocol plays them (a person's moves without a
page): to have finished games to replay, a running game in the background, a day's list with entries."""

from __future__ import annotations

import threading
import time
from typing import Any

from tests.server.player_client import Client

#: A person's time for one Speedgans tile, at least (games/speedgans/solo.py: MIN_CITY_SECONDS is 0.5 s
#: a tile): solo cities laid faster rank nowhere.
PERSON_SECONDS_PER_TILE = 0.55


def free(land: str) -> list[int]:
    return [i + 1 for i, entry in enumerate(land.split()) if entry == "."]


def start_plan_ahead(url: str, nickname: str = "Ria") -> tuple[Client, str]:
    """A Plan Ahead table of a person and a computer, started (its game running)."""
    client = Client(url, nickname)
    client.send({"type": "create_table", "game": "planahead", "settings": {"seats": 2, "turn_seconds": None}})
    table_id = client.table_until(lambda t: True)["id"]
    client.send({"type": "add_bot", "table": table_id, "level": "easy"})
    client.table_until(lambda t: len(t["seats"]) == 2)
    client.send({"type": "start", "table": table_id})
    client.table_until(lambda t: t["status"] == "playing")
    return client, table_id


def play_on(client: Client, table_id: str, first_turn: int = 0) -> dict[str, Any]:
    """Play a running Plan Ahead table's own seat to the end over the socket (each tile on the first
    free field); the finished table's view once it has its replay (its game id). Closes the client."""
    client.send({"type": "open_table", "table": table_id})
    for turn in range(first_turn, 19):
        view = client.table_until(
            lambda t, n=turn: t["game"]["turn"] == n and not t["game"]["seats"][t["you"]]["confirmed"]
        )
        land = view["game"]["seats"][view["you"]]["land"]
        client.send({"type": "place", "table": table_id, "field": free(land)[0]})
        client.send({"type": "confirm", "table": table_id})
    # The computer's last tile comes at its pace: on a loaded machine that can take a while.
    end = client.table_until(lambda t: "game_id" in t["game"], timeout=60)
    client.close()
    return end


def plan_ahead_game(url: str) -> dict[str, Any]:
    """A whole Plan Ahead game of a person and a computer over the socket (its finished view)."""
    client, table_id = start_plan_ahead(url)
    return play_on(client, table_id)


class SpeedgansGame(threading.Thread):
    """A whole Speedgans game in the background: a person (the socket) against an easy computer, the
    person laying the Musterstadt of each round in three steps and calling „Gasse dicht!“ first.
    `end` is the finished table's view (with its game id); join() re-raises what went wrong."""

    def __init__(self, url: str, catalog) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.catalog = catalog
        self.end: dict[str, Any] | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.end = self.play()
        except BaseException as error:  # handed to the test that joins
            self.error = error

    def play(self) -> dict[str, Any]:
        client = Client(self.url, "Sina")
        settings = {"seats": 2, "target": "short", "turn_seconds": 30, "hourglass": 15}
        client.send({"type": "create_table", "game": "speedgans", "settings": settings})
        table_id = client.table_until(lambda t: True)["id"]
        client.send({"type": "add_bot", "table": table_id, "level": "easy"})
        client.table_until(lambda t: len(t["seats"]) == 2)
        client.send({"type": "start", "table": table_id})
        while True:
            view = client.table_until(lambda t: t["game"]["phase"] in ("building", "finished"), timeout=60)
            game = view["game"]
            if game["phase"] == "finished":
                break
            weights = {task["id"]: 1.0 for task in game["tasks"]}
            best = str(self.catalog.best_for_weights(weights, 1)[0][0]).split()
            for tiles in (3, 6, 9):
                city = " ".join(best[:tiles] + ["."] * (9 - tiles))
                client.send({"type": "city", "table": table_id, "city": city})
                client.table_until(lambda t, c=city: t["game"]["seats"][0].get("city") == c)
            client.send({"type": "done", "table": table_id})
            scored = client.table_until(
                lambda t, r=game["round"]: (
                    t["game"]["round"] == r and t["game"]["phase"] in ("scored", "finished")
                ),
                timeout=60,
            )
            if scored["game"]["phase"] == "finished":
                break
            client.send({"type": "next_round", "table": table_id})
        # The computer's last tile comes at its pace: on a loaded machine that can take a while.
        end = client.table_until(lambda t: "game_id" in t["game"], timeout=60)
        client.close()
        return end

    def result(self) -> dict[str, Any]:
        self.join(90)
        if self.error is not None:
            raise self.error
        assert self.end is not None, "the Speedgans game did not end"
        return self.end


def daily_by_protocol(url: str, name: str, city: str | None = None, catalog=None) -> tuple[Client, float]:
    """A player's Tagesstadt attempt through the protocol (its first of the day): the city given, else
    the catalog's best for the first task alone. Answers the player and the attempt's points."""
    client = Client(url, name)
    client.send({"type": "create_table", "game": "speedgans_solo", "settings": {"mode": "daily"}})
    table = client.table_until(lambda t: t["game"]["phase"] == "playing")
    if city is None:
        first = table["game"]["tasks"][0]["id"]
        city = str(catalog.best_for_weights({first: 1.0}, 1)[0][0])
    # Tile by tile at a person's pace: a city sent whole, or laid faster, is kept but ranks nowhere.
    client.lay_city(table["id"], city, advance=lambda: time.sleep(PERSON_SECONDS_PER_TILE))
    client.send({"type": "done", "table": table["id"]})
    end = client.table_until(lambda t: "first_attempt" in t["game"], timeout=15)
    return client, end["game"]["total"]
