// mocha-args: --timeout 30
it('slow', (done) => setTimeout(done, 120));
it('fast', (done) => setTimeout(done, 1));
