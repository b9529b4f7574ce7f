# shellcheck shell=bash
# The reference GraphQL server (graphql-server.mjs beside this file) for e2e cases: its npm
# packages are installed at test time into the case's temp folder (never the repository),
# then it runs on 127.0.0.1 on a free port. Node is a test-time dependency only: without
# node, npm or the registry the case is skipped (exit 77, which CTest reports as skipped).
#
# Usage in a case.sh:
#   source "$E2E_LIB_DIR/support/graphql.sh"   # E2E_LIB_DIR: this file's parent folder
#   gql_start                                   # sets and exports GQL_PORT, GQL_URL; GQL_LOG;
#                                               # GQL_TLS_PORT ("" without openssl)
#   ... run_sonde ...; gql_log_count 'ws-connect /graphql-drop'

GQL_PACKAGES=(graphql@16.15.0 graphql-ws@6.4.2 ws@8.23.0 graphql-sse@2.6.1 graphql-http@1.23.1)
GQL_PID=

gql_skip() {
  echo "e2e: SKIP [$CASE_NAME]: $*"
  exit 77
}

gql_stop() {
  [[ -n $GQL_PID ]] || return 0
  kill -TERM "$GQL_PID" 2>/dev/null || true
  wait "$GQL_PID" 2>/dev/null || true # set -e is on again when the exit trap runs
  GQL_PID=
}

gql_start() {
  command -v node >/dev/null 2>&1 || gql_skip 'node is not available (needed for the reference GraphQL server)'
  command -v npm >/dev/null 2>&1 || gql_skip 'npm is not available (needed for the reference GraphQL server)'
  local dir=$E2E_TMP/gql-server
  mkdir -p "$dir"
  if ! timeout 180 npm install --no-audit --no-fund --loglevel=error --prefix "$dir" \
    "${GQL_PACKAGES[@]}" >"$E2E_TMP/gql-npm.log" 2>&1; then
    echo "e2e: npm install output:"
    sed 's/^/  | /' "$E2E_TMP/gql-npm.log" | tail -n 5
    gql_skip 'npm install of the GraphQL reference packages failed (no registry?)'
  fi
  cp "$E2E_LIB_DIR/support/graphql-server.mjs" "$dir/"
  # A self-signed certificate for the TLS listener, when openssl is there to make one.
  if command -v openssl >/dev/null 2>&1 &&
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 \
      -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
      -keyout "$dir/tls.key" -out "$dir/tls.crt" >"$E2E_TMP/gql-openssl.log" 2>&1; then
    export GQL_TLS_DIR=$dir
  fi
  GQL_LOG=$E2E_TMP/gql-server.log
  node "$dir/graphql-server.mjs" >"$GQL_LOG" 2>&1 </dev/null &
  GQL_PID=$!
  # The harness's exit trap stops its own server; this one is stopped first, then that
  # runs with the case's exit status.
  local prev
  prev=$(trap -p EXIT | sed -e "s/^trap -- '//" -e "s/' EXIT\$//")
  # shellcheck disable=SC2064 # expanded now on purpose: the previous handler's name
  trap "gql_status=\$?; gql_stop; (exit \$gql_status); $prev" EXIT
  local i
  for ((i = 0; i < 100; i++)); do
    grep -q '^listening ' "$GQL_LOG" 2>/dev/null && break
    kill -0 "$GQL_PID" 2>/dev/null || break
    sleep 0.1
  done
  grep -q '^listening ' "$GQL_LOG" || fail "the reference GraphQL server did not start: $(cat "$GQL_LOG")"
  GQL_PORT=$(sed -n 's/^listening //p' "$GQL_LOG")
  GQL_URL=http://127.0.0.1:$GQL_PORT
  GQL_TLS_PORT=$(sed -n 's/^tls-listening //p' "$GQL_LOG")
  export GQL_PORT GQL_URL GQL_TLS_PORT
}

# gql_log_count PATTERN: lines of the server's log starting with PATTERN.
gql_log_count() {
  grep -c "^$1" "$GQL_LOG"
}
