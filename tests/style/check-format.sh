#!/usr/bin/env bash
# The house style: every C file the repository tracks under src/, tests/ and bench/ is as
# clang-format formats it with the root's .clang-format. Run by CTest (style/clang-format).
# Exits 77 (skipped) when clang-format 14 (Debian 12's) is missing: other versions lay out
# some constructs differently, so their verdict would be noise. scripts/deps.sh installs it.
# To fix a failure: clang-format -i <file>.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd -P)
cd "$root"
cf=$(command -v clang-format-14 || command -v clang-format || true)
if [[ -z $cf ]]; then
  echo "style: clang-format is not installed; skipped"
  exit 77
fi
version=$("$cf" --version | grep -oE '[0-9]+\.[0-9]+(\.[0-9]+)?' | head -n 1)
if [[ ${version%%.*} != 14 ]]; then
  echo "style: clang-format $version is not version 14; skipped"
  exit 77
fi
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files -- 'src/*.[ch]' 'tests/*.[ch]' 'bench/*.[ch]')
else
  mapfile -t files < <(find src tests bench -name '*.[ch]' | sort)
fi
bad=()
for f in "${files[@]}"; do
  [[ -f $f ]] || continue
  if ! "$cf" --style=file --dry-run --Werror "$f" >/dev/null 2>&1; then bad+=("$f"); fi
done
echo "style: ${#files[@]} C files checked, ${#bad[@]} not formatted"
if ((${#bad[@]})); then
  printf '  %s\n' "${bad[@]}"
  echo "style: run clang-format -i on them (the house style is .clang-format)"
  exit 1
fi
