#!/usr/bin/env bash
# Creates .venv and installs Spieltisch into it (idempotent). Usage: scripts/setup.sh [extra]
set -euo pipefail
cd "$(dirname "$0")/.."
extra="${1:-}"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=".venv/.installed${extra:+-$extra}"
# An install is current when its stamp is newer than pyproject.toml. The test install holds
# everything serving needs, so after scripts/test.sh, scripts/serve.sh installs nothing again.
current() { [ -f "$1" ] && [ ! pyproject.toml -nt "$1" ]; }
if current "$stamp" || { [ -z "$extra" ] && current .venv/.installed-test; }; then
  exit 0
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".${extra:+[$extra]}"
touch "$stamp"
