# The GraphQL client (issue 15) against the reference implementations from npm
# (tests/e2e/support: graphql-js, graphql-http, graphql-ws + ws, graphql-sse, and a small
# server of the legacy Apollo protocol): queries, mutations, variables, GET, GraphQL errors
# and non-2xx as results, headers and interceptors (401 paths), timeouts and unreachable
# endpoints thrown with the operation's name; subscriptions over graphql-transport-ws (many
# on one socket, for await, callbacks, 10 000 events, the unread-event bound, timeouts,
# 4403 from connectionParams, reconnection after a dropped socket counted from the server's
# log, giving up, a server that never acks, a malformed frame, a message that is not JSON,
# a subscription left open), over the legacy
# graphql-ws protocol and over SSE (distinct connections and single connection mode,
# sse.headers, 401, a non-JSON "next", a stream cut
# before "complete"); toHaveNoGraphQLErrors, toHaveGraphQLError and toHaveGraphQLData in
# expect and assertResponse chains (.not and .and) and their messages; wdio-api-runner's query builder (its text, worked
# out from that project's builder), extendWithGraphQL and subscription manager.
# The server pings every WebSocket every 200 ms and cuts one that does not pong: the longer
# subscriptions (10 000 events, the timeouts) would see a reconnection if sonde did not.
source "$E2E_LIB_DIR/support/graphql.sh"
gql_start

