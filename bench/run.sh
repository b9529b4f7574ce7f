#!/usr/bin/env bash
# sonde's benchmark against its peers (issue 8; method and figures in docs/performance.md).
#
#   bench/run.sh [BUILD_DIR] [--runs N] [--cold-runs N] [--smoke] [--no-peers]
#                [--no-scaling] [--url URL --path PATH] [--keep] [--profile DIR]
#
# BUILD_DIR (default build) holds the sonde binary. In one sitting it:
#   1. generates the workloads with bench/gen.sh (1 000 tests: 20 files x 50; 5 000 and
#      10 000 tests for the scaling check; 1 test for cold start),
#   2. serves a small JSON document from nginx started as its own process on a free
#      127.0.0.1 port (config, pid, logs and temp files in a temp dir; stopped at exit),
#   3. installs mocha 10 and jest 29 into bench/peers/ (git-ignored) once,
#   4. runs, alternating, N times each (default 5, plus one unmeasured warm-up): sonde (2
#      workers; the same with the workload's TypeScript files; the same files under
#      framework 'jasmine'; and 1 worker, for the
#      floor), mocha (1 process), mocha --parallel --jobs 2,
#      jest (2 workers) and jest with its default scheduling (in band for <= 20 fast files),
#      every run under bench/rsswrap.c, which records the wall time, the CPU time and the
#      exact peak RSS of every process the runner starts,
#   5. cold start (one spec of one test) for sonde, mocha and jest, alternating with its two
#      floors (bench/coldfloor.c): one process that loads JavaScriptCore and libcurl, makes
#      a context, evaluates the file and runs its test with one libcurl GET, and the same
#      program exiting as main starts (the dynamic loading alone),
#   6. the floors: bench/floor.c makes the same 1 000 GETs on one keep-alive libcurl
#      connection, bench/jscfloor.c runs the same test functions in bare JavaScriptCore
#      without HTTP; sonde with 1 worker is compared per test with both,
#   7. scaling: sonde alone on 5 000 and 10 000 tests (time per test, peak RSS per worker),
#   8. latency-bound: 200 files x 5 tests against sonde-testserver's /delay/50 (every answer
#      50 ms late, as a real API is far away), sonde at maxInstances 8, 64 and 256 and
#      mocha --parallel at --jobs 8 and 32, each against its latency floor
#      (ceil(files / maxInstances) x tests x 50 ms; sonde's maxInstancesPerCapability is
#      set to maxInstances, or its default of 100 would hold 256 to 100 files at once),
#   9. the OpenAPI check (issue 20): the 1 000 tests as GET /users/1 of sonde-testserver,
#      sonde (2 workers) with and without apiRunner.openapi { validate: 'all' } against the
#      test server's document (tests/e2e/cases/openapi-contract/openapi/users.yaml),
#      alternating; the CPU the check adds is shown as a share of the requests' CPU,
#  10. per-file overhead: 200 spec files of one trivial test against one file of 200, sonde
#      (1 worker) and bench/jscfloor.c (a bare context per file) alternating; the CPU a file
#      costs above its tests, for each, and their ratio,
# and prints every figure as a ratio against the others measured in the same run. Memory is
# shown two ways: the largest process's peak RSS (rsswrap, exact) and the peak of the whole
# run's PSS summed over its processes (bench/psssum.c, sampled every 25 ms), in which pages
# shared by forked workers count once.
#
# --smoke: a tiny workload, one run each, no peers and no npm: it checks that the bench
# still works (tests/e2e/cases/bench-smoke runs it); its numbers mean nothing.
# --url/--path: use a running server instead of nginx; PATH must answer 200 with a JSON
# document holding "status": "ok". --keep: keep the temp dir and print its path.
# --profile DIR: instead of timing, run sonde (1 worker) on the 1 000-test workload under
# valgrind's callgrind, JSC's concurrent JIT and GC off so instruction counts repeat to
# 0.1%, write callgrind.out.PID files for the launcher and the worker to DIR and print the
# totals and the hottest sonde functions (inclusive). Needs valgrind.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
ROOT=$(cd "$BENCH_DIR/.." && pwd -P)
BUILD=build
RUNS=5
COLD_RUNS=15
SMOKE=0
PEERS=1
SCALING=1
URL=
DOC_PATH=/doc.json
KEEP=0
PROFILE=

die() {
  echo "bench: $*" >&2
  exit 1
}

while (($#)); do
  case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --cold-runs) COLD_RUNS=$2; shift 2 ;;
    --smoke) SMOKE=1; shift ;;
    --no-peers) PEERS=0; shift ;;
    --no-scaling) SCALING=0; shift ;;
    --url) URL=${2%/}; shift 2 ;;
    --path) DOC_PATH=$2; shift 2 ;;
    --keep) KEEP=1; shift ;;
    --profile) PROFILE=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) BUILD=$1; shift ;;
  esac
