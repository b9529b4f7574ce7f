// mocha-args: --forbid-pending
it('no fn');
