// stopOnFailure (jasmine's stopOnSpecFailure): after the first failed spec jasmine's reporters
// hear only the end of the suites already started (case.sh runs it with the option).
describe('stop', () => {
  it('passes', () => { expect(1).toBe(1); });
  it('fails', () => { expect(1).toBe(2); });
  it('not reached', () => {});
  describe('later', () => { it('not reached either', () => {}); });
  afterAll(() => { throw new Error('afterAll still runs'); });
});
describe('after', () => { it('never', () => {}); });
