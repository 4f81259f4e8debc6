#!/usr/bin/env bash
# Rehearses `docker build` and `docker run` without a Docker daemon. It reads the committed
# Dockerfile and does what it says, in temporary folders:
#   1. the build context: the committed tree (git archive HEAD) minus what .dockerignore excludes;
#   2. the build stage: its COPY and RUN instructions in order (the same install command, build,
#      prune), in an empty folder standing for its WORKDIR;
#   3. the image: ONLY what the final stage copies from the build stage, in another empty folder;
#   4. the container: the image's CMD with the image's ENV, a clean environment, a temporary
#      DATA_DIR, a generated SESSION_SECRET and a free PORT; it must pass the Dockerfile's
#      HEALTHCHECK (/healthz) and serve the home page and its assets; then it must stop on SIGTERM.
# An instruction it does not know stops it, so the Dockerfile cannot grow past what is rehearsed.
# Root-level steps of the final stage (RUN, USER, VOLUME, EXPOSE) are reported but not performed.
# It runs on the Node.js major of the Dockerfile's FROM line (scripts/use-node-lts.sh installs it
# outside the repository when this machine's node is older).
# Exits non-zero with the reason on any failure. Environment:
#   REHEARSAL_TIMEOUT_SECONDS  the whole rehearsal's time limit (default 1500)
#   REHEARSAL_KEEP=1           keep the temporary folders for inspection
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
# The Node.js major the Dockerfile's image has, when this machine's node is older (scripts/use-node-lts.sh).
source "$root/scripts/use-node-lts.sh"
started_at=$SECONDS
deadline=$((SECONDS + ${REHEARSAL_TIMEOUT_SECONDS:-1500}))

fail() {
  echo "docker rehearsal FAILED: $*" >&2
  exit 1
}
step() { echo "== [$((SECONDS - started_at))s] $*"; }
remaining() {
  local left=$((deadline - SECONDS))
  [ "$left" -gt 0 ] || fail "out of time (REHEARSAL_TIMEOUT_SECONDS=${REHEARSAL_TIMEOUT_SECONDS:-1500})"
  echo "$left"
}

