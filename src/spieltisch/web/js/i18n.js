// @ts-check
// Every string the UI shows, German first, English second. t("key", {name: "Ann"}).
// The language starts as German; initLang() (app.js) takes the one the browser remembers.

/** @type {Record<"de" | "en", Record<string, string>>} */
const STRINGS = {
  de: {
    "app.title": "Spieltisch",
    "lang.switch": "English",
    "lang.label": "Sprache",
    "nick.title": "Willkommen am Spieltisch",
    "nick.intro": "Wähle einen Spitznamen – eine Anmeldung brauchst du nicht.",
    "nick.label": "Spitzname",
    "nick.submit": "Los geht's",
    "nick.rename": "Namen ändern",
    "nick.save": "Speichern",
    "nick.cancel": "Abbrechen",
    "nick.invalid": "Der Spitzname braucht 1 bis 20 Zeichen.",
    "lobby.title": "Lobby",
    "lobby.tables": "Offene Tische",
    "lobby.own": "Deine Tische",
    "lobby.back.to": "Weiterspielen",
    "lobby.back.open": "Zum Tisch",
    "lobby.none": "Gerade ist kein Tisch offen. Eröffne doch einen!",
    "lobby.create": "Tisch eröffnen",
    "lobby.game": "Spiel",
    "lobby.seats": "Plätze",
    "lobby.clock": "Zugzeit pro Kachel",
    "lobby.clock.none": "ohne Uhr",
    "lobby.clock.s": "{n} Sekunden",
    "lobby.botpace": "Tempo der Computer",
    "lobby.match": "Partie über",
    "lobby.match.games": "{n} Spiele",
    "lobby.match.one": "1 Spiel",
    "match.setting": "Partie über {n} Spiele",
    "match.number": "Spiel {number} von {of}",
    "match.total": "Σ {n}",
    "match.total.long": "Summe der Partie bis jetzt",
    "match.standing": "Spiel {number} von {of} · Zwischenstand der Partie",
    "match.final": "Endstand der Partie über {of} Spiele",
    "match.next": "Nächstes Spiel ({n} von {of})",
    "match.next.asked": "Nächstes Spiel gewünscht von {names}",
    "match.game.points": "dieses Spiel {n}",
    "match.result": "Partie: {total} Punkte, Platz {place}",
    "match.watch": "Spiele ansehen:",
    "match.game": "Spiel {n}",
    "lobby.botpace.brisk": "zügig",
    "lobby.botpace.relaxed": "gemächlich",
    "table.botpace": "Computer {pace}",
    "lobby.join": "Mitspielen",
    "lobby.open": "Ansehen",
    "lobby.back": "Zurück",
    "lobby.host": "Gastgeber:in: {name}",
    "lobby.taken": "{taken}/{seats} Plätze",
    "lobby.soon": "bald",
    "lobby.puzzle": "Rätsel",
    "lobby.puzzle.soon": "Das Rätsel kommt bald.",
    "status.open": "wartet",
    "status.playing": "läuft",
    "status.finished": "beendet",
    "game.planahead": "Plan Ahead",
    "game.speedgans": "Speedgans",
    "table.waiting": "Warten auf Mitspieler:innen",
    "table.seated": "Alle Plätze besetzt",
    "table.share": "Link zum Tisch",
    "table.copy": "Kopieren",
    "table.copied": "Link kopiert",
    "table.seat": "Platz {n}",
    "table.free": "frei",
    "table.you": "du",
    "table.host": "Gastgeber:in",
    "table.bot": "Computer",
    "lobby.computer": "{name} (Computer)",
    "table.offline": "nicht verbunden",
    "table.addbot": "Computer hinzufügen",
    "table.remove": "Entfernen",
    "table.start": "Spiel starten",
    "table.join": "Platz nehmen",
    "table.leave": "Tisch verlassen",
    "table.waithost": "Die Gastgeber:in startet das Spiel.",
    "table.full": "Alle Plätze sind belegt – du schaust zu.",
    "table.watching": "Du schaust zu.",
    "table.settings": "{seats} Plätze · {clock}",
    "table.notfound": "Diesen Tisch gibt es nicht (mehr).",
    "page.notfound": "Diese Seite gibt es nicht.",
    "level.easy": "Einsteiger",
    "level.medium": "Fortgeschritten",
    "level.strong": "Meister",
    "level.easy.short": "Einst.",
    "level.medium.short": "Fortg.",
    "level.strong.short": "Mstr.",
    "pa.next": "Nächste Kachel",
    "pa.tileof": "Kachel {n} von {total}",
    "pa.ok": "OK",
    "pa.placehint": "Ziehe die Kachel auf ein Feld oder tippe ein Feld an.",
    "pa.confirmhint": "Bestätige mit OK.",
    "pa.viewhint": "Hier legst du nichts – lege deine Kachel in deinem Land („Zurück zu meinem Land“).",
    "pa.waiting": "Warten auf die anderen …",
    "pa.preview": "+{n}",
    "pa.previewlong": "Vorschau: +{n} Punkte",
    "pa.points": "Punkte",
    "pa.viewing": "Du siehst das Land von {name}.",
    "pa.viewingstrongest": "Du siehst das Land des stärksten Computers.",
    "pa.backown": "Zurück zu meinem Land",
    "pa.clock": "Zeit",
    "pa.clockplaced": "von der Uhr gelegt",
    "pa.field": "Feld {n}",
    "pa.fieldtile": "Feld {n}: {tile}",
    "pa.strongest": "Der stärkste Computer ({level}) hätte mit diesen Kacheln {n} Punkte erreicht.",
    "pa.strongestonly": "Der stärkste Computer ({level}) hätte mit diesen Kacheln nur {n} Punkte erreicht.",
    "pa.showstrongest": "Sein Land ansehen",
    "pa.strongestname": "Stärkster Computer",
    "pa.tolobby": "Zur Lobby",
    "pa.showend": "Ergebnis",
    "pa.showboards": "Länder ansehen",
    "pa.rules": "Regeln",
    "end.title": "Spielende",
    "end.wins": "{name} gewinnt!",
    "end.tie": "Gleichstand: {names}",
    "end.wins.game": "{name} gewinnt Spiel {n}!",
    "end.tie.game": "Gleichstand in Spiel {n}: {names}",
    "end.rematch": "Revanche",
    "end.closed.title": "Tisch geschlossen",
    "nick.renamed": "Ein Betreiber hat deinen Namen in „{name}“ geändert: {reason}",
    "end.closed.text": "Ein Betreiber hat diesen Tisch geschlossen: {reason}",
    "end.rematch.join": "Dabei!",
    "end.rematch.you": "dir",
    "end.rematch.in": "Du bist dabei",
    "end.rematch.asked": "Revanche gewünscht von {names}",
    "end.rematch.starts": "Beginnt in {n} s – mit allen, die dann noch hier sind.",
    "kind.dirt": "Feldweg",
    "kind.meadow": "Wiesenpfad",
    "kind.road": "Straße",
    "kind.clouds": "Wolken",
    "kind.rails": "Schienen",
    "kind.canal": "Kanal",
    "kind.bushes": "Büsche",
    "kind.roses": "Rosenhain",
    "kind.stones": "Steingrenze",
    "net.reconnecting": "Verbindung wird wiederhergestellt …",
    "net.offline": "Keine Verbindung – bitte einen Moment.",
  },
  en: {
    "app.title": "Spieltisch",
    "lang.switch": "Deutsch",
    "lang.label": "Language",
    "nick.title": "Welcome to Spieltisch",
    "nick.intro": "Pick a nickname – no sign-up needed.",
    "nick.label": "Nickname",
    "nick.submit": "Let's go",
    "nick.rename": "Change name",
    "nick.save": "Save",
    "nick.cancel": "Cancel",
    "nick.invalid": "A nickname has 1 to 20 characters.",
    "lobby.title": "Lobby",
    "lobby.tables": "Open tables",
    "lobby.own": "Your tables",
    "lobby.back.to": "Continue",
    "lobby.back.open": "To the table",
    "lobby.none": "No table is open right now. Start one!",
    "lobby.create": "Open a table",
    "lobby.game": "Game",
    "lobby.seats": "Seats",
    "lobby.clock": "Time per tile",
    "lobby.clock.none": "no clock",
    "lobby.clock.s": "{n} seconds",
    "lobby.botpace": "Computers' pace",
    "lobby.match": "Match of",
    "lobby.match.games": "{n} games",
    "lobby.match.one": "1 game",
    "match.setting": "match of {n} games",
    "match.number": "Game {number} of {of}",
    "match.total": "Σ {n}",
    "match.total.long": "The match's total so far",
    "match.standing": "Game {number} of {of} · match standings",
    "match.final": "Final standings of the match of {of} games",
    "match.next": "Next game ({n} of {of})",
    "match.next.asked": "Next game asked for by {names}",
    "match.game.points": "this game {n}",
    "match.result": "match: {total} points, place {place}",
    "match.watch": "Watch the games:",
    "match.game": "Game {n}",
    "lobby.botpace.brisk": "brisk",
    "lobby.botpace.relaxed": "leisurely",
    "table.botpace": "computers {pace}",
    "lobby.join": "Join",
    "lobby.open": "Watch",
    "lobby.back": "Back",
    "lobby.host": "Host: {name}",
    "lobby.taken": "{taken}/{seats} seats",
    "lobby.soon": "soon",
    "lobby.puzzle": "Puzzle",
    "lobby.puzzle.soon": "The puzzle is coming soon.",
    "status.open": "waiting",
    "status.playing": "playing",
    "status.finished": "finished",
    "game.planahead": "Plan Ahead",
    "game.speedgans": "Speedgans",
    "table.waiting": "Waiting for players",
    "table.seated": "All seats taken",
    "table.share": "Link to this table",
    "table.copy": "Copy",
    "table.copied": "Link copied",
    "table.seat": "Seat {n}",
    "table.free": "free",
    "table.you": "you",
    "table.host": "host",
    "table.bot": "computer",
    "lobby.computer": "{name} (computer)",
    "table.offline": "not connected",
    "table.addbot": "Add computer",
    "table.remove": "Remove",
    "table.start": "Start game",
    "table.join": "Take a seat",
    "table.leave": "Leave table",
    "table.waithost": "The host starts the game.",
    "table.full": "All seats are taken – you are watching.",
    "table.watching": "You are watching.",
    "table.settings": "{seats} seats · {clock}",
    "table.notfound": "This table does not exist (any more).",
    "page.notfound": "There is no such page.",
    "level.easy": "Beginner",
    "level.medium": "Advanced",
    "level.strong": "Master",
    "level.easy.short": "Beg.",
    "level.medium.short": "Adv.",
    "level.strong.short": "Mstr.",
    "pa.next": "Next tile",
    "pa.tileof": "Tile {n} of {total}",
    "pa.ok": "OK",
    "pa.placehint": "Drag the tile onto a field or tap a field.",
    "pa.confirmhint": "Confirm with OK.",
    "pa.viewhint": "You lay nothing here – lay your tile in your own land (“Back to my land”).",
    "pa.waiting": "Waiting for the others …",
    "pa.preview": "+{n}",
    "pa.previewlong": "Preview: +{n} points",
    "pa.points": "points",
    "pa.viewing": "You are looking at {name}'s land.",
    "pa.viewingstrongest": "You are looking at the strongest computer's land.",
    "pa.backown": "Back to my land",
    "pa.clock": "Time",
    "pa.clockplaced": "placed by the clock",
    "pa.field": "Field {n}",
    "pa.fieldtile": "Field {n}: {tile}",
    "pa.strongest": "The strongest computer ({level}) would have scored {n} points with these tiles.",
    "pa.strongestonly": "The strongest computer ({level}) would have scored only {n} points with these tiles.",
    "pa.showstrongest": "Show its land",
    "pa.strongestname": "Strongest computer",
    "pa.tolobby": "To the lobby",
    "pa.showend": "Result",
    "pa.showboards": "Look at the lands",
    "pa.rules": "Rules",
    "end.title": "Game over",
    "end.wins": "{name} wins!",
    "end.tie": "Tie: {names}",
    "end.wins.game": "{name} wins game {n}!",
    "end.tie.game": "Tie in game {n}: {names}",
    "end.rematch": "Rematch",
    "end.closed.title": "Table closed",
    "nick.renamed": "An operator changed your name to “{name}”: {reason}",
    "end.closed.text": "An operator closed this table: {reason}",
    "end.rematch.join": "I'm in!",
    "end.rematch.you": "you",
    "end.rematch.in": "You're in",
    "end.rematch.asked": "Rematch asked for by {names}",
    "end.rematch.starts": "Starts in {n} s – with everyone still here then.",
    "kind.dirt": "dirt path",
    "kind.meadow": "meadow path",
    "kind.road": "road",
    "kind.clouds": "clouds",
    "kind.rails": "rails",
    "kind.canal": "canal",
    "kind.bushes": "bushes",
    "kind.roses": "rose grove",
    "kind.stones": "stone wall",
    "net.reconnecting": "Reconnecting …",
    "net.offline": "No connection – one moment please.",
  },
};

