console.log(`FRESH leak=${typeof globalThis.leak} var=${typeof topLevelVar} proto=${typeof [].polluted} pid=${process.pid}`);

describe('fresh context', () => {
  it('does not see globals of the previous spec file', () => {
    if (typeof leak !== 'undefined') throw new Error('globalThis.leak leaked: ' + leak);
    if ('polluted' in []) throw new Error('Array.prototype change leaked');
  });
});
