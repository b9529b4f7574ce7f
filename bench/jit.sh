#!/usr/bin/env bash
# The JIT policy experiment of issue 18 (docs/performance.md, "JIT policy"):
#
#   bench/jit.sh [BUILD_DIR] [--runs N]
#
# Runs sonde from BUILD_DIR (default build) on two workloads under each JavaScriptCore
# tiering below, interleaved, and prints the median total CPU time of all sonde processes
# (bench/rsswrap.c; CPU time is not stretched by a busy machine the way wall time is):
#   - the 1 000-test API workload of bench/gen.sh (20 files x 50 tests, 2 workers), each
#     test a GET of sonde-testserver's /health (started here on a free loopback port),
#   - bench/cpu-heavy.spec.js (loops, 1 MB of JSON, a schema check of 10 000 items).
# "policy" is sonde's own setting (js/runtime.c); the others set JSC_* variables, which
# override it.
set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
ROOT=$(cd "$BENCH_DIR/.." && pwd -P)
BUILD=build
RUNS=3
while (($#)); do
  case $1 in
    --runs) RUNS=$2; shift 2 ;;
    -h | --help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) BUILD=$1; shift ;;
  esac
done
[[ $BUILD == /* ]] || BUILD=$ROOT/$BUILD
SONDE=$BUILD/sonde
[[ -x $SONDE && -x $BUILD/sonde-testserver ]] || { echo "jit.sh: no sonde and sonde-testserver in $BUILD" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/sonde-jit.XXXXXX")
SERVER_PID=
cleanup() {
  [[ -n $SERVER_PID ]] && kill -TERM "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

"${CC:-cc}" -O2 -o "$WORK/rsswrap" "$BENCH_DIR/rsswrap.c"
"$BUILD/sonde-testserver" --port-file "$WORK/port" </dev/null >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for ((i = 0; i < 100; i++)); do [[ -s $WORK/port ]] && break; sleep 0.05; done
[[ -s $WORK/port ]] || { cat "$WORK/server.log" >&2; exit 1; }
export BENCH_URL=http://127.0.0.1:$(head -n 1 "$WORK/port")

"$BENCH_DIR/gen.sh" "$WORK/api" 20 50 /health 2
mkdir -p "$WORK/cpu/specs"
cp "$BENCH_DIR/cpu-heavy.spec.js" "$WORK/cpu/specs/"
cat >"$WORK/cpu/sonde.conf.js" <<'JS'
exports.config = { runner: 'api', specs: ['./specs/*.spec.js'], maxInstances: 1, mochaOpts: { timeout: 600000 } };
JS

CONFIGS=("policy" "JSC_thresholdForJITAfterWarmUp=500 JSC_thresholdForJITSoon=100"
  "JSC_useBaselineJIT=false")
LABELS=("sonde's policy (thresholds 50000 / 5000)" "engine default (500 / 100)" "baseline JIT off")
: >"$WORK/results"
for ((run = 0; run <= RUNS; run++)); do # run 0: warm-up, not kept
  for ((k = 0; k < ${#CONFIGS[@]}; k++)); do
    c=$(((k + run) % ${#CONFIGS[@]}))
    envs=()
    [[ ${CONFIGS[c]} != policy ]] && read -ra envs <<<"${CONFIGS[c]}"
    for wl in api cpu; do
      (cd "$WORK/$wl" && env "${envs[@]}" "$WORK/rsswrap" -o "$WORK/r" "$SONDE" run sonde.conf.js) \
        </dev/null >"$WORK/out" 2>&1 || { tail -n 20 "$WORK/out" >&2; echo "jit.sh: $wl failed" >&2; exit 1; }
      ((run == 0)) && continue
      awk -v c="$c" -v wl="$wl" '/^proc/ {s += $4} END {print c, wl, s}' "$WORK/r" >>"$WORK/results"
    done
  done
done

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
printf '%-42s %14s %14s\n' "tiering (CPU ms, median of $RUNS)" "API workload" "CPU-heavy"
for ((c = 0; c < ${#CONFIGS[@]}; c++)); do
  a=$(awk -v c="$c" '$1 == c && $2 == "api" {print $3}' "$WORK/results" | median)
  h=$(awk -v c="$c" '$1 == c && $2 == "cpu" {print $3}' "$WORK/results" | median)
  printf '%-42s %14.0f %14.0f\n' "${LABELS[c]}" "$a" "$h"
done
