// @ts-check
// The shapes of what the server sends (docs/protocol.md, docs/protocol-speedgans.md), as JSDoc types
// for the client's models: every message and view, in this one place. No code. The server's views
// are kept as golden files (tests/golden, written by tests/server/test_golden_views.py), and tsc
// checks that each fits its type here (tests/js/golden-types.mjs): fields the client reads are typed,
// fields it does not read may be left out.

// ---- Messages (docs/protocol.md, "Server → client") ----------------------------------------------

/** @typedef {{type: "welcome", player: {id: string, nickname: string}, server_time: number, muted?: string[], route?: "table"}} Welcome */
/** @typedef {{type: "renamed", nickname: string, reason: string}} Renamed */
/** @typedef {{type: "pong", server_time: number, seq?: number | null}} Pong */
/**
 * @typedef {object} ErrorMessage  the action changed nothing
 * @property {"error"} type
 * @property {string} code  stable (errors.js has a text for each)
 * @property {string} message  English, for people
 * @property {number | null} [seq]  the action's own seq, when it had one
 */

/**
 * @typedef {object} LobbyLine  a table in the lobby's list
 * @property {string} id
 * @property {"planahead" | "speedgans"} game
 * @property {"open" | "playing" | "finished"} status
 * @property {string} host  the host's nickname
 * @property {number} seats
 * @property {number} taken
 * @property {string[]} players  nicknames
 * @property {boolean[]} [computers]  whether each of them is a computer
 * @property {TableSettings} settings
 * @property {number} created  server's clock
 */
/** @typedef {{type: "lobby", tables: LobbyLine[]}} LobbyMessage  the whole list */
/** @typedef {{type: "lobby_changes", tables: LobbyLine[], gone: string[]}} LobbyChanges */
/** @typedef {{type: "your_tables", tables: LobbyLine[]}} YourTables  the player's own way back */
/**
 * @template [Game=PlanAheadGame | SpeedgansGame | SoloGame]
 * @typedef {{type: "table", table: Table<Game>}} TableMessage
 */
/** @typedef {Welcome | Renamed | Pong | ErrorMessage | LobbyMessage | LobbyChanges | YourTables | TableMessage} ServerMessage */

/**
 * @typedef {object} TableSettings  a table's settings (each game reads its own)
 * @property {number} [seats]
 * @property {number | null} [turn_seconds]
 * @property {"brisk" | "relaxed"} [bot_pace]  how fast the computers play
 * @property {number} [match]  Plan Ahead: the games of a match (absent: 1, each game on its own)
 * @property {boolean} [strict]
 * @property {string} [puzzle]  a Rätsel attempt: the day
 * @property {string} [mode]  Speedgans: "race"; a run alone: "record" | "daily" | "practice"
 * @property {string} [day]  a Tagesstadt: the day
 * @property {number} [hourglass]  Speedgans
 * @property {boolean} [one_task]
 * @property {string} [scoring]
 * @property {boolean} [stars]
 * @property {string} [target]
 */

/**
 * @typedef {object} TableSeat  a taken seat
 * @property {string | null} [player]
 * @property {string | null} [nickname]
 * @property {string | null} [bot]  the computer's level
 * @property {boolean} [connected]
 * @property {boolean} [left]
 * @property {number | null} [stand_in_at]  when a computer plays (or will play) for this absent
 *   person, on the server's clock; null when none will
 */

/**
 * @template Game
 * @typedef {object} Table  the TableView of a game
 * @property {string} id
 * @property {"planahead" | "speedgans" | "puzzle" | "speedgans_solo"} [kind]
 * @property {"open" | "playing" | "finished"} [status]
 * @property {string} [host]
 * @property {TableSettings} [settings]
 * @property {TableSeat[]} seats  the taken seats, in seat order
 * @property {number | null} you  the own seat, null when watching
 * @property {number} [server_time]  the server's clock when it sent the view
 * @property {number} [version]  rises with every change of the table
 * @property {string | null} [closed]  why an operator closed the table, if one did
 * @property {{by: number[], at: number} | null} [rematch]  a rematch someone asked for: the seats
 *   that agreed, and when it starts anyway (server's clock)
 * @property {{number: number, of: number, before: number[], games?: string[]} | null} [match]  the match
 *   the game is part of: its number, each seat's points of the games before and those games' ids
 *   (their replays); null for a game on its own
 * @property {Game | null} game  null while the table is open
 */

// ---- Plan Ahead (and the puzzle) --------------------------------------------------------------

/**
 * @typedef {object} LineView
 * @property {number[]} fields
 * @property {"vertical" | "rising" | "falling"} direction
 * @property {"open" | "broken" | "complete"} state
 * @property {number | null} value
 * @property {number} potential
 * @property {number} points
 */

