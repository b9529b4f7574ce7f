import * as ns from './lib/helpers.js';

describe('namespace import', () => {
  it('has exactly the exported names', () => {
    const keys = JSON.stringify(Object.keys(ns).sort());
    const expected = JSON.stringify(['Thing', 'answer', 'helper', 'more', 'revealed']);
    if (keys !== expected) throw new Error(`Object.keys(ns): expected ${expected}, got ${keys}`);
  });
});
