#!/usr/bin/env bash
# Runs the example suite against the project's demo API: scripts/demo.sh BUILD_DIR
# (`make demo` calls it after building). Starts BUILD_DIR/sonde-testserver on a free
# loopback port, runs `sonde run examples/sonde.conf.js`, then examples/cucumber.conf.js and
# examples/jasmine.conf.js from the repository root with API_BASE_URL pointing at it, stops the server however the run ends (Ctrl-C included),
# and exits with sonde's exit code.
# shellcheck disable=SC2317 # cleanup is reached through `trap`
set -euo pipefail

if (($# != 1)); then
  echo "usage: scripts/demo.sh BUILD_DIR" >&2
  exit 2
fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
build=$(cd "$1" && pwd -P)
for bin in sonde sonde-testserver; do
  if [[ ! -x $build/$bin ]]; then
    echo "demo: $build/$bin not found; build first (make build)" >&2
    exit 2
  fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sonde-demo.XXXXXX")
server_pid=

cleanup() {
  local status=$?
  if [[ -n $server_pid ]]; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The server's own output goes to a file: the demo's terminal is sonde's.
"$build/sonde-testserver" --port-file "$tmp/port" >"$tmp/server.log" 2>&1 </dev/null &
server_pid=$!
for ((i = 0; i < 50; i++)); do
  [[ -s $tmp/port ]] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [[ ! -s $tmp/port ]]; then
  echo "demo: the demo API did not start; its log:" >&2
  cat "$tmp/server.log" >&2
  exit 1
fi

API_BASE_URL="http://127.0.0.1:$(<"$tmp/port")"
export API_BASE_URL
echo "demo: the demo API is on $API_BASE_URL"

cd "$root"
status=0
"$build/sonde" run examples/sonde.conf.js || status=$?
# The same API in Gherkin (framework: 'cucumber').
"$build/sonde" run examples/cucumber.conf.js || status=$?
# And with framework: 'jasmine'.
"$build/sonde" run examples/jasmine.conf.js || status=$?
# And GraphQL: queries over HTTP and a subscription over SSE, from the same server.
"$build/sonde" run examples/graphql.conf.js || status=$?
# And the examples in TypeScript (loaded as they are, no build step): mocha, cucumber
# step definitions, jasmine.
"$build/sonde" run examples/typescript/sonde.conf.ts || status=$?
"$build/sonde" run examples/typescript/cucumber.conf.ts || status=$?
"$build/sonde" run examples/typescript/jasmine.conf.ts || status=$?
exit "$status"
