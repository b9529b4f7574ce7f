# Packages from node_modules (issue 3 item 4): chai, ajv and @faker-js/faker installed from
# the npm registry at test time, used from a config hook and from specs (import and
# require), and a local package that needs a Node module sonde lacks. Without npm or the
# registry the case is skipped. Expected values are what Node 20 prints.
if ! command -v npm >/dev/null 2>&1; then
  echo "e2e: SKIP [$CASE_NAME]: npm is not available"
  exit 0
fi
if ! timeout 180 npm install --no-audit --no-fund --loglevel=error --prefix "$PWD" \
  chai@6.3.0 ajv@8.20.0 @faker-js/faker@10.6.0 >"$E2E_TMP/npm.log" 2>&1; then
  echo "e2e: SKIP [$CASE_NAME]: npm install failed (no registry?):"
  sed 's/^/  | /' "$E2E_TMP/npm.log" | tail -n 5
  exit 0
fi
cp -R local/needs-zlib node_modules/

run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 2 passed, 2 total \(100% completed\)'
expect_out 'P config ajv=true,false'
expect_out '[0-1] P chai AssertionError: expected { a: 1 } to deeply equal { a: 2 } | AssertionError: expected [ 1, 2 ] to have a length of 3 but got 2 true'
expect_out '[0-1] P faker Daryl Willard.Huel@hotmail.com 60 6b2288ad-b9b5-4534-ba16-67646ef89156'
expect_out "[0-1] P ajv true false data must have required property 'email', data must NOT have additional properties, data/id must be integer"
expect_out '[0-0] P require function Daryl function'
expect_out "[0-0] P missing ERR_SONDE_UNSUPPORTED: The Node module 'zlib' is not available in sonde"
