#!/usr/bin/env bash
# Builds every libFuzzer target tests/fuzz/fuzz_<name>.c with clang (-fsanitize=fuzzer,
# address,undefined) and runs each for SECONDS seconds from its seed corpus
# tests/fuzz/corpus/<name>/ (when there is one). New interesting inputs go to
# build-fuzz/corpus/<name>/, crashes to build-fuzz/crashes/<name>/ (a crash input belongs in
# the seed corpus once fixed).
#
#   scripts/fuzz.sh [SECONDS] [NAME...]      (default: 60 seconds, every target)
#
# FUZZ_SEED=N makes the runs repeatable (CI sets it: a red CI run then means a regression on
# the inputs it always tries, not a new find by chance; those belong to `make fuzz`).
#
# A target says how it is built in two lines near its top:
#   // fuzz-build: <source files and globs, from the repository's root>
#   // fuzz-pkgs: <pkg-config packages>
# Exits non-zero when a target does not build or finds a crash, a leak or undefined behaviour.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
command -v clang >/dev/null || { echo "fuzz: clang is needed (scripts/deps.sh installs it)" >&2; exit 1; }

out=build-fuzz
mkdir -p "$out/bin" "$out/corpus" "$out/crashes"
targets=()
if (($#)); then
  for n in "$@"; do targets+=("tests/fuzz/fuzz_$n.c"); done
else
  targets=(tests/fuzz/fuzz_*.c)
fi

status=0
for src in "${targets[@]}"; do
  name=$(basename "$src" .c)
  name=${name#fuzz_}
  build=$(sed -n 's|^// fuzz-build: ||p' "$src" | head -n 1)
  pkgs=$(sed -n 's|^// fuzz-pkgs: ||p' "$src" | head -n 1)
  if [[ -z $build ]]; then
    echo "fuzz: $src has no '// fuzz-build:' line" >&2
    status=1
    continue
  fi
  # shellcheck disable=SC2086 # the globs and flags are meant to split
  if ! clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -DSONDE_VERSION='"fuzz"' -Isrc \
    "$src" $build $( [[ -n $pkgs ]] && pkg-config --cflags --libs $pkgs) -lm \
    -o "$out/bin/fuzz_$name" 2>"$out/$name.build.log"; then
    echo "fuzz: $name does not build:" >&2
    tail -n 20 "$out/$name.build.log" >&2
    status=1
    continue
  fi
  mkdir -p "$out/corpus/$name" "$out/crashes/$name"
  seeds=()
  [[ -d tests/fuzz/corpus/$name ]] && seeds+=("tests/fuzz/corpus/$name")
  log=$out/$name.log
  if ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp \
    UBSAN_OPTIONS=print_stacktrace=1 \
    "$out/bin/fuzz_$name" -max_total_time="$seconds" -max_len=8192 -timeout=10 \
    ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
    -artifact_prefix="$out/crashes/$name/" "$out/corpus/$name" "${seeds[@]}" >"$log" 2>&1; then
    runs=$(grep -aoE 'Done [0-9]+ runs' "$log" | tail -n 1 || true)
    echo "fuzz: $name clean: ${runs:-?} in $seconds s"
  else
    echo "fuzz: $name FAILED (log: $log):" >&2
    grep -aE 'ERROR|SUMMARY|runtime error|Test unit written' "$log" | head -n 10 >&2
    status=1
  fi
done
exit "$status"
