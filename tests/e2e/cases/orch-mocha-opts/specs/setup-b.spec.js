describe('Setup B', () => {
  it('sees the require file too', () => {
    console.log('T B sees ' + globalThis.setupValue + ' loaded=' + globalThis.setupLoads);
    if (globalThis.setupValue !== 'from setup.js') throw new Error('setup.js was not loaded');
  });
});