/**
 * @typedef {object} PlanAheadSeat
 * @property {string} land  19 entries
 * @property {number} score
 * @property {boolean} [confirmed]
 * @property {number[]} [clock_placed]
 * @property {number | null} [tentative]  own seat only
 * @property {number} [preview]  own seat only
 * @property {number[]} [computer_placed]  fields a computer standing in for the person laid
 */

/**
 * @typedef {object} FinishedExtras  what a finished table's game view carries besides the game's own
 * @property {(import("./played-for.js").PlayedFor | null)[]} [played_for]  per seat: what a computer
 *   standing in or the clock played for the person (null: a computer's seat, or he played alone)
 * @property {string} [game_id]  once finished and recorded: the game's id, its replay's (docs/history.md)
 * @property {boolean} [abandoned]  everyone left before the end: nothing is recorded
 * @property {string | null} [closed]  why an operator closed the table
 */

/**
 * @typedef {PlanAheadGameOwn & FinishedExtras} PlanAheadGame  the GameView of Plan Ahead
 */

/**
 * @typedef {object} PlanAheadGameOwn  the Plan Ahead game's own fields; a puzzle attempt's adds its fields
 * @property {"playing" | "finished"} phase
 * @property {number} turn
 * @property {number} tiles_total
 * @property {string | null} tile
 * @property {number | null} [deadline]
 * @property {number | null} [turn_seconds]
 * @property {PlanAheadSeat[]} seats
 * @property {(number | null)[] | null} [ranking]
 * @property {{score: number, land: string} | null} [strongest]
 * @property {number | null} [seed]  revealed when finished
 * @property {string} [puzzle]  the puzzle's id
 * @property {number | null} [started_at]
 * @property {number | null} [ends_at]
 * @property {boolean} [timed_out]
 * @property {{score: number, land: string, share: number} | null} [optimum]
 */

/** @typedef {Table<PlanAheadGame>} PlanAheadTable */

// ---- Speedgans ------------------------------------------------------------------------------------

/**
 * @typedef {object} SpeedgansTask
 * @property {string} id
 * @property {string} [name]  the task's name (the client words it from its own strings)
 * @property {boolean} [star]
 * @property {boolean} [lower_is_better]
 * @property {number} best
 * @property {number} [worst]
 */

/** @typedef {{cell: number, index: number}} Figure  a figure on a tile of the city (cells 0..8) */
/**
 * @typedef {object} Catch  a watchman who sees a goose (the red arrow)
 * @property {Figure & {direction: "N" | "E" | "S" | "W"}} watchman
 * @property {Figure} goose
 * @property {number} distance
 */
/**
 * @typedef {object} SpeedgansReport
 * @property {boolean} valid
 * @property {object[]} problems
 * @property {Record<string, number>} tasks
 * @property {Catch[]} [catches]
 * @property {Figure[]} [caught]
 */

/**
 * @typedef {object} SpeedgansSeat
 * @property {number} [points]
 * @property {number | null} [round_points]
 * @property {number} [tiles]
 * @property {boolean} [done]
 * @property {number | null} [marker]
 * @property {boolean} [ready]
 * @property {string} [city]  own seat always, every seat once scored
 * @property {SpeedgansReport} [report]
 * @property {number[]} [computer_rounds]  rounds a computer standing in for the person built
 */

/**
 * @typedef {object} Musterstadt  the catalog's best city for a round's tasks (a table's, once scored)
 * @property {string} city
 * @property {Record<string, number>} tasks  its value per task id
 * @property {number[]} [points]  0–100 per task
 * @property {number} [sum]
 * @property {SpeedgansReport} [report]  its catches, so that it is drawn like any city
 */

/** @typedef {{seat: number, value: number, rank: number, points: number}} SpeedgansResult */

/**
 * @typedef {SpeedgansGameOwn & FinishedExtras} SpeedgansGame  the GameView of Speedgans
 */

/**
 * @typedef {object} SpeedgansGameOwn  the Speedgans game's own fields
 * @property {"reading" | "building" | "scored" | "finished"} phase
 * @property {number} round
 * @property {number} [target]
 * @property {SpeedgansTask[]} [tasks]
 * @property {number | null} [reading_ends]
 * @property {number | null} [building_ends]
 * @property {number | null} [hourglass_ends]
 * @property {number | null} [next_round_at]
 * @property {SpeedgansSeat[]} seats
 * @property {{tasks: Record<string, SpeedgansResult[]>, scored: number[]} | null} [results]
 * @property {Musterstadt | null} [musterstadt]
 * @property {(number | null)[] | null} [ranking]
 * @property {{round: number, tasks: string[], points: number[], by_task: Record<string, number[]>, top: number}[]} [history]
 *   the rounds played so far
 */

/** @typedef {Table<SpeedgansGame>} SpeedgansTable */

// ---- Speedgans alone (docs/protocol-speedgans.md, "Speedgans alone") -------------------------------

