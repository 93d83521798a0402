#!/usr/bin/env bash
# One command: set up everything the tests need (Chromium, Redis, PostgreSQL, nginx and Node.js from Debian;
# Python packages from PyPI, TypeScript from npm) and run the whole test suite: ruff, mypy, the browser client's unit
# tests (node --test) and type check (tsc), then pytest (in parallel, in a random order). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v redis-server >/dev/null || need+=(redis-server)
[ -x /usr/lib/postgresql/15/bin/initdb ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/sbin/nginx ] || need+=(nginx-light)  # the proxy that routes by table (docs/nginx/by-table.conf)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]} …"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" fonts-dejavu-core >/dev/null
fi
scripts/setup.sh test
.venv/bin/ruff check src tests bench
.venv/bin/ruff format --check src tests bench
.venv/bin/mypy
# The browser client's type check (tsconfig.json: every file in src/spieltisch/web/js, the wire types
# against the server's golden views; tests/js/tsconfig.json: the node tests): TypeScript from the npm registry, pinned in package-lock.json,
# installed again only when the lock changed. Serving needs none of it.
if [ ! -f node_modules/.installed ] || [ package-lock.json -nt node_modules/.installed ]; then
  npm ci --no-audit --no-fund --loglevel=error
  touch node_modules/.installed
fi
node_modules/.bin/tsc -p tsconfig.json
node_modules/.bin/tsc -p tests/js/tsconfig.json
node --test tests/js/
# Three workers, a test file at a time each (module-scoped servers stay within their file): the
# browser tests mostly wait on clocks and pages, so three overlap well on two cores. The ten slowest
# tests are listed at the end.
exec .venv/bin/python -m pytest -p no:cacheprovider -n 3 --dist loadfile --durations=10 "$@"