const KEY = "spieltisch.lang";
/** @type {"de" | "en"} */
let lang = "de";
/** Where the choice is kept, and the page's root element (their lang follows): set by initLang. */
/** @type {Pick<Storage, "getItem" | "setItem"> | null} */
let storage = null;
/** @type {{lang: string} | null} */
let root = null;
/** @type {Set<(lang: "de" | "en") => void>} */
const listeners = new Set();

/**
 * Take the language this browser remembers (German unless English was chosen) and keep later
 * choices there. Called once by app.js before anything is drawn.
 * @param {Pick<Storage, "getItem" | "setItem">} store  localStorage
 * @param {{lang: string}} page  document.documentElement
 */
export function initLang(store, page) {
  storage = store;
  root = page;
  lang = store.getItem(KEY) === "en" ? "en" : "de";
  page.lang = lang;
}

export function getLang() {
  return lang;
}

/** @param {string} next */
export function setLang(next) {
  lang = next === "en" ? "en" : "de";
  storage?.setItem(KEY, lang);
  if (root) root.lang = lang;
  for (const fn of listeners) fn(lang);
}

/** @param {(lang: "de" | "en") => void} fn */
export function onLangChange(fn) {
  listeners.add(fn);
}

/**
 * The text of a key in the current language (German when it has none), with {name} filled in.
 * @param {string} key
 * @param {Record<string, string | number>} [vars]
 * @returns {string}
 */
export function t(key, vars = {}) {
  let text = STRINGS[lang][key] ?? STRINGS.de[key] ?? key;
  for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/**
 * A string with elements in it: the text of `key` with each `{name}` of `nodes` replaced by that
 * node (a name in a span of its own, cut with an ellipsis by CSS), as a list of strings and nodes.
 * @template {object} N  an element, or an element's description (dom.js)
 * @param {string} key
 * @param {Record<string, N>} nodes
 * @returns {(string | N)[]}
 */
export function tNodes(key, nodes) {
  const text = STRINGS[lang][key] ?? STRINGS.de[key] ?? key;
  return text.split(/(\{\w+\})/).filter(Boolean).map((part) => nodes[part.slice(1, -1)] ?? part);
}

/**
 * Add a game's strings (e.g. Speedgans) to the table for one language.
 * @param {"de" | "en"} language
 * @param {Record<string, string>} table
 */
export function addStrings(language, table) {
  Object.assign(STRINGS[language], table);
}

/**
 * Is there a translation for this key (e.g. a server error code)?
 * @param {string} key
 */
export function has(key) {
  return key in STRINGS[lang];
}