/**
 * @typedef {object} SoloMusterstadt  the catalog's best city for a triple
 * @property {string} city
 * @property {Record<string, number>} [tasks]  its value per task id
 * @property {Record<string, number> | number[]} [values]  the same (as the protocol names it)
 * @property {number[]} [points]  0–100 per task
 * @property {number} [sum]
 * @property {Catch[]} [catches]  drawn when the server sends them
 * @property {Figure[]} [caught]
 * @property {SpeedgansReport} [report]
 */

/**
 * @typedef {object} SoloCity  a city of a run once it is over
 * @property {string[]} tasks
 * @property {"done" | "skipped" | "unfinished"} outcome
 * @property {string} city
 * @property {number[] | null} values  per task, null unless done
 * @property {number[]} [task_points]
 * @property {number} [bonus]  Tagesstadt: the time bonus
 * @property {number} points  with the bonus
 * @property {number} [hints]
 * @property {number} [hint_cost]
 * @property {number} [seconds]
 * @property {SoloMusterstadt} [musterstadt]  the last city only
 * @property {SpeedgansReport} [report]  drawn when the server sends it
 * @property {Catch[]} [catches]
 * @property {Figure[]} [caught]
 * @property {boolean} [by_hand]  false: laid faster than a hand lays tiles
 */

/** @typedef {SoloGameOwn & FinishedExtras} SoloGame  the GameView of a solo run (kind speedgans_solo) */

/**
 * @typedef {object} SoloGameOwn  a solo run's own fields
 * @property {"record" | "daily" | "practice"} mode
 * @property {"playing" | "finished"} phase
 * @property {boolean} [timed_out]
 * @property {number} started_at
 * @property {number | null} [ends_at]  Rekordjagd: its end (the others: show no clock)
 * @property {number} number  the city's number in the run
 * @property {SpeedgansTask[]} [tasks]
 * @property {string | null} city
 * @property {SpeedgansReport | null} [report]
 * @property {{values: Record<string, number>, points: number[], sum: number} | null} [live]
 * @property {number} [hints]  charged on this city
 * @property {number} [hint_cost]
 * @property {{wrong: number[], next_cell: number | null, next_piece: string | null} | null} [hint]
 * @property {SoloCity | null} [last]
 * @property {SoloCity[]} [cities]
 * @property {number | null} [total]
 * @property {number | null} [personal_best]  Rekordjagd, after the end
 * @property {boolean} [new_best]
 * @property {boolean} [first_attempt]  Tagesstadt, after the end
 * @property {boolean} [by_hand]  false: a city was laid faster than a hand lays tiles (kept, unranked)
 * @property {boolean} [ranked]  the run counts for the lists
 */

/** @typedef {Table<SoloGame>} SoloTable */

// ---- A finished game's replay (GET /api/replays/<id>, docs/history.md) ------------------------------

/**
 * @typedef {object} ReplayPlayer
 * @property {string | null} player
 * @property {string | null} [nickname]
 * @property {"easy" | "medium" | "strong" | null} [bot]
 */

/**
 * @typedef {object} TileSeat  a land as it was after a tile
 * @property {string} land
 * @property {number} score
 * @property {number[]} [clock_placed]
 * @property {number[]} [computer_placed]  fields a computer standing in for the person laid
 */

/** @typedef {{turn: number, tile: string, at: number, seats: TileSeat[]}} TileFrame */

/**
 * @typedef {object} RoundEvent  one change of a round, seconds after its building began
 * @property {number} at
 * @property {number} seat
 * @property {string} [city]  the seat's city after the change
 * @property {number} [done]  "Gasse dicht!": the place marker taken
 * @property {boolean} [left]  the seat left the game (done without a marker)
 */

/**
 * @typedef {object} RoundFrame
 * @property {number} round
 * @property {SpeedgansTask[]} tasks
 * @property {RoundEvent[]} events
 * @property {SpeedgansGame | null} scored  the live view at the scoring
 * @property {number[]} [computer]  seats whose city a computer standing in for the person built
 */

/**
 * @typedef {object} ReplayFinal  how the game ended
 * @property {number[]} [scores]  Plan Ahead, the Rätsel
 * @property {number[]} [points]  Speedgans
 * @property {(number | null)[]} [ranking]
 * @property {(import("./played-for.js").PlayedFor | null)[]} [played_for]  per seat, null for a computer's
 */

/**
 * @typedef {object} Replay
 * @property {string} id
 * @property {"planahead" | "puzzle" | "speedgans"} game
 * @property {string} table
 * @property {Record<string, any>} settings
 * @property {ReplayPlayer[]} players
 * @property {string} started_at
 * @property {number} seconds
 * @property {(TileFrame | RoundFrame)[]} frames
 * @property {ReplayFinal} final
 * @property {{number: number, of: number, before: number[], games?: string[]}} [match]  a game of a
 *   match: which one, each seat's points of the games before it and their ids
 */

export {};
