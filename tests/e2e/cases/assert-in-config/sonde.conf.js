const assert = require('node:assert');
assert.strictEqual(1, 1);
exports.config = { runner: 'api', specs: ['./specs/*.js'], onPrepare() { assert.ok(true); assert(true); console.log('config assert ok', typeof assert); } };
