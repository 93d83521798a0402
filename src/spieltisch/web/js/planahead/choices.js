// @ts-check
// The choices a Plan Ahead table offers, as the server's rules check them (games/planahead/game.py;
// tests/test_shared_data.py fails when the two differ).

/** Seconds per tile; null: no turn clock. */
export const CLOCKS = [null, 15, 30, 60, 90, 120];

/** The computers' pace at the table: brisk (zügig, the default) or relaxed (gemächlich). */
export const BOT_PACES = ["brisk", "relaxed"];
