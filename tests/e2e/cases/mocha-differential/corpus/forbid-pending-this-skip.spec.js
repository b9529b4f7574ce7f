// mocha-args: --forbid-pending
it('skips', function () { this.skip(); });
