// The timer fires while the first test runs (mocha and sonde both start well within 150 ms).
setTimeout(() => { throw new Error('load-time timer'); }, 150);
it('waits', (done) => setTimeout(done, 400));
it('next', () => {});
