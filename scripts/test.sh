#!/usr/bin/env bash
# The whole test suite: types, unit and integration tests, the production build, and end-to-end
# tests in Chromium. Integration tests use embedded PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_path" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Installing Chromium for the end-to-end tests (apt-get install chromium)..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The end-to-end tests need Chromium at $chromium_path: install it (e.g. 'sudo apt-get install chromium') or set CHROMIUM_PATH." >&2
    exit 1
  fi
fi

[ -d node_modules ] || sh scripts/install-deps.sh
npm run db:generate --silent
npx react-router typegen
npx tsc
npm run lint --silent
npx vitest run
npm run build --silent
npx playwright test
