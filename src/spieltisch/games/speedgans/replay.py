"""A finished Speedgans table game looked back on (docs/history.md): its replay, a frame per round
from its states as its log is run again, and each person's rounds weighed against the optimal
cities (analysis.py) for the records. Pure functions of the states and the catalog.

    replay(moments, catalog) -> {"frames": [...], "final": {...}}
    rounds_analysis(catalog, history, people) -> [[{"round": …, "differ": …, …}, ...] | None, ...]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from spieltisch.games.speedgans.analysis import analyse_city
from spieltisch.games.speedgans.notation import City
from spieltisch.games.speedgans.rounds import Game, Phase
from spieltisch.games.speedgans.views import seat_view, task_card

if TYPE_CHECKING:
    from spieltisch.games.speedgans.catalog import Catalog


def replay(moments: Iterable[tuple[float, Game]], catalog: Catalog) -> dict[str, Any]:
    """A frame per round: its tasks, each city's changes and each „Gasse dicht!“ as they came
    (seconds since building began), and the scoring as the table showed it. `moments`: the time
    of each accepted change and the state after it (the first: the start)."""
    frames: list[dict[str, Any]] = []
    cities: list[str] = []
    done: list[bool] = []
    state: Game | None = None
    for at, state in moments:
        if state.phase is Phase.READING:
            continue
        if not frames or frames[-1]["round"] != state.round:
            if state.phase is not Phase.BUILDING:
                continue
            tasks = [task_card(task, catalog) for task in state.tasks]
            frames.append({"round": state.round, "tasks": tasks, "events": [], "scored": None})
            cities = [str(City.empty())] * len(state.seats)
            done = [False] * len(state.seats)
        frame = frames[-1]
        if frame["scored"] is not None:
            continue
        # The cities a computer built (or began) this round: for a person, a stand-in's.
        frame["computer"] = [i for i, seat in enumerate(state.seats) if state.round in seat.computer_rounds]
        since = round(at - state.reading_ends, 3)
        for index, seat in enumerate(state.seats):
            city = str(seat.city)
            if city != cities[index]:
                cities[index] = city
                frame["events"].append({"at": since, "seat": index, "city": city})
            if seat.done and not done[index]:
                done[index] = True
                called = {"done": seat.marker} if seat.marker is not None else {"left": True}
                frame["events"].append({"at": since, "seat": index, **called})
        if state.phase in (Phase.SCORED, Phase.FINISHED):
            frame["scored"] = seat_view(state, None, catalog)
            frame["analysis"] = _round_analysis(catalog, state, frame["events"])
    assert state is not None
    return {
        "frames": frames,
        "final": {"points": [seat.points for seat in state.seats], "ranking": list(state.ranking())},
    }


def _round_analysis(catalog: Catalog, state: Game, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each seat's city of the round weighed against the optimal ones (analysis.py), with the
    seconds it took to call „Gasse dicht!“ (None: it did not)."""
    called = {event["seat"]: event["at"] for event in events if "done" in event}
    return [
        {**analyse_city(catalog, tuple(state.tasks), seat.city).to_dict(), "seconds": called.get(index)}
        for index, seat in enumerate(state.seats)
    ]


def rounds_analysis(
    catalog: Catalog, history: Sequence[Mapping[str, Any]], people: Sequence[bool]
) -> list[list[dict[str, Any]] | None]:
    """Each person's rounds (None: a computer's seat), each city as it was scored weighed against
    the optimal ones: tiles that differ from the nearest, the sums of its points and of the
    Musterstadt's (solo points; None: not a finished city), its seconds of building."""
    found: list[list[dict[str, Any]] | None] = []
    for index, person in enumerate(people):
        if not person:
            found.append(None)
            continue
        seat_rounds = []
        for played in history:
            if "cities" not in played:
                continue  # a round scored before the cities were kept
            weighed = analyse_city(catalog, tuple(played["tasks"]), City.parse(played["cities"][index]))
            seat_rounds.append(
                {
                    "round": played["round"],
                    "tasks": played["tasks"],
                    "differ": weighed.differ,
                    "points": None if weighed.points is None else round(sum(weighed.points), 1),
                    "best": round(sum(weighed.best), 1),
                    "seconds": played["seconds"][index],
                }
            )
        found.append(seat_rounds)
    return found
