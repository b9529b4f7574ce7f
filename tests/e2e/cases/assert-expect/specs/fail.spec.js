// Each test fails once with Jest's message; the same file runs under Node with Jest's own
// expect to produce reference messages (see case.sh). @markers mark lines case.sh checks.
class Point { constructor(x, y) { this.x = x; this.y = y; } }
const boom = () => { throw new TypeError('boom: bad input'); };
const quiet = () => {};

describe('equality', () => {
  it('toBe', () => { expect(1).toBe(2); }); // @toBe
  it('toBe strings', () => { expect('abc').toBe('abd'); });
  it('toBe objects', () => { expect({ a: 1 }).toBe({ a: 1 }); });
  it('toBe class instance', () => { expect(new Point(1, 2)).toBe({ x: 1, y: 2 }); });
  it('not.toBe', () => { expect(1).not.toBe(1); });
  it('toEqual', () => {
    expect({ a: 1, b: { c: [1, 2, 3] }, d: 'same' }).toEqual({ a: 2, b: { c: [1, 2, 4] }, d: 'same' }); // @toEqual
  });
  it('toEqual primitives', () => { expect(1).toEqual('1'); });
  it('toEqual multi-line strings', () => { expect('a\nb\nc').toEqual('a\nB\nc'); });
  it('toEqual with asymmetric matchers', () => {
    expect({ id: 'x', name: 'Ann', tags: ['a'] }).toEqual({ id: expect.any(Number), name: 'Ann', tags: expect.arrayContaining(['b']) });
  });
  it('not.toEqual', () => { expect({ a: 1 }).not.toEqual({ a: 1 }); });
  it('not.toEqual different print', () => { expect({ a: 1, b: undefined }).not.toEqual({ a: 1 }); });
  it('toStrictEqual', () => { expect({ a: 1, b: undefined }).toStrictEqual({ a: 1 }); });
  it('toStrictEqual classes', () => { expect(new Point(1, 2)).toStrictEqual({ x: 1, y: 2 }); });
  it('not.toStrictEqual', () => { expect([1]).not.toStrictEqual([1]); });
  it('toMatchObject', () => {
    expect({ id: 1, name: 'Ann', address: { city: 'Oslo', zip: '0150' } }).toMatchObject({ name: 'Bob', address: { city: 'Oslo' } });
  });
  it('toMatchObject arrays', () => { expect([{ a: 1, b: 2 }]).toMatchObject([{ a: 2 }]); });
  it('not.toMatchObject', () => { expect({ a: 1, b: 2 }).not.toMatchObject({ a: 1 }); });
  it('toMatchObject on a primitive', () => { expect(5).toMatchObject({ a: 1 }); });
});

describe('properties', () => {
  const user = { name: 'Ann', address: { city: 'Oslo' }, tags: ['x'] };
  it('toHaveProperty missing', () => { expect(user).toHaveProperty('address.street'); });
  it('toHaveProperty value', () => { expect(user).toHaveProperty('address.city', 'Bergen'); });
  it('toHaveProperty object value', () => { expect(user).toHaveProperty('address', { city: 'Bergen' }); });
  it('toHaveProperty missing with value', () => { expect(user).toHaveProperty('tags[3]', 'y'); });
  it('toHaveProperty array path', () => { expect(user).toHaveProperty(['address', 'zip']); });
  it('not.toHaveProperty', () => { expect(user).not.toHaveProperty('name'); });
  it('not.toHaveProperty value', () => { expect(user).not.toHaveProperty('name', 'Ann'); });
  it('toHaveProperty on undefined', () => { expect(undefined).toHaveProperty('a'); });
});

describe('containers', () => {
  it('toContain', () => { expect([1, 2, 3]).toContain(4); });
  it('toContain string', () => { expect('hello').toContain('world'); });
  it('toContain objects', () => { expect([{ a: 1 }]).toContain({ a: 1 }); });
  it('not.toContain', () => { expect([1, 2, 3]).not.toContain(2); });
  it('toContain number in string', () => { expect('abc').toContain(1); });
  it('toContainEqual', () => { expect([{ a: 1 }, { b: 2 }]).toContainEqual({ a: 2 }); });
  it('not.toContainEqual', () => { expect([{ a: 1 }]).not.toContainEqual({ a: 1 }); });
  it('toHaveLength', () => { expect([1, 2, 3]).toHaveLength(2); });
  it('toHaveLength string', () => { expect('abc').toHaveLength(4); });
  it('not.toHaveLength', () => { expect([1]).not.toHaveLength(1); });
  it('toHaveLength without length', () => { expect(5).toHaveLength(1); });
  it('toMatch', () => { expect('hello world').toMatch(/^world/); });
  it('toMatch substring', () => { expect('hello world').toMatch('planet'); });
  it('not.toMatch', () => { expect('hello world').not.toMatch(/world/); });
  it('not.toMatch substring', () => { expect('hello world').not.toMatch('world'); });
  it('toMatch on a number', () => { expect(5).toMatch(/5/); });
});

