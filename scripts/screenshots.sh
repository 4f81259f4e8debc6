#!/usr/bin/env bash
# Takes the pictures the end-to-end tests take, on demand: builds the app, then runs the specs
# that photograph pages, saving into .screenshots/ (ignored by git). Arguments are passed to
# Playwright (a spec file, --grep ...). Only README.md's home pictures live in docs/screenshots;
# refresh them with:  UPDATE_DOCS_SCREENSHOTS=1 bash scripts/screenshots.sh tests/e2e/home.spec.ts
set -euo pipefail
cd "$(dirname "$0")/.."

export SCREENSHOTS_DIR="${SCREENSHOTS_DIR:-.screenshots}"
npm run build --silent
if [ "$#" -gt 0 ]; then
  specs=("$@")
else
  # Every spec that saves a picture (through tests/e2e/screenshots.ts).
  mapfile -t specs < <(grep -l 'from "./screenshots"' tests/e2e/*.spec.ts)
fi
npx playwright test "${specs[@]}"
echo "Screenshots are in $SCREENSHOTS_DIR/"
