// Each test fails once with Node's message; under Node itself this file gives the reference
// messages of fail.node.txt. @markers: lines case.sh checks.
const assert = require('assert');
const strict = require('assert/strict');
const boom = () => { throw new TypeError('boom: bad input'); };

describe('ok', () => {
  it('assert', () => { const x = 0; assert(x > 1); }); // @assert
  it('assert.ok', () => {
    const user = { admin: false };
    assert.ok(user.admin); // @ok
  });
  it('multi-line ok', () => {
    assert.ok(
      1 === 2 &&
        true,
    );
  });
  it('ok with a message', () => { assert.ok(null, 'user must exist'); });
  it('ok with an Error', () => { assert.ok(0, new RangeError('custom error')); });
  it('ok without arguments', () => { assert.ok(); });
  it('strict ok', () => { strict(''); });
});

describe('equality', () => {
  it('equal', () => { assert.equal(1, 2); });
  it('notEqual', () => { assert.notEqual(1, '1'); });
  it('strictEqual', () => { assert.strictEqual(1, 2); }); // @strictEqual
  it('strictEqual types', () => { assert.strictEqual(1, '1'); });
  it('strictEqual long strings', () => { assert.strictEqual('hello world', 'hello there'); });
  it('strictEqual objects', () => { assert.strictEqual({ a: 1 }, { a: 1 }); });
  it('strictEqual with a message', () => { assert.strictEqual(3, 4, 'three is not four'); });
  it('notStrictEqual', () => { assert.notStrictEqual(5, 5); });
  it('notStrictEqual strings', () => { assert.notStrictEqual('hello', 'hello'); });
  it('strict equal', () => { strict.equal(1, '1'); });
});

describe('deep equality', () => {
  it('deepEqual', () => { assert.deepEqual({ a: 1 }, { a: 2 }); });
  it('notDeepEqual', () => { assert.notDeepEqual({ a: 1 }, { a: '1' }); });
  it('deepStrictEqual', () => {
    assert.deepStrictEqual({ id: 1, name: 'Ann', tags: ['a', 'b'] }, { id: 1, name: 'Ann', tags: ['a', 'c'] }); // @deep
  });
  it('deepStrictEqual types', () => { assert.deepStrictEqual({ a: 1 }, { a: '1' }); });
  it('deepStrictEqual long', () => {
    const a = {}; const b = {};
    for (let i = 0; i < 12; i++) { a[`k${i}`] = i; b[`k${i}`] = i === 6 ? -1 : i; }
    assert.deepStrictEqual(a, b);
  });
  it('deepStrictEqual collections', () => {
    assert.deepStrictEqual(new Map([['a', 1]]), new Map([['a', 2]]));
  });
  it('deepStrictEqual with a message', () => { assert.deepStrictEqual([1], [2], 'arrays differ'); });
  it('notDeepStrictEqual', () => { assert.notDeepStrictEqual({ a: [1] }, { a: [1] }); });
  it('strict deepEqual', () => { strict.deepEqual([1, 2], [1, '2']); });
});

describe('throws', () => {
  it('throws without a throw', () => { assert.throws(() => {}); }); // @throws
  it('throws a class without a throw', () => { assert.throws(() => {}, TypeError); });
  it('throws with a message', () => { assert.throws(() => {}, TypeError, 'should throw'); });
  it('throws with only a message', () => { assert.throws(() => {}, 'should throw'); });
  it('throws the wrong class', () => { assert.throws(boom, RangeError); });
  it('throws a non-matching message', () => { assert.throws(boom, /good/); });
  it('throws a non-matching object', () => { assert.throws(boom, { message: 'boom: good input', name: 'TypeError' }); });
  it('throws with a failing validation function', () => { assert.throws(boom, function check(e) { return e.code === 42; }); });
  it('throws a non-function', () => { assert.throws('boom'); });
  it('doesNotThrow', () => { assert.doesNotThrow(boom); });
  it('doesNotThrow with a message', () => { assert.doesNotThrow(boom, 'must not throw'); });
  it('doesNotThrow a matching class', () => { assert.doesNotThrow(boom, TypeError); });
});

describe('rejects', () => {
  it('rejects without a rejection', async () => { await assert.rejects(Promise.resolve(1)); }); // @rejects
  it('rejects a class without a rejection', async () => { await assert.rejects(async () => 1, RangeError); });
  it('rejects the wrong error', async () => { await assert.rejects(Promise.reject(new Error('nope')), /yes/); });
  it('rejects a non-promise', async () => { await assert.rejects(42); });
  it('rejects a function without a promise', async () => { await assert.rejects(() => 42); });
  it('doesNotReject', async () => { await assert.doesNotReject(Promise.reject(new Error('nope'))); });
});

describe('the rest', () => {
  it('match', () => { assert.match('hello world', /^world/); });
  it('match a non-string', () => { assert.match(123, /1/); });
  it('doesNotMatch', () => { assert.doesNotMatch('hello world', /world/); });
  it('fail', () => { assert.fail(); });
  it('fail with a message', () => { assert.fail('boom'); }); // @fail
  it('ifError', () => { assert.ifError(new Error('it broke')); });
  it('ifError with a value', () => { assert.ifError('oops'); });
  it('AssertionError by hand', () => { throw new assert.AssertionError({ actual: [1], expected: [2], operator: 'deepStrictEqual' }); });
});
