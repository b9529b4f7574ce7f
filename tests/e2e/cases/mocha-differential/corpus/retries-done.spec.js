let n = 0;
it('done retried', function (done) { this.retries(1); setTimeout(() => done(++n < 2 ? new Error('first') : undefined), 1); });