done
[[ $BUILD == /* ]] || BUILD=$ROOT/$BUILD
SONDE=${SONDE:-$BUILD/sonde}
[[ -x $SONDE ]] || die "no sonde binary at $SONDE (run make build first)"
[[ $SONDE == /* ]] || SONDE=$(cd "$(dirname "$SONDE")" && pwd -P)/$(basename "$SONDE")

# Workload sizes: files x tests per file.
if ((SMOKE)); then
  RUNS=1 COLD_RUNS=1 PEERS=0
  MAIN=(2 3) MID=(3 3) BIG=(4 3) LAT=(4 2) LAT_SONDE=(2 4) LAT_MOCHA=(2) PER_FILE=4
else
  MAIN=(20 50) MID=(100 50) BIG=(200 50) LAT=(200 5) LAT_SONDE=(8 64 256) LAT_MOCHA=(8 32)
  PER_FILE=200
fi
LAT_DELAY_MS=50
N_MAIN=$((MAIN[0] * MAIN[1]))
N_MID=$((MID[0] * MID[1]))
N_BIG=$((BIG[0] * BIG[1]))

WORK=$(mktemp -d "${TMPDIR:-/tmp}/sonde-bench.XXXXXX")
NGINX_PID=

cleanup() {
  local status=$?
  set +e
  if [[ -n $NGINX_PID ]]; then
    kill -TERM "$NGINX_PID" 2>/dev/null
    wait "$NGINX_PID" 2>/dev/null
  fi
  if [[ -n ${TESTSERVER_PID:-} ]]; then
    kill -TERM "$TESTSERVER_PID" 2>/dev/null
    wait "$TESTSERVER_PID" 2>/dev/null
  fi
  if ((KEEP)); then
    echo "bench: kept $WORK"
  else
    rm -rf "$WORK"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log() { printf 'bench: %s\n' "$*" >&2; }

# ---- tools -------------------------------------------------------------------------------

mkdir -p "$WORK/bin"
CC=${CC:-cc}
command -v "$CC" >/dev/null || die "no C compiler ($CC)"
command -v pkg-config >/dev/null || die "pkg-config is needed to build bench/floor.c"
"$CC" -O2 -o "$WORK/bin/rsswrap" "$BENCH_DIR/rsswrap.c" || die "cannot build rsswrap"
# shellcheck disable=SC2046 # pkg-config prints several words on purpose
"$CC" -O2 -o "$WORK/bin/floor" "$BENCH_DIR/floor.c" $(pkg-config --cflags --libs libcurl) ||
  die "cannot build floor"
# shellcheck disable=SC2046
"$CC" -O2 -o "$WORK/bin/jscfloor" "$BENCH_DIR/jscfloor.c" \
  $(pkg-config --cflags --libs javascriptcoregtk-4.1) || die "cannot build jscfloor"
# shellcheck disable=SC2046
"$CC" -O2 -o "$WORK/bin/coldfloor" "$BENCH_DIR/coldfloor.c" \
  $(pkg-config --cflags --libs javascriptcoregtk-4.1 libcurl) || die "cannot build coldfloor"
"$CC" -O2 -o "$WORK/bin/psssum" "$BENCH_DIR/psssum.c" || die "cannot build psssum"
PSSSUM=$WORK/bin/psssum
RSSWRAP=$WORK/bin/rsswrap
FLOOR=$WORK/bin/floor
JSCFLOOR=$WORK/bin/jscfloor
COLDFLOOR=$WORK/bin/coldfloor

# ---- server ------------------------------------------------------------------------------

# port_free PORT: nothing accepts connections on 127.0.0.1:PORT.
port_free() { ! { (exec 3<>"/dev/tcp/127.0.0.1/$1"); } 2>/dev/null; }

# http_ok URL_PATH: one GET over bash's /dev/tcp answers 200.
http_ok() {
  local fd response
  { exec {fd}<>"/dev/tcp/127.0.0.1/$PORT"; } 2>/dev/null || return 1
  printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' "$1" >&"$fd"
  response=$(timeout 5 cat <&"$fd") || true
  exec {fd}<&-
  [[ $response == "HTTP/1.1 200"* ]]
}

start_nginx() {
  local nginx
  nginx=$(command -v nginx || true)
  [[ -z $nginx && -x /usr/sbin/nginx ]] && nginx=/usr/sbin/nginx
  if [[ -z $nginx ]]; then
    if ((SMOKE)); then die "nginx is not installed (apt-get install nginx-light), or pass --url"; fi
    log "installing nginx-light (Debian)"
    if [[ $(id -u) -ne 0 ]]; then SUDO=sudo; else SUDO=; fi
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nginx-light \
      >"$WORK/apt.log" 2>&1 || { cat "$WORK/apt.log" >&2; die "cannot install nginx-light"; }
    nginx=/usr/sbin/nginx
  fi
  local dir=$WORK/nginx attempt
  mkdir -p "$dir/www" "$dir/tmp"
  # The document every test fetches (about 200 bytes).
  printf '%s\n' '{"status":"ok","id":42,"name":"sonde bench document","tags":["api","bench","json"],"price":12.5,"stock":{"warehouse":"east","count":17},"updated":"2024-01-01T00:00:00Z"}' \
    >"$dir/www/doc.json"
  for ((attempt = 0; attempt < 20; attempt++)); do
    PORT=$((20000 + RANDOM % 40000))
    port_free "$PORT" || continue
    # One process (master_process off) with one event loop, as one nginx worker; keep-alive
    # connections live for the whole run.
    cat >"$dir/nginx.conf" <<CONF
daemon off;
master_process off;
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $dir/tmp/body;
  proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi;
  scgi_temp_path $dir/tmp/scgi;
  types { application/json json; }
  default_type application/json;
  keepalive_requests 1000000;
  keepalive_timeout 120s;
  server {
    listen 127.0.0.1:$PORT;
    root $dir/www;
    location / { }
  }
}
CONF
    "$nginx" -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log" </dev/null >"$dir/stdout.log" 2>&1 &
    NGINX_PID=$!
    local i
    for ((i = 0; i < 100; i++)); do
      http_ok /doc.json && break
      kill -0 "$NGINX_PID" 2>/dev/null || break
      sleep 0.05
    done
    if http_ok /doc.json; then
      URL=http://127.0.0.1:$PORT
      DOC_PATH=/doc.json
      return 0
    fi
    kill -TERM "$NGINX_PID" 2>/dev/null || true
    wait "$NGINX_PID" 2>/dev/null || true
    NGINX_PID=
  done
  cat "$dir/error.log" "$dir/stdout.log" >&2 2>/dev/null || true
  die "nginx did not start"
}

if [[ -z $URL ]]; then
  start_nginx
else
  PORT=${URL##*:}
  PORT=${PORT%%/*}
fi
export BENCH_URL=$URL

# The latency-bound workload's server: the project's test server (libmicrohttpd, a thread
# per connection, so every answer is late by the same 50 ms however many wait at once;
# /delay/50 answers {"delayed":50}).
TESTSERVER=$(dirname "$SONDE")/sonde-testserver
LAT_URL=
TESTSERVER_PID=
start_testserver() {
  [[ -x $TESTSERVER ]] || die "no sonde-testserver at $TESTSERVER (run make build first)"
  "$TESTSERVER" --port-file "$WORK/testserver.port" >"$WORK/testserver.log" 2>&1 </dev/null &
  TESTSERVER_PID=$!
  local i
  for ((i = 0; i < 100; i++)); do
    [[ -s $WORK/testserver.port ]] && break
    sleep 0.05
  done
  [[ -s $WORK/testserver.port ]] || { cat "$WORK/testserver.log" >&2; die "sonde-testserver did not start"; }
  LAT_URL=http://127.0.0.1:$(<"$WORK/testserver.port")
}

# ---- profile -----------------------------------------------------------------------------

if [[ -n $PROFILE ]]; then
  command -v valgrind >/dev/null || die "--profile needs valgrind (apt-get install valgrind)"
  mkdir -p "$PROFILE"
  PROFILE=$(cd "$PROFILE" && pwd -P)
  "$BENCH_DIR/gen.sh" "$WORK/w-main" "${MAIN[@]}" "$DOC_PATH" 1
  log "callgrind: sonde (1 worker) on $N_MAIN tests; files in $PROFILE"
  rm -f "$PROFILE"/callgrind.out.*
  # valgrind inflates resident memory: keep one worker for the whole run (no recycling),
  # so the profile is of one process running every test; exec it (no zygote) so that its
  # profile names it "worker".
  (cd "$WORK/w-main" && JSC_useConcurrentJIT=false JSC_useConcurrentGC=false JSC_numberOfGCMarkers=1 \
    SONDE_WORKER_MAX_GROWTH_MB=1000000 SONDE_ZYGOTE=0 valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$PROFILE/callgrind.out.%p" \
    "$SONDE" run sonde.conf.js) </dev/null >"$WORK/profile.out" 2>"$WORK/profile.err" ||
    { tail -n 20 "$WORK/profile.out" "$WORK/profile.err" >&2; die "sonde failed under callgrind"; }
  for f in "$PROFILE"/callgrind.out.*; do
    role=$(grep -m1 '^cmd:' "$f" | awk '{print $3}')
    total=$(grep -m1 -E '^(summary|totals):' "$f" | awk '{print $2}')
    echo
    echo "== sonde $role: $total instructions ($(awk -v t="$total" -v n="$N_MAIN" 'BEGIN {printf "%.0f", t / n}') per test) — $f"
    callgrind_annotate --inclusive=yes "$f" 2>/dev/null | grep -v '=>' | grep -E '/src/[a-z]+/[a-z_]+\.c:' |
      sed -E 's|/[^ ]*/src/||; s| \[[^]]*\]$||' | head -n 25
  done
  exit 0
fi

# ---- peers -------------------------------------------------------------------------------

PEER_DIR=$BENCH_DIR/peers
MOCHA=$PEER_DIR/node_modules/mocha/bin/mocha.js
JEST=$PEER_DIR/node_modules/jest/bin/jest.js

peer_version() { node -p "require('$PEER_DIR/node_modules/$1/package.json').version" 2>/dev/null; }

if ((PEERS)); then
  command -v node >/dev/null || die "node is needed for the peers (or pass --no-peers)"
  if [[ $(peer_version mocha) != 10.* || $(peer_version jest) != 29.* ]]; then
    command -v npm >/dev/null || die "npm is needed to install the peers (or pass --no-peers)"
    log "installing mocha 10 and jest 29 into bench/peers/ (once)"
    mkdir -p "$PEER_DIR"
    [[ -f $PEER_DIR/package.json ]] ||
      printf '{ "name": "sonde-bench-peers", "private": true }\n' >"$PEER_DIR/package.json"
    (cd "$PEER_DIR" && npm install --no-audit --no-fund --loglevel=error mocha@10 jest@29) \
      >"$WORK/npm.log" 2>&1 || { cat "$WORK/npm.log" >&2; die "npm install failed"; }
  fi
fi

# ---- workloads ---------------------------------------------------------------------------

"$BENCH_DIR/gen.sh" "$WORK/w-main" "${MAIN[@]}" "$DOC_PATH" 2
"$BENCH_DIR/gen.sh" "$WORK/w-cold" 1 1 "$DOC_PATH" 2
if ((SCALING)); then
  "$BENCH_DIR/gen.sh" "$WORK/w-mid" "${MID[@]}" "$DOC_PATH" 2
  "$BENCH_DIR/gen.sh" "$WORK/w-big" "${BIG[@]}" "$DOC_PATH" 2
fi
"$BENCH_DIR/gen.sh" "$WORK/w-lat" "${LAT[@]}" "/delay/$LAT_DELAY_MS" 8 delayed "$LAT_DELAY_MS"
N_LAT=$((LAT[0] * LAT[1]))

# Per-file overhead (issue 18 item 3): PER_FILE spec files of one trivial test, and one file
# of PER_FILE such tests; no HTTP, so the difference is what a spec file costs by itself.
gen_trivial() {
  local dir=$1 files=$2 tests=$3 f t
  mkdir -p "$dir/specs"
  for ((f = 1; f <= files; f++)); do
    {
      printf "describe('file %d', () => {\n" "$f"
      for ((t = 1; t <= tests; t++)); do
        printf "  it('test %d.%d', () => {\n    if (1 + 1 !== 2) throw new Error('arithmetic');\n  });\n" "$f" "$t"
      done
      printf '});\n'
    } >"$dir/specs/$(printf 'f%03d.spec.js' "$f")"
  done
  cat >"$dir/sonde.conf.js" <<'JS'
// sonde's config for the per-file overhead workloads; generated by bench/run.sh
exports.config = {
  runner: 'api',
  specs: ['./specs/*.spec.js'],
  workers: 1,
  maxInstances: 1,
  framework: 'mocha',
  mochaOpts: { ui: 'bdd', timeout: 10000 },
  reporters: ['dot'],
};
JS
}
gen_trivial "$WORK/w-pfmany" "$PER_FILE" 1
gen_trivial "$WORK/w-pfone" 1 "$PER_FILE"

# ---- running -----------------------------------------------------------------------------

# Raw results, one line per process per run:
#   RUNNER WORKLOAD RUN WALL_MS ROLE PEAK_KB CPU_MS
# ROLE is "launcher"/"worker" for sonde, "main"/"worker" for the peers, "other" for helper
# processes and for forks that never exec (jest probing for watchman).
RESULTS=$WORK/results.tsv
: >"$RESULTS"
# RUNNER WORKLOAD RUN PEAK_PSS_SUM_KB, one line per run (bench/psssum.c)
PSS_RESULTS=$WORK/pss.tsv
: >"$PSS_RESULTS"

# The command line of RUNNER on workload dir W.
runner_cmd() {
  local runner=$1 w=$2
  case $runner in
    sonde | sonde-dot) printf '%s\n' "$SONDE" run "$w/sonde.conf.js" ;;
    sonde1) printf '%s\n' "$SONDE" run "$w/sonde.conf.js" --maxInstances 1 ;;
    sonde-ts) printf '%s\n' "$SONDE" run "$w/sonde-ts.conf.js" ;;
    sonde-jas) printf '%s\n' "$SONDE" run "$w/sonde-jasmine.conf.js" ;;
    mocha) printf '%s\n' node "$MOCHA" --timeout 10000 --require "$w/setup.js" "$w/specs/*.spec.js" ;;
    mocha-par) printf '%s\n' node "$MOCHA" --timeout 10000 --parallel --jobs 2 --require "$w/setup.js" "$w/specs/*.spec.js" ;;
    jest) printf '%s\n' node "$JEST" --config "$w/jest.config.js" ;;
    jest-band) printf '%s\n' env BENCH_JEST_IN_BAND=1 node "$JEST" --config "$w/jest.config.js" ;;
    # maxInstancesPerCapability too: it defaults to 100 (WebdriverIO's default), which
    # would hold maxInstances 256 to 100 files at once, and the floor counts on all of them.
    sonde-m*) printf '%s\n' "$SONDE" run "$w/sonde.conf.js" --maxInstances "${runner#sonde-m}" --maxInstancesPerCapability "${runner#sonde-m}" ;;
    sonde-oa) printf '%s\n' "$SONDE" run "$w/sonde.conf.js" ;;
    sonde-oaon) printf '%s\n' "$SONDE" run "$w/sonde-openapi.conf.js" ;;
    mocha-j*) printf '%s\n' node "$MOCHA" --timeout 10000 --parallel --jobs "${runner#mocha-j}" --require "$w/setup.js" "$w/specs/*.spec.js" ;;
    coldfloor) printf '%s\n' "$COLDFLOOR" "$BENCH_URL" "$w/specs/f001.spec.js" ;;
    coldload) printf '%s\n' "$COLDFLOOR" --load-only ;;
  esac
}

