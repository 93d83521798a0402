"""The rules of nicknames as properties (server/nicknames.py, storage/nickname_keys.py): a name
another player has is refused in every case, width and look-alike spelling; a refused name stays
refused however it is padded or spaced; an accepted name is kept as it was cleaned and comes back
so. And the examples people will try."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from confusable_homoglyphs import confusables
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete

from spieltisch.games.errors import ErrorCode
from spieltisch.server.nicknames import NicknameRefused, clean_nickname
from spieltisch.storage.db import make_engine
from spieltisch.storage.models import Player
from spieltisch.storage.nickname_keys import nickname_keys
from spieltisch.storage.repository import NicknameTaken, Repository

#: Letters, digits, marks, symbols and spaces of any script; the rules sort them out.
ANY_CHARACTER = st.characters(codec="utf-8", exclude_categories=("Cs",))
NAMES = st.text(ANY_CHARACTER, min_size=1, max_size=20)
#: Names people type: mostly Latin letters, with digits, spaces and some accents.
LATIN = st.text(
    st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZäöüßéèñ0123456789 -_."),
    min_size=1,
    max_size=18,
)
#: Look-alikes, as the table lists them for each character that has any.
LOOK_ALIKES = {
    char: [glyph["c"] for glyph in glyphs]
    for char, glyphs in confusables.confusables_data.items()
    if len(char) == 1
}


def accepted(name: str) -> str | None:
    try:
        return clean_nickname(name)
    except NicknameRefused:
        return None


def same_name(a: str, b: str) -> bool:
    """Whether the repository refuses `b` once `a` is taken: they share a key."""
    return bool(set(nickname_keys(a)) & set(nickname_keys(b)))


def full_width(name: str) -> str:
    return "".join(chr(ord(char) + 0xFEE0) if "!" <= char <= "~" else char for char in name)


# Examples -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("\u3164", ErrorCode.NICKNAME_BLANK),  # HANGUL FILLER
        ("\uffa0\uffa0", ErrorCode.NICKNAME_BLANK),  # HALFWIDTH HANGUL FILLER
        ("\u2800", ErrorCode.NICKNAME_BLANK),  # BRAILLE PATTERN BLANK
        ("\u115f\u1160", ErrorCode.NICKNAME_BLANK),  # the Hangul choseong and jungseong fillers
        ("Paul\u3164", ErrorCode.NICKNAME_BLANK),  # looks like „Paul“
        ("\u0301\u20dd", ErrorCode.NICKNAME_BLANK),  # marks on nothing
        ("Pa\u200bul", ErrorCode.BAD_NICKNAME),  # a zero-width space
        ("\u202eluaP", ErrorCode.BAD_NICKNAME),  # a bidi override
        ("x" * 21, ErrorCode.BAD_NICKNAME),
        ("Pa\tul", ErrorCode.BAD_NICKNAME),  # a tab inside is no space
        ("Pa\x1cul", ErrorCode.BAD_NICKNAME),  # nor an information separator (white space to Python)
        ("\u0410dmin", ErrorCode.NICKNAME_MIXED_SCRIPTS),  # Cyrillic А
        ("Adm\u0456n", ErrorCode.NICKNAME_MIXED_SCRIPTS),  # Cyrillic і
        ("\u03a1aul", ErrorCode.NICKNAME_MIXED_SCRIPTS),  # Greek Ρ
    ],
)
def test_names_that_do_not_identify_are_refused(name, code):
    with pytest.raises(NicknameRefused) as refused:
        clean_nickname(name)
    assert refused.value.code is code


@pytest.mark.parametrize(
    "name",
    [
        "Paul6",
        "Jörg",
        "Zoë",
        "Москва",
        "Δέλτα",
        "東京",
        "ひらがなカタカナ漢字",
        "Tom東京",
        "김민준",
        "Ａｄｍｉｎ",
        "😀",
        "Ann 2",
    ],
)
def test_names_of_one_script_or_of_scripts_written_together_are_accepted(name):
    assert clean_nickname(name) == name


@pytest.mark.parametrize(
    ("taken", "other"),
    [
        ("admin", "Ａｄｍｉｎ"),  # full width
        ("admin", "ADMIN"),
        ("Admin", "\u0410dmin"),  # Cyrillic А (also refused on its own)
        ("Paul", "PauI"),  # a capital I for the l
        ("Paul", "Pau1"),
        ("Paul", "Pau\u217c"),  # SMALL ROMAN NUMERAL FIFTY
        ("Straße", "STRASSE"),
        ("Jörg", "Jo\u0308rg"),
        ("Paul 6", "Paul   6"),
        ("Paul", "Paul\ufe0f"),  # a variation selector
        ("scope", "\u0455\u0441\u043e\u0440\u0435"),  # all Cyrillic: one script, same look
        ("Mia", "rnia"),
    ],
)
def test_names_alike_share_a_key(taken, other):
    assert same_name(taken, other)


@pytest.mark.parametrize(
    ("one", "other"), [("Paul", "Paula"), ("Mia", "Mla"), ("Ann 2", "Ann 3"), ("Jörg", "Jorg")]
)
def test_different_names_do_not(one, other):
    assert not same_name(one, other)


# Properties -----------------------------------------------------------------------------------------
@given(NAMES | LATIN)
@settings(deadline=None)  # (a shared machine's pauses are no failure of the rules)
@example("Paul")
@example("ı")
@example("ß")
def test_a_name_in_another_case_or_width_is_the_same_name(name):
    name = accepted(name)
    assume(name is not None)
    for variant in (name.upper(), name.lower(), name.swapcase(), name.casefold(), full_width(name)):
        variant = unicodedata.normalize("NFKC", variant) if variant == name.casefold() else variant
        if accepted(variant) is not None:
            assert same_name(name, variant), (name, variant)


@given(NAMES | LATIN, st.data())
@example("Paul", None)
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_name_drawn_with_look_alikes_is_the_same_name_or_refused(name, data):
    name = accepted(name)
    assume(name is not None)
    spots = [i for i, char in enumerate(name) if char in LOOK_ALIKES]
    assume(spots)
    if data is None:  # the @example: Paul with a capital I
        variant = "PauI"
    else:
        chosen = data.draw(st.sets(st.sampled_from(spots), min_size=1))
        variant = "".join(
            data.draw(st.sampled_from(LOOK_ALIKES[char])) if i in chosen else char
            for i, char in enumerate(name)
        )
    if accepted(variant) is not None:
        assert same_name(name, variant), (name, variant)


PADDING = st.sampled_from([" ", "  ", "\u3000", "\u00a0", "\t", "\n"])
FORMAT = st.sampled_from(["\u200b", "\u200d", "\u2060", "\ufeff", "\u202e", "\u2066"])


@given(NAMES, PADDING, PADDING, st.data())
@settings(deadline=None)
@example("\u3164", " ", " ", None)
def test_a_refused_name_stays_refused_however_it_is_spaced_or_padded(name, before, after, data):
    assume(accepted(name) is None)
    variants = [before + name + after, name.replace(" ", "  ")]
    if data is not None:
        at = data.draw(st.integers(0, len(name)))
        variants.append(name[:at] + data.draw(FORMAT) + name[at:])
    for variant in variants:
        assert accepted(variant) is None, (name, variant)


@given(NAMES | LATIN)
@settings(deadline=None)
def test_an_accepted_name_is_kept_as_cleaned(name):
    cleaned = accepted(name)
    assume(cleaned is not None)
    assert clean_nickname(cleaned) == cleaned
    assert cleaned == unicodedata.normalize("NFC", cleaned) and cleaned == cleaned.strip()
    assert 1 <= len(cleaned) <= 20
    assert nickname_keys(cleaned) == nickname_keys(name)


# Through the repository -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def repository(tmp_path_factory) -> Repository:
    return Repository(make_engine(f"sqlite:///{tmp_path_factory.mktemp('names') / 'names.sqlite3'}"))


@given(LATIN, st.sampled_from([str.upper, str.lower, str.swapcase, full_width, lambda n: f" {n}  "]))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_the_repository_keeps_a_name_and_refuses_it_in_any_case(repository: Repository, name, variant):
    name = accepted(name)
    assume(name is not None)
    with repository.engine.begin() as connection:  # each example on a site of its own
        connection.execute(delete(Player))
    player, token = repository.create_player(name)
    found = repository.player_by_token(token)
    assert found is not None and found.nickname == name
    spelled = accepted(variant(name))
    if spelled is not None:
        with pytest.raises(NicknameTaken):
            repository.create_player(spelled)
        other, _ = repository.create_player(f"{name[:15]}{player.id[-4:]}x")
        with pytest.raises(NicknameTaken):
            repository.rename_player(other.id, spelled)
        # One's own name in another spelling is one's own.
        assert repository.rename_player(player.id, spelled) is not None


def test_the_keys_survive_a_database(tmp_path: Path):
    repository = Repository(make_engine(f"sqlite:///{tmp_path / 'keys.sqlite3'}"))
    player, _ = repository.create_player("Ａｄｍｉｎ")
    stored = repository.player(player.id)
    assert stored is not None and (stored.nickname_key, stored.nickname_look) == nickname_keys("admin")
