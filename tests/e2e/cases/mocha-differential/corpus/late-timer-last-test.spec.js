// The timer fires 1 s after the last test: mocha has written its report by then even on a
// loaded machine (at 20 ms it sometimes had not, and then agreed with sonde); sonde's
// drainTimeout (2 s) still waits for it.
it('t', () => { setTimeout(() => { throw new Error('x'); }, 1000); });
