# Custom client (issue 4): apiRunner.client (a class, instantiated once per worker) and
# apiRunner.clientFactory (called once per worker, may be async) replace the built-in client
# under the global name; a client lacking a method stops the run, naming the method (a
# class is checked with the config, before any worker starts).
#
# The worker creates the custom client through api_client_prepare (src/api/api.h); until
# src/worker/worker.c calls it, this case says so and checks nothing.
if ! grep -q 'api_client_prepare' "$CASE_DIR/../../../../src/worker/worker.c"; then
  echo "e2e: SKIP [$CASE_NAME]: src/worker/worker.c does not call api_client_prepare yet"
  return 0
fi

run_sonde run sonde.conf.js
expect_status 0
expect_out '[api #0-0] 2 passing'
expect_out '[api #0-1] 1 passing'

run_sonde run factory.conf.js
expect_status 0
expect_out '[api #0-0] 1 passing'

run_sonde run missing.conf.js
expect_status 1
expect_err_re 'missing\.conf\.js:[0-9]+: "apiRunner\.client": class Incomplete has no patch\(\) method'
expect_no_out 'RUNNING'
