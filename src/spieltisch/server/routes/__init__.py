"""The routes of the app, by concern: pages, the HTTP API (players; tables and records; puzzles),
and the WebSocket every browser talks through."""
