// What a test queues with setImmediate runs before the next test's hooks start (mocha's
// Runner.immediately comes after it); a beforeEach's, only after its test has started.
const log = [];
describe('s', () => {
  beforeEach(() => { setImmediate(() => log.push('hook')); });
  it('a', () => { setImmediate(() => log.push('a')); });
  it('b', () => {
    if (log.join() !== 'hook,a') throw new Error(`b ran before the immediates: ${log.join()}`);
  });
});
