// The second done() comes 1 s after the test: mocha has written its report by then even on a
// loaded machine (at 5 ms a loaded CI run sometimes had not, and then agreed with sonde);
// sonde's drainTimeout (2 s) still waits for it.
it('a', (d) => { d(); setTimeout(d, 1000); });
