describe('Setup A', () => {
  it('sees the require file', () => {
    console.log('T A sees ' + globalThis.setupValue + ' loaded=' + globalThis.setupLoads);
    if (globalThis.setupValue !== 'from setup.js') throw new Error('setup.js was not loaded');
  });
});