describe('values', () => {
  it('toBeDefined', () => { expect(undefined).toBeDefined(); });
  it('not.toBeDefined', () => { expect(1).not.toBeDefined(); });
  it('toBeUndefined', () => { expect({ a: 1 }).toBeUndefined(); });
  it('toBeNull', () => { expect(undefined).toBeNull(); });
  it('not.toBeNull', () => { expect(null).not.toBeNull(); });
  it('toBeTruthy', () => { expect(0).toBeTruthy(); });
  it('toBeFalsy', () => { expect('x').toBeFalsy(); });
  it('toBeNaN', () => { expect(1).toBeNaN(); });
  it('not.toBeNaN', () => { expect(NaN).not.toBeNaN(); });
  it('toBeNull with an argument', () => { expect(null).toBeNull(1); });
  it('toBeGreaterThan', () => { expect(1).toBeGreaterThan(2); });
  it('not.toBeGreaterThan', () => { expect(3).not.toBeGreaterThan(2); });
  it('toBeGreaterThanOrEqual', () => { expect(1).toBeGreaterThanOrEqual(2); });
  it('toBeLessThan', () => { expect(2).toBeLessThan(1); });
  it('toBeLessThanOrEqual', () => { expect(2).toBeLessThanOrEqual(1); });
  it('not.toBeLessThanOrEqual', () => { expect(1).not.toBeLessThanOrEqual(1); });
  it('toBeGreaterThan on a string', () => { expect('2').toBeGreaterThan(1); });
  it('toBeCloseTo', () => { expect(0.1).toBeCloseTo(0.2); });
  it('toBeCloseTo precision', () => { expect(0.123).toBeCloseTo(0.124, 3); });
  it('not.toBeCloseTo', () => { expect(0.3).not.toBeCloseTo(0.30000001); });
  it('toBeInstanceOf', () => { expect({}).toBeInstanceOf(Point); });
  it('toBeInstanceOf primitive', () => { expect(1).toBeInstanceOf(Number); });
  it('not.toBeInstanceOf', () => { expect(new Point(1, 2)).not.toBeInstanceOf(Object); });
});

describe('throwing', () => {
  it('toThrow', () => { expect(quiet).toThrow(); });
  it('not.toThrow', () => { expect(boom).not.toThrow(); });
  it('toThrow substring', () => { expect(boom).toThrow('good input'); });
  it('toThrow pattern', () => { expect(boom).toThrow(/^fine/); });
  it('toThrow class', () => { expect(boom).toThrow(RangeError); });
  it('toThrow class without a throw', () => { expect(quiet).toThrow(RangeError); });
  it('not.toThrow class', () => { expect(boom).not.toThrow(TypeError); });
  it('toThrow error object', () => { expect(boom).toThrow(new Error('other')); });
  it('toThrow asymmetric', () => { expect(boom).toThrow(expect.objectContaining({ name: 'RangeError' })); });
  it('toThrow a non-error', () => { expect(() => { throw 'plain'; }).toThrow('x'); });
  it('toThrow on a value', () => { expect(5).toThrow(); });
  it('toThrowError', () => { expect(quiet).toThrowError('x'); });
});

describe('promises', () => {
  it('resolves', async () => { await expect(Promise.resolve(1)).resolves.toBe(2); }); // @resolves
  it('resolves but rejected', async () => { await expect(Promise.reject(new Error('nope'))).resolves.toBe(1); });
  it('rejects but resolved', async () => { await expect(Promise.resolve(3)).rejects.toThrow(); });
  it('rejects toThrow', async () => { await expect(Promise.reject(new Error('nope'))).rejects.toThrow('yes'); });
  it('resolves.not', async () => { await expect(Promise.resolve(1)).resolves.not.toBe(1); });
  it('resolves on a value', async () => { await expect(5).resolves.toBe(5); });
});

describe('extensions', () => {
  expect.extend({
    toBeEven(received) {
      const pass = received % 2 === 0;
      return {
        pass,
        message: () => `${this.utils.matcherHint('toBeEven', undefined, '', { isNot: this.isNot })}\n\nReceived: ${this.utils.printReceived(received)}`,
      };
    },
    async toBeSlowlyEven(received) {
      return { pass: received % 2 === 0, message: () => `${received} is odd` };
    },
    toReturnNothing() { return 'oops'; },
    toHaveNoMessage() { return { pass: false }; },
  });
  it('custom matcher', () => { expect(3).toBeEven(); }); // @custom
  it('custom matcher negated', () => { expect(4).not.toBeEven(); });
  it('custom asymmetric', () => { expect({ n: 3 }).toEqual({ n: expect.toBeEven() }); });
  it('async custom matcher', async () => { await expect(5).toBeSlowlyEven(); });
  it('custom matcher with a bad result', () => { expect(1).toReturnNothing(); });
  it('custom matcher without a message', () => { expect(1).toHaveNoMessage(); });
});
