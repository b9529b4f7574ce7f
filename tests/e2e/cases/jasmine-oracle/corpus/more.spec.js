// More of the API against jasmine-core: spies' order and interactions, custom matchers and
// equality testers, the clock, expectAsync's already/pending, printing of values.
describe('more', () => {
  it('toHaveBeenCalledBefore', () => {
    const a = jasmine.createSpy('a'), b = jasmine.createSpy('b');
    b(); a();
    expect(a).toHaveBeenCalledBefore(b);
    expect(b).not.toHaveBeenCalledBefore(a);
  });
  it('toHaveBeenCalledOnceWith', () => {
    const s = jasmine.createSpy('s');
    s(1); s(2);
    expect(s).toHaveBeenCalledOnceWith(1);
  });
  it('toHaveNoOtherSpyInteractions', () => {
    const o = jasmine.createSpyObj('o', ['x', 'y']);
    o.x(1); o.y(2);
    expect(o.x).toHaveBeenCalledWith(1);
    expect(o).toHaveNoOtherSpyInteractions();
  });
  it('createSpyObj and spyOnProperty', () => {
    const o = jasmine.createSpyObj('svc', { get: 42 }, { ready: true });
    expect(o.get()).toBe(42);
    expect(o.ready).toBe(true);
    const target = { get size() { return 1; } };
    spyOnProperty(target, 'size').and.returnValue(5);
    expect(target.size).toBe(5);
    expect(Object.getOwnPropertyDescriptor(target, 'size').get).toHaveBeenCalled();
  });
  it('custom matchers and testers', () => {
    jasmine.addMatchers({
      toBeWithin: () => ({ compare: (actual, lo, hi) => ({ pass: actual >= lo && actual <= hi }) }),
    });
    jasmine.addCustomEqualityTester((a, b) => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : undefined));
    expect(5).toBeWithin(1, 3);
    expect(2).not.toBeWithin(1, 3);
    expect('ABC').toEqual('abc');
    expect({ s: 'X' }).toEqual({ s: 'y' });
  });
  it('clock', () => {
    jasmine.clock().install();
    let n = 0;
    const id = setInterval(() => n++, 10);
    jasmine.clock().tick(35);
    clearInterval(id);
    jasmine.clock().tick(100);
    expect(n).toBe(4);
    jasmine.clock().uninstall();
  });
  it('already and pending', async () => {
    await expectAsync(new Promise(() => {})).toBePending();
    await expectAsync(Promise.resolve(1)).toBePending();
    await expectAsync(Promise.resolve(1)).already.toBeResolved();
  });
  it('printing', () => {
    expect(new Map([['a', 1]])).toEqual(new Map([['a', 2]]));
    expect(new Set([1])).toEqual(new Set([2]));
    expect([{ a: undefined }]).toEqual([{}]);
    expect({ a: [1, { b: 'c' }] }).toBe(null);
    expect(() => {}).toBe(1);
    expect(new Error('e')).toBe(1);
    expect(-0).toBe(0);
    expect(Symbol('s')).toBe(1);
    expect(/re/g).toBe(1);
  });
  it('negated withContext', () => { expect(1).withContext('ctx').not.toBe(1); });
  it('toThrowError passes', () => {
    expect(() => { throw new TypeError('x'); }).toThrowError(TypeError, 'x');
    expect(() => { throw new TypeError('x'); }).not.toThrowError(RangeError);
    expect(() => { throw new Error('abc'); }).toThrowError(/b/);
  });
});
