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

# Each step's time, so a slow run says where it went.
started_at=$SECONDS
timed() {
  local label=$1 begun=$SECONDS
  shift
  "$@"
  echo "== $label: $((SECONDS - begun)) s (total $((SECONDS - started_at)) s)"
}

# Types, lint and the production build are three single-threaded jobs that need nothing from one
# another: on a two-core machine they run side by side, each into its own log, shown in order.
parallel_checks() {
  local logs names=(types lint build) pids=() failed=0
  logs=$(mktemp -d)
  npx tsc >"$logs/types" 2>&1 &
  pids+=($!)
  npm run lint --silent >"$logs/lint" 2>&1 &
  pids+=($!)
  # db:generate ran above; `npm run build` would run it again.
  npx react-router build >"$logs/build" 2>&1 &
  pids+=($!)
  for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
      failed=1
      echo "== ${names[$i]} FAILED:"
      cat "$logs/${names[$i]}"
    fi
  done
  rm -rf "$logs"
  return $failed
}

timed "prisma generate" npm run db:generate --silent
timed "typegen" npx react-router typegen
timed "types, lint and build" parallel_checks
timed "vitest" npx vitest run
timed "playwright" npx playwright test