work="$(mktemp -d "${TMPDIR:-/tmp}/docker-rehearsal.XXXXXX")"
context="$work/context"
build="$work/build"
image="$work/image"
data="$work/data"
home="$work/home"
server_pid=""
step_pid=""
cleanup() {
  if [ -n "$step_pid" ] && kill -0 "$step_pid" 2>/dev/null; then
    kill -TERM "$step_pid" 2>/dev/null || true # timeout passes it on to the step's processes
    wait "$step_pid" 2>/dev/null || true
  fi
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  if [ "${REHEARSAL_KEEP:-}" = "1" ]; then
    echo "(kept $work)"
  else
    local removing=$SECONDS
    rm -rf "$work"
    echo "(temporary folders removed in $((SECONDS - removing))s)"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$context" "$build" "$image" "$data" "$home"

# ---- 1. The build context.
step "build context: $(git -C "$root" rev-parse --short HEAD) (the committed tree; uncommitted changes are not rehearsed)"
git -C "$root" archive --format=tar HEAD | tar -x -C "$context"
[ -f "$context/Dockerfile" ] || fail "the commit has no Dockerfile"
dockerfile="$work/Dockerfile"
cp "$context/Dockerfile" "$dockerfile"

# What .dockerignore leaves out of the context.
if [ -f "$context/.dockerignore" ]; then
  (
    cd "$context"
    shopt -s globstar dotglob nullglob
    while IFS= read -r pattern || [ -n "$pattern" ]; do
      pattern="$(sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//' <<<"$pattern")"
      [[ -z "$pattern" || "$pattern" == \#* ]] && continue
      [[ "$pattern" != !* ]] || fail ".dockerignore exceptions (!) are not rehearsed: $pattern"
      pattern="${pattern#/}"
      pattern="${pattern#./}"
      pattern="${pattern%/}"
      IFS= # globbing, no word splitting
      for match in $pattern; do rm -rf -- "$match"; done
      unset IFS
    done <.dockerignore
  )
fi

# ---- The Dockerfile, as a list of instructions (comments dropped, continuation lines joined).
instructions=()
pending=""
while IFS= read -r line || [ -n "$line" ]; do
  if [[ "$line" =~ ^[[:space:]]*# ]]; then continue; fi
  if [[ "$line" =~ \\[[:space:]]*$ ]]; then
    pending+="${line%\\*} "
    continue
  fi
  line="$pending$line"
  pending=""
  if [[ "$line" =~ ^[[:space:]]*$ ]]; then continue; fi
  instructions+=("$(sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//; s/[[:space:]]+/ /' <<<"$line")")
done <"$dockerfile"
[ -z "$pending" ] || fail "the Dockerfile ends inside a continued line"

stage_count=0
for instruction in "${instructions[@]}"; do
  keyword="${instruction%% *}"
  case "${keyword^^}" in
    FROM) stage_count=$((stage_count + 1)) ;;
    WORKDIR | ENV | COPY | RUN | HEALTHCHECK | CMD | USER | VOLUME | EXPOSE | ARG | LABEL) ;;
    *) fail "the rehearsal does not know the instruction ${keyword^^}: teach scripts/docker-rehearsal.sh" ;;
  esac
done
[ "$stage_count" = 2 ] || fail "the rehearsal knows a build stage and a final stage; the Dockerfile has $stage_count stages"

# Words of an instruction's arguments; quotes and JSON would need a real parser, so they stop it.
words_of() {
  local args="$1"
  [[ "$args" != *\"* && "$args" != *\'* && "$args" != \[* ]] || fail "cannot rehearse quoted or JSON arguments: $args"
  read -ra words <<<"$args"
}
# A path inside a stage, as a path inside the folder standing for that stage's WORKDIR.
local_path() {
  local workdir="$1" folder="$2" target="$3"
  case "$target" in
    "$workdir") echo "$folder" ;;
    "$workdir"/*) echo "$folder/${target#"$workdir"/}" ;;
    /*) fail "cannot rehearse a path outside WORKDIR $workdir: $target" ;;
    *) echo "$folder/$target" ;;
  esac
}
# COPY's rules: a folder's contents go into the destination; several sources, or a destination
# ending in /, mean the destination is a folder.
# Between stages files are hard-linked (cp -l): the build stage is done with them, and the image's
# node_modules is half a gigabyte to write and remove again.
copy_into() {
  local to="$1" dest_is_folder="$2" link="$3"
  shift 3
  local from
  for from in "$@"; do
    [ -e "$from" ] || fail "COPY source missing: ${from#"$work"/}"
    if [ -d "$from" ]; then
      mkdir -p "$to"
      cp -a $link "$from/." "$to/"
    elif [ "$dest_is_folder" = 1 ]; then
      mkdir -p "$to"
      cp -a $link "$from" "$to/"
    else
      mkdir -p "$(dirname "$to")"
      cp -a $link "$from" "$to"
    fi
  done
}
# The environment of a step: nothing from the caller's shell but PATH, HOME (npm's settings and
# cache), proxies and npm settings, plus the stage's ENV.
passthrough_env=(PATH="$PATH" HOME="${HOME:-$home}")
while IFS='=' read -r name _; do
  case "$name" in npm_config_* | NPM_CONFIG_* | http_proxy | https_proxy | no_proxy | HTTP_PROXY | HTTPS_PROXY | NO_PROXY) passthrough_env+=("$name=${!name}") ;; esac
done < <(env)

# ---- 2 and 3. The build stage, then the image, instruction by instruction.
stage=0
build_name=""
workdir=""
build_workdir=""
stage_env=()
image_env=()
health_options=""
health_command=""
image_cmd_json=""
for instruction in "${instructions[@]}"; do
  keyword="${instruction%% *}"
  keyword="${keyword^^}"
  args=""
  if [[ "$instruction" == *\ * ]]; then args="${instruction#* }"; fi
  case "$keyword" in
    FROM)
      stage=$((stage + 1))
      workdir=""
      stage_env=()
      words_of "$args"
      if [ "$stage" = 1 ]; then
        [ "${#words[@]}" = 3 ] && [ "${words[1]^^}" = AS ] || fail "the build stage needs a name (FROM <image> AS <name>)"
        build_name="${words[2]}"
        step "build stage '$build_name' (Dockerfile: FROM ${words[0]}; here: node $(node --version), npm $(npm --version))"
      else
        step "image (Dockerfile: FROM ${words[0]}; only what it copies from '$build_name')"
      fi
      ;;
    WORKDIR)
      [[ "$args" == /* ]] || fail "WORKDIR must be absolute: $args"
      workdir="${args%/}"
      ;;
    ENV)
      words_of "$args"
      for pair in "${words[@]}"; do
        [[ "$pair" == *=* ]] || fail "ENV must be KEY=value pairs: $args"
        stage_env+=("$pair")
      done
      if [ "$stage" = 2 ]; then image_env=("${stage_env[@]}"); fi
      ;;
    COPY)
      [ -n "$workdir" ] || fail "COPY before WORKDIR: $instruction"
      words_of "$args"
      from_stage=""
      sources=()
      for word in "${words[@]}"; do
        case "$word" in
          --from=*) from_stage="${word#--from=}" ;;
          --chown=* | --chmod=*) ;; # ownership: the rehearsal runs as one user
          --*) fail "cannot rehearse COPY option $word" ;;
          *) sources+=("$word") ;;
        esac
      done
      [ "${#sources[@]}" -ge 2 ] || fail "COPY needs a source and a destination: $instruction"
      dest="${sources[-1]}"
      unset 'sources[-1]'
      dest_is_folder=0
      if [[ "$dest" == */ || "${#sources[@]}" -gt 1 ]]; then dest_is_folder=1; fi
      stage_folder="$build"
      if [ "$stage" = 2 ]; then stage_folder="$image"; fi
      to="$(local_path "$workdir" "$stage_folder" "$dest")"
      from_paths=()
      link=""
      if [ -n "$from_stage" ]; then
        link="-l"
        [ "$from_stage" = "$build_name" ] || fail "COPY --from=$from_stage: no such stage"
        for source in "${sources[@]}"; do from_paths+=("$(local_path "$build_workdir" "$build" "$source")"); done
      else
        for source in "${sources[@]}"; do
          [[ "$source" != /* && "$source" != *..* ]] || fail "COPY source outside the context: $source"
          from_paths+=("$context/$source")
        done
      fi
      echo "   COPY ${sources[*]} -> $dest"
      copy_into "$to" "$dest_is_folder" "$link" "${from_paths[@]}"
      ;;
    RUN)
      if [ "$stage" = 2 ]; then
        echo "   (not rehearsed, needs root in the image: RUN $args)"
        continue
      fi
      [ -n "$workdir" ] || fail "RUN before WORKDIR: $instruction"
      [[ "$args" != \[* ]] || fail "cannot rehearse RUN in JSON form: $args"
      echo "   RUN $args"
      run_started=$SECONDS
      left="$(remaining)"
      status=0
      # In the background, so that Ctrl-C reaches the cleanup at once (timeout has its own process group).
      (cd "$build" && exec env -i "${passthrough_env[@]}" "${stage_env[@]}" timeout --kill-after=10 "$left" sh -c "$args") &
      step_pid=$!
      wait "$step_pid" || status=$?
      step_pid=""
      [ "$status" != 124 ] || fail "out of time (REHEARSAL_TIMEOUT_SECONDS=${REHEARSAL_TIMEOUT_SECONDS:-1500}) in: RUN $args"
      [ "$status" = 0 ] || fail "RUN exited with $status ($((SECONDS - run_started))s): $args"
      echo "   ($((SECONDS - run_started))s)"
      ;;
    HEALTHCHECK)
      [[ "$args" == *" CMD "* || "$args" == CMD\ * ]] || fail "cannot rehearse HEALTHCHECK without CMD: $args"
      health_command="${args#*CMD }"
      health_options="${args%%CMD *}"
      [[ "$health_command" != \[* ]] || fail "cannot rehearse HEALTHCHECK CMD in JSON form"
      ;;
    CMD)
      [[ "$args" == \[* ]] || fail "CMD must be in JSON form (as docker stop needs): $args"
      image_cmd_json="$args"
      ;;
    USER | VOLUME | EXPOSE)
      [ "$stage" = 2 ] || fail "cannot rehearse $keyword in the build stage"
      echo "   (not rehearsed: $keyword $args)"
      ;;
    ARG | LABEL) ;;
    *) fail "the rehearsal does not know the instruction $keyword: teach scripts/docker-rehearsal.sh" ;;
  esac
  if [ "$stage" = 1 ]; then build_workdir="$workdir"; fi
done
[ -n "$image_cmd_json" ] || fail "the Dockerfile has no CMD"
[ -n "$health_command" ] || fail "the Dockerfile has no HEALTHCHECK"
echo "   image: $(du -sh "$image" | cut -f1) in $(cd "$image" && ls -A | tr '\n' ' ')"

# ---- 4. The container.
option_seconds() {
  local value
  value="$(grep -oE -- "--$1=[0-9]+s" <<<"$health_options" | grep -oE '[0-9]+' || true)"
  echo "${value:-$2}"
}
start_period=$(option_seconds start-period 0)
interval=$(option_seconds interval 30)
check_timeout=$(option_seconds timeout 30)
retries="$(grep -oE -- "--retries=[0-9]+" <<<"$health_options" | grep -oE '[0-9]+' || echo 3)"
# Docker calls it unhealthy after the start period and then `retries` failed checks.
health_limit=$((start_period + interval * retries))

mapfile -t image_cmd < <(node -e 'for (const word of JSON.parse(process.argv[1])) console.log(word)' "$image_cmd_json")
port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
secret="$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')"
# `docker run -e ...` on top of the image's ENV; nothing else from this shell.
container_env=(PATH="$PATH" HOME="$home" "${image_env[@]}" PORT="$port" DATA_DIR="$data" SESSION_SECRET="$secret")
[[ " ${container_env[*]} " == *" NODE_ENV=production "* ]] || fail "the image does not set NODE_ENV=production"

step "container: ${image_cmd[*]} (PORT=$port, DATA_DIR=$data, a generated SESSION_SECRET)"
(cd "$image" && exec env -i "${container_env[@]}" "${image_cmd[@]}") >"$work/server.log" 2>&1 &
server_pid=$!
server_log_tail() {
  echo "---- the container's output (last 40 lines):" >&2
  tail -n 40 "$work/server.log" >&2 || true
}

health_deadline=$((SECONDS + health_limit))
until (cd "$image" && env -i "${container_env[@]}" timeout "$check_timeout" sh -c "$health_command") >/dev/null 2>&1; do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    wait "$server_pid" && status=0 || status=$?
    server_pid=""
    server_log_tail
    fail "the container exited with $status before its health check passed"
  fi
  if [ "$SECONDS" -ge "$health_deadline" ] || [ "$SECONDS" -ge "$deadline" ]; then
    server_log_tail
    fail "the HEALTHCHECK (/healthz) did not pass within ${health_limit}s"
  fi
  sleep 1
done
step "healthy: the HEALTHCHECK passed"

if ! node --input-type=module - "$port" <<'EOF'; then
const base = `http://127.0.0.1:${process.argv[2]}`;
async function get(path, expectedType) {
  const response = await fetch(base + path, { signal: AbortSignal.timeout(30_000) });
  const body = await response.text();
  const type = response.headers.get("content-type") ?? "";
  if (response.status !== 200 || !type.includes(expectedType)) throw new Error(`GET ${path}: ${response.status} ${type}`);
  console.log(`   GET ${path}: ${response.status} ${type} (${body.length} characters)`);
  return body;
}
try {
  await get("/healthz", "");
  const home = await get("/", "text/html");
  const script = home.match(/\/assets\/[\w.-]+\.js/)?.[0];
  const stylesheet = home.match(/\/assets\/[\w.-]+\.css/)?.[0];
  if (!script || !stylesheet) throw new Error("GET /: the page names no /assets/*.js or /assets/*.css");
  await get(script, "javascript");
  await get(stylesheet, "text/css");
  await get("/favicon.svg", "image/svg+xml");
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
EOF
  server_log_tail
  fail "the container did not serve its pages"
fi

step "docker stop: SIGTERM, 10s before SIGKILL"
kill -TERM "$server_pid"
for _ in $(seq 1 100); do
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "$server_pid" 2>/dev/null; then
  server_log_tail
  fail "the container did not stop within 10s of SIGTERM"
fi
wait "$server_pid" && status=0 || status=$?
server_pid=""
[ "$status" = 0 ] || {
  server_log_tail
  fail "the container exited with $status on SIGTERM"
}
echo "---- the container's output (last 5 lines):"
tail -n 5 "$work/server.log"
step "docker rehearsal passed in $((SECONDS - started_at))s"
