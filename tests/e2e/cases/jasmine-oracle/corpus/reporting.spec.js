// What jasmine's reporters see beyond the other corpus files: spec and suite properties,
// passed expectations, pending and xit/xdescribe reasons, a failing afterAll of a suite and
// of the file (jasmineDone's failedExpectations), a spec without a function.
describe('reporting', () => {
  beforeAll(() => { jasmine.getEnv().setSuiteProperty('where', 'beforeAll'); });
  it('properties', () => {
    jasmine.getEnv().setSpecProperty('ticket', 'API-1');
    jasmine.getEnv().setSpecProperty('n', { a: [1] });
    expect(1).toBe(1);
    expect([1]).toEqual([1]);
  });
  it('several failures', () => {
    expect(1).withContext('first').toBe(2);
    expect({ a: 1 }).not.toEqual({ a: 1 });
    fail('and fail()');
    throw new RangeError('then a throw');
  });
  it('pending', () => { pending('a reason'); });
  xit('disabled', () => {});
  it('no function');
  describe('inner', () => {
    it('passes', () => { expect(true).toBeTrue(); });
    afterAll(() => { throw new Error('inner afterAll'); });
  });
  xdescribe('excluded', () => { it('never', () => {}); });
});
describe('second', () => {
  it('done.fail', (done) => { done.fail('with done.fail'); });
  it('async', async () => { await expectAsync(Promise.resolve(2)).toBeResolvedTo(2); });
});
afterAll(() => { throw new Error('top afterAll'); });
