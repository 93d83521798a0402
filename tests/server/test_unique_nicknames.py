"""Names that identify, through the real server's HTTP API: a name someone has — in any case,
width or look-alike spelling — is refused when a player is made and when one renames himself
(409 `nickname_taken`), look-alikes of two scripts and blank-looking names are refused (422); and
what the page tells a player for each refusal, in German and in English."""

from __future__ import annotations

import json
import shutil
import subprocess

import httpx
import pytest

from tests.conftest import ROOT
from tests.server.player_client import new_player

JS = ROOT / "src" / "spieltisch" / "web" / "js"


def create(url: str, nickname: str) -> httpx.Response:
    return httpx.post(f"{url}/api/players", json={"nickname": nickname})


def rename(url: str, token: str, nickname: str) -> httpx.Response:
    return httpx.patch(
        f"{url}/api/players/me", json={"nickname": nickname}, headers={"Authorization": f"Bearer {token}"}
    )


def code_of(response: httpx.Response) -> str:
    return response.json()["error"]["code"]


def page_texts(code: str) -> dict[str, str]:
    """What the page says for an error code, in German and English (web/js/errors.js)."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (scripts/test.sh installs it)")
    script = """
const i18n = await import("./i18n.js");
await import("./errors.js");
const texts = {};
for (const lang of ["de", "en"]) { i18n.setLang(lang); texts[lang] = i18n.t(`err.${process.argv[1]}`); }
console.log(JSON.stringify(texts));
"""
    out = subprocess.run(
        [node, "--input-type=module", "-e", script, code], cwd=JS, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_a_name_someone_has_is_refused_in_every_spelling(live_server):
    paul = new_player(live_server, "Paulus")["nickname"]  # „Paulus“, or „Paulus 2“ if taken
    full_width = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in paul)
    look_alikes = [paul.replace("l", "I"), paul.replace("l", "1"), paul.replace("a", "\u0430")]
    for same in [paul, paul.upper(), paul.lower(), f"  {paul}  ", full_width, *look_alikes]:
        response = create(live_server, same)
        if same == paul.replace("a", "\u0430"):  # a Cyrillic а among Latin letters: refused as such
            assert response.status_code == 422 and code_of(response) == "nickname_mixed_scripts"
            continue
        assert response.status_code == 409, (same, response.text)
        assert code_of(response) == "nickname_taken"
        assert "another player has this name" in response.json()["error"]["message"]


def test_a_rename_to_a_name_someone_has_is_refused_and_ones_own_is_free(live_server):
    ann = new_player(live_server, "Annegret")
    bea = new_player(live_server, "Beatrix")
    for same in (ann["nickname"], ann["nickname"].upper(), ann["nickname"].replace("l", "I")):
        response = rename(live_server, bea["token"], same)
        assert response.status_code == 409 and code_of(response) == "nickname_taken", same
    me = httpx.get(f"{live_server}/api/players/me", headers={"Authorization": f"Bearer {bea['token']}"})
    assert me.json()["nickname"] == bea["nickname"]  # unchanged
    # One's own name in another case is one's own; the old name is free again after a rename.
    shouted = ann["nickname"].upper()
    assert rename(live_server, ann["token"], shouted).json()["nickname"] == shouted
    fresh = f"Neu {ann['id'][-6:]}"
    assert rename(live_server, ann["token"], fresh).status_code == 200
    taken_over = rename(live_server, bea["token"], ann["nickname"])
    assert taken_over.status_code == 200 and taken_over.json()["nickname"] == ann["nickname"]


@pytest.mark.parametrize(
    ("name", "status", "code"),
    [
        ("\u3164", 422, "nickname_blank"),  # HANGUL FILLER
        ("\u2800\u2800", 422, "nickname_blank"),  # BRAILLE PATTERN BLANK
        ("Ole\u3164", 422, "nickname_blank"),
        ("\u0410dmin", 422, "nickname_mixed_scripts"),  # Cyrillic А
        ("Pa\u200bul", 422, "bad_nickname"),
    ],
)
def test_names_that_do_not_identify_are_refused_on_create_and_rename(live_server, name, status, code):
    response = create(live_server, name)
    assert response.status_code == status and code_of(response) == code
    token = new_player(live_server, "Renata")["token"]
    response = rename(live_server, token, name)
    assert response.status_code == status and code_of(response) == code


def test_the_page_says_why_in_both_languages(live_server):
    paul = new_player(live_server, "Paulina")["nickname"]
    said = {
        code_of(create(live_server, paul.upper())): ("hat schon jemand", "already has this name"),
        code_of(create(live_server, "\u3164")): ("sieht leer aus", "looks blank"),
        code_of(create(live_server, "\u0410dmin")): ("mischt Schriften", "mixes scripts"),
    }
    assert set(said) == {"nickname_taken", "nickname_blank", "nickname_mixed_scripts"}
    for code, (german, english) in said.items():
        texts = page_texts(code)
        assert german in texts["de"] and english in texts["en"], (code, texts)