# The number of passing tests RUNNER reported in its output OUT/ERR, or empty.
passed_count() {
  local runner=$1 out=$2 err=$3
  case $runner in
    sonde | sonde1 | sonde-ts | sonde-jas | sonde-m* | sonde-oa* | coldfloor) grep -oE '[0-9]+ passing' "$out" | awk '{n += $1} END {print n + 0}' ;;
    sonde-dot) awk 'p && /^[.]+$/ {n += length($0)} /"dot" Reporter:/ {p = 1} END {print n + 0}' "$out" ;;
    mocha | mocha-par | mocha-j*) grep -oE '^ *[0-9]+ passing' "$out" | awk '{n += $1} END {print n + 0}' ;;
    coldload) echo 0 ;;
    jest | jest-band) grep -oE '^Tests: +([0-9]+ failed, )?[0-9]+ passed' "$err" | grep -oE '[0-9]+ passed' | awk '{print $1 + 0}' ;;
  esac || true
}

# run_one RUNNER WORKLOAD RUN EXPECTED_TESTS: one measured run (RUN 0 = warm-up, not kept).
run_one() {
  local runner=$1 wl=$2 run=$3 expected=$4 w=$WORK/w-$2 cmd out err rss
  mapfile -t cmd < <(runner_cmd "$runner" "$w")
  out=$WORK/out.$runner.$wl.$run err=$WORK/err.$runner.$wl.$run rss=$WORK/rss.$runner.$wl.$run
  local status=0 url=$BENCH_URL
  [[ $wl == lat || $wl == oa ]] && url=$LAT_URL
  (cd "$w" && BENCH_URL=$url "$PSSSUM" -o "$rss.pss" "$RSSWRAP" -o "$rss" "${cmd[@]}") </dev/null >"$out" 2>"$err" ||
    status=$?
  local passed
  passed=$(passed_count "$runner" "$out" "$err")
  if ((status != 0)) || [[ $passed != "$expected" ]]; then
    echo "bench: $runner on $wl (run $run) exited $status with ${passed:-no} passing tests, expected $expected:" >&2
    tail -n 30 "$out" "$err" >&2
    exit 1
  fi
  ((run == 0)) && return 0
  awk -v r="$runner" -v wl="$wl" -v run="$run" '
    $1 == "wall_ms" { wall = $2 }
    $1 == "root" { root = $2 }
    $1 == "proc" {
      n++; kb[n] = $3; cpu[n] = $4; label = $0; sub(/^proc [0-9]+ [0-9]+ [0-9.]+ /, "", label)
      if ($2 == root) role = (r ~ /^sonde/) ? "launcher" : "main"
      else if (r ~ /^sonde/ && label ~ / worker/) role = "worker"
      else if (r !~ /^sonde/ && label ~ /^node / && label !~ /mocha\.js|jest\.js/) role = "worker"
      else role = "other"   # helpers, and forks that failed to exec (jest probing for watchman)
      roles[n] = role
    }
    END { for (i = 1; i <= n; i++) printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r, wl, run, wall, roles[i], kb[i], cpu[i] }
  ' "$rss" >>"$RESULTS"
  awk -v r="$runner" -v wl="$wl" -v run="$run" '$1 == "peak_pss_kb" {printf "%s\t%s\t%s\t%s\n", r, wl, run, $2}' \
    "$rss.pss" >>"$PSS_RESULTS"
}

