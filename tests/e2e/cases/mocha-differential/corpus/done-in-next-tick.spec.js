it('tick', (done) => { process.nextTick(done); });
it('immediate', (done) => { setImmediate(done); });
