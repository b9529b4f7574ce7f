describe('console', () => {
  it('prints every level and Node-style formatting', () => {
    console.log('log line');
    console.info('info line');
    console.warn('warn line');
    console.error('error line');
    console.debug('debug line');
    console.log({ a: 1, b: 'x' });
    console.log([1, [2, [3, [4, [5]]]]]);
    console.log(new Map([['a', 1], ['b', 2]]));
    console.log(new Set([1, 'two']));
    console.log('%s is %d years, %j', 'Ada', 36, { k: [1, 'v'] });
    console.log('first\nsecond\nthird');
    console.log('values', 1, true, null, undefined, [undefined, NaN, -0], 10n);
    console.log({ nested: { deep: { deeper: { deepest: 1 } } }, fn: function named() {}, s: 'q' });
    console.log(new TypeError('bad type'));
  });
});
