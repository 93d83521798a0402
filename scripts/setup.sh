#!/usr/bin/env bash
# Creates .venv and installs Spieltisch into it (idempotent). Usage: scripts/setup.sh [extra]
set -euo pipefail
cd "$(dirname "$0")/.."
extra="${1:-}"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=".venv/.installed${extra:+-$extra}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".${extra:+[$extra]}"
  touch "$stamp"
fi
