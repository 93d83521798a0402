"""What makes two nicknames the same name: the keys they are compared by (players' `nickname_key`
and `nickname_look` columns; a new name may share neither with anyone else's).

Two names are the same when they differ only in case or width („Ａｄｍｉｎ“, „ADMIN“, „admin“) or in
characters that look alike („Аdmin“ with a Cyrillic А, „Pau1“, „PauI“ for „Paul“). Unicode's
answer to "what looks alike" is the table of confusables of UTS #39 (confusables.txt): its
*skeleton* maps every character to the one its class is drawn like. The table comes from the
`confusable-homoglyphs` package, which ships it as a list of look-alikes per character (either way
round); the prototype of each class is recovered from it below.

Two keys, because case folding and look-alikes do not commute: folding „PauI“ first gives „paui“,
which looks like no „paul“; drawing it first gives „Paul“. So

- `key`  = skeleton(NFKC_casefold(name)): „Ａｄｍｉｎ“, „ADMIN“, „Аdmin“ → one key;
- `look` = skeleton(NFKC_casefold(skeleton(name))): also „PauI“ → the key of „Paul“.

The database holds `key` unique; a name is refused when either of its keys is either key of
another player. Changing anything here changes the keys of names already stored: a migration must
compute them again (see migrations/versions/0008_nickname_keys.py).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Literal

from confusable_homoglyphs import confusables

#: The table's strings carry left-to-right marks around right-to-left characters (the source's
#: comments were written for display): they are no part of a character.
_DIRECTION_MARKS = "\u200e\u200f"

#: Characters Unicode says to ignore when comparing (Default_Ignorable_Code_Point, beyond the
#: format characters names may not contain at all): variation selectors, the combining grapheme
#: joiner, the Hangul fillers, the Khmer inherent vowels, the Mongolian variation selectors.
#: NFKC_Casefold drops them; Python's NFKC and casefold() do not.
_IGNORABLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]"
)
_SPACES = re.compile(r"\s+")


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each character of the table that is drawn like another, mapped to that one (its class's
    prototype, possibly several characters: „m“ → „rn“).

    The package lists, for every line `source → prototype` of confusables.txt, the prototype among
    the source's look-alikes and the source among the prototype's. A source has exactly one line,
    and no prototype is a source: so a character with one look-alike is a source of it, unless
    that look-alike has only it in turn (a class of two, whose direction the list does not keep;
    the lower code point stands for both then: for telling names apart either will do)."""
    table = confusables.confusables_data
    mapping: dict[str, str] = {}
    for char, glyphs in table.items():
        if len(char) != 1 or len(glyphs) != 1:
            continue  # a prototype of several (or of a sequence)
        other = glyphs[0]["c"].strip(_DIRECTION_MARKS)
        if not other or other == char:
            continue
        back = table.get(other) or table.get(f"\u200e{other}\u200e") or []
        if len(other) == 1 and len(back) == 1 and other > char:
            continue
        mapping[char] = other
    return mapping


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character as its prototype, NFD again. The table also lists
    composed letters alike („Ő“ → „Ö“), which the standard's skeleton never meets (it maps the
    decomposed text): each character is mapped composed first, then decomposed."""
    prototypes = _prototypes()

    def mapped(form: Literal["NFC", "NFD"], part: str) -> str:
        return "".join(prototypes.get(char, char) for char in unicodedata.normalize(form, part))

    return unicodedata.normalize("NFD", mapped("NFD", mapped("NFC", text)))


def fold(text: str) -> str:
    """NFKC_Casefold (as near as Python's unicodedata comes): width, compatibility forms and case
    made alike, ignorable characters dropped, any run of white space one space."""
    text = _IGNORABLE.sub("", unicodedata.normalize("NFKC", text))
    text = unicodedata.normalize("NFKC", text.casefold())
    return _SPACES.sub(" ", _IGNORABLE.sub("", text)).strip()


def _settled(text: str) -> str:
    """skeleton(fold(…)) until nothing changes (a prototype may fold to another letter, whose
    prototype differs again: a few rounds at most)."""
    for _ in range(8):
        again = skeleton(fold(text))
        if again == text:
            break
        text = again
    return text


def nickname_key(name: str) -> str:
    """The key a name is unique by: the skeleton of its NFKC case fold."""
    return _settled(name)


def nickname_look(name: str) -> str:
    """The key of the name as it is drawn: look-alikes replaced before case (and compatibility
    forms) are folded: „PauI“ and „Paul“ share it, as they look the same; so do „´“ and „'“."""
    return _settled(skeleton(name))


def nickname_keys(name: str) -> tuple[str, str]:
    """(`nickname_key`, `nickname_look`) of a name."""
    return nickname_key(name), nickname_look(name)
