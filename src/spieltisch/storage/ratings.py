"""Skill ratings per game for table games, by openskill's Plackett–Luce model.

Why this model: a table of Plan Ahead or Speedgans is a free-for-all of two to six seats ranked at
the end, with shared places. Plackett–Luce rates such a ranking as one event (the probability of
that order of finish), where Elo or Glicko-2 only know two players at a time: a six-seat game would
be cut into fifteen duels that all pretend to be independent, and a shared place has no meaning.
Glicko-2 also needs rating periods (batches of games), which a site where games end at any moment
does not have. openskill is maintained, fast (no numeric integration) and needs nothing but itself.

The rules of the platform (docs/history.md, "Ratings"):
- A table game of at least two seats is rated, people and computers together, by its final places.
- Computers are anchors: each level has a fixed rating that no game changes, so a number means the
  same thing over the years (a new person starts where the medium computer stands).
- A person's rating does not move for a game a computer mostly played for him (`moves` False: he
  went away), nor where the rules say his seat did not count (a Speedgans city sent whole).
- A rating is provisional until it rests on `PROVISIONAL_GAMES` games; the rating list shows only
  the others.
- Shown as a whole number: 60 × the model's mean (a new person: 1500, as on Lichess).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.orm import Session

from spieltisch.storage.models import Player, Rating, RatingChange

#: The model with the library's defaults (mean 25, uncertainty 25/3, and a little drift each game
#: so that a rating keeps following a player who gets better).
MODEL = PlackettLuce()
#: Each computer level's fixed rating (model means; uncertainty `ANCHOR_SIGMA`): the medium level
#: is where a new person starts, the easy and strong levels a third of the start's spread below and
#: above (the strong computer beats most people, the easy one loses to most).
ANCHORS = {"easy": 17.0, "medium": 25.0, "strong": 33.0}
ANCHOR_SIGMA = 1.0
#: Games before a rating counts as established (the uncertainty has about halved by then).
PROVISIONAL_GAMES = 5
#: Shown rating per model point.
SCALE = 60


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """A seat of a game to rate: a person (`player`) or a computer (`level`), and whether the game
    moves the person's rating."""

    player: str | None
    level: str | None
    moves: bool = True


def shown(mu: float) -> int:
    """The rating as players see it."""
    return round(SCALE * mu)


def rate_game(
    session: Session,
    game: str,
    record_id: int,
    seats: Sequence[RatedSeat],
    places: Sequence[int],
    at: datetime,
) -> None:
    """Rate a finished game (in the transaction that records it: once per game) and note each
    moved rating's change."""
    if len(seats) < 2 or not any(seat.player for seat in seats):
        return
    people = [seat.player for seat in seats if seat.player]
    kept = {
        row.player_id: row
        for row in session.scalars(
            select(Rating).where(Rating.game == game, Rating.player_id.in_(people)).with_for_update()
        )
    }
    before = []
    for seat in seats:
        if seat.player is None:
            before.append(
                MODEL.rating(mu=ANCHORS.get(seat.level or "", ANCHORS["medium"]), sigma=ANCHOR_SIGMA)
            )
        elif seat.player in kept:
            before.append(MODEL.rating(mu=kept[seat.player].mu, sigma=kept[seat.player].sigma))
        else:
            before.append(MODEL.rating())
    after = MODEL.rate([[rating] for rating in before], ranks=list(places))
    for seat, old, (new,) in zip(seats, before, after, strict=True):
        if seat.player is None or not seat.moves:
            continue  # an anchor never moves; nor does a game the person did not play himself
        row = kept.get(seat.player)
        if row is None:
            row = Rating(player_id=seat.player, game=game, mu=new.mu, sigma=new.sigma, games=0)
            session.add(row)
            kept[seat.player] = row
        row.mu, row.sigma, row.games, row.updated_at = new.mu, new.sigma, row.games + 1, at
        session.add(
            RatingChange(
                player_id=seat.player,
                game=game,
                record_id=record_id,
                before=shown(old.mu),
                after=shown(new.mu),
                created_at=at,
            )
        )


def rating_list(session: Session, game: str, limit: int) -> list[dict[str, Any]]:
    """The established ratings of a game, best first (equal ratings share a rank): players not
    blocked, with their current names."""
    rows = session.execute(
        select(Rating.player_id, Player.nickname, Rating.mu, Rating.games)
        .join(Player, Player.id == Rating.player_id)
        .where(Rating.game == game, Rating.games >= PROVISIONAL_GAMES, Player.blocked.is_not(True))
        .order_by(Rating.mu.desc(), Rating.player_id)
        .limit(limit)
    )
    return with_ranks(
        [
            {"player": player_id, "nickname": nickname, "rating": shown(mu), "games": games}
            for player_id, nickname, mu, games in rows
        ],
        "rating",
    )


def with_ranks(rows: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """A list ordered best first, each row with its `rank` first: rows equal in `key` share the rank
    of the first of them (1, 2, 2, 4)."""
    ranked: list[dict[str, Any]] = []
    for row in rows:
        tied = ranked and ranked[-1][key] == row[key]
        ranked.append({"rank": ranked[-1]["rank"] if tied else len(ranked) + 1, **row})
    return ranked


def player_ratings(session: Session, player_id: str, history: int) -> dict[str, Any]:
    """A person's rating in each game he was rated in, with its latest `history` changes (oldest
    first): {game: {"rating", "games", "provisional", "provisional_games", "changes": [{"at",
    "rating"}]}}."""
    found: dict[str, Any] = {}
    for row in session.scalars(select(Rating).where(Rating.player_id == player_id).order_by(Rating.game)):
        changes = (
            session.execute(
                select(RatingChange.created_at, RatingChange.after)
                .where(RatingChange.player_id == player_id, RatingChange.game == row.game)
                .order_by(RatingChange.id.desc())
                .limit(history)
            ).all()
            if history > 0
            else []  # (the rating list's own line asks none: no query for nothing)
        )
        found[row.game] = {
            "rating": shown(row.mu),
            "games": row.games,
            "provisional": row.games < PROVISIONAL_GAMES,
            "provisional_games": PROVISIONAL_GAMES,
            "changes": [{"at": at, "rating": rating} for at, rating in reversed(changes)],
        }
    return found
