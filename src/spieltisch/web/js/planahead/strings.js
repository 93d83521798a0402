// @ts-check
// Plan Ahead's strings beyond the shared table (i18n.js): the scoring help, the first-tile hint, the
// list of the 27 tiles, the marks on the board. German first (the rules' own words), English second.

import { addStrings } from "../i18n.js";

addStrings("de", {
  "pa.help": "Wie wird gezählt?",
  "pa.help.close": "Schließen",
  "pa.help.line": "Eine Strecke von Rand zu Rand bringt Punkte: so viele Kacheln, wie sie lang ist, mal ihrem Wert.",
  "pa.help.line.example": "Straße (9) über 3 Felder: 3 × 9 = 27 Punkte.",
  "pa.help.broken": "Liegt eine andere Strecke dazwischen, ist sie unterbrochen: keine Zahl an den Enden, keine Punkte mehr.",
  "pa.help.ends": "Die Zahl an den Enden einer offenen Strecke sagt, was sie noch bringen kann; grüne Zahlen sind schon gezählt.",
  "pa.help.bag": "Es gibt 27 Kacheln, jede einmal. Ins Spiel kommen nur 19 – 8 kommen nie. Alle bekommen dieselben in derselben Reihenfolge.",
  "pa.help.marks": "Zeichen",
  "pa.help.values": "Werte der Strecken",
  "pa.help.dir.vertical": "oben–unten",
  "pa.help.dir.rising": "links unten–rechts oben",
  "pa.help.dir.falling": "links oben–rechts unten",
  "pa.help.clock": "Von der Uhr gelegt: die Zeit war um, die Kachel blieb, wo sie lag, oder kam auf ein freies Feld.",
  "pa.help.absent": "Durchgestrichener Name: nicht verbunden.",
  "pa.help.keys": "Tastatur: Pfeiltasten gehen von Feld zu Feld, Enter legt die Kachel und bestätigt.",
  "pa.first": "Neu hier? Lege jede Kachel auf ein Feld deines Landes und bestätige mit OK. Punkte bringen durchgehende Strecken von Rand zu Rand.",
  "pa.first.ok": "Verstanden",
  "pa.bag": "Kacheln",
  "pa.bag.summary": "{drawn} von {total} gezogen",
  "pa.bag.note": "Noch {toCome} von {left} übrigen kommen; {never} kommen nie.",
  "pa.bag.drawn": "gezogen",
  "pa.bag.current": "jetzt dran",
  "pa.offline": "nicht verbunden",
});

addStrings("en", {
  "pa.help": "How does scoring work?",
  "pa.help.close": "Close",
  "pa.help.line": "A line from edge to edge scores: as many tiles as it is long, times its value.",
  "pa.help.line.example": "Road (9) over 3 fields: 3 × 9 = 27 points.",
  "pa.help.broken": "If another route lies in it, it is broken: no number at its ends, no more points.",
  "pa.help.ends": "The number at the ends of an open line says what it can still bring; green numbers are already counted.",
  "pa.help.bag": "There are 27 tiles, each once. Only 19 come into the game – 8 never come. Everyone gets the same ones in the same order.",
  "pa.help.marks": "Marks",
  "pa.help.values": "Values of the routes",
  "pa.help.dir.vertical": "top–bottom",
  "pa.help.dir.rising": "lower left–upper right",
  "pa.help.dir.falling": "upper left–lower right",
  "pa.help.clock": "Placed by the clock: time was up, the tile stayed where it lay or went to a free field.",
  "pa.help.absent": "Struck-through name: not connected.",
  "pa.help.keys": "Keyboard: arrow keys move from field to field, Enter places the tile and confirms.",
  "pa.first": "New here? Put each tile on a field of your land and confirm with OK. Unbroken lines from edge to edge score.",
  "pa.first.ok": "Got it",
  "pa.bag": "Tiles",
  "pa.bag.summary": "{drawn} of {total} drawn",
  "pa.bag.note": "{toCome} of the {left} left still come; {never} never come.",
  "pa.bag.drawn": "drawn",
  "pa.bag.current": "now",
  "pa.offline": "not connected",
});
