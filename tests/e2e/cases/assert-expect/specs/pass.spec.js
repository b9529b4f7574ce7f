// Every matcher passing, negated and not. It uses only Jest's API, so it also runs
// unchanged under Node with Jest's own expect (how fail.jest.txt was recorded).
class Point { constructor(x, y) { this.x = x; this.y = y; } }

describe('expect passes', () => {
  it('compares with toBe, toEqual and toStrictEqual', () => {
    expect(1).toBe(1);
    expect(NaN).toBe(NaN);
    expect(0).not.toBe(-0);
    expect('a').not.toBe('b');
    const o = { a: 1 };
    expect(o).toBe(o);
    expect({ a: 1 }).not.toBe({ a: 1 });
    expect({ a: 1, b: [1, { c: 'x' }] }).toEqual({ a: 1, b: [1, { c: 'x' }] });
    expect({ a: 1, b: undefined }).toEqual({ a: 1 });
    expect([1, , 3]).toEqual([1, undefined, 3]);
    expect(new Set([1, 2])).toEqual(new Set([2, 1]));
    expect(new Map([['a', { b: 1 }]])).toEqual(new Map([['a', { b: 1 }]]));
    expect(new Date(0)).toEqual(new Date(0));
    expect(/a/g).toEqual(/a/g);
    expect(new Point(1, 2)).toEqual({ x: 1, y: 2 });
    expect(new Point(1, 2)).not.toStrictEqual({ x: 1, y: 2 });
    expect({ a: 1, b: undefined }).not.toStrictEqual({ a: 1 });
    expect([1, , 3]).not.toStrictEqual([1, undefined, 3]);
    expect({ a: [1, 2] }).toStrictEqual({ a: [1, 2] });
    expect({ a: 1 }).not.toEqual({ a: 2 });
  });

  it('matches objects and properties', () => {
    const user = { id: 1, name: 'Ann', tags: ['x', 'y'], address: { city: 'Oslo', zip: '0150' } };
    expect(user).toMatchObject({ name: 'Ann', address: { city: 'Oslo' } });
    expect([{ a: 1, b: 2 }, { c: 3 }]).toMatchObject([{ a: 1 }, { c: 3 }]);
    expect(user).not.toMatchObject({ name: 'Bob' });
    expect(user).toHaveProperty('name');
    expect(user).toHaveProperty('address.city', 'Oslo');
    expect(user).toHaveProperty('tags[1]', 'y');
    expect(user).toHaveProperty(['address', 'zip'], '0150');
    expect(user).toHaveProperty('tags.length', 2);
    expect(user).not.toHaveProperty('address.street');
    expect(user).not.toHaveProperty('name', 'Bob');
    expect({ 'a.b': 1 }).toHaveProperty(['a.b'], 1);
  });

  it('checks containers, lengths and strings', () => {
    expect([1, 2, 3]).toContain(2);
    expect('hello world').toContain('world');
    expect(new Set(['a'])).toContain('a');
    expect([{ a: 1 }]).not.toContain({ a: 1 });
    expect([{ a: 1 }, { b: 2 }]).toContainEqual({ b: 2 });
    expect([{ a: 1 }]).not.toContainEqual({ a: 2 });
    expect([1, 2]).toHaveLength(2);
    expect('abc').toHaveLength(3);
    expect({ length: 0 }).toHaveLength(0);
    expect([]).not.toHaveLength(1);
    expect('hello world').toMatch(/wor/);
    expect('hello world').toMatch('lo w');
    expect('hello').not.toMatch(/^x/);
  });

  it('checks single values', () => {
    expect(0).toBeDefined();
    expect(undefined).toBeUndefined();
    expect(null).toBeNull();
    expect('x').toBeTruthy();
    expect('').toBeFalsy();
    expect(NaN).toBeNaN();
    expect(1).not.toBeNaN();
    expect(null).not.toBeUndefined();
    expect(2).toBeGreaterThan(1);
    expect(2).toBeGreaterThanOrEqual(2);
    expect(1).toBeLessThan(2);
    expect(2).toBeLessThanOrEqual(2);
    expect(10n).toBeGreaterThan(9);
    expect(1).not.toBeGreaterThan(1);
    expect(0.1 + 0.2).toBeCloseTo(0.3);
    expect(0.1 + 0.2).toBeCloseTo(0.3, 5);
    expect(1.5).not.toBeCloseTo(1.6, 2);
    expect(new Point(1, 2)).toBeInstanceOf(Point);
    expect([]).toBeInstanceOf(Array);
    expect({}).not.toBeInstanceOf(Point);
  });

  it('checks throwing functions', () => {
    const boom = () => { throw new TypeError('boom: bad input'); };
    expect(boom).toThrow();
    expect(boom).toThrow('bad input');
    expect(boom).toThrow(/^boom/);
    expect(boom).toThrow(TypeError);
    expect(boom).toThrow(Error);
    expect(boom).toThrow(new Error('boom: bad input'));
    expect(boom).toThrow(expect.objectContaining({ name: 'TypeError' }));
    expect(boom).toThrowError('boom');
    expect(() => {}).not.toThrow();
    expect(boom).not.toThrow(RangeError);
    expect(boom).not.toThrow('other');
  });

  it('uses asymmetric matchers', () => {
    const res = { id: 7, name: 'Ann', tags: ['a', 'b', 'c'], created: new Date(), meta: null, ratio: 0.3333 };
    expect(res).toEqual({
      id: expect.any(Number),
      name: expect.stringMatching(/^A/),
      tags: expect.arrayContaining(['c', 'a']),
      created: expect.any(Date),
      meta: null,
      ratio: expect.closeTo(0.33, 2),
    });
    expect(res).toEqual(expect.objectContaining({ name: expect.stringContaining('nn') }));
    expect(res.tags).toEqual(expect.not.arrayContaining(['z']));
    expect(res).toEqual(expect.not.objectContaining({ id: 8 }));
    expect(res.name).toEqual(expect.not.stringContaining('Bob'));
    expect(res.name).toEqual(expect.not.stringMatching(/x/));
    expect({ f: () => 1, s: Symbol('s'), n: 1n }).toEqual({
      f: expect.any(Function), s: expect.any(Symbol), n: expect.any(BigInt),
    });
    expect([1, null]).not.toEqual([expect.anything(), expect.anything()]);
  });

  it('waits for promises with .resolves and .rejects', async () => {
    await expect(Promise.resolve({ a: 1 })).resolves.toEqual({ a: 1 });
    await expect(Promise.resolve(2)).resolves.not.toBe(3);
    await expect(Promise.reject(new Error('nope'))).rejects.toThrow('nope');
    await expect(Promise.reject(new Error('nope'))).rejects.toBeInstanceOf(Error);
    await expect(() => Promise.reject(new RangeError('r'))).rejects.toThrow(RangeError);
    await expect((async () => 5)()).resolves.toBeGreaterThan(4);
    return expect(Promise.resolve('x')).resolves.toMatch(/x/);
  });

  it('extends expect with custom matchers', async () => {
    expect.extend({
      toBeWithinRange(received, floor, ceiling) {
        const pass = received >= floor && received <= ceiling;
        return {
          pass,
          message: () => `expected ${this.utils.printReceived(received)} ${pass ? 'not ' : ''}to be within range ${floor} - ${ceiling}`,
        };
      },
      async toBeEventually(received, expected) {
        const value = await received;
        return { pass: this.equals(value, expected), message: () => 'eventually' };
      },
    });
    expect(5).toBeWithinRange(1, 10);
    expect(50).not.toBeWithinRange(1, 10);
    expect({ n: 3 }).toEqual({ n: expect.toBeWithinRange(1, 5) });
    expect({ n: 30 }).toEqual({ n: expect.not.toBeWithinRange(1, 5) });
    await expect(Promise.resolve({ a: 1 })).toBeEventually({ a: 1 });
    await expect(Promise.resolve(7)).resolves.toBeWithinRange(1, 10);
  });

  it('takes equality testers', () => {
    const ciEquals = (a, b) => (typeof a === 'string' && typeof b === 'string' ? a.toLowerCase() === b.toLowerCase() : undefined);
    expect.addEqualityTesters([ciEquals]);
    expect({ name: 'ANN' }).toEqual({ name: 'ann' });
  });
});