RUNNERS=(sonde sonde-ts sonde-jas)
((PEERS)) && RUNNERS+=(mocha mocha-par jest jest-band)
# coldfloor and coldload: the floors of a cold start (bench/coldfloor.c), timed like sonde.
COLD_RUNNERS=(sonde coldfloor coldload)
((PEERS)) && COLD_RUNNERS+=(mocha jest)

# rotate N ITEMS...: ITEMS rotated left by N (so no runner always goes first).
rotate() {
  local n=$1
  shift
  local items=("$@")
  local k=${#items[@]} i
  for ((i = 0; i < k; i++)); do printf '%s\n' "${items[(i + n) % k]}"; done
}

# run_alternating WORKLOAD TESTS RUNS RUNNER...: a warm-up run of each runner (run 0, not
# kept), then RUNS rounds, the runners' order rotated every round.
run_alternating() {
  local wl=$1 tests=$2 runs=$3 r i order
  shift 3
  for r in "$@"; do run_one "$r" "$wl" 0 "$tests"; done
  for ((i = 1; i <= runs; i++)); do
    mapfile -t order < <(rotate "$i" "$@")
    for r in "${order[@]}"; do run_one "$r" "$wl" "$i" "$tests"; done
  done
}

log "server $URL$DOC_PATH; sonde $SONDE"
log "$N_MAIN-test workload: ${RUNNERS[*]} sonde1; a warm-up, then $RUNS runs each, alternating"
run_alternating main "$N_MAIN" "$RUNS" "${RUNNERS[@]}" sonde1

log "cold start: $COLD_RUNS runs each, alternating"
cold_tests() { if [[ $1 == coldload ]]; then echo 0; else echo 1; fi; }
for r in "${COLD_RUNNERS[@]}"; do run_one "$r" cold 0 "$(cold_tests "$r")"; done
for ((i = 1; i <= COLD_RUNS; i++)); do
  for r in "${COLD_RUNNERS[@]}"; do run_one "$r" cold "$i" "$(cold_tests "$r")"; done
done

log "floor: raw libcurl, $N_MAIN GETs on one connection"
FLOOR_FILE=$WORK/floor.txt
: >"$FLOOR_FILE"
"$FLOOR" "$URL$DOC_PATH" "$N_MAIN" "$WORK/doc.json" >/dev/null # warm-up; keeps the body
for ((i = 1; i <= RUNS; i++)); do "$FLOOR" "$URL$DOC_PATH" "$N_MAIN" >>"$FLOOR_FILE"; done

log "floor: bare JavaScriptCore running the $N_MAIN tests' functions, no HTTP"
JSC_FILE=$WORK/jscfloor.txt
: >"$JSC_FILE"
"$JSCFLOOR" "$WORK/doc.json" "$WORK"/w-main/specs/*.spec.js >/dev/null || die "jscfloor failed"
for ((i = 1; i <= RUNS; i++)); do
  "$JSCFLOOR" "$WORK/doc.json" "$WORK"/w-main/specs/*.spec.js >>"$JSC_FILE"
done

if ((SCALING)); then
  SCALE_RUNS=$((RUNS < 5 ? RUNS : 5)) # the 15% linearity check needs more than 3 on a noisy VM
  log "scaling: sonde on $N_MID and $N_BIG tests, $SCALE_RUNS runs each"
  for ((i = 1; i <= SCALE_RUNS; i++)); do
    run_one sonde mid "$i" "$N_MID"
    run_one sonde big "$i" "$N_BIG"
  done
fi

log "per-file overhead: $PER_FILE files of 1 test vs 1 file of $PER_FILE, sonde (1 worker) and a bare context per file; $RUNS runs each, alternating"
PF_FILE=$WORK/pf-floor.txt
: >"$PF_FILE"
printf '{}\n' >"$WORK/pf-doc.json"
for ((i = 0; i <= RUNS; i++)); do
  for wl in pfmany pfone; do
    run_one sonde-dot "$wl" "$i" "$PER_FILE"
    "$JSCFLOOR" "$WORK/pf-doc.json" "$WORK/w-$wl"/specs/*.spec.js >"$WORK/pf-floor.out" ||
      die "jscfloor failed on the per-file workload"
    ((i == 0)) || awk -v wl="$wl" '$1 == "jsc_cpu_ms" {print wl, $2}' "$WORK/pf-floor.out" >>"$PF_FILE"
  done
done

LAT_RUNNERS=()
for m in "${LAT_SONDE[@]}"; do LAT_RUNNERS+=("sonde-m$m"); done
if ((PEERS)); then for j in "${LAT_MOCHA[@]}"; do LAT_RUNNERS+=("mocha-j$j"); done; fi
LAT_RUNS=$((RUNS < 3 ? RUNS : 3))
start_testserver
log "latency-bound: ${LAT[0]} files x ${LAT[1]} tests, every answer ${LAT_DELAY_MS} ms late; ${LAT_RUNNERS[*]}, $LAT_RUNS runs each"
run_alternating lat "$N_LAT" "$LAT_RUNS" "${LAT_RUNNERS[@]}"

# The OpenAPI check (issue 20): the main workload's tests as GET /users/1 of the test
# server, whose document describes it; with the check and without, alternating.
OA_DOC=$ROOT/tests/e2e/cases/openapi-contract/openapi/users.yaml
[[ -f $OA_DOC ]] || die "no OpenAPI document at $OA_DOC"
"$BENCH_DIR/gen.sh" "$WORK/w-oa" "${MAIN[@]}" /users/1 2 id 1
sed "s|apiRunner: { timeout: 30000 },|apiRunner: { timeout: 30000, openapi: { spec: '$OA_DOC', validate: 'all' } },|; s|^// sonde's config|// sonde's config (OpenAPI check on)|" \
  "$WORK/w-oa/sonde.conf.js" >"$WORK/w-oa/sonde-openapi.conf.js"
grep -q "validate: 'all'" "$WORK/w-oa/sonde-openapi.conf.js" || die "cannot write the OpenAPI config"
OA_RUNNERS=(sonde-oa sonde-oaon)
log "OpenAPI check: $N_MAIN tests of GET /users/1, with and without it; $RUNS runs each"
run_alternating oa "$N_MAIN" "$RUNS" "${OA_RUNNERS[@]}"

# ---- report ------------------------------------------------------------------------------

# median of the numbers on stdin
median() { sort -g | awk '{v[NR] = $1} END {if (!NR) print ""; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# wall RUNNER WL: median wall time in ms over the measured runs.
wall() { awk -v r="$1" -v wl="$2" '$1 == r && $2 == wl {print $3, $4}' "$RESULTS" | sort -u | awk '{print $2}' | median; }
# rss RUNNER WL ROLE: median over runs of the largest peak (KiB) among ROLE's processes
# (ROLE "any": all processes).
rss() {
  awk -v r="$1" -v wl="$2" -v role="$3" '$1 == r && $2 == wl && (role == "any" || $5 == role) {
    if ($6 > m[$3]) m[$3] = $6 } END {for (k in m) print m[k]}' "$RESULTS" | median
}
# cpu_of RUNNER WL: median over runs of the CPU time (ms) of all processes together.
cpu_of() { awk -v r="$1" -v wl="$2" '$1 == r && $2 == wl {s[$3] += $7} END {for (k in s) print s[k]}' "$RESULTS" | median; }
# cpu_role RUNNER WL ROLE: median over runs of the CPU time (ms) of ROLE's processes.
cpu_role() {
  awk -v r="$1" -v wl="$2" -v role="$3" '$1 == r && $2 == wl && $5 == role {s[$3] += $7}
    END {for (k in s) print s[k]}' "$RESULTS" | median
}
# role_ratio RUNNER WL ROLE_A ROLE_B: median over runs of ROLE_A's CPU time ÷ ROLE_B's in
# the same run (a ratio per run, so the machine's speed between runs cancels out).
role_ratio() {
  awk -v r="$1" -v wl="$2" -v a="$3" -v b="$4" '$1 == r && $2 == wl && $5 == a {x[$3] += $7}
    $1 == r && $2 == wl && $5 == b {y[$3] += $7}
    END {for (k in x) if (y[k] > 0) printf "%.4f\n", x[k] / y[k]}' "$RESULTS" | median
}
# nproc_of RUNNER WL: processes per run (median).
nproc_of() { awk -v r="$1" -v wl="$2" '$1 == r && $2 == wl {n[$3]++} END {for (k in n) print n[k]}' "$RESULTS" | median; }
# rss_sum RUNNER WL: median over runs of the sum of every process's peak (KiB).
rss_sum() { awk -v r="$1" -v wl="$2" '$1 == r && $2 == wl {s[$3] += $6} END {for (k in s) print s[k]}' "$RESULTS" | median; }

# pss RUNNER WL: median over runs of the run's peak PSS summed over its processes (KiB).
pss() { awk -v r="$1" -v wl="$2" '$1 == r && $2 == wl {print $4}' "$PSS_RESULTS" | median; }

mb() { awk -v k="$1" 'BEGIN {printf "%.1f MB", k / 1024}'; }
secs() { awk -v m="$1" 'BEGIN {printf "%.3f s", m / 1000}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (b > 0) printf "%.1f×", a / b; else printf "-"}'; }
# verdict A B: "met" when A <= B.
verdict() { if awk -v a="$1" -v b="$2" 'BEGIN {exit !(a + 0 <= b + 0)}'; then echo "met"; else echo "MISSED"; fi; }

label_of() {
  case $1 in
    sonde-m*) echo "sonde, maxInstances ${1#sonde-m}" ;;
    mocha-j*) echo "mocha 10 --parallel --jobs ${1#mocha-j}" ;;
    sonde) echo "sonde (2 workers)" ;;
    sonde1) echo "sonde (1 worker)" ;;
    sonde-ts) echo "sonde, .ts specs (2 workers)" ;;
    sonde-jas) echo "sonde, framework jasmine (2 w.)" ;;
    mocha) echo "mocha 10 (1 process)" ;;
    mocha-par) echo "mocha 10 --parallel --jobs 2" ;;
    jest) echo "jest 29 (2 workers)" ;;
    jest-band) echo "jest 29 (default: in band)" ;;
    sonde-oa) echo "sonde, no OpenAPI check" ;;
    sonde-oaon) echo "sonde, OpenAPI validate 'all'" ;;
    coldfloor) echo "floor: one process, 1 GET" ;;
    coldload) echo "floor: loading only" ;;
  esac
}

CPU=$(grep -m1 '^model name' /proc/cpuinfo | sed 's/.*: *//' || echo unknown)
echo
echo "sonde bench — $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) CPUs ($CPU), $(awk '/MemTotal/ {printf "%.0f GB", $2 / 1048576}' /proc/meminfo) RAM"
echo "sonde $("$SONDE" --version 2>/dev/null | head -n 1); node $(node --version 2>/dev/null || echo -); mocha $(peer_version mocha || echo -); jest $(peer_version jest || echo -); $(nginx -v 2>&1 | sed 's|nginx version: ||' || true)"
((SMOKE)) && echo "SMOKE MODE: tiny workload, one run each; these numbers mean nothing"
echo "workload: ${MAIN[0]} files × ${MAIN[1]} tests = $N_MAIN tests, each GET $DOC_PATH + 3 checks; median of $RUNS runs after a warm-up, runners alternating"
echo

S_WALL=$(wall sonde main)
S_RSS=$(rss sonde main any)
S_CPU=$(cpu_of sonde main)
# Printed with printf's %s widths; the "÷" columns are multiples of sonde (2 workers).
row() { printf '%-30s %9s %7s %10s %7s %13s %7s %6s %11s %11s\n' "$@"; }
row runner wall "÷" "CPU time" "÷" "largest RSS" "÷" procs "sum of RSS" "sum of PSS"
for r in "${RUNNERS[@]}" sonde1; do
  w=$(wall "$r" main) k=$(rss "$r" main any) c=$(cpu_of "$r" main)
  row "$(label_of "$r")" "$(secs "$w")" "$(ratio "$w" "$S_WALL")" "$(secs "$c")" "$(ratio "$c" "$S_CPU")" \
    "$(mb "$k")" "$(ratio "$k" "$S_RSS")" "$(nproc_of "$r" main)" "$(mb "$(rss_sum "$r" main)")" \
    "$(mb "$(pss "$r" main)")"
done
echo "(wall: median wall time; CPU time: all processes' user+system time; largest RSS: the peak"
echo " resident memory of the biggest process; sum of RSS: every process's peak added up; sum of"
echo " PSS: the run's peak of all its processes' PSS, sampled, shared pages counted once)"
echo
echo "peak RSS by process role (median over runs of the largest in the role):"
for r in "${RUNNERS[@]}"; do
  line=
  for role in launcher main worker; do
    k=$(rss "$r" main "$role")
    [[ -n $k ]] && line+="  $role $(mb "$k")"
  done
  printf '  %-28s%s\n' "$(label_of "$r")" "$line"
done

echo
# Issue 14: the same workload as .ts files, erased as sonde loads them.
T_WORKER=$(cpu_role sonde-ts main worker) S_WORKER=$(cpu_role sonde main worker)
T_RATIO=$(awk -v a="$T_WORKER" -v b="$S_WORKER" 'BEGIN {if (b > 0) printf "%.3f", a / b; else print "-"}')
echo "TypeScript (the same $N_MAIN tests as .ts files, erased as sonde loads them; median of $RUNS):"
echo "  worker CPU time:  TypeScript $(secs "$T_WORKER"), JavaScript $(secs "$S_WORKER"): ${T_RATIO}×"
echo "  all processes:    TypeScript $(secs "$(cpu_of sonde-ts main)"), JavaScript $(secs "$S_CPU");" \
  "wall $(secs "$(wall sonde-ts main)") vs $(secs "$S_WALL")"

# Issue 16: the same spec files under framework 'jasmine' (the interface's own cost).
J_WORKER=$(cpu_role sonde-jas main worker)
J_RATIO=$(awk -v a="$J_WORKER" -v b="$S_WORKER" 'BEGIN {if (b > 0) printf "%.3f", a / b; else print "-"}')
echo "jasmine (the same $N_MAIN tests under framework 'jasmine'; median of $RUNS):"
echo "  worker CPU time:  jasmine $(secs "$J_WORKER"), mocha $(secs "$S_WORKER"): ${J_RATIO}×"
echo "  all processes:    jasmine $(secs "$(cpu_of sonde-jas main)"), mocha $(secs "$S_CPU");" \
  "wall $(secs "$(wall sonde-jas main)") vs $(secs "$S_WALL")"

echo
echo "cold start (one spec file with one test; median of $COLD_RUNS):"
S_COLD=$(wall sonde cold)
for r in "${COLD_RUNNERS[@]}"; do
  w=$(wall "$r" cold)
  printf '  %-28s %10s %10s   largest process %s\n' "$(label_of "$r" | sed 's/ (.*//')" \
    "$(awk -v m="$w" 'BEGIN {printf "%.1f ms", m}')" "$(ratio "$w" "$S_COLD")" "$(mb "$(rss "$r" cold any)")"
done

echo
F_MS=$(awk '$1 == "floor_ms" {print $2}' "$FLOOR_FILE" | median)
F_US=$(awk -v m="$F_MS" -v n="$N_MAIN" 'BEGIN {printf "%.1f", m * 1000 / n}')
S1_WALL=$(wall sonde1 main)
S1_US=$(awk -v m="$S1_WALL" -v n="$N_MAIN" 'BEGIN {printf "%.1f", m * 1000 / n}')
S1_MARG=$(awk -v m="$S1_WALL" -v c="$S_COLD" -v n="$N_MAIN" 'BEGIN {printf "%.1f", (m - c) * 1000 / (n - 1)}')
echo "floor (raw libcurl, one keep-alive connection, $N_MAIN sequential GETs; median of $RUNS):"
echo "  floor:                           $(secs "$F_MS") = $F_US µs per request"
echo "  sonde, 1 worker, whole run:      $(secs "$S1_WALL") = $S1_US µs per test ($(ratio "$S1_US" "$F_US") the floor)"
echo "  sonde, 1 worker, marginal:       (run − cold start) / $((N_MAIN - 1)) = $S1_MARG µs per test ($(ratio "$S1_MARG" "$F_US") the floor)"
echo "  sonde's overhead above libcurl:  $(awk -v a="$S1_MARG" -v b="$F_US" 'BEGIN {printf "%.1f", a - b}') µs per test"
J_MS=$(awk '$1 == "jsc_ms" {print $2}' "$JSC_FILE" | median)
J_US=$(awk -v m="$J_MS" -v n="$N_MAIN" 'BEGIN {printf "%.1f", m * 1000 / n}')
FJ_US=$(awk -v a="$F_US" -v b="$J_US" 'BEGIN {printf "%.1f", a + b}')
echo "  JavaScriptCore floor:            $(secs "$J_MS") = $J_US µs per test (bench/jscfloor.c: the same"
echo "                                   spec files, a context each, every test called, no HTTP)"
# The CPU budget compares CPU with CPU: the floors' own CPU time (their wall time counts
# the server's answers and, on a busy machine, waits for a CPU).
FC_US=$(awk '$1 == "floor_cpu_ms" {print $2}' "$FLOOR_FILE" | median | awk -v n="$N_MAIN" '{printf "%.1f", $1 * 1000 / n}')
JC_US=$(awk '$1 == "jsc_cpu_ms" {print $2}' "$JSC_FILE" | median | awk -v n="$N_MAIN" '{printf "%.1f", $1 * 1000 / n}')
FJC_US=$(awk -v a="$FC_US" -v b="$JC_US" 'BEGIN {printf "%.1f", a + b}')
echo "  the floors' CPU time:            libcurl $FC_US µs + JavaScriptCore $JC_US µs = $FJC_US µs per test"
FJ_WALL=$(awk -v u="$FJ_US" -v n="$N_MAIN" 'BEGIN {printf "%.3f s", u * n / 2 / 1e6}')
echo "  both floors together:            $FJ_US µs per test; sonde's marginal cost is" \
  "$(ratio "$S1_MARG" "$FJ_US") that"
echo "  both floors, $N_MAIN tests split perfectly over 2 workers: $FJ_WALL (the least wall time"
echo "                                   a runner on JavaScriptCore and libcurl could reach here)"

if ((SCALING)); then
  echo
  echo "scaling (sonde, 2 workers; median of $SCALE_RUNS):"
  W_MID=$(wall sonde mid) W_BIG=$(wall sonde big)
  K_MAIN=$(rss sonde main worker) K_BIG=$(rss sonde big worker)
  for wl in main mid big; do
    case $wl in main) n=$N_MAIN ;; mid) n=$N_MID ;; big) n=$N_BIG ;; esac
    w=$(wall sonde "$wl")
    printf '  %6d tests: %10s  %6.1f µs per test   worker peak %s   launcher peak %s\n' "$n" "$(secs "$w")" \
      "$(awk -v m="$w" -v n="$n" 'BEGIN {print m * 1000 / n}')" "$(mb "$(rss sonde "$wl" worker)")" \
      "$(mb "$(rss sonde "$wl" launcher)")"
  done
  SLOPE1=$(awk -v a="$S_WALL" -v b="$W_MID" -v n1="$N_MAIN" -v n2="$N_MID" 'BEGIN {printf "%.2f", (b - a) * 1000 / (n2 - n1)}')
  SLOPE2=$(awk -v a="$W_MID" -v b="$W_BIG" -v n1="$N_MID" -v n2="$N_BIG" 'BEGIN {printf "%.2f", (b - a) * 1000 / (n2 - n1)}')
  echo "  marginal cost: $SLOPE1 µs per test from $N_MAIN to $N_MID, $SLOPE2 µs from $N_MID to $N_BIG"
  LIN_OK=$(awk -v a="$SLOPE1" -v b="$SLOPE2" 'BEGIN {d = (b - a) / a; if (d < 0) d = -d; print (d <= 0.15)}')
  RSS_OK=$(awk -v a="$K_MAIN" -v b="$K_BIG" 'BEGIN {print (b <= a * 1.10)}')
  echo "  time linear in tests (the two marginal costs within 15%): $(verdict 1 "$LIN_OK")"
  echo "  worker peak RSS at $N_BIG tests within 10% of $N_MAIN: $(mb "$K_BIG") vs $(mb "$K_MAIN") ($(awk -v a="$K_MAIN" -v b="$K_BIG" 'BEGIN {printf "%+.1f%%", (b - a) * 100 / a}')): $(verdict 1 "$RSS_OK")"
