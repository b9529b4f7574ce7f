// this per spec, hooks order, pending reasons, done, clock.
describe('flow', () => {
  const order = [];
  beforeAll(function () { this.fromAll = 1; order.push('ba'); });
  beforeEach(function () { expect(this.leak).toBeUndefined(); this.leak = 1; order.push('be'); });
  afterEach(() => { order.push('ae'); });
  afterAll(() => { order.push('aa'); console.log('ORDER ' + order.join(',')); });
  it('sees beforeAll context', function () { expect(this.fromAll).toBe(1); order.push('t1'); });
  describe('nested', () => { it('runs in declaration order', () => { order.push('n1'); }); });
  it('second', function () { expect(this.leak).toBe(1); order.push('t2'); });
  it('pending with reason', () => { pending('waiting for the API'); });
  xit('disabled', () => {});
  it('done callback', (done) => { setTimeout(() => { expect(1).toBe(1); done(); }, 5); });
  it('mock clock', () => {
    jasmine.clock().install();
    const fn = jasmine.createSpy('tick');
    setTimeout(fn, 100);
    jasmine.clock().tick(99);
    expect(fn).not.toHaveBeenCalled();
    jasmine.clock().tick(1);
    expect(fn).toHaveBeenCalledTimes(1);
    jasmine.clock().mockDate(new Date(2020, 0, 1));
    expect(new Date().getFullYear()).toBe(2020);
    jasmine.clock().uninstall();
  });
});
describe('spies end with their spec', () => {
  const target = { f: () => 'real' };
  it('a pending spec that spied', () => { spyOn(target, 'f').and.returnValue('fake'); pending('later'); });
  it('sees the real function again', () => { expect(target.f()).toBe('real'); });
});
xdescribe('switched off', () => {
  beforeAll(() => console.log('XDESCRIBE HOOK RAN'));
  it('x1', () => console.log('XDESCRIBE SPEC RAN'));
});
