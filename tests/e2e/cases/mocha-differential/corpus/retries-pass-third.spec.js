let n = 0;
it('third time lucky', function () { this.retries(2); if (++n < 3) throw new Error('attempt ' + n); });
