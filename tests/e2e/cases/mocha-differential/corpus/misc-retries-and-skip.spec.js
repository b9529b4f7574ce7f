let n = 0;
it('skip on retry', function () { this.retries(2); if (++n === 2) this.skip(); throw new Error('n' + n); });
