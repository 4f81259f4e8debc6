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
# The end-to-end suite in shards side by side (E2E_SHARDS, 2 by default), each against its own
# server, data folder and fake services on ports of its own, so no shard sees another's data.
# Spec files are dealt to the shards by their last measured seconds (tests/e2e/shard-weights.txt;
# a spec not listed counts 20 s), the longest first, each to the shard with the least so far.
# Each shard's output is kept in a log and shown when the shard ends.
deal_specs() {
  local shards="$1"
  for spec in tests/e2e/*.spec.ts; do
    local name weight
    name=$(basename "$spec")
    weight=$(awk -v name="$name" '$2 == name { print $1 }' tests/e2e/shard-weights.txt)
    echo "${weight:-20} $spec"
  done | sort -rn | awk -v shards="$shards" '{
    best = 1
    for (i = 2; i <= shards; i++) if (load[i] < load[best]) best = i
    load[best] += $1
    print best, $2
  }'
}

end_to_end() {
  local shards="${E2E_SHARDS:-2}" logs pids=() failed=0 dealt
  if [ "$shards" -le 1 ]; then
    npx playwright test
    return
  fi
  logs=$(mktemp -d)
  dealt=$(deal_specs "$shards")
  for shard in $(seq 1 "$shards"); do
    local offset=$((shard * 10)) specs
    mapfile -t specs < <(awk -v shard="$shard" '$1 == shard { print $2 }' <<<"$dealt")
    E2E_PORT=$((3210 + offset)) E2E_SMTP_PORT=$((2525 + offset)) E2E_OAUTH_PORT=$((2527 + offset)) \
      E2E_STRIPE_PORT=$((2528 + offset)) E2E_OPENAI_PORT=$((2529 + offset)) E2E_FAL_PORT=$((2530 + offset)) \
      E2E_SERVER_PORT_BASE=$((3400 + shard * 100)) E2E_DATA_DIR=".e2e-data-$shard" E2E_OUTPUT_DIR="test-results/shard-$shard" \
      npx playwright test "${specs[@]}" >"$logs/$shard" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then failed=1; fi
    echo "== end-to-end shard $((i + 1))/$shards"
    cat "$logs/$((i + 1))"
  done
  # A long run's output is often read from its end only: repeat every shard's failures and flaky
  # tests (Playwright's closing summary, from the first failure's details on) last.
  for shard in $(seq 1 "$shards"); do
    if grep -qE '^ +[0-9]+ (failed|flaky)$' "$logs/$shard"; then
      echo "== end-to-end shard $shard/$shards: failures and flaky tests"
      awk '/^  [0-9]+\) / { shown = 1 } shown' "$logs/$shard" | tail -n 150
    fi
  done
  rm -rf "$logs"
  return $failed
}

timed "playwright" end_to_end
