# Sourced (bash) by .ci/run and scripts/docker-rehearsal.sh: makes `node` on PATH the Node.js
# major the Dockerfile's image names (FROM node:<major>-…), so CI tests and rehearses what ships.
# When the machine's node is older, that major is installed from the npm registry (the
# node-<platform>-<arch> package, a plain Node.js binary) into a tools folder outside the
# repository, once, and its bin goes first on PATH. npm and npx then run on it too.
#   CV_NODE_TOOLS  where to install it (default ~/.cache/cv-node<major>)
use_node_lts() {
  local root required current tools platform bin
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  required="$(sed -nE 's/^FROM node:([0-9]+)[-.].*/\1/p' "$root/Dockerfile" | head -n 1)"
  [ -n "$required" ] || {
    echo "use-node-lts: the Dockerfile names no node:<major> image" >&2
    return 1
  }
  current="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$current" -ge "$required" ]; then return 0; fi

  platform="$(node -p 'process.platform + "-" + process.arch' 2>/dev/null || echo linux-x64)"
  tools="${CV_NODE_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/cv-node$required}"
  bin="$tools/node_modules/node-$platform/bin"
  if ! "$bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null | grep -qx "$required"; then
    echo "== Node.js $(node --version 2>/dev/null || echo '(none)') is older than $required: installing node-$platform@$required into $tools"
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-$platform@$required"
  fi
  export PATH="$bin:$PATH"
  echo "== Node.js $(node --version) from $bin (npm $(npm --version))"
}
use_node_lts
