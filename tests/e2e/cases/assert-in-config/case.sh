# Node's assert is a callable module in the config's realm (launcher and worker hooks) as
# well as in specs.
run_sonde run sonde.conf.js
expect_status 0
expect_out "config assert ok function"
expect_out "✓ b"