fi

echo
echo "latency-bound (${LAT[0]} files × ${LAT[1]} tests, each answer ${LAT_DELAY_MS} ms late; median of $LAT_RUNS):"
# lat_floor N: the least wall time at N files at once, in ms
lat_floor() { awk -v f="${LAT[0]}" -v n="$1" -v t="${LAT[1]}" -v d="$LAT_DELAY_MS" 'BEGIN {print int((f + n - 1) / n) * t * d}'; }
printf '  %-34s %9s %9s %8s %13s %11s %6s\n' runner wall floor "÷ floor" "largest RSS" "sum of PSS" procs
for r in "${LAT_RUNNERS[@]}"; do
  n=${r#sonde-m}
  n=${n#mocha-j}
  w=$(wall "$r" lat) f=$(lat_floor "$n")
  printf '  %-34s %9s %9s %8s %13s %11s %6s\n' "$(label_of "$r")" "$(secs "$w")" "$(secs "$f")" \
    "$(ratio "$w" "$f")" "$(mb "$(rss "$r" lat any)")" "$(mb "$(pss "$r" lat)")" "$(nproc_of "$r" lat)"
done
echo "  (floor: ceil(files ÷ at once) × tests × ${LAT_DELAY_MS} ms, what perfect scheduling of whole files needs)"

echo
echo "OpenAPI check ($N_MAIN tests, each GET /users/1 of sonde-testserver, its response checked against $(basename "$OA_DOC"); 2 workers; median of $RUNS):"
printf '  %-34s %9s %10s\n' runner wall "CPU time"
for r in "${OA_RUNNERS[@]}"; do
  printf '  %-34s %9s %10s\n' "$(label_of "$r")" "$(secs "$(wall "$r" oa)")" "$(secs "$(cpu_of "$r" oa)")"
done
OA_OFF=$(cpu_of sonde-oa oa) OA_ON=$(cpu_of sonde-oaon oa)
OA_SHARE=$(awk -v on="$OA_ON" -v off="$OA_OFF" 'BEGIN {if (off > 0) printf "%.1f", (on - off) * 100 / off; else print 0}')
echo "  validation CPU: $(awk -v on="$OA_ON" -v off="$OA_OFF" -v n="$N_MAIN" 'BEGIN {printf "%.1f µs", (on - off) * 1000 / n}') per response = ${OA_SHARE}% of the request's CPU ($(awk -v off="$OA_OFF" -v n="$N_MAIN" 'BEGIN {printf "%.1f µs", off * 1000 / n}') per test without the check)"
echo "  (all processes' CPU time; the difference of the two medians, so noise can make it negative on a tiny workload)"
echo
# Per-file overhead: (many files' CPU - one file's) / (files - 1), for sonde's worker processes
# (replacements included) and for bare JavaScriptCore (bench/jscfloor.c's own CPU time).
PF_S_MANY=$(cpu_role sonde-dot pfmany worker) PF_S_ONE=$(cpu_role sonde-dot pfone worker)
PF_F_MANY=$(awk '$1 == "pfmany" {print $2}' "$PF_FILE" | median)
PF_F_ONE=$(awk '$1 == "pfone" {print $2}' "$PF_FILE" | median)
PF_S=$(awk -v a="$PF_S_MANY" -v b="$PF_S_ONE" -v n="$PER_FILE" 'BEGIN {printf "%.3f", (a - b) / (n - 1)}')
PF_F=$(awk -v a="$PF_F_MANY" -v b="$PF_F_ONE" -v n="$PER_FILE" 'BEGIN {printf "%.3f", (a - b) / (n - 1)}')
PF_L=$(awk -v a="$(cpu_role sonde-dot pfmany launcher)" -v b="$(cpu_role sonde-dot pfone launcher)" -v n="$PER_FILE" \
  'BEGIN {printf "%.3f", (a - b) / (n - 1)}')
PF_RATIO=$(awk -v a="$PF_S" -v b="$PF_F" 'BEGIN {if (b > 0) printf "%.2f", a / b; else print "-"}')
echo "per-file overhead ($PER_FILE files of 1 trivial test vs 1 file of $PER_FILE; CPU time, median of $RUNS, alternating):"
echo "  sonde worker:        $PF_S ms per file  ($(secs "$PF_S_MANY") vs $(secs "$PF_S_ONE"); $(nproc_of sonde-dot pfmany) processes in all, worker replacements included)"
echo "  bare JavaScriptCore: $PF_F ms per file  ($(secs "$PF_F_MANY") vs $(secs "$PF_F_ONE"); bench/jscfloor.c, a context per file)"
echo "  sonde's launcher:    $PF_L ms per file  (on the other CPU)"
echo "  ratio: ${PF_RATIO}× the bare context"

echo
echo "budget (issue 18; ratios measured in this sitting):"
if ((PEERS)); then
  M_WALL=$(wall mocha main)
  echo "  1 000 tests ≥ 10× faster than mocha (1 process): $(ratio "$M_WALL" "$S_WALL")  $(verdict "$(awk -v s="$S_WALL" 'BEGIN {print 10 * s}')" "$M_WALL")"
fi
echo "  per-file worker CPU ≤ 1.5× a bare JavaScriptCore context's: ${PF_RATIO}×  $(verdict "$PF_S" "$(awk -v f="$PF_F" 'BEGIN {print 1.5 * f}')")"
S1_CPU_US=$(awk -v c="$(cpu_of sonde1 main)" -v n="$N_MAIN" 'BEGIN {printf "%.1f", c * 1000 / n}')
echo "  CPU per test ≤ 1.5× the JavaScriptCore + libcurl floors' CPU: $S1_CPU_US µs vs $FJC_US µs = $(ratio "$S1_CPU_US" "$FJC_US")  $(verdict "$S1_CPU_US" "$(awk -v f="$FJC_US" 'BEGIN {print 1.5 * f}')")"
# Item 4: what the launcher spends per test (reading the workers' events, the reporters)
# against what the workers spend (running the tests); both divide by the same tests, so
# the ratio of the run's CPU times is the ratio per test. The launcher's start (the config
# evaluated, the reporters set up) is counted in, so this is its upper bound.
L_RATIO=$(role_ratio sonde main launcher worker)
echo "  launcher CPU per test ≤ 1/4 of the workers': launcher $(secs "$(cpu_role sonde main launcher)")," \
  "workers $(secs "$S_WORKER") for $N_MAIN tests: $(awk -v r="$L_RATIO" 'BEGIN {printf "%.3f", r}')  $(verdict "$L_RATIO" 0.25)"
for pair in "${LAT_SONDE[1]:-}:1.15:80" "${LAT_SONDE[2]:-}:1.3:120"; do
  IFS=: read -r n limit mb_limit <<<"$pair"
  [[ -n $n ]] || continue
  w=$(wall "sonde-m$n" lat) f=$(lat_floor "$n") p=$(pss "sonde-m$n" lat)
  echo "  maxInstances $n within ${limit}× of the latency floor: $(ratio "$w" "$f")  $(verdict "$w" "$(awk -v f="$f" -v l="$limit" 'BEGIN {print f * l}')"); total PSS ≤ $mb_limit MB: $(mb "$p")  $(verdict "$p" $((mb_limit * 1024)))"
done

echo
echo "budget (issue 8):"
echo "  wall ≤ 0.100 s on $N_MAIN tests:             $(secs "$S_WALL")  $(verdict "$S_WALL" 100)"
if ((PEERS)); then
  M_WALL=$(wall mocha main)
  echo "  ≥ 10× faster than mocha (1 process):  $(ratio "$M_WALL" "$S_WALL")  $(verdict "$(awk -v s="$S_WALL" 'BEGIN {print 10 * s}')" "$M_WALL")"
fi
# On the 1 000-test workload, as issue 18 words it: the latency-bound runs put up to 128
# files at once in one worker on purpose (their budget is the total PSS, below).
S_MAXK=$(awk '$1 ~ /^sonde/ && $2 == "main" {if ($6 > m) m = $6} END {print m + 0}' "$RESULTS")
S_MAXK_ALL=$(awk '$1 ~ /^sonde/ {if ($6 > m) m = $6} END {print m + 0}' "$RESULTS")
echo "  every sonde process ≤ 30 MB peak RSS on $N_MAIN tests: largest $(mb "$S_MAXK")  $(verdict "$S_MAXK" $((30 * 1024)))" \
  "(largest in any run of this sitting: $(mb "$S_MAXK_ALL"))"
echo "  per-test cost ≤ 1.5× the floor:       $(ratio "$S1_MARG" "$F_US")  $(verdict "$S1_MARG" "$(awk -v f="$F_US" 'BEGIN {print 1.5 * f}')")"
echo "  cold start ≤ 20 ms:                   $(awk -v m="$S_COLD" 'BEGIN {printf "%.1f ms", m}')  $(verdict "$S_COLD" 20)" \
  "(its floor $(awk -v m="$(wall coldfloor cold)" 'BEGIN {printf "%.1f ms", m}'): sonde $(ratio "$S_COLD" "$(wall coldfloor cold)") the floor)"
echo
echo "budget (issue 14):"
echo "  TypeScript worker CPU ≤ 1.05× JavaScript's: ${T_RATIO}×  $(verdict "$T_WORKER" "$(awk -v s="$S_WORKER" 'BEGIN {print 1.05 * s}')")"
echo "budget (issue 16):"
echo "  jasmine worker CPU ≤ 1.10× mocha's:         ${J_RATIO}×  $(verdict "$J_WORKER" "$(awk -v s="$S_WORKER" 'BEGIN {print 1.10 * s}')")"
echo "budget (issue 20):"
echo "  OpenAPI validation CPU ≤ 20% of the request's: ${OA_SHARE}%  $(verdict "$OA_SHARE" 20)"
if ((SMOKE)); then echo "bench: smoke run complete"; fi
