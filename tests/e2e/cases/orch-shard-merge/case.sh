# --shard i/n and `sonde merge-reports`: three shards of one suite, merged, give the spec
# reporter's blocks, JUnit files, Allure results and json documents of one unsharded run,
# and its exit code; the json reporter writes sonde-timings.json, and --shardTimings
# balances shards by it; the shards' OpenAPI coverage merges too.
# ctest-timeout: 300
export RUN_TAG=full
run_sonde run sonde.conf.js
expect_status 1
cp "$OUT" full.out
expect_file full/json/sonde-timings.json
python3 - <<'PY' || fail 'sonde-timings.json does not list every spec file with a duration'
import json
specs = json.load(open("full/json/sonde-timings.json"))["specs"]
assert sorted(specs) == [f"specs/{n}.spec.js" for n in "abcdef"], specs
assert all(isinstance(v, (int, float)) and v > 0 for v in specs.values()), specs
PY

# Three shards: together they run every spec file exactly once.
ran=()
for i in 1 2 3; do
  export RUN_TAG=s$i
  run_sonde run sonde.conf.js --shard "$i/3"
  cp "$OUT" "s$i.out"
  mapfile -t files < <(grep -o '» specs/[a-z]*\.spec\.js' "$OUT" | sed 's|^» ||')
  expect_eq "${#files[@]}" 2 "shard $i/3 runs two of the six spec files"
  ran+=("${files[@]}")
done
expect_eq "$(printf '%s\n' "${ran[@]}" | sort | tr '\n' ' ')" \
  'specs/a.spec.js specs/b.spec.js specs/c.spec.js specs/d.spec.js specs/e.spec.js specs/f.spec.js ' \
  'the shards cover every spec file once'

export RUN_TAG=merged
run_sonde merge-reports --config sonde.conf.js s1/json s2/json s3/json
expect_status 1
expect_out_re 'Spec Files:	 4 passed, 2 failed, 6 total \(100% completed\)'
cp "$OUT" merged.out
python3 compare.py full full.out merged merged.out >"$E2E_TMP/compare.log" 2>&1 ||
  fail "the merged reports differ from the unsharded run's: $(cat "$E2E_TMP/compare.log")"
expect_eq "$(grep -c 'Spec Files:' full.out)" 1 'the unsharded run has one summary line'

# Without --config, merge-reports takes the config of the working directory (sonde.conf.js
# here), as `sonde run` does; with none there, it says how to name one.
export RUN_TAG=merged-default
run_sonde merge-reports s1/json s2/json s3/json
expect_status 1
expect_out_re 'Spec Files:	 4 passed, 2 failed, 6 total \(100% completed\)'
cp "$OUT" merged-default.out
python3 compare.py full full.out merged-default merged-default.out >"$E2E_TMP/compare.log" 2>&1 ||
  fail "the default config's merge differs from the unsharded run: $(cat "$E2E_TMP/compare.log")"
mkdir noconf
cd noconf
run_sonde merge-reports ../s1/json
cd ..
expect_status 1
expect_err 'merge-reports needs the config whose reporters write the merged reports: --config <file>, or sonde.conf.* / wdio.conf.* in this folder'
expect_no_file noconf/merged-default

# Shards without a failure merge to exit 0: the shard holding a.spec.js and d.spec.js.
mkdir -p green
for f in s*/json/wdio-*-json-reporter.log; do
  grep -q '"specs/[ad].spec.js"' "$f" && cp "$f" "green/$(basename "$(dirname "$(dirname "$f")")")-$(basename "$f")"
done
expect_eq "$(ls green | wc -l)" 2 'two documents of passing spec files'
export RUN_TAG=green-merged
run_sonde merge-reports --config sonde.conf.js green
expect_status 0
expect_out_re 'Spec Files:	 2 passed, 2 total'

# OpenAPI coverage: each run writes openapi-coverage.json beside its json documents too, and
# merge-reports merges the shards' as the launcher merges its workers' (counts add up): the
# merged run's table, openapi-coverage.json (outputDir and json folder) and JUnit coverage
# document are the unsharded run's, and minCoverage judges the merged coverage.
export RUN_TAG=cov-full
run_sonde run coverage.conf.js
expect_status 0
cp "$OUT" cov-full.out
# A shard exercises part of the API: minCoverage (50%, which shard 2 alone is below)
# does not fail it, and says where it is judged.
for i in 1 2; do
  export RUN_TAG=cov-s$i
  run_sonde run coverage.conf.js --shard "$i/2" --openapi.minCoverage 50
  expect_status 0
  expect_err "sonde: minCoverage is checked on the merged shards (sonde merge-reports), not on shard $i/2 alone"
  expect_no_err 'below minCoverage'
  expect_file "cov-s$i/json/openapi-coverage.json"
done
export RUN_TAG=cov-merged
run_sonde merge-reports --config coverage.conf.js cov-s1/json cov-s2/json
expect_status 0
expect_out_re 'Spec Files:	 2 passed, 2 total'
expect_out 'OpenAPI coverage of coverage/api.yaml: 2 of 3 documented responses exercised (66.7%)
  GET /users       200      1 call
  GET /users/{id}  200      2 calls
  GET /health      200      never called'
python3 - <<'PY' || fail 'the merged openapi-coverage.json differs from the unsharded run'"'"'s'
import json
full = json.load(open("cov-full/openapi-coverage.json"))
for path in ("cov-merged/openapi-coverage.json", "cov-merged/json/openapi-coverage.json",
             "cov-full/json/openapi-coverage.json"):
    assert json.load(open(path)) == full, (path, json.load(open(path)), full)
PY
expect_file_contains cov-merged/junit/wdio-openapi-junit-reporter.log \
  '<property name="openapi.coverage" value="66.7"/>'
