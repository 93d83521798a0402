#!/usr/bin/env bash
# One command: set up and serve Spieltisch on http://127.0.0.1:8000 (SQLite in ./var, no other service).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec .venv/bin/spieltisch serve "$@"
