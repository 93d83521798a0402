"""Quick messages at a table: a fixed set of phrases and emoji, sent as an id (never text, so there
is nothing to moderate), shown for a moment as a bubble by the sender's seat.

A bubble travels like every other change of a table: `tables.Say` adds it to the table's short list
of recent bubbles (`Table.said`), the store writes and announces the table (to the other processes
too, through Redis), and each process's hub sends every connection that has the table open the
bubbles it has not had yet — leaving out those of players its player muted (storage/mutes.py).
"""

from __future__ import annotations

from spieltisch.server.limits import AddressBuckets

#: The phrases a player can send (the client has a text for each in both languages:
#: web/js/quick-messages.js). An id is what travels; an unknown one is refused (`unknown_phrase`).
PHRASES = (
    "well_played",  # Gut gemacht!
    "another",  # Noch eine?
    "close",  # Knapp!
    "one_moment",  # Moment bitte
    "good_luck",  # Viel Glück!
    "thanks",  # Danke!
    "oops",  # Hoppla!
    "bye",  # Tschüss!
    "thumbs_up",  # 👍
    "sweat",  # 😅
    "party",  # 🎉
    "wow",  # 😮
)

#: A player's bubbles: one every 2 s on average, three at once. A person says „Gut gemacht!“ and
#: „Noch eine?“ after a game in a breath, then waits for an answer; more than one a second for long
#: is someone drumming on the button, whose bubbles would cover the others' chips all game.
SAY_PER_SECOND, SAY_BURST = 0.5, 3.0
#: The bubbles a table keeps (the newest): enough for every seat to say something at once between
#: two views; older ones have been shown and are gone from the screens.
SAID_KEPT = 8


class SayBuckets:
    """Bubbles per player, in this process (like the frame budgets: several processes each allow
    as much; a player's tabs on one table all talk through the process that holds his sockets)."""

    def __init__(self, per_second: float = SAY_PER_SECOND, burst: float = SAY_BURST) -> None:
        self._players = AddressBuckets(per_second, burst)

    def take(self, player: str, now: float | None = None) -> bool:
        return self._players.bucket(player).take(now)
