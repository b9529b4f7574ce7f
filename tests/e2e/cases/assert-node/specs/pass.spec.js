// Every function of Node's assert passing; also runs unchanged under Node itself.
const assert = require('assert');
const strict = require('node:assert/strict');
const { deepStrictEqual } = require('assert/strict');

describe('assert passes', () => {
  it('is callable and has every function', () => {
    assert(true);
    assert(1, 'never shown');
    assert.ok('x');
    strict('y');
    if (assert.strict !== strict || strict.strict !== strict) throw new Error('assert.strict');
    if (require('node:assert') !== assert) throw new Error('node:assert');
    if (typeof assert.AssertionError !== 'function') throw new Error('AssertionError');
  });

  it('compares loosely and strictly', () => {
    assert.equal(1, '1');
    assert.equal(NaN, NaN);
    assert.notEqual(1, 2);
    assert.strictEqual(NaN, NaN);
    assert.notStrictEqual(1, '1');
    assert.notStrictEqual(0, -0);
    strict.equal(2, 2);
    strict.notEqual(1, '1');
  });

  it('compares deeply', () => {
    assert.deepEqual({ a: 1, b: ['2'] }, { a: '1', b: [2] });
    assert.deepEqual(new Date(5), new Date(5));
    assert.notDeepEqual({ a: 1 }, { a: 2 });
    assert.deepStrictEqual({ a: [1, { b: new Map([['k', new Set([1])]]) }] }, { a: [1, { b: new Map([['k', new Set([1])]]) }] });
    deepStrictEqual([1, 2], [1, 2]);
    assert.notDeepStrictEqual({ a: 1 }, { a: '1' });
    assert.notDeepStrictEqual([1, , 3], [1, undefined, 3]);
    assert.notDeepStrictEqual(Object.create(null), {});
    strict.deepEqual({ a: 1 }, { a: 1 });
    strict.notDeepEqual({ a: 1 }, { a: '1' });
  });

  it('checks throwing functions', () => {
    const boom = () => { throw new TypeError('boom: bad input'); };
    assert.throws(boom);
    assert.throws(boom, TypeError);
    assert.throws(boom, Error);
    assert.throws(boom, /bad input/);
    assert.throws(boom, { name: 'TypeError', message: /^boom/ });
    assert.throws(boom, new TypeError('boom: bad input'));
    assert.throws(boom, (e) => e instanceof TypeError && e.message.startsWith('boom'));
    assert.throws(boom, TypeError, 'shown only on failure');
    assert.doesNotThrow(() => 1);
    assert.doesNotThrow(() => 1, 'not shown');
    assert.throws(() => assert.doesNotThrow(boom, RangeError), TypeError);
  });

  it('checks promises', async () => {
    await assert.rejects(Promise.reject(new RangeError('r')), RangeError);
    await assert.rejects(async () => { throw new Error('late'); }, /late/);
    await assert.rejects(() => Promise.reject(new Error('x')), { message: 'x' });
    await assert.doesNotReject(Promise.resolve(1));
    await assert.doesNotReject(async () => 2);
  });

  it('matches strings and fails on purpose', () => {
    assert.match('hello world', /wor/);
    assert.doesNotMatch('hello', /^x/);
    assert.ifError(null);
    assert.ifError(undefined);
    assert.throws(() => assert.fail(), { message: 'Failed', code: 'ERR_ASSERTION', operator: 'fail' });
    assert.throws(() => assert.fail('custom'), assert.AssertionError);
    const e = new assert.AssertionError({ actual: 1, expected: 2, operator: 'strictEqual' });
    assert.strictEqual(e.message, 'Expected values to be strictly equal:\n\n1 !== 2\n');
    assert.strictEqual(e.name, 'AssertionError');
    assert.strictEqual(e.code, 'ERR_ASSERTION');
    assert.strictEqual(e.generatedMessage, true);
    assert.ok(e instanceof Error);
  });
});
