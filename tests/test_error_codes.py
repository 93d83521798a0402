"""Every error code the server can send is documented for client authors and has a text for the
player in both client languages; and the client waits for no code the server never sends."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from spieltisch.games.errors import ErrorCode

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "src" / "spieltisch" / "web" / "js"

TEXTS = """
const i18n = await import("./i18n.js");
await import("./errors.js");
const codes = JSON.parse(process.argv[1]);
const texts = {};
for (const lang of ["de", "en"]) {
  i18n.setLang(lang);
  texts[lang] = Object.fromEntries(codes.map((code) => [code, i18n.has(`err.${code}`) ? i18n.t(`err.${code}`) : null]));
}
console.log(JSON.stringify(texts));
"""


def test_every_code_is_documented():
    docs = "".join(path.read_text() for path in (ROOT / "docs").glob("protocol*.md"))
    missing = [code.value for code in ErrorCode if f"`{code.value}`" not in docs]
    assert missing == []


def test_every_code_has_a_text_in_both_languages():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (scripts/test.sh installs it)")
    codes = [code.value for code in ErrorCode]
    out = subprocess.run(
        [node, "--input-type=module", "-e", TEXTS, json.dumps(codes)],
        cwd=JS,
        capture_output=True,
        text=True,
        check=True,
    )
    texts = json.loads(out.stdout)
    for lang in ("de", "en"):
        assert [code for code, text in texts[lang].items() if not text] == [], lang
    assert texts["de"] != texts["en"]


def test_the_client_names_only_codes_the_server_sends():
    known = {code.value for code in ErrorCode}
    named = set()
    for path in JS.rglob("*.js"):
        text = path.read_text()
        named |= set(re.findall(r'"err\.([a-z_]+)"', text))
        named |= set(re.findall(r'code === "([a-z_]+)"', text))
        for group in re.findall(r"\[((?:\"[a-z_]+\",?\s*)+)\]\.includes\(msg\.code\)", text):
            named |= set(re.findall(r'"([a-z_]+)"', group))
    client_only = {"generic", "http"}  # the client's own: no answer, or a code it has no text for
    assert named - client_only - known == set()
