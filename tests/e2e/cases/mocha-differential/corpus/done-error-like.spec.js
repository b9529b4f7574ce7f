it('error-like', (done) => { const e = Object.create(Error.prototype); e.message = 'proto error'; done(e); });
