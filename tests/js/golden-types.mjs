// @ts-check
// The server's golden views (tests/golden, written by tests/server/test_golden_views.py) against the
// client's wire types (web/js/protocol.js): tsc (tsconfig.json) checks that each file fits its type,
// so a server change that breaks the client's types fails the suite. golden.test.mjs checks that every
// golden file is listed here and parses them all.
//
// A JSON module's strings are typed `string`, not the literal ("table", "open") a type names: `Loose`
// widens those literals, and golden.test.mjs checks the literals themselves. (With strictNullChecks
// off, tsconfig.json, a null in a golden file fits any field.)

/** @import * as P from "../../src/spieltisch/web/js/protocol.js" */

/**
 * A wire type with its string literals widened to `string` (as a JSON module's are).
 * @template T
 * @typedef {T extends string ? string : T extends (infer U)[] ? Loose<U>[] : T extends object ? {[K in keyof T]: Loose<T[K]>} : T} Loose
 */

import error from "../golden/error.json" with { type: "json" };
import lobby from "../golden/lobby.json" with { type: "json" };
import lobbyChanges from "../golden/lobby-changes.json" with { type: "json" };
import lobbyEmpty from "../golden/lobby-empty.json" with { type: "json" };
import planaheadFinished from "../golden/planahead-finished.json" with { type: "json" };
import planaheadOpen from "../golden/planahead-open.json" with { type: "json" };
import planaheadPlaying from "../golden/planahead-playing.json" with { type: "json" };
import planaheadRematch from "../golden/planahead-rematch.json" with { type: "json" };
import planaheadWatching from "../golden/planahead-watching.json" with { type: "json" };
import pong from "../golden/pong.json" with { type: "json" };
import renamed from "../golden/renamed.json" with { type: "json" };
import puzzleFinished from "../golden/puzzle-finished.json" with { type: "json" };
import puzzlePlaying from "../golden/puzzle-playing.json" with { type: "json" };
import replayPlanahead from "../golden/replay-planahead.json" with { type: "json" };
import replaySpeedgans from "../golden/replay-speedgans.json" with { type: "json" };
import soloFinished from "../golden/solo-finished.json" with { type: "json" };
import soloPlaying from "../golden/solo-playing.json" with { type: "json" };
import speedgansBuilding from "../golden/speedgans-building.json" with { type: "json" };
import speedgansFinished from "../golden/speedgans-finished.json" with { type: "json" };
import speedgansOpen from "../golden/speedgans-open.json" with { type: "json" };
import speedgansReading from "../golden/speedgans-reading.json" with { type: "json" };
import speedgansScored from "../golden/speedgans-scored.json" with { type: "json" };
import tableClosed from "../golden/table-closed.json" with { type: "json" };
import welcome from "../golden/welcome.json" with { type: "json" };
import yourTables from "../golden/your-tables.json" with { type: "json" };

// Each assigned to its type: tsc reports a golden file that does not fit.
/** @type {Loose<P.ErrorMessage>} */
const errorChecked = error;
/** @type {Loose<P.LobbyMessage>} */
const lobbyChecked = lobby;
/** @type {Loose<P.LobbyChanges>} */
const lobbyChangesChecked = lobbyChanges;
/** @type {Loose<P.LobbyMessage>} */
const lobbyEmptyChecked = lobbyEmpty;
/** @type {Loose<P.TableMessage<P.PlanAheadGame>>} */
const planaheadFinishedChecked = planaheadFinished;
/** @type {Loose<P.TableMessage<P.PlanAheadGame>>} */
const planaheadOpenChecked = planaheadOpen;
/** @type {Loose<P.TableMessage<P.PlanAheadGame>>} */
const planaheadPlayingChecked = planaheadPlaying;
/** @type {Loose<P.TableMessage<P.PlanAheadGame>>} */
const planaheadRematchChecked = planaheadRematch;
/** @type {Loose<P.TableMessage<P.PlanAheadGame>>} */
const planaheadWatchingChecked = planaheadWatching;
/** @type {Loose<P.Pong>} */
const pongChecked = pong;
/** @type {Loose<P.Renamed>} */
const renamedChecked = renamed;
/** @type {Loose<P.TableMessage<P.PlanAheadGame>>} */
const puzzleFinishedChecked = puzzleFinished;
/** @type {Loose<P.TableMessage<P.PlanAheadGame>>} */
const puzzlePlayingChecked = puzzlePlaying;
/** @type {Loose<P.Replay>} */
const replayPlanaheadChecked = replayPlanahead;
/** @type {Loose<P.Replay>} */
const replaySpeedgansChecked = replaySpeedgans;
/** @type {Loose<P.TableMessage<P.SoloGame>>} */
const soloFinishedChecked = soloFinished;
/** @type {Loose<P.TableMessage<P.SoloGame>>} */
const soloPlayingChecked = soloPlaying;
/** @type {Loose<P.TableMessage<P.SpeedgansGame>>} */
const speedgansBuildingChecked = speedgansBuilding;
/** @type {Loose<P.TableMessage<P.SpeedgansGame>>} */
const speedgansFinishedChecked = speedgansFinished;
/** @type {Loose<P.TableMessage<P.SpeedgansGame>>} */
const speedgansOpenChecked = speedgansOpen;
/** @type {Loose<P.TableMessage<P.SpeedgansGame>>} */
const speedgansReadingChecked = speedgansReading;
/** @type {Loose<P.TableMessage<P.SpeedgansGame>>} */
const speedgansScoredChecked = speedgansScored;
/** @type {Loose<P.TableMessage<P.PlanAheadGame>>} */
const tableClosedChecked = tableClosed;
/** @type {Loose<P.Welcome>} */
const welcomeChecked = welcome;
/** @type {Loose<P.YourTables>} */
const yourTablesChecked = yourTables;

/** Each golden file by name, as checked above. */
export const GOLDEN = {
  "error": errorChecked,
  "lobby": lobbyChecked,
  "lobby-changes": lobbyChangesChecked,
  "lobby-empty": lobbyEmptyChecked,
  "planahead-finished": planaheadFinishedChecked,
  "planahead-open": planaheadOpenChecked,
  "planahead-playing": planaheadPlayingChecked,
  "planahead-rematch": planaheadRematchChecked,
  "planahead-watching": planaheadWatchingChecked,
  "pong": pongChecked,
  "renamed": renamedChecked,
  "puzzle-finished": puzzleFinishedChecked,
  "puzzle-playing": puzzlePlayingChecked,
  "replay-planahead": replayPlanaheadChecked,
  "replay-speedgans": replaySpeedgansChecked,
  "solo-finished": soloFinishedChecked,
  "solo-playing": soloPlayingChecked,
  "speedgans-building": speedgansBuildingChecked,
  "speedgans-finished": speedgansFinishedChecked,
  "speedgans-open": speedgansOpenChecked,
  "speedgans-reading": speedgansReadingChecked,
  "speedgans-scored": speedgansScoredChecked,
  "table-closed": tableClosedChecked,
  "welcome": welcomeChecked,
  "your-tables": yourTablesChecked,
};
