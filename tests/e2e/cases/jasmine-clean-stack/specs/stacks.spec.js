// Failure stacks with and without jasmineOpts.cleanStack (case.sh).
const fakelib = require('fakelib');
describe('stacks', () => {
  it('thrown in a package', () => { fakelib.boom(); });
  it('failed expectation', () => { expect(1).toBe(2); });
  it('thrown through a spy', () => {
    const service = { call() { throw new Error('thrown by the real function'); } };
    spyOn(service, 'call').and.callThrough();
    service.call();
  });
});
