#!/bin/sh
# The one command that installs the dependencies, exactly as package-lock.json pins them. The
# Dockerfile, .ci/run and scripts/docker-rehearsal.sh all run this file, so a lock file that
# `npm ci` refuses fails CI before it fails an image build.
set -eu
cd "$(dirname "$0")/.."
exec npm ci --no-audit --no-fund
