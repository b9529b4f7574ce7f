# sonde init (issue 19): with flags (or no terminal) it writes a commented sonde.conf and an
# example that runs green against the base URL's `/`; for mocha, jasmine and cucumber, in
# JavaScript and TypeScript; in a terminal it asks; it never overwrites (nothing written).
# scaffold DIR FLAGS...: runs sonde init in a new folder DIR, then sonde run there.
scaffold() {
  local dir=$1
  shift
  mkdir -p "$dir" && cd "$dir" || fail "cannot make $dir"
  run_sonde init "$@"
  expect_status 0
  expect_out 'Next: sonde run sonde.conf.'
  run_sonde
  expect_status 0
  expect_out_re 'Spec Files:	 1 passed, 1 total \(100% completed\)'
  cd ..
}
scaffold mocha-js --yes
expect_file mocha-js/sonde.conf.js
expect_file mocha-js/specs/example.spec.js
expect_file_contains mocha-js/sonde.conf.js "framework: 'mocha'"
scaffold mocha-ts --yes --typescript
expect_file mocha-ts/specs/example.spec.ts
expect_file_contains mocha-ts/sonde.conf.ts 'export const config = {'
scaffold jasmine-js --framework jasmine --reporters spec,junit
expect_file_contains jasmine-js/sonde.conf.js "reporters: ['spec', 'junit'],"
scaffold cucumber-ts --framework cucumber --typescript
expect_file cucumber-ts/features/example.feature
expect_file cucumber-ts/features/step-definitions/steps.ts

# It never overwrites: a second init in the same folder writes nothing and says why.
cd mocha-js || fail 'no mocha-js'
before=$(cat sonde.conf.js)
run_sonde init --yes --framework jasmine
expect_status 1
expect_err 'sonde.conf.js exists already; nothing was written'
expect_eq "$(cat sonde.conf.js)" "$before" 'sonde.conf.js after a second init'
cd ..

# Bad values are refused by their flag.
mkdir bad && cd bad || fail 'no bad'
run_sonde init --framework karma
expect_status 1
expect_err '--framework must be mocha, jasmine or cucumber (got "karma")'
expect_no_file sonde.conf.js
cd ..

# In a terminal it asks (answers typed into a pseudo-terminal by `script`).
if command -v script >/dev/null; then
  mkdir asked && cd asked || fail 'no asked'
  printf 'jasmine\ny\n%s\nspec\n' "$API_BASE_URL" |
    timeout 30 script -q -e -c "'$SONDE' init" /dev/null >"$OUT" 2>"$ERR"
  STATUS=$?
  expect_status 0
  expect_out 'Framework (mocha, jasmine, cucumber) [mocha]:'
  expect_file_contains sonde.conf.ts "framework: 'jasmine'"
  expect_file_contains sonde.conf.ts "'$API_BASE_URL'"
  cd ..
fi
