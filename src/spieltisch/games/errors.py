"""Every error code a player can be told, and the one error type the game engines raise.

The codes are a contract with the browser (docs/protocol*.md, a text for each in both client
languages; tests/test_error_codes.py checks all three): add a code here, document it, translate it.
"""

from __future__ import annotations

import enum


class ErrorCode(enum.StrEnum):
    # The message itself (server/protocol.py) and the HTTP API
    BAD_JSON = "bad_json"
    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    TOO_LARGE = "too_large"
    INTERNAL = "internal"
    UNAVAILABLE = "unavailable"
    BAD_REQUEST = "bad_request"
    NOT_FOUND = "not_found"
    SEALED = "sealed"
    FORBIDDEN = "forbidden"
    UNKNOWN_PLAYER = "unknown_player"
    BAD_NICKNAME = "bad_nickname"
    NICKNAME_BLANK = "nickname_blank"
    NICKNAME_MIXED_SCRIPTS = "nickname_mixed_scripts"
    NICKNAME_TAKEN = "nickname_taken"
    RATE_LIMITED = "rate_limited"
    TOO_MANY_DEVICES = "too_many_devices"
    # Tables (server/tables.py)
    UNKNOWN_GAME = "unknown_game"
    UNKNOWN_TABLE = "unknown_table"
    BAD_SETTINGS = "bad_settings"
    NOT_HOST = "not_host"
    NOT_SEATED = "not_seated"
    TABLE_FULL = "table_full"
    ALREADY_STARTED = "already_started"
    NOT_PLAYING = "not_playing"
    NOT_FINISHED = "not_finished"
    NO_PLAYERS = "no_players"
    BAD_SEAT = "bad_seat"
    BAD_ACTION = "bad_action"
    TOO_MANY_TABLES = "too_many_tables"
    GAME_OVER = "game_over"
    # Quick messages at a table (server/quick_messages.py)
    UNKNOWN_PHRASE = "unknown_phrase"
    TOO_MANY_MESSAGES = "too_many_messages"
    # Plan Ahead and its puzzles
    FIELD_TAKEN = "field_taken"
    BAD_FIELD = "bad_field"
    NOT_PLACED = "not_placed"
    ALREADY_CONFIRMED = "already_confirmed"
    TIME_UP = "time_up"
    BAD_PUZZLE = "bad_puzzle"
    NO_PUZZLE = "no_puzzle"
    FUTURE_PUZZLE = "future_puzzle"
    # Speedgans
    BAD_CITY = "bad_city"
    NOT_BUILDING = "not_building"
    LOCKED = "locked"
    NOT_VALID = "not_valid"
    NOT_SCORED = "not_scored"


class RuleError(Exception):
    """An action the rules do not allow. `code` is stable for clients; the message is for people."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = ErrorCode(code)
        self.message = message