run_sonde run sonde.conf.js
expect_status 0
expect_out '[api #0-0] 6 passing'
expect_out '[api #0-1] 21 passing'
expect_out '[api #0-2] 3 passing'
expect_out '[0-2] H builder {"query":"query GetUser($id: ID!, $limit: Int = 10) {\n  user(id: $id) {\n    id\n    name\n    recent: posts(first: 2, order: DESC, tag: \"a b\", where: {ok: true, ids: [1, 2]}) {\n      title\n    }\n  }\n  mail: email @include(if: $withEmail)\n  ...Parts\n}\n\nfragment Parts on User {\n  id\n}","operationName":"GetUser"}'
expect_out '[0-2] H builder-run 200 {"data":{"user":{"name":"Linus"}}}'
expect_out "[0-2] H extend http://127.0.0.1:$GQL_PORT/graphql Hello, world! Hello, ext! function"
expect_out '[0-2] H manager active=1'
expect_out '[0-2] H manager ws1,ws2,sse1,sse2 active=1 then 0 true | GraphQLSubscriptionError: WebSocket URL not configured: call configure({ webSocket: { url } }) or use subscribeWebSocket()'
expect_out '[0-2] H sse-factory mine 1'
expect_out '[0-0] Q string 200 {"data":{"hello":"Hello, world!"}} errors=0 hasErrors=false hasData=true isSuccess=true'
expect_out '[0-0] Q gql Hi 200 {"data":{"hello":"Hello, sonde!"}} errors=0 hasErrors=false hasData=true isSuccess=true'
expect_out '[0-0] Q object 200 {"data":{"user":{"id":"2","name":"Linus"}}} errors=0 hasErrors=false hasData=true isSuccess=true application/graphql-response+json; charset=utf-8 sent="{\"query\":\"query U($id: ID!) { user(id: $id) { id name } }\",\"operationName\":\"U\",\"variables\":{\"id\":\"2\"}}"'
expect_out '[0-0] Q get 200 {"data":{"user":{"name":"Ada"}}} errors=0 hasErrors=false hasData=true isSuccess=true'
expect_out '[0-0] Q mutate 200 {"data":{"addUser":{"name":"Grace"}}} errors=0 hasErrors=false hasData=true isSuccess=true'
expect_out '[0-0] Q boom 200 {"errors":[{"message":"Boom!","locations":[{"line":1,"column":3}],"path":["boom"],"extensions":{"code":"BOOM"}}],"data":{"boom":null}} errors=1 hasErrors=true hasData=true isSuccess=false'
expect_out '[0-0] Q invalid 400 Cannot query field "nope" on type "Query". hasData=false'
expect_out '[0-0] Q 401 401 Unauthorized isSuccess=false'
expect_out '[0-0] Q auth 200 admin then 401'
expect_out '[0-0] Q interceptor 200 admin'
expect_out "[0-0] Q throws Error: graphql query (anonymous): Request timeout after 200ms: POST http://127.0.0.1:$GQL_PORT/graphql"
expect_out_re '^\[0-0\] Q throws Error: graphql query \(anonymous\): POST http://127\.0\.0\.1:1/graphql failed: Failed to connect to 127\.0\.0\.1 port 1 after [0-9]+ ms: .*Connection refused'
expect_out '[0-0] M Expected no GraphQL errors, but the response has 1: "Boom!" at boom | Expected a GraphQL error, but the response has no errors | Expected a GraphQL error matching /nope/, but the errors are "Boom!" at boom | Expected data.users[0].name to equal "Linus", but got "Ada" | Expected data.users[5] to exist, but data.users has 3 elements, so index 5 is out of range | Expected no GraphQL data, but the response has some | Expected no GraphQL error matching /Bo/, but found "Boom!" at boom | toHaveGraphQLError: the expected message must be a string or a RegExp'
expect_out '[0-0] Q throws TypeError: graphql.query: the document must be a string, a gql`` result or { query, variables }'
expect_out '[0-1] S take Five 1 2,3,4,5 closed'
expect_out '[0-1] S many 1 | 1,2 | 1,2,3 | 1,2,3,4 | 1,2,3,4,5'
expect_out '[0-1] S ticks 1,2,3 closed true'
expect_out '[0-1] S callbacks [connected] Hi Ada Hi Linus [closed] done'
expect_out '[0-1] S big 10000 10000 closed'
expect_out '[0-1] S bound GraphQLSubscriptionError: subscription (anonymous): more than 10 events arrived unread (maxBufferedEvents); the subscription was closed to bound memory error'
expect_out '[0-1] S timeout GraphQLSubscriptionError: subscription Slow: no event within 200 ms (state: connected)'
expect_out '[0-1] S take-timeout GraphQLSubscriptionError: subscription Slow: 0 of 2 events within 200 ms (state: connected)'
expect_out "[0-1] S forbidden GraphQLSubscriptionError: subscription (anonymous): the server at ws://127.0.0.1:$GQL_PORT/graphql-auth closed the connection with 4403 Forbidden"
expect_out '[0-1] S allowed 1,2'
expect_out '[0-1] S reconnect 1,2,3,1,2,3,4,5,6 connected,disconnected,connected,closed'
expect_out_re '^\[0-1\] S unreachable GraphQLSubscriptionError: subscription Lost: cannot connect to the WebSocket server at ws://127\.0\.0\.1:1/graphql: .*Connection refused.* \(after 2 reconnection attempts\)$'
expect_out "[0-1] S no-ack GraphQLSubscriptionError: subscription (anonymous): the server at ws://127.0.0.1:$GQL_PORT/echo did not acknowledge the connection within 200 ms"
expect_out '[0-1] S keepalive 1,2,3,4,5,6 closed'
expect_out "[0-1] S raw-frame GraphQLSubscriptionError: subscription Raw_frame: the WebSocket server at ws://127.0.0.1:$GQL_PORT/raw?mode=frame sent a frame that breaks the WebSocket protocol (closed with 1002)"
expect_out "[0-1] S raw-json GraphQLSubscriptionError: subscription Raw_json: the server at ws://127.0.0.1:$GQL_PORT/raw?mode=json sent a message that is not JSON: not json"
expect_out '[0-1] S transport TypeError: graphql.subscribe: transport must be '\''ws'\'' or '\''sse'\'', not '\''carrier-pigeon'\'''
expect_out '[0-1] S left open'
# Closed when their test ends, after its afterEach hooks (a suite's `before all` one when
# the suite ends), without events; the server saw each one completed.
expect_out '[0-1] S scope-open connected connected 1 1 suite=connected'
expect_out '[0-1] S scope-afterEach each=connected left=connected'
expect_out '[0-1] S scope-next closed 3 2 suite=connected'
expect_out '[0-1] S scope-afterEach each=connected left=closed'
expect_out '[0-1] S scope-after suite=connected'
expect_out '[0-1] S scope-suite-ended closed'
expect_no_out 'S scope: a close event after the test'
expect_eq "$(gql_log_count 'ws-complete LeftOpen')" 1 'the subscription left open by its test, completed'
expect_eq "$(gql_log_count 'ws-complete LeftInTest')" 1 'the subscription left open by its test, completed'
expect_eq "$(gql_log_count 'ws-complete EachScoped')" 2 'the beforeEach subscriptions, completed with their tests'
expect_eq "$(gql_log_count 'ws-complete SuiteScoped')" 1 'the before-all subscription, completed with its suite'
expect_eq "$(gql_log_count 'echo-close 1001 scoped Going Away')" 1 'the WebSocket left open by its test, closed with 1001'
expect_out '[0-1] S legacy Hi a,Hi b,Hi c closed closed'
expect_out '[0-1] S sse 1,2,3 closed'
expect_out '[0-1] S sse-single 1,2,3 Hi x,Hi y 2 closed closed'
expect_out "[0-1] S sse-401 GraphQLSubscriptionError: subscription A: the server at http://127.0.0.1:$GQL_PORT/graphql/stream-auth answered 401 (text/plain) instead of an event stream"
expect_out '[0-1] S sse-token 1,2'
expect_out '[0-1] S sse-junk GraphQLSubscriptionError: subscription Junk: a "next" event whose data is not JSON: {not json'
expect_out "[0-1] S sse-cut GraphQLSubscriptionError: subscription Cut: the server at http://127.0.0.1:$GQL_PORT/graphql/cut ended the event stream before \"complete\""

