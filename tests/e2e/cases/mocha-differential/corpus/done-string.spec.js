it('done(string)', (done) => { done('a string'); });
