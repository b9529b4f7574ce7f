// An interval nobody clears: the file ends at drainTimeout (1 s here), without a failure.
describe('interval', () => {
  it('leaves an interval behind', () => { setInterval(() => {}, 100); });
});
