"""Schemas of every message a browser may send (see docs/protocol.md). Anything else is refused."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StringConstraints, TypeAdapter, ValidationError

from spieltisch.games.errors import ErrorCode
from spieltisch.games.levels import BotLevel
from spieltisch.games.planahead import game as planahead
from spieltisch.games.speedgans import rounds, solo
from spieltisch.server import tables
from spieltisch.server.nicknames import clean_nickname

MAX_MESSAGE_BYTES = 4096
#: Objects and arrays one message may have (opening brackets, counted before the frame is parsed, in
#: strings too): the deepest message, a table's settings, has two. "[[[[…" is refused by two counts in
#: C instead of a parse that recurses a thousand levels before it fails.
MAX_BRACKETS = 16

TableId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]{4,16}$")]
#: A private table's secret, as its invite link carries it (tables.new_table_secret).
TableKey = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
PlayerId = Annotated[str, StringConstraints(pattern=r"^p_[A-Za-z0-9_-]{1,30}$")]
Nickname = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=20)]


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    seq: int | None = Field(default=None, ge=0, le=2**53)


class Ping(Message):
    type: Literal["ping"]


class WatchLobby(Message):
    type: Literal["watch_lobby"]


class CreateTable(Message):
    type: Literal["create_table"]
    #: A kind of table the server offers (its registry decides: unknown_game otherwise).
    game: Annotated[str, StringConstraints(pattern=r"^[a-z_]{1,24}$")]
    #: Checked by the game's own rules (seats, turn clock, variants): a clear rule error if wrong.
    settings: dict[str, Any] = Field(default_factory=dict, max_length=16)
    #: A private table: not in the lobby, only its invite link (with the secret) opens it.
    private: StrictBool = False


class StartPuzzle(Message):
    """Begin an attempt (a first one or a retry) at the puzzle of a day, e.g. "2026-11-29"."""

    type: Literal["start_puzzle"]
    puzzle: Annotated[str, StringConstraints(pattern=r"^\d{4}-\d{2}-\d{2}$")]


class TableMessage(Message):
    table: TableId


class OpenTable(TableMessage):
    type: Literal["open_table"]
    #: A private table's secret (from its invite link); needless for one who holds a seat there.
    key: TableKey | None = None


class Mute(Message):
    """Hear no more quick messages of another player (or again: `muted: false`), for good."""

    type: Literal["mute"]
    player: PlayerId
    muted: StrictBool = True


class ActionMessage(TableMessage):
    """A message that is one action at a table: on the table itself, or a move in its game."""

    def action(self) -> object:
        raise NotImplementedError


class Join(ActionMessage):
    type: Literal["join"]
    key: TableKey | None = None

    def action(self) -> tables.Join:
        return tables.Join()


class Leave(ActionMessage):
    type: Literal["leave"]

    def action(self) -> tables.Leave:
        return tables.Leave()


class AddBot(ActionMessage):
    type: Literal["add_bot"]
    level: BotLevel

    def action(self) -> tables.AddBot:
        return tables.AddBot(self.level)


class RemoveSeat(ActionMessage):
    type: Literal["remove_seat"]
    seat: int = Field(ge=0, le=5)

    def action(self) -> tables.RemoveSeat:
        return tables.RemoveSeat(self.seat)


class StandIn(ActionMessage):
    type: Literal["stand_in"]
    seat: int = Field(ge=0, le=5)

    def action(self) -> tables.StandIn:
        return tables.StandIn(self.seat)


class Start(ActionMessage):
    type: Literal["start"]

    def action(self) -> tables.Start:
        return tables.Start()


class Rematch(ActionMessage):
    type: Literal["rematch"]

    def action(self) -> tables.Rematch:
        return tables.Rematch()


class Say(ActionMessage):
    """A quick message: one of the phrases' ids (server/quick_messages.py), never text."""

    type: Literal["say"]
    phrase: Annotated[str, StringConstraints(max_length=64)]

    def action(self) -> tables.Say:
        return tables.Say(self.phrase)


class Place(ActionMessage):
    """Plan Ahead (and its puzzles): put the current tile on a field, move it, or take it back."""

    type: Literal["place"]
    field: int | None = Field(ge=1, le=19)

    def action(self) -> planahead.Place:
        return planahead.Place(self.field)


class Confirm(ActionMessage):
    type: Literal["confirm"]

    def action(self) -> planahead.Confirm:
        return planahead.Confirm()


