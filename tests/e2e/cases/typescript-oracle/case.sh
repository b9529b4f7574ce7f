# The differential oracle for the TypeScript eraser (issue 14): every file of a corpus
# covering the erasable and transformed syntax runs twice, as sonde erases it and as
# TypeScript's own ts.transpileModule (npm typescript@5, isolatedModules, target ES2022)
# compiles it, run by Node; each prints labelled values, and the two must print the same.
# Node and the typescript package are test-time dependencies only. Without npm or the
# registry the case is skipped.
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "e2e: SKIP [$CASE_NAME]: npm or node is not available"
  exit 0
fi
if ! timeout 180 npm install --no-audit --no-fund --loglevel=error --prefix "$PWD" \
  typescript@5 >"$E2E_TMP/npm.log" 2>&1; then
  echo "e2e: SKIP [$CASE_NAME]: npm install failed (no registry?):"
  sed 's/^/  | /' "$E2E_TMP/npm.log" | tail -n 5
  exit 0
fi
node transpile.js >"$E2E_TMP/tsc.log" 2>&1 || fail "transpileModule failed: $(cat "$E2E_TMP/tsc.log")"
[[ ! -s js/corpus/enums.js ]] && fail 'no output from transpileModule'
grep -q '^corpus/' "$E2E_TMP/tsc.log" && fail "TypeScript reports errors: $(cat "$E2E_TMP/tsc.log")"

run_sonde run oracle.conf.js
# Files are cids 0-0, 0-1, ... in name order; their `R ...` lines are what they printed.
mapfile -t files < <(cd corpus && ls -1 -- *.ts | LC_ALL=C sort)
sed -n 's/^\[0-\([0-9]*\)\] RUNNING in api - corpus\/\(.*\)$/\1 \2/p' "$OUT" >"$E2E_TMP/cids"
expect_eq "$(wc -l <"$E2E_TMP/cids")" "${#files[@]}" 'every corpus file ran'
pass=0
failed=()
while read -r cid file; do
  grep "^\[0-$cid\] R " "$OUT" | sed "s/^\[0-$cid\] //" >"$E2E_TMP/sonde.txt"
  (cd js/corpus && node "${file%.ts}.js") >"$E2E_TMP/node.txt" 2>&1
  if [[ -s $E2E_TMP/node.txt ]] && cmp -s "$E2E_TMP/sonde.txt" "$E2E_TMP/node.txt"; then
    pass=$((pass + 1))
  else
    failed+=("$file")
    echo "e2e: [$CASE_NAME] $file differs (sonde, then TypeScript + Node):"
    diff "$E2E_TMP/sonde.txt" "$E2E_TMP/node.txt" | sed 's/^/  | /'
  fi
done <"$E2E_TMP/cids"
echo "e2e: [$CASE_NAME] $pass/${#files[@]} corpus files behave as TypeScript's output ($(head -1 "$E2E_TMP/tsc.log"))"
expect_eq "${failed[*]}" '' 'corpus files that behave differently'
expect_eq "$pass" "${#files[@]}" 'corpus files passed'
