# The Debian package (issue 19): CPack makes the .deb of the build under test; unpacked into
# a scratch root it holds the binary, the manual page and bash/zsh completion, depends on
# runtime libraries only, and its sonde prints its versions and runs the example suite from
# a folder with no clone around.
# ctest-timeout: 300
repo=$(cd "$CASE_DIR/../../../.." && pwd -P)
build=$(dirname "$SONDE")
command -v cpack >/dev/null || fail 'cpack is missing (cmake installs it)'
pkgdir=$E2E_TMP/pkg
mkdir -p "$pkgdir"
(cd "$build" && cpack -G DEB -B "$pkgdir" >"$E2E_TMP/cpack.log" 2>&1) ||
  fail "cpack failed: $(tail -n 20 "$E2E_TMP/cpack.log")"
deb=$(ls "$pkgdir"/sonde_*.deb 2>/dev/null | head -n 1)
[[ -f $deb ]] || fail "no .deb in $pkgdir: $(ls "$pkgdir")"

depends=$(dpkg-deb -f "$deb" Depends)
expect_eq "$(grep -c -- '-dev' <<<"$depends")" 0 "-dev packages in Depends ($depends)"
[[ $depends == *libjavascriptcoregtk-4.1-0* && $depends == *libcurl4* ]] || fail "Depends: $depends"

root=$E2E_TMP/root
dpkg -x "$deb" "$root" || fail "dpkg -x failed"
expect_file "$root/usr/bin/sonde"
expect_file "$root/usr/share/man/man1/sonde.1"
expect_file "$root/usr/share/bash-completion/completions/sonde"
expect_file "$root/usr/share/zsh/vendor-completions/_sonde"
expect_file "$root/usr/share/sonde/types/index.d.ts"
expect_file "$root/usr/share/sonde/types/package.json"
manpage=$root/usr/share/man/man1/sonde.1
if command -v man >/dev/null; then
  man -l "$manpage" 2>/dev/null | grep -q 'native API test runner' || fail 'man cannot render sonde.1'
elif command -v groff >/dev/null; then
  groff -man -Tutf8 "$manpage" 2>/dev/null | grep -q 'native API test runner' || fail 'groff cannot render sonde.1'
else
  grep -q '^\.TH SONDE 1' "$manpage" || fail 'sonde.1 has no .TH header'
fi
bash -c "source '$root/usr/share/bash-completion/completions/sonde' && complete -p sonde" >/dev/null 2>&1 ||
  fail 'the bash completion does not load'

# The installed binary, from a folder of its own with a copy of the examples.
SONDE=$root/usr/bin/sonde
run_sonde --version
expect_status 0
expect_out_re '^sonde [0-9]+\.[0-9]+\.[0-9]+$'
cp -R "$repo/examples" "$E2E_TMP/suite"
cd "$E2E_TMP/suite" || fail 'cannot enter the copy'
run_sonde run sonde.conf.js
expect_status 0
expect_out_re 'Spec Files:	 4 passed, 4 total \(100% completed\)'

# And a new project from the installed binary alone: sonde init, then sonde run.
mkdir -p "$E2E_TMP/fresh" && cd "$E2E_TMP/fresh" || fail 'cannot make a new folder'
run_sonde init --yes --baseUrl "$API_BASE_URL"
expect_status 0
expect_file sonde.conf.js
run_sonde
expect_status 0
expect_out_re 'Spec Files:	 1 passed, 1 total \(100% completed\)'
