"""Which nicknames a player may pick: names people can read and tell apart.

A name is kept as typed (NFC, trimmed, runs of white space as one space) when it

- has 1 to 20 characters, and no control, format (zero-width, bidi override), private or
  unassigned characters — `bad_nickname`;
- has something visible, and no characters that print as nothing (the Hangul fillers, the blank
  Braille pattern): a name of them looks blank, one of them in a name like a space that is not
  there — `nickname_blank`;
- does not mix scripts whose letters look alike („Аdmin“ with a Cyrillic А: `nickname_mixed_scripts`).
  Scripts that are written together (Han with Hiragana, Katakana, Hangul or Bopomofo) mix freely,
  and so does any script with digits, punctuation and marks (Unicode's Common and Inherited).

Whether the name is free (no other player's name looks the same) is the repository's to say
(storage/nickname_keys.py: `nickname_taken`).
"""

from __future__ import annotations

import re
import unicodedata

from confusable_homoglyphs import categories, confusables

from spieltisch.games.errors import ErrorCode
from spieltisch.storage.nickname_keys import nickname_key

MAX_LENGTH = 20

#: Characters that are letters or symbols to Unicode but print as nothing: a name of them looks
#: blank, and one of them in a name looks like a space that is not there.
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Not allowed anywhere: control (Cc), format (Cf), private use (Co), surrogates (Cs), unassigned (Cn).
_INVISIBLE_CATEGORIES = ("Cc", "Cf", "Co", "Cs", "Cn")
#: What counts as nothing visible on its own: spaces and marks that only decorate another character.
_NOT_VISIBLE_ALONE = ("Zs", "Zl", "Zp", "Mn", "Me")
#: Scripts (as the package names them) that belong to no one script: digits, punctuation, marks.
_SHARED_SCRIPTS = frozenset({"COMMON", "INHERITED"})
#: Scripts written together in one language (UTS #39's Jpan, Kore and Hanb): not mixed.
_EAST_ASIAN = frozenset({"HAN", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO"})
_SPACES = re.compile(r"\s+")


class NicknameRefused(ValueError):
    """A nickname the rules refuse: `code` for the client (a text in both languages), the message
    (English) for people reading the API."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


def clean_nickname(raw: str) -> str:
    """The nickname as it is kept, or NicknameRefused."""
    name = unicodedata.normalize("NFC", raw).strip()
    if any(unicodedata.category(char) in _INVISIBLE_CATEGORIES for char in name):
        raise NicknameRefused(
            ErrorCode.BAD_NICKNAME, "a nickname may not contain control or invisible characters"
        )
    # Only now: a tab or a line break inside is a control character, refused above, not a space.
    name = _SPACES.sub(" ", name)
    if any(char in BLANK_LOOKING for char in name):
        raise NicknameRefused(
            ErrorCode.NICKNAME_BLANK, "a nickname may not contain characters that print as nothing (fillers)"
        )
    visible = any(unicodedata.category(char) not in _NOT_VISIBLE_ALONE for char in name)
    if not visible or not nickname_key(name):
        raise NicknameRefused(ErrorCode.NICKNAME_BLANK, "a nickname needs a visible character")
    if len(name) > MAX_LENGTH:
        raise NicknameRefused(ErrorCode.BAD_NICKNAME, f"a nickname has at most {MAX_LENGTH} characters")
    alike = look_alike_across_scripts(name)
    if alike is not None:
        char, script = alike
        raise NicknameRefused(
            ErrorCode.NICKNAME_MIXED_SCRIPTS,
            f"a nickname may not mix scripts whose letters look alike: {char!r} "
            f"({categories.alias(char).title()}) looks like a {script.title()} letter",
        )
    return name


def script_of(char: str) -> str:
    return categories.alias(char)


def look_alike_across_scripts(name: str) -> tuple[str, str] | None:
    """A character of the name that looks like a character of another script the name is written
    in, with that script; None if the name keeps to one script (or to scripts that go together)."""
    scripts = {script_of(char) for char in name} - _SHARED_SCRIPTS
    if len(scripts) < 2:
        return None
    for char in dict.fromkeys(name):
        own = script_of(char)
        if own in _SHARED_SCRIPTS:
            continue
        for glyph in confusables.confusables_data.get(char, ()):
            for other in {script_of(part) for part in glyph["c"]} & scripts:
                if other != own and not {own, other} <= _EAST_ASIAN:
                    return char, other
    return None
