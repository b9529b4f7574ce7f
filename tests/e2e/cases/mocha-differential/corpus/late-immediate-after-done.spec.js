// A finished test's immediate throws before the next test starts: mocha goes on to the next
// runnable through setImmediate, so the error belongs to the test that queued it.
it('c', (done) => { setTimeout(() => { setImmediate(() => { throw new Error('from c'); }); done(); }, 5); });
it('d', () => {});
it('e', () => {});
