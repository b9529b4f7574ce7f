// The assertion APIs through ES module imports (default and named, with node: prefixes);
// sonde rewrites the imports, so unlike the other specs this one does not run under Node.
import assert, { strictEqual, deepStrictEqual } from 'node:assert';
import strict from 'assert/strict';
import { assertResponse, expect as exported, AssertionError } from 'sonde';

describe('imports', () => {
  it('gives the same functions as require', async () => {
    assert(typeof assert === 'function');
    strictEqual(assert.strictEqual, strictEqual);
    strictEqual(strict.equal, assert.strictEqual);
    strictEqual(assert.ok, assert);
    strictEqual(strict.strict, strict);
    deepStrictEqual(Object.keys(assert).sort(), Object.keys(strict).sort());
    strictEqual(exported, expect);
    strictEqual(assert.AssertionError, AssertionError);
    assertResponse(await api.get('/health')).toBeOk().toHaveBodyProperty('status', 'ok');
    assert.throws(() => strict.equal(1, '1'), AssertionError);
  });
});
