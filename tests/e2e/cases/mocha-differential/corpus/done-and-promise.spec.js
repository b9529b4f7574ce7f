it('overspecified', (done) => { setTimeout(done, 1); return Promise.resolve(); });
