"""The computer players' levels, the same three words in every game, on the wire and in the engines."""

from __future__ import annotations

from typing import Literal, get_args

BotLevel = Literal["easy", "medium", "strong"]
BOT_LEVELS: tuple[BotLevel, ...] = get_args(BotLevel)
