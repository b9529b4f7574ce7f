// jasmine's pending(reason) with a NUL and a lone surrogate in the reason.
describe('jas', () => {
  it('waits', () => {
    pending('wait \u0000 for \uD800 it');
  });
});
