// @ts-check
// The choices a Plan Ahead table offers, as the server's rules check them (games/planahead/game.py;
// tests/test_shared_data.py fails when the two differ).

/** Seconds per tile; null: no turn clock. */
export const CLOCKS = [null, 15, 30, 60, 90, 120];
