const assert = require('assert');
it('assert.strictEqual', () => { assert.strictEqual(1, 2); });
it('assert.deepStrictEqual', () => { assert.deepStrictEqual({ a: 1 }, { a: 2 }); });
it('ok', () => { assert.ok(true); });
