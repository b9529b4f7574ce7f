let n = 0;
it('times out then passes', function (done) { this.retries(1); this.timeout(20); if (++n === 2) done(); });
