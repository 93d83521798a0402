// @ts-check
// The shapes of what the server sends (docs/protocol.md, docs/protocol-speedgans.md), as JSDoc types
// for the client's models. No code: only the views the models read.

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
 * @property {{seats?: number, turn_seconds?: number | null, strict?: boolean, puzzle?: string, mode?: string, day?: string}} [settings]
 * @property {TableSeat[]} seats  the taken seats, in seat order
 * @property {number | null} you  the own seat, null when watching
 * @property {number} [server_time]  the server's clock when it sent the view
 * @property {string | null} [closed]  why an operator closed the table, if one did
 * @property {{by: number[], at: number} | null} [rematch]  a rematch someone asked for: the seats
 *   that agreed, and when it starts anyway (server's clock)
 * @property {Game} game
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
 */

/**
 * @typedef {object} PlanAheadGame  the GameView of Plan Ahead; a puzzle attempt's adds its fields
 * @property {"playing" | "finished"} phase
 * @property {number} turn
 * @property {number} tiles_total
 * @property {string | null} tile
 * @property {number | null} [deadline]
 * @property {number | null} [turn_seconds]
 * @property {PlanAheadSeat[]} seats
 * @property {(number | null)[] | null} [ranking]
 * @property {{score: number, land: string} | null} [strongest]
 * @property {string} [puzzle]  the puzzle's id
 * @property {number | null} [started_at]
 * @property {number | null} [ends_at]
 * @property {boolean} [timed_out]
 * @property {{score: number, land: string, share: number} | null} [optimum]
 * @property {string} [game_id]  once finished and recorded: the game's id, its replay's (docs/history.md)
 */

/** @typedef {Table<PlanAheadGame>} PlanAheadTable */

// ---- Speedgans ------------------------------------------------------------------------------------

/**
 * @typedef {object} SpeedgansTask
 * @property {string} id
 * @property {boolean} [star]
 * @property {boolean} [lower_is_better]
 * @property {number} best
 * @property {number} [worst]
 */

/**
 * @typedef {object} SpeedgansReport
 * @property {boolean} valid
 * @property {object[]} problems
 * @property {Record<string, number>} tasks
 * @property {object[]} [catches]
 * @property {object[]} [caught]
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
 */

/** @typedef {{seat: number, value: number, rank: number, points: number}} SpeedgansResult */

/**
 * @typedef {object} SpeedgansGame  the GameView of Speedgans
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
 * @property {{city: string, tasks: Record<string, number>, catches?: object[]} | null} [musterstadt]
 * @property {(number | null)[] | null} [ranking]
 * @property {string} [game_id]  once finished and recorded: the game's id, its replay's (docs/history.md)
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
 * @property {object[]} [catches]  drawn when the server sends them
 * @property {object[]} [caught]
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
 * @property {object[]} [catches]
 * @property {object[]} [caught]
 */

/**
 * @typedef {object} SoloGame  the GameView of a solo run (kind speedgans_solo)
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
 */

/** @typedef {Table<SoloGame>} SoloTable */

export {};
