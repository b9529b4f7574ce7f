# An ES module may declare the names CommonJS passes in: `const __dirname = ...` from
# import.meta.url and `const require = createRequire(import.meta.url)` (a common pattern
# for loading JSON), even below its own imports.
run_sonde run sonde.conf.js
expect_status 0
expect_out "✓ declares its own __dirname"
expect_no_out "SyntaxError"
expect_out_re 'Spec Files:	 1 passed, 1 total'
