// @ts-check
// What both game screens say of absent players and of leaving a running game, German first, English
// second; added to the shared table on import.

import { addStrings } from "./i18n.js";

addStrings("de", {
  "presence.label": "Wer fehlt",
  "presence.waiting": "{name} ist weg – Computer übernimmt in {time}",
  "presence.computer": "Computer spielt für {name}",
  "presence.away": "{name} ist weg",
  "presence.left": "{name} hat das Spiel verlassen",
  "presence.handover": "Computer übernimmt",
  "presence.handover.long": "Ein Computer spielt jetzt für {name}, bis {name} zurückkommt.",
  "presence.leave": "Spiel verlassen",
  "presence.leave.ask": "Das Spiel ohne dich weiterspielen lassen?",
  "presence.leave.yes": "Ja, verlassen",
  "presence.leave.no": "Weiterspielen",
});

addStrings("en", {
  "presence.label": "Who is missing",
  "presence.waiting": "{name} is away – a computer takes over in {time}",
  "presence.computer": "A computer plays for {name}",
  "presence.away": "{name} is away",
  "presence.left": "{name} has left the game",
  "presence.handover": "Computer takes over",
  "presence.handover.long": "A computer plays for {name} now, until {name} comes back.",
  "presence.leave": "Leave game",
  "presence.leave.ask": "Let the game go on without you?",
  "presence.leave.yes": "Yes, leave",
  "presence.leave.no": "Keep playing",
});
