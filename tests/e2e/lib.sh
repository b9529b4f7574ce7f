# shellcheck shell=bash
# Helpers for e2e cases, sourced by run-case.sh right before a case's case.sh.
#
# A case runs in a temp copy of its folder with these set: SONDE (the binary under test),
# API_BASE_URL and SERVER_PORT (the test server), OUT and ERR (files holding the last
# run_sonde's stdout and stderr), STATUS (its exit code), CASE_NAME, CASE_DIR (the
# original folder; do not write there) and E2E_SERVER_LOG (the test server's output).
#
# Every expect_* function either returns quietly or ends the case through `fail`, which
# prints what was expected, where, and the last command with its exit code and output.
#
# Typical case.sh:
#   http_post reset >/dev/null
#   run_sonde run sonde.conf.js --spec specs/users.spec.js
#   expect_status 0
#   expect_out '2 passing'
#   expect_eq "$(server_stat connections)" 1 'requests share one keep-alive connection'

E2E_EXPECTATIONS=0 # expectations checked so far, reported by run-case.sh
STATUS=            # exit code of the last run_sonde
E2E_LAST_CMD=      # the last run_sonde command line, quoted for copy-paste
E2E_SONDE_PID=     # the running run_sonde's timeout process, for run-case.sh's exit trap
: >"$OUT"
: >"$ERR"

# run_sonde ARGS...
#   Runs "$SONDE" ARGS... in the case folder with stdin from /dev/null and a 60 s timeout
#   (SONDE_E2E_TIMEOUT=seconds overrides; 124 means it ran out). stdout goes to $OUT,
#   stderr to $ERR, the exit code to $STATUS. Always returns 0: a non-zero exit is for
#   the expectations to judge.
run_sonde() {
  E2E_LAST_CMD=$(printf '%q ' "$SONDE" "$@")
  STATUS=0
  # In the background with `wait`, so a SIGTERM to the harness is handled at once (bash
  # defers traps until a foreground command ends). timeout catches SIGINT itself, so
  # sonde does not inherit the SIG_IGN that bash gives background commands.
  timeout -k 5 "${SONDE_E2E_TIMEOUT:-60}" "$SONDE" "$@" </dev/null >"$OUT" 2>"$ERR" &
  E2E_SONDE_PID=$!
  wait "$E2E_SONDE_PID" || STATUS=$?
  E2E_SONDE_PID=
  e2e_check_sanitizers
  return 0
}

# e2e_check_sanitizers
#   Under the sanitizer build, a report from any sonde process (a worker's leak, say) fails
#   the case even when the run's exit code was expected anyway (a failing spec exits 1).
#   A case that makes a process crash on purpose sets E2E_SANITIZER_REPORTS_EXPECTED=1
#   around that run (internal).
e2e_check_sanitizers() {
  [[ ${E2E_SANITIZER_REPORTS_EXPECTED:-0} == 1 ]] && return 0
  if grep -qE 'ERROR: (Address|Leak|Undefined)Sanitizer|\.(c|h|cpp):[0-9]+:[0-9]+: runtime error: ' \
    "$OUT" "$ERR"; then
    fail 'a sanitizer reported an error (see stderr)'
  fi
}

