// mocha-args: --bail
let n = 0;
it('retried then passes', function () { this.retries(1); if (++n < 2) throw new Error('first'); });
it('then fails', () => { throw new Error('fail'); });
it('not run', () => {});
