# The differential suite of issue 22: every file of corpus/ (a small, named mocha semantic:
# hook orders and failures, done forms, late errors, timers, retries, only/skip, bail,
# grep/invert, timeouts, tdd, the interface's return values) runs under mocha 10 from the
# npm registry and under sonde; per file, the (full title, state) pairs and the verdict must
# be equal, except for the files documented in known-differences.md. A corpus file's first
# line may be `// mocha-args: ...` (mocha's CLI flags; sonde gets the same as --mochaOpts).
# The first run installs mocha and runs it 211 times (a minute or two on 2 cores):
# ctest-timeout: 600
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "e2e: SKIP [$CASE_NAME]: node and npm are needed for the mocha oracle"
  return 0
fi
# The oracle lives beside the build folders (build-oracles/ is git-ignored as build*/), so the
# release and sanitizer builds share it and its results.
oracle=$(cd "$(dirname "$SONDE")/.." && pwd)/build-oracles/mocha10
if [[ ! -x $oracle/node_modules/.bin/mocha ]]; then
  mkdir -p "$oracle"
  if ! timeout 300 npm install --no-audit --no-fund --loglevel=error --prefix "$oracle" mocha@10 \
    >"$E2E_TMP/npm.log" 2>&1; then
    echo "e2e: SKIP [$CASE_NAME]: npm could not install mocha@10 (no registry?):"
    sed 's/^/  | /' "$E2E_TMP/npm.log" | tail -n 5
    return 0
  fi
fi
mocha_js=$oracle/node_modules/mocha/bin/mocha.js
work=$E2E_TMP/diff
mkdir -p "$work/mocha" "$work/sonde"

# A corpus file's mocha flags as written on its first line (shell words), and one per line.
corpus_flags() {
  local first
  first=$(head -n 1 "corpus/$1.spec.js")
  [[ $first == '// mocha-args: '* ]] && printf '%s' "${first#// mocha-args: }"
  return 0
}
corpus_args() {
  local flags
  flags=$(corpus_flags "$1")
  [[ -n $flags ]] && eval "printf '%s\n' $flags"
  return 0
}

# mocha, one process per file (late errors and crashes are per process), two at a time.
# Its results are kept by the file's content (flags included) and mocha's version: the two
# builds' runs, and later runs, reuse them.
run_mocha() {
  local name=$1 status=0 args=() key
  key=$(cat "$mocha_version_file" "corpus/$name.spec.js" | sha256sum | cut -c1-32)
  if [[ -f $results/$key.status ]]; then
    cp "$results/$key.status" "$work/mocha/$name.status"
    [[ -f $results/$key.json ]] && cp "$results/$key.json" "$work/mocha/$name.json"
    return 0
  fi
  mapfile -t args < <(corpus_args "$name")
  (cd corpus && timeout 60 node "$mocha_js" --reporter json \
    --reporter-option "output=$work/mocha/$name.json" "${args[@]}" "$name.spec.js" \
    >"$work/mocha/$name.out" 2>&1) || status=$?
  echo "$status" >"$work/mocha/$name.status"
  [[ -f $work/mocha/$name.json ]] && cp "$work/mocha/$name.json" "$results/$key.json"
  cp "$work/mocha/$name.status" "$results/$key.status"
}
results=$oracle/results
mocha_version_file=$oracle/node_modules/mocha/package.json
mkdir -p "$results"
export -f run_mocha corpus_args corpus_flags
export mocha_js work results mocha_version_file
names=()
for f in corpus/*.spec.js; do names+=("$(basename "$f" .spec.js)"); done
printf '%s\n' "${names[@]}" | xargs -P 2 -I{} bash -c 'run_mocha "$@"' _ {}

# sonde, one run per distinct set of flags (each spec file is its own job and report).
declare -A groups=()
for name in "${names[@]}"; do
  key="flags: $(corpus_flags "$name")"
  groups[$key]+="$name "
done
g=0
for key in "${!groups[@]}"; do
  g=$((g + 1))
  overrides=()
  flags=()
  [[ -n ${key#flags: } ]] && mapfile -t flags < <(eval "printf '%s\n' ${key#flags: }")
  for ((i = 0; i < ${#flags[@]}; i++)); do
    case ${flags[i]} in
      --bail) overrides+=(--mochaOpts.bail true) ;;
      --invert) overrides+=(--mochaOpts.invert true) ;;
      --forbid-only) overrides+=(--mochaOpts.forbidOnly true) ;;
      --forbid-pending) overrides+=(--mochaOpts.forbidPending true) ;;
      --grep | --fgrep | --timeout | --retries | --ui)
        overrides+=("--mochaOpts.${flags[i]#--}" "${flags[i + 1]}")
        i=$((i + 1)) ;;
      *) fail "corpus flag ${flags[i]} has no sonde equivalent in case.sh" ;;
    esac
  done
  specs=()
  for name in ${groups[$key]}; do specs+=(--spec "corpus/$name.spec.js"); done
  SONDE_DIFF_OUT=$work/sonde/$g run_sonde run sonde.conf.js "${specs[@]}" "${overrides[@]}"
  [[ $STATUS == 0 || $STATUS == 1 ]] || fail "sonde exited with $STATUS for flags '$key'"
done

node compare.js "$work" corpus known-differences.md >"$work/verdict.txt" 2>&1
verdict=$?
cat "$work/verdict.txt"
expect_eq "$verdict" 0 "files that differ from mocha outside known-differences.md (see above)"
