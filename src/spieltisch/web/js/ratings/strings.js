// @ts-check
// The words of the skill ratings (the rating list at /wertung and the player page's card), German
// first, English second; added to the shared table on import.

import { addStrings } from "../i18n.js";

addStrings("de", {
  "rating.title": "Wertungszahlen",
  "rating.rules": "Jede Partie am Tisch mit mindestens zwei Plätzen verändert die Wertungszahl nach den Plätzen am Ende (Plackett-Luce-Modell). Die Computer stehen fest ({computers}). Neue Spieler beginnen bei {start}; vorläufig bis {n} Partien. Eine Partie, die der Computer überwiegend für jemanden gespielt hat, zählt für ihn nicht.",
  "rating.empty": "Noch niemand hat {n} gewertete Partien gespielt.",
  "rating.you.provisional": "Deine Wertungszahl: {rating} – noch {n} Partien, dann stehst du in der Liste.",
  "rating.you": "Deine Wertungszahl: {rating}",
  "rating.col.rank": "Platz",
  "rating.col.name": "Name",
  "rating.col.rating": "Wertung",
  "rating.col.games": "Partien",
  "rating.link": "Wertungszahlen",
  "rating.card.title": "Wertungszahlen",
  "rating.card.value": "{game}: {rating}",
  "rating.provisional": "vorläufig",
  "rating.provisional.long": "Vorläufig: erst {games} von {n} Partien.",
  "rating.games": "{n} gewertete Partien",
  "rating.games.one": "1 gewertete Partie",
  "rating.chart.bar": "{when}: {rating}",
  "rating.chart.desc": "Zuletzt {rating}, zwischen {low} und {high} in den letzten {n} Partien.",
});

addStrings("en", {
  "rating.title": "Ratings",
  "rating.rules": "Every game at a table of two seats or more moves the rating by the places at the end (Plackett–Luce model). The computers stand still ({computers}). New players start at {start}; provisional until {n} games. A game the computer mostly played for someone does not count for them.",
  "rating.empty": "Nobody has played {n} rated games yet.",
  "rating.you.provisional": "Your rating: {rating} – {n} more games and you are on the list.",
  "rating.you": "Your rating: {rating}",
  "rating.col.rank": "Rank",
  "rating.col.name": "Name",
  "rating.col.rating": "Rating",
  "rating.col.games": "Games",
  "rating.link": "Ratings",
  "rating.card.title": "Ratings",
  "rating.card.value": "{game}: {rating}",
  "rating.provisional": "provisional",
  "rating.provisional.long": "Provisional: only {games} of {n} games.",
  "rating.games": "{n} rated games",
  "rating.games.one": "1 rated game",
  "rating.chart.bar": "{when}: {rating}",
  "rating.chart.desc": "Latest {rating}, between {low} and {high} over the last {n} games.",
});
