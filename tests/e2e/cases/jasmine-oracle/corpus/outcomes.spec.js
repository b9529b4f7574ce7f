// Outcomes and failure texts of jasmine's matchers, hooks, pending, fail and done.
class Point { constructor(x) { this.x = x; } }
describe('matchers', () => {
  it('toBe', () => { expect(1).toBe(2); expect('a').not.toBe('a'); expect({ a: 1 }).toBe({ a: 1 }); });
  it('toEqual primitives', () => { expect(1).toEqual(2); expect('x').toEqual('y'); expect(null).toEqual(undefined); });
  it('toEqual objects', () => { expect({ a: 1, b: { c: [1, 2] } }).toEqual({ a: 1, b: { c: [1, 3] } }); });
  it('toEqual keys', () => { expect({ a: 1, extra: 2 }).toEqual({ a: 1, missing: 3 }); });
  it('toEqual arrays', () => { expect([1, 2, 3]).toEqual([1, 2]); expect([]).toEqual([1]); });
  it('toEqual nested strings', () => { expect({ name: 'a' }).toEqual({ name: 'b' }); });
  it('truthiness', () => { expect(0).toBeTruthy(); expect(1).toBeFalsy(); expect(undefined).toBeDefined(); expect(1).toBeUndefined(); expect(0).toBeNull(); });
  it('booleans', () => { expect(1).toBeTrue(); expect(0).toBeFalse(); expect(true).not.toBeTrue(); });
  it('NaN and infinity', () => { expect(1).toBeNaN(); expect(NaN).not.toBeNaN(); expect(1).toBePositiveInfinity(); expect(1).toBeNegativeInfinity(); });
  it('toContain and toMatch', () => { expect([1, 2]).toContain(3); expect('abc').toContain('z'); expect('abc').toMatch(/z/); expect('abc').toMatch('q'); });
  it('comparisons', () => { expect(1).toBeGreaterThan(2); expect(1).toBeLessThan(0); expect(1).toBeGreaterThanOrEqual(2); expect(2).toBeLessThanOrEqual(1); });
  it('toBeCloseTo', () => { expect(1.5).toBeCloseTo(2); expect(1.234).toBeCloseTo(1.2, 1); expect(1.23).toBeCloseTo(1.3, 1); });
  it('toBeInstanceOf', () => { expect(new Point(1)).toBeInstanceOf(Array); expect([]).not.toBeInstanceOf(Array); });
  it('toHaveSize', () => { expect([1]).toHaveSize(2); expect('ab').toHaveSize(3); expect({ a: 1 }).not.toHaveSize(1); });
  it('toThrow', () => { expect(() => 1).toThrow(); expect(() => { throw 'x'; }).not.toThrow(); expect(() => { throw 1; }).toThrow(2); });
  it('toThrowError', () => {
    expect(() => 1).toThrowError();
    expect(() => { throw new TypeError('a'); }).toThrowError(RangeError);
    expect(() => { throw new Error('a'); }).toThrowError('b');
    expect(() => { throw new Error('a'); }).toThrowError(TypeError, /z/);
  });
  it('toThrowMatching', () => { expect(() => { throw new Error('a'); }).toThrowMatching((e) => e.message === 'b'); });
  it('asymmetric', () => {
    expect({ a: 1, b: 'x' }).toEqual(jasmine.objectContaining({ a: 2 }));
    expect([1, 2]).toEqual(jasmine.arrayContaining([3]));
    expect('abc').toEqual(jasmine.stringMatching(/z/));
    expect('abc').toEqual(jasmine.stringContaining('z'));
    expect(1).toEqual(jasmine.any(String));
    expect(null).toEqual(jasmine.anything());
    expect([1, 2]).toEqual(jasmine.arrayWithExactContents([2, 3]));
  });
  it('asymmetric passing', () => {
    expect({ a: 1, b: 'x', n: [1, 2] }).toEqual({ a: jasmine.any(Number), b: jasmine.anything(), n: jasmine.arrayContaining([2]) });
    expect(new Set([1, 2])).toEqual(jasmine.setContaining(new Set([1])));
    expect(new Map([['a', 1]])).toEqual(jasmine.mapContaining(new Map([['a', 1]])));
    expect('').toEqual(jasmine.empty()); expect([1]).toEqual(jasmine.notEmpty());
    expect(0).toEqual(jasmine.falsy()); expect(1).toEqual(jasmine.truthy());
  });
  it('withContext', () => { expect(1).withContext('the count').toBe(2); });
});
describe('spies', () => {
  it('calls', () => {
    const s = jasmine.createSpy('s');
    expect(s).toHaveBeenCalled();
    s(1, 'a');
    expect(s).not.toHaveBeenCalled();
    expect(s).toHaveBeenCalledTimes(2);
    expect(s).toHaveBeenCalledWith(1, 'b');
  });
  it('never called with', () => { const s = jasmine.createSpy('t'); expect(s).toHaveBeenCalledWith(1); });
  it('strategies pass', () => {
    const o = { f: (x) => x + 1 };
    spyOn(o, 'f').and.returnValue(5);
    expect(o.f(1)).toBe(5);
    o.f.and.callThrough();
    expect(o.f(1)).toBe(2);
    o.f.and.callFake((x) => x * 10);
    expect(o.f(2)).toBe(20);
    expect(o.f.calls.count()).toBe(3);
    expect(o.f.calls.argsFor(2)).toEqual([2]);
    expect(o.f.calls.mostRecent().returnValue).toBe(20);
    const obj = jasmine.createSpyObj('svc', ['get', 'put']);
    obj.get('x');
    expect(obj.get).toHaveBeenCalledOnceWith('x');
    expect(obj.put).not.toHaveBeenCalled();
  });
  it('spyOn errors', () => { spyOn({}, 'nope'); });
});
describe('flow', () => {
  it('pending with reason', () => { pending('not today'); });
  xit('disabled', () => {});
  it('no function');
  it('fail()', () => { fail('boom'); expect(1).toBe(1); });
  it('throws', () => { throw new TypeError('bad thing'); });
  it('done.fail', (done) => { setTimeout(() => done.fail('later'), 1); });
  it('async rejection', async () => { await null; throw new Error('async bad'); });
  it('expectAsync', async () => {
    await expectAsync(Promise.resolve(1)).toBeResolvedTo(2);
    await expectAsync(Promise.resolve(1)).toBeRejected();
    await expectAsync(Promise.reject(new Error('x'))).toBeRejectedWithError(TypeError);
  });
  it('passes', () => { expect(true).toBe(true); });
  describe('beforeEach failing', () => {
    beforeEach(() => { throw new Error('in beforeEach'); });
    it('skipped body', () => { expect(1).toBe(1); });
  });
  describe('beforeAll failing', () => {
    beforeAll(() => { throw new Error('in beforeAll'); });
    afterAll(() => {});
    it('not run 1', () => { expect(1).toBe(1); });
    describe('below it', () => { it('not run 2', () => { expect(1).toBe(1); }); });
  });
  describe('afterEach expectation', () => {
    afterEach(() => { expect('after').toBe('each'); });
    it('fails from afterEach', () => { expect(1).toBe(1); });
  });
});