# e2e_where
#   Prints "case.sh:LINE" for the case line that led here (internal).
e2e_where() {
  local i self=${BASH_SOURCE[0]}
  for ((i = 1; i < ${#BASH_SOURCE[@]}; i++)); do
    if [[ ${BASH_SOURCE[i]} != "$self" ]]; then
      printf '%s:%s' "${BASH_SOURCE[i]##*/}" "${BASH_LINENO[i - 1]}"
      return
    fi
  done
  printf '?'
}

# e2e_dump FILE
#   Prints FILE indented, at most 400 lines (internal).
e2e_dump() {
  local lines
  lines=$(wc -l <"$1")
  sed -n '1,400s/^/  | /p' "$1"
  ((lines > 400)) && echo "  | ... ($((lines - 400)) more lines)"
  return 0
}

# fail MESSAGE...
#   Ends the case as failed: prints MESSAGE with the case line, then the last run_sonde
#   command, its exit code, stdout and stderr, and exits 1. Use it for checks that no
#   expect_* covers:  [[ -s report.xml ]] || fail 'report.xml is empty'
fail() {
  {
    echo "e2e: FAIL [$CASE_NAME] at $(e2e_where): $*"
    if [[ -n $E2E_LAST_CMD ]]; then
      echo "  command: $E2E_LAST_CMD"
      echo "  exit code: $STATUS"
      echo "  stdout:"
      e2e_dump "$OUT"
      echo "  stderr:"
      e2e_dump "$ERR"
    else
      echo "  (run_sonde was not called before this expectation)"
    fi
  } >&2
  exit 1
}

# e2e_check (internal): counts one expectation.
e2e_check() {
  E2E_EXPECTATIONS=$((E2E_EXPECTATIONS + 1))
}

# e2e_has FILE STRING (internal): FILE contains STRING, which may span lines.
e2e_has() {
  local content
  content=$(<"$1")
  [[ $content == *"$2"* ]]
}

# SHARED_DIR: the shared folder beside the repository (CTest passes SONDE_SHARED_DIR,
# the CMake cache entry of that name), for cases that need its data.
SHARED_DIR=${SONDE_SHARED_DIR:-$CASE_DIR/../../../../../shared}

# require_shared PATH
#   $SHARED_DIR/PATH exists. When it does not (a clone without ../shared), the case ends
#   here as skipped: one line saying why and exit code 77, which CTest reports as skipped.
#   With SONDE_REQUIRE_SHARED=1 (set by .ci/run) missing data fails the case instead.
#   require_shared conformance/junit/junit-10.xsd
require_shared() {
  [[ -e $SHARED_DIR/$1 ]] && return 0
  if [[ ${SONDE_REQUIRE_SHARED:-} == 1 ]]; then
    e2e_check
    fail "$SHARED_DIR/$1 is missing (SONDE_REQUIRE_SHARED=1 makes that a failure)"
  fi
  echo "e2e: SKIP [$CASE_NAME]: $SHARED_DIR/$1 is missing (a clone without ../shared)"
  exit 77
}

# expect_status N
#   The last run_sonde exited with code N.
expect_status() {
  e2e_check
  [[ $STATUS == "$1" ]] || fail "expected exit code $1, got $STATUS"
}

# expect_out STRING
#   stdout contains STRING (fixed string; may span lines).
expect_out() {
  e2e_check
  e2e_has "$OUT" "$1" || fail "expected stdout to contain: $1"
}

# expect_out_re ERE
#   Some line of stdout matches the extended regular expression ERE (grep -E).
expect_out_re() {
  e2e_check
  grep -qE -- "$1" "$OUT" || fail "expected a stdout line matching /$1/"
}

# expect_no_out STRING
#   stdout does not contain STRING (fixed string).
expect_no_out() {
  e2e_check
  ! e2e_has "$OUT" "$1" || fail "expected stdout not to contain: $1"
}

# expect_err STRING
#   stderr contains STRING (fixed string; may span lines).
expect_err() {
  e2e_check
  e2e_has "$ERR" "$1" || fail "expected stderr to contain: $1"
}

# expect_err_re ERE
#   Some line of stderr matches the extended regular expression ERE (grep -E).
expect_err_re() {
  e2e_check
  grep -qE -- "$1" "$ERR" || fail "expected a stderr line matching /$1/"
}

# expect_no_err STRING
#   stderr does not contain STRING (fixed string).
expect_no_err() {
  e2e_check
  ! e2e_has "$ERR" "$1" || fail "expected stderr not to contain: $1"
}

# expect_out_count STRING N
#   Exactly N lines of stdout contain STRING (fixed string).
expect_out_count() {
  e2e_check
  local n
  n=$(grep -cF -- "$1" "$OUT") || true # grep -c exits 1 when it counts 0
  [[ $n == "$2" ]] || fail "expected $2 stdout lines containing '$1', found $n"
}

# expect_file PATH
#   PATH exists (relative to the case folder).
expect_file() {
  e2e_check
  [[ -e $1 ]] || fail "expected file $1 to exist"
}

# expect_no_file PATH
#   PATH does not exist.
expect_no_file() {
  e2e_check
  [[ ! -e $1 ]] || fail "expected file $1 not to exist"
}

# expect_file_contains PATH STRING
#   PATH is a file that contains STRING (fixed string; may span lines).
expect_file_contains() {
  e2e_check
  [[ -f $1 ]] || fail "expected file $1 to exist (and contain: $2)"
  e2e_has "$1" "$2" ||
    fail "expected file $1 to contain: $2"$'\n'"  $1 holds:"$'\n'"$(e2e_dump "$1")"
}

# expect_eq ACTUAL EXPECTED [WHAT]
#   ACTUAL equals EXPECTED as strings; WHAT describes the value in the failure message.
#   expect_eq "$(server_stat maxInFlight)" 2 'two workers ran in parallel'
expect_eq() {
  e2e_check
  [[ $1 == "$2" ]] || fail "${3:-value}: expected '$2', got '$1'"
}

# e2e_http METHOD PATH (internal)
#   One request with an empty body over a fresh connection to the test server, through
#   bash's /dev/tcp (no curl on some CI machines). Prints the body; returns 0 for a 2xx.
e2e_http() {
  local method=$1 path=${2#/} fd response status
  if ! exec {fd}<>"/dev/tcp/127.0.0.1/$SERVER_PORT"; then
    echo "e2e: cannot connect to the test server on port $SERVER_PORT" >&2
    return 1
  fi
  printf '%s /%s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\nContent-Length: 0\r\n\r\n' \
    "$method" "$path" "$SERVER_PORT" >&"$fd"
  # Connection: close makes the server end the stream after the response.
  response=$(timeout 10 cat <&"$fd")
  exec {fd}<&-
  status=${response#HTTP/1.? }
  status=${status%% *}
  printf '%s' "${response#*$'\r\n\r\n'}"
  [[ $status == 2?? ]]
}

# http_get PATH
#   Prints the body of GET http://127.0.0.1:$SERVER_PORT/PATH (leading / optional);
#   returns 0 when the status is 2xx, 1 otherwise.   users=$(http_get users)
http_get() {
  e2e_http GET "$1"
}

# http_post PATH
#   Like http_get, with POST and an empty body.   http_post reset >/dev/null
http_post() {
  e2e_http POST "$1"
}

# server_stat NAME
#   Prints one number from the server's GET /stats: requests, connections, inFlight,
#   maxInFlight, or a path such as /users (its request count; 0 when never requested).
#   Requests to /stats itself are never counted, and a connection counts once it serves
#   a counted request, so probing does not disturb the numbers. http_post stats/reset
#   zeroes them (http_post reset also restores the demo users).
server_stat() {
  local stats value name_re
  stats=$(http_get stats) || {
    echo "e2e: GET /stats failed" >&2
    return 1
  }
  name_re=$(printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g')
  value=$(printf '%s' "$stats" | grep -oE "\"$name_re\":-?[0-9]+" | head -n 1 | sed 's/.*://') ||
    true
  if [[ -z $value ]]; then
    if [[ $1 != /* ]]; then
      echo "e2e: no '$1' in /stats: $stats" >&2
      return 1
    fi
    value=0
  fi
  printf '%s\n' "$value"
}
