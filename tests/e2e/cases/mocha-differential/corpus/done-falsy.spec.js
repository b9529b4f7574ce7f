it('done(null)', (done) => { done(null); });
it('done(undefined)', (done) => { done(undefined); });
it('done(false)', (done) => { done(false); });
it('done(0)', (done) => { done(0); });
