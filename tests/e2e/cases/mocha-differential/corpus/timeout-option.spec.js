// mocha-args: --timeout 400
// (wide margins: with --timeout 30, real mocha timed out the "fast" test on a loaded machine)
it('slow', (done) => setTimeout(done, 1200));
it('fast', (done) => setTimeout(done, 1));