export RUN_TAG=cov-min
run_sonde merge-reports --config coverage.conf.js --openapi.minCoverage 70 cov-s1/json cov-s2/json
expect_status 1
expect_err 'sonde: OpenAPI coverage of coverage/api.yaml is 66.7%, below minCoverage 70%'
mkdir cov-broken
cp cov-s1/json/*-json-reporter.log cov-broken/
echo '{"documents": ' >cov-broken/openapi-coverage.json
run_sonde merge-reports --config coverage.conf.js cov-broken
expect_status 2
expect_err_re 'merge-reports: cov-broken/openapi-coverage.json:[0-9]+: '
# a coverage document that is none: one error naming the file and the member, no output
echo '{"documents": [1, {"document": "x", "operations": 7}]}' >cov-broken/openapi-coverage.json
export RUN_TAG=cov-bad
run_sonde merge-reports --config coverage.conf.js cov-broken
expect_status 2
expect_err 'merge-reports: cov-broken/openapi-coverage.json: documents[0] must be an object with a "document" name'
expect_no_out 'OpenAPI coverage'
# documents by name whatever order the shards come in: s3 s2 s1 gives what s1 s2 s3 gives
for i in 1 2 3; do
  mkdir -p "cov-order/s$i"
  cp cov-s1/json/*-json-reporter.log "cov-order/s$i/"
  python3 - "$i" >"cov-order/s$i/openapi-coverage.json" <<'PY'
import json, sys
i = int(sys.argv[1])
def doc(name, calls):
    return {"document": name, "unmatched": 0, "operations": [
        {"operation": "GET /z", "undocumentedStatus": 0,
         "responses": [{"response": "200", "calls": calls, "conforming": calls, "violated": 0}]},
        {"operation": "GET /a", "undocumentedStatus": 0,
         "responses": [{"response": "200", "calls": 0, "conforming": 0, "violated": 0}]}]}
print(json.dumps({"documents": [doc("doc-%d.yaml" % (4 - i), i), doc("doc-0.yaml", i)]}))
PY
done
export RUN_TAG=cov-fwd
run_sonde merge-reports --config coverage.conf.js cov-order/s1 cov-order/s2 cov-order/s3
expect_status 0
expect_out 'OpenAPI coverage of doc-0.yaml: 1 of 2 documented responses exercised (50.0%)
  GET /z  200      6 calls
  GET /a  200      never called
OpenAPI coverage of doc-1.yaml'
cp "$OUT" cov-fwd.out
export RUN_TAG=cov-back
run_sonde merge-reports --config coverage.conf.js cov-order/s3 cov-order/s2 cov-order/s1
expect_status 0
python3 - cov-fwd.out "$OUT" <<'PY' || fail 'merge-reports s3 s2 s1 differs from s1 s2 s3'
import sys
def table(path):
    text = open(path).read()
    return text[text.index("OpenAPI coverage of"):]
assert table(sys.argv[1]) == table(sys.argv[2]), "table"
assert open("cov-fwd/openapi-coverage.json").read() == open("cov-back/openapi-coverage.json").read(), "json"
PY

# Balanced by durations: one heavy file alone in shard 1, the five light ones in shard 2.
cat >timings.json <<'JSON'
{"version": 1, "specs": {"specs/a.spec.js": 10, "specs/b.spec.js": 10, "specs/c.spec.js": 5000,
 "specs/d.spec.js": 10, "specs/e.spec.js": 10}}
JSON
export RUN_TAG=t1
run_sonde run sonde.conf.js --shard 1/2 --shardTimings timings.json
expect_eq "$(grep -o '» specs/[a-z]*\.spec\.js' "$OUT" | sed 's|^» ||' | tr '\n' ' ')" 'specs/c.spec.js ' \
  'shard 1/2 takes the heavy file alone'
export RUN_TAG=t2
run_sonde run sonde.conf.js --shard 2/2 --shardTimings timings.json
expect_eq "$(grep -o '» specs/[a-z]*\.spec\.js' "$OUT" | sed 's|^» ||' | sort | tr '\n' ' ')" \
  'specs/a.spec.js specs/b.spec.js specs/d.spec.js specs/e.spec.js specs/f.spec.js ' \
  'shard 2/2 takes the light files (f.spec.js, unknown to the timings, weighs their mean)'

# A first run has no timings yet: a warning, and shards by count.
export RUN_TAG=first
run_sonde run sonde.conf.js --shard 1/3 --shardTimings missing/timings.json
expect_err 'shardTimings: '
expect_err 'does not exist (yet)'
expect_eq "$(grep -c '» specs/' "$OUT")" 2 'shard 1/3 by count without timings'

# Bad input: one clear error naming the file, nothing run.
echo '{"specs": ' >broken.json
run_sonde run sonde.conf.js --shard 1/2 --shardTimings broken.json
expect_status 1
expect_err_re 'shardTimings: .*broken.json:[0-9]+: '
expect_no_out 'Running:'
echo '{"specs": {"specs/a.spec.js": "slow"}}' >wrong.json
run_sonde run sonde.conf.js --shard 1/2 --shardTimings wrong.json
expect_status 1
expect_err 'wrong.json: "specs" must be an object of spec file'

run_sonde merge-reports --config sonde.conf.js nowhere
expect_status 2
expect_err 'merge-reports: nowhere does not exist'
mkdir empty
run_sonde merge-reports --config sonde.conf.js empty
expect_status 2
expect_err 'merge-reports: no json reporter documents in empty'
run_sonde merge-reports --config sonde.conf.js sonde.conf.js
expect_status 2
expect_err 'merge-reports: sonde.conf.js:'
run_sonde merge-reports --config sonde.conf.js
expect_status 2
expect_err 'name the folders (or files)'
