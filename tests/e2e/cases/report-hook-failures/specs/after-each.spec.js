describe('after each fails', () => {
  afterEach(() => { throw new Error('afterEach broke'); });
  it('passes before the hook', () => {});
  it('never runs', () => {});
});