# The server's side of it: the dropped socket was opened again once; the five multiplexed
# subscriptions and the legacy client each used one connection; the unsubscribed ones were
# completed on the wire.
expect_eq "$(gql_log_count 'ws-connect /graphql-drop')" 2 'connections to /graphql-drop (one reconnection)'
expect_eq "$(gql_log_count 'ws-connect /graphql params={\"who\":\"many\"}')" 1 'connections of the client with five subscriptions'
expect_eq "$(gql_log_count 'legacy-connect')" 1 'legacy connections'
expect_eq "$(gql_log_count 'legacy-init {\"who\":\"legacy\"}')" 1 'legacy connection_init with its params'
expect_eq "$(gql_log_count 'legacy-stop')" 1 'legacy stop on unsubscribe'
# keepAliveInterval 30 ms over a subscription of 300 ms: pings answered, no reconnection.
pings=$(gql_log_count 'ws-ping /graphql?keepalive')
((pings >= 5)) || fail "expected at least 5 graphql-ws pings from keepAliveInterval, the server got $pings"
expect_eq "$(gql_log_count 'ws-connect /graphql?keepalive')" 1 'connections of the keep-alive client'
# A protocol violation is not retried: one connection each.
expect_eq "$(gql_log_count 'raw-frame frame 1')" 1 'connections to the server sending a masked frame'
# Single connection mode: one reservation, one stream, three operations, one stopped.
expect_eq "$(gql_log_count 'http PUT /graphql/stream')" 1 'SSE stream reservations'
expect_eq "$(gql_log_count 'http GET /graphql/stream')" 1 'SSE single-connection streams'
expect_eq "$(gql_log_count 'http DELETE /graphql/stream')" 1 'SSE operations stopped'

# graphqlRunner.globalName and verbose, and the wdio-api-runner module name.
run_sonde run other/global-name.conf.js
expect_status 0
expect_out '[0-0] G name undefined object function Hello, world!'
# graphqlRunner.verbose: each request's operation, status and first error.
expect_out '[0-0] graphql query (anonymous) → 200'
expect_out '[0-0] graphql query Broken → 200, 1 GraphQL error: "Boom!" at boom'

