#!/usr/bin/env bash
# Runs one end-to-end case: bash tests/e2e/run-case.sh CASE_DIR SONDE TESTSERVER
#
# Copies CASE_DIR into a fresh temp dir and works there, starts sonde-testserver on a free
# loopback port, exports SONDE, API_BASE_URL, SERVER_PORT and E2E_SHARED (helpers shared by
# several cases' specs), then sources lib.sh and the
# case's case.sh. Exits 0 only when every expectation held and the server stopped cleanly
# (under the sanitizer build a leak or UB report makes it exit non-zero), 77 when the case
# is skipped for want of data in ../shared (lib.sh's require_shared; CMake declares 77 as
# SKIP_RETURN_CODE, and the exit trap passes it through). On exit the
# server gets SIGTERM and the temp dir is removed; SONDE_KEEP_E2E=1 keeps it and prints
# its path.
# shellcheck disable=SC2317 # the exit handlers are reached through `trap`
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

if (($# != 3)); then
  echo "usage: run-case.sh CASE_DIR SONDE TESTSERVER" >&2
  exit 2
fi

abs_path() { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd -P)" "$(basename "$1")"); }

E2E_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
CASE_DIR=$(cd "$1" && pwd -P)
SONDE=$(abs_path "$2")
E2E_SERVER_BIN=$(abs_path "$3")
CASE_NAME=$(basename "$CASE_DIR")
[[ -f $CASE_DIR/case.sh ]] || { echo "e2e: $CASE_DIR has no case.sh" >&2; exit 2; }
[[ -x $SONDE ]] || { echo "e2e: sonde binary not found: $SONDE" >&2; exit 2; }
[[ -x $E2E_SERVER_BIN ]] || { echo "e2e: test server not found: $E2E_SERVER_BIN" >&2; exit 2; }

# Layout: $E2E_TMP/case is the working copy (all a case sees); the harness's own files
# live beside it so they never show up in a case's globs or file expectations.
E2E_TMP=$(mktemp -d "${TMPDIR:-/tmp}/sonde-e2e-$CASE_NAME.XXXXXX")
E2E_WORK=$E2E_TMP/case
OUT=$E2E_TMP/stdout
ERR=$E2E_TMP/stderr
E2E_SERVER_LOG=$E2E_TMP/server.log
E2E_SERVER_PID=
E2E_WATCHDOG_PID=

e2e_stop_server() {
  local pid=$E2E_SERVER_PID status=0
  [[ -n $pid ]] || return 0
  E2E_SERVER_PID=
  kill -TERM "$pid" 2>/dev/null || true
  # Give a sanitizer build time to write its report, then stop waiting politely.
  local i
  for ((i = 0; i < 100; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "e2e: test server ignored SIGTERM for 10 s; killing it" >&2
    kill -KILL "$pid" 2>/dev/null || true
  fi
  wait "$pid" 2>/dev/null || status=$?
  return "$status"
}

e2e_on_exit() {
  local status=$? server_status=0
  set +e
  cd / || true
  if [[ -n ${E2E_SONDE_PID:-} ]]; then
    kill -TERM "$E2E_SONDE_PID" 2>/dev/null # timeout passes it on to sonde
    wait "$E2E_SONDE_PID" 2>/dev/null
  fi
  e2e_stop_server || server_status=$?
  [[ -n $E2E_WATCHDOG_PID ]] && kill "$E2E_WATCHDOG_PID" 2>/dev/null
  if ((server_status != 0)); then
    echo "e2e: FAIL [$CASE_NAME]: test server exited with status $server_status; its log:" >&2
    sed 's/^/  | /' "$E2E_SERVER_LOG" >&2
    ((status == 0 || status == 77)) && status=1 # a skip must not hide a server failure
  fi
  if [[ ${SONDE_KEEP_E2E:-} == 1 ]]; then
    echo "e2e: kept $E2E_TMP"
  else
    rm -rf "$E2E_TMP"
  fi
  exit "$status"
}
trap e2e_on_exit EXIT
# Turn signals into a normal exit so the EXIT trap stops the server.
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir "$E2E_WORK"
cp -R "$CASE_DIR/." "$E2E_WORK/"
cd "$E2E_WORK"

"$E2E_SERVER_BIN" --port-file "$E2E_TMP/port" >"$E2E_SERVER_LOG" 2>&1 </dev/null &
E2E_SERVER_PID=$!
# If this script is killed outright (SIGKILL from a CTest timeout) no trap runs: a watchdog
# with its own stdio (so CTest sees our output end) stops the server after us.
(
  trap - EXIT INT TERM
  while kill -0 "$$" 2>/dev/null; do sleep 1; done
  kill -TERM "$E2E_SERVER_PID" 2>/dev/null || true
  [[ ${SONDE_KEEP_E2E:-} == 1 ]] || { sleep 1; rm -rf "$E2E_TMP"; }
) </dev/null >/dev/null 2>&1 &
E2E_WATCHDOG_PID=$!
for ((i = 0; i < 50; i++)); do
  [[ -s $E2E_TMP/port ]] && break
  if ! kill -0 "$E2E_SERVER_PID" 2>/dev/null; then break; fi
  sleep 0.1
done
if [[ ! -s $E2E_TMP/port ]]; then
  echo "e2e: FAIL [$CASE_NAME]: test server did not publish its port within 5 s; its log:" >&2
  sed 's/^/  | /' "$E2E_SERVER_LOG" >&2
  exit 1
fi
SERVER_PORT=$(<"$E2E_TMP/port")
API_BASE_URL=http://127.0.0.1:$SERVER_PORT
# Helpers several cases' specs share (tests/e2e/shared), loaded by absolute path.
# (From E2E_LIB_DIR, made absolute before the cd above: BASH_SOURCE may be relative.)
E2E_SHARED=$E2E_LIB_DIR/shared
export SONDE API_BASE_URL SERVER_PORT OUT ERR CASE_DIR CASE_NAME E2E_TMP E2E_SERVER_LOG E2E_SHARED

# shellcheck source=lib.sh
source "$E2E_LIB_DIR/lib.sh"

# Cases run without -e: a failing command is data for the next expectation, and every
# expectation exits on its own when it does not hold. -u stays on to catch typos.
set +e
# shellcheck disable=SC1091
source ./case.sh
set -e
echo "e2e: PASS [$CASE_NAME]: $E2E_EXPECTATIONS expectations held"
exit 0