class SpeedgansCity(ActionMessage):
    """Speedgans: the whole arrangement after any change (notation checked by the rules)."""

    type: Literal["city"]
    city: Annotated[str, StringConstraints(max_length=64)]

    def action(self) -> rounds.SetCity:
        return rounds.SetCity(self.city)


class SpeedgansDone(ActionMessage):
    """Speedgans: "Gasse dicht!"."""

    type: Literal["done"]

    def action(self) -> rounds.CallDone:
        return rounds.CallDone()


class SpeedgansNextRound(ActionMessage):
    type: Literal["next_round"]

    def action(self) -> rounds.NextRound:
        return rounds.NextRound()


class SoloSkip(ActionMessage):
    """Speedgans alone: „Überspringen“ (Rekordjagd, Übung)."""

    type: Literal["skip"]

    def action(self) -> solo.Skip:
        return solo.Skip()


class SoloHint(ActionMessage):
    """Speedgans alone: „Rat“ (costs 30 points in Rekordjagd and Tagesstadt, applied by the server)."""

    type: Literal["hint"]

    def action(self) -> solo.AskHint:
        return solo.AskHint()


class SoloNewTasks(ActionMessage):
    """Übung: new tasks, drawn (no `tasks`) or chosen ("F1,W2,H3")."""

    type: Literal["new_tasks"]
    tasks: Annotated[str, StringConstraints(pattern=r"^[A-Z][0-9],[A-Z][0-9],[A-Z][0-9]$")] | None = None

    def action(self) -> solo.NewTasks:
        return solo.NewTasks(None if self.tasks is None else tuple(self.tasks.split(",")))


class SoloGiveUp(ActionMessage):
    """Speedgans alone: end the run now („Beenden“)."""

    type: Literal["give_up"]

    def action(self) -> solo.GiveUp:
        return solo.GiveUp()


ClientMessage = Annotated[
    Ping
    | WatchLobby
    | CreateTable
    | StartPuzzle
    | OpenTable
    | Join
    | Leave
    | AddBot
    | RemoveSeat
    | StandIn
    | Start
    | Place
    | Confirm
    | Rematch
    | Say
    | Mute
    | SpeedgansCity
    | SpeedgansDone
    | SpeedgansNextRound
    | SoloSkip
    | SoloHint
    | SoloNewTasks
    | SoloGiveUp,
    Field(discriminator="type"),
]
_adapter: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


class ProtocolError(Exception):
    def __init__(self, code: ErrorCode, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.seq = code, message, seq


def too_large(text: str | bytes) -> bool:
    """Whether a frame has more than MAX_MESSAGE_BYTES bytes as it travelled (UTF-8): 4 KiB of
    emoji are 1 Ki characters but 4 KiB all the same."""
    if isinstance(text, bytes) or len(text) > MAX_MESSAGE_BYTES:
        return len(text) > MAX_MESSAGE_BYTES
    # A character has at most 4 bytes: only a frame near the limit needs counting.
    return (
        len(text) * 4 > MAX_MESSAGE_BYTES and len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES
    )


def too_many_brackets(text: str | bytes) -> bool:
    if isinstance(text, bytes):
        return text.count(b"[") + text.count(b"{") > MAX_BRACKETS
    return text.count("[") + text.count("{") > MAX_BRACKETS


def message_seq(raw: object) -> int | None:
    """The `seq` a message carries, if it is one a client may choose (the answer repeats it)."""
    seq = raw.get("seq") if isinstance(raw, dict) else None
    return seq if type(seq) is int and 0 <= seq <= 2**53 else None


def parse_message(text: str | bytes) -> ClientMessage:
    if too_large(text):
        raise ProtocolError(ErrorCode.TOO_LARGE, f"a message may have at most {MAX_MESSAGE_BYTES} bytes")
    if too_many_brackets(text):
        raise ProtocolError(
            ErrorCode.BAD_JSON, f"nested too deeply: a message has at most {MAX_BRACKETS} objects and arrays"
        )
    try:
        raw = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError(ErrorCode.BAD_JSON, "the message is not JSON") from None
    seq = message_seq(raw)
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "a message is a JSON object with a 'type'", seq)
    try:
        return _adapter.validate_python(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "message"
        if first["type"] == "union_tag_invalid":
            raise ProtocolError(
                ErrorCode.UNKNOWN_TYPE, f"unknown message type {raw['type']!r}", seq
            ) from None
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"{where}: {first['msg']}", seq) from None


class NicknameBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    nickname: Nickname

    def clean(self) -> str:
        """The nickname as it is kept (server/nicknames.py); NicknameRefused if the rules refuse it."""
        return clean_nickname(self.nickname)