# Options of the wrong type, in the config and in createGraphQLClient, name their key.
run_sonde run other/bad.conf.js
expect_status 0
expect_out '[0-0] B TypeError: graphqlRunner.webSocket.url must be a string, not 42 | TypeError: createGraphQLClient: options.sse.headers must be an object, not an array | TypeError: createGraphQLClient: options.webSocket.url must be a ws: or wss: URL, not "ftp://x" | TypeError: createGraphQLClient: options.timeout must be a number of 0 or more, not -1 | TypeError: webSocket.protocol must be '"'"'graphql-transport-ws'"'"' or '"'"'graphql-ws'"'"', not '"'"'mqtt'"'"''

# Memory on a long stream (the issue's bound: worker RSS within 4 MB of a 100-event run, the
# stream garbage collected as it runs), over WebSocket and SSE:
# - Nothing is kept per event: 100 000 events peak no higher than 10 000 (within 1 MB).
# - What the worker itself owns (anonymous RSS) grows by ~2-3 MB over 100 events: within 4.
# - Its whole peak RSS grows ~6-7 MB, once: the long run's hot path is compiled by the
#   optimising JIT (the DFG), which faults in ~3 MB of the compiler's code pages of
#   libjavascriptcoregtk (shared with every process) and keeps ~2 MB of compiled code; the
#   100-event run stays in the interpreter (js/runtime.c's thresholds). The DFG is kept on
#   purpose: it makes hot loops in tests ~4x faster (docs/performance.md, "Optimising JIT
#   and long streams"). With it off (JSC_useDFGJIT=false) the whole peak is within 4 MB,
#   which is checked too. Under AddressSanitizer the figures measure the sanitizer: only
#   the 100 and 10 000 runs are made, and not bounded.
asan=0
if grep -qa '__asan_init' "$SONDE"; then asan=1; fi
mem_run() { # mem_run TRANSPORT EVENTS [ENV=VALUE...]: sets peak and anon (MB)
  local transport=$1 n=$2
  shift 2
  env "$@" EVENTS="$n" TRANSPORT="$transport" timeout -k 5 120 "$SONDE" run other/memory.conf.js >"$OUT" 2>&1 ||
    fail "the $n-event run over $transport ($*) failed: $(tail -n 5 "$OUT")"
  local line
  line=$(grep -o "MEM $transport $n $n peak [0-9.]* MB anon [0-9.]* MB" "$OUT") ||
    fail "no MEM line for $n events over $transport ($*): $(tail -n 8 "$OUT")"
  peak=$(sed -E 's/.* peak ([0-9.]+) MB.*/\1/' <<<"$line")
  anon=$(sed -E 's/.* anon ([0-9.]+) MB/\1/' <<<"$line")
}
within() { awk -v a="$1" -v b="$2" -v d="$3" 'BEGIN { exit !(a - b <= d) }'; }
for transport in ws sse; do
  mem_run "$transport" 100 && peak100=$peak anon100=$anon
  mem_run "$transport" 10000 && peak10k=$peak anon10k=$anon
  echo "e2e: $transport: 10 000 events vs 100: anonymous RSS $anon10k vs $anon100 MB, peak RSS $peak10k vs $peak100 MB"
  ((asan == 0)) || continue
  within "$anon10k" "$anon100" 4 ||
    fail "over $transport, 10 000 events left the worker's anonymous RSS at $anon10k MB, 100 events at $anon100 MB (bound +4 MB)"
  within "$peak10k" "$peak100" 10 ||
    fail "over $transport, 10 000 events took the worker's peak RSS to $peak10k MB, 100 events to $peak100 MB (bound +10 MB)"
  mem_run "$transport" 100000
  echo "e2e: $transport: 100 000 events: peak RSS $peak MB"
  within "$peak" "$peak10k" 1 ||
    fail "over $transport, 100 000 events took the worker's peak RSS to $peak MB, 10 000 events to $peak10k MB: memory grows with the stream"
  mem_run "$transport" 100 JSC_useDFGJIT=false && peak100=$peak
  mem_run "$transport" 10000 JSC_useDFGJIT=false
  echo "e2e: $transport without the DFG: 10 000 events vs 100: peak RSS $peak vs $peak100 MB"
  within "$peak" "$peak100" 4 ||
    fail "over $transport without the DFG, 10 000 events took the worker's peak RSS to $peak MB, 100 events to $peak100 MB (bound +4 MB)"
done
