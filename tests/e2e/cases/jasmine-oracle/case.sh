# jasmine-core as the oracle (issue 16): the corpus runs under jasmine-core 5 from the npm
# registry (installed into build-oracles/, git-ignored) and under sonde.
# - order.spec.js for 20 seeds, focus.spec.js (fit, fdescribe, xdescribe) for 5 and
#   without random: the order the spec bodies ran in must be jasmine-core's (random order
#   per level, reproducible by seed), and sonde prints the seed.
# - outcomes.spec.js and more.spec.js: per spec, the full name, the status and every
#   failure message (the matchers' texts, toEqual's diff lines, spies, expectAsync,
#   pending, fail, done.fail, errors thrown in specs and hooks) must be equal; newer.spec.js
#   the same for spy.withArgs, spy strategies, respying, throwUnless(Async).
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "e2e: SKIP [$CASE_NAME]: node and npm are needed for the jasmine-core oracle"
  return 0
fi
mkdir -p tmp
oracle=$(cd "$(dirname "$SONDE")/.." && pwd)/build-oracles/jasmine5
if [[ ! -f $oracle/node_modules/jasmine-core/package.json ]]; then
  mkdir -p "$oracle"
  if ! timeout 300 npm install --no-audit --no-fund --loglevel=error --prefix "$oracle" jasmine-core@5 \
    >"tmp/npm.log" 2>&1; then
    echo "e2e: SKIP [$CASE_NAME]: npm could not install jasmine-core@5 (no registry?):"
    sed 's/^/  | /' "tmp/npm.log" | tail -n 5
    return 0
  fi
fi
core=$oracle/node_modules/jasmine-core

# Order: 20 seeds (jasmine's own seeds are 5 digits; a few shorter and longer ones too).
for seed in 1 7 42 99 123 1234 4321 9999 10000 12345 23456 34567 45678 56789 67890 78901 \
  89012 90123 31337 271828; do
  expected=$(node oracle.js "$core" corpus/order.spec.js "$seed" | grep '^RAN ' | tr '\n' ' ')
  [[ $(wc -w <<<"$expected") -eq 44 ]] || fail "jasmine-core ran $(wc -w <<<"$expected") words for seed $seed"
  run_sonde run sonde.conf.js --spec corpus/order.spec.js --jasmineOpts.random true \
    --jasmineOpts.seed "$seed"
  expect_status 0
  expect_out "Randomized with seed $seed"
  got=$(grep -o 'RAN [a-z0-9]*' "$OUT" | tr '\n' ' ')
  expect_eq "$got" "$expected" "order for seed $seed"
done

# Without random (WebdriverIO's default): declaration order, specs and suites interleaved.
run_sonde run sonde.conf.js --spec corpus/order.spec.js
expect_status 0
expect_no_out 'Randomized with seed'
got=$(grep -o 'RAN [a-z0-9]*' "$OUT" | tr '\n' ' ')
expect_eq "$got" "$(node oracle.js "$core" corpus/order.spec.js none | grep '^RAN ' | tr '\n' ' ')" \
  "declaration order"

# Focus (fit, fdescribe) with and without a random order: jasmine runs the focused ones in
# the order they were declared and shuffles what is inside a focused suite.
for seed in none 1 5 77 4321 31337; do
  expected=$(node oracle.js "$core" corpus/focus.spec.js "$seed" | grep '^RAN ' | tr '\n' ' ')
  [[ $(wc -w <<<"$expected") -eq 20 ]] || fail "jasmine-core ran $(wc -w <<<"$expected") words of focus for seed $seed"
  if [[ $seed == none ]]; then
    run_sonde run sonde.conf.js --spec corpus/focus.spec.js
  else
    run_sonde run sonde.conf.js --spec corpus/focus.spec.js --jasmineOpts.random true --jasmineOpts.seed "$seed"
  fi
  expect_status 0
  got=$(grep -o 'RAN [a-z0-9]*' "$OUT" | tr '\n' ' ')
  expect_eq "$got" "$expected" "focused order for seed $seed"
done

# Outcomes and failure texts, per corpus file (with how many specs jasmine-core reports).
for entry in outcomes:37 more:10 newer:15; do
  name=${entry%%:*}
  rm -rf out
  run_sonde run sonde.conf.js --spec "corpus/$name.spec.js"
  expect_status 1
  node oracle.js "$core" "corpus/$name.spec.js" none | sort >"tmp/$name.jasmine.txt"
  node results.js out/wdio-0-0-json-reporter.log | sort >"tmp/$name.sonde.txt"
  n=$(grep -c '^RESULT ' "tmp/$name.jasmine.txt")
  [[ $n -eq ${entry#*:} ]] || fail "jasmine-core reported $n specs of $name, expected ${entry#*:}"
  if ! diff -u "tmp/$name.jasmine.txt" "tmp/$name.sonde.txt" >"tmp/$name.diff"; then
    cat "tmp/$name.diff"
    fail "outcomes of corpus/$name.spec.js differ from jasmine-core's"
  fi
  expect_eq "$(cat "tmp/$name.sonde.txt")" "$(cat "tmp/$name.jasmine.txt")" "outcomes of $name"
done
rm -rf out

# jasmine's reporters (jasmine.getEnv().addReporter): reporter.js, a helper, prints every
# call with its result object; per corpus file and order, sonde's lines equal jasmine-core's.
for entry in order:none order:4321 focus:none focus:77 outcomes:none more:none newer:none \
  reporting:none reporting:99; do
  name=${entry%%:*} seed=${entry#*:}
  node oracle.js "$core" "corpus/$name.spec.js" "$seed" reporter.js | grep '^REPORT ' >"tmp/$name.$seed.jasmine.txt"
  if [[ $seed == none ]]; then
    run_sonde run reporter.conf.js --spec "corpus/$name.spec.js"
  else
    run_sonde run reporter.conf.js --spec "corpus/$name.spec.js" --jasmineOpts.random true --jasmineOpts.seed "$seed"
  fi
  grep -o 'REPORT .*' "$OUT" >"tmp/$name.$seed.sonde.txt" || true
  n=$(wc -l <"tmp/$name.$seed.jasmine.txt")
  ((n > 10)) || fail "jasmine-core's reporter printed $n lines for $name"
  if ! diff -u "tmp/$name.$seed.jasmine.txt" "tmp/$name.$seed.sonde.txt" >"tmp/$name.$seed.diff"; then
    cat "tmp/$name.$seed.diff"
    fail "jasmine reporter calls for corpus/$name.spec.js (seed $seed) differ from jasmine-core's"
  fi
done

# stopOnFailure: nothing more is reported to jasmine's reporters after the failed spec.
ORACLE_STOP=1 node oracle.js "$core" corpus/stop.spec.js none reporter.js | grep '^REPORT ' >tmp/stop.jasmine.txt
run_sonde run reporter.conf.js --spec corpus/stop.spec.js --jasmineOpts.stopOnFailure true
expect_status 1
grep -o 'REPORT .*' "$OUT" >tmp/stop.sonde.txt || true
(($(wc -l <tmp/stop.jasmine.txt) > 5)) || fail "jasmine-core's reporter printed too little for stop.spec.js"
if ! diff -u tmp/stop.jasmine.txt tmp/stop.sonde.txt >tmp/stop.diff; then
  cat tmp/stop.diff
  fail "jasmine reporter calls with stopOnFailure differ from jasmine-core's"
fi
rm -rf out
