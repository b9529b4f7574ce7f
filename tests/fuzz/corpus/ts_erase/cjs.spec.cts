const { Stage } = require('./lib/stage') as typeof import('./lib/stage');

describe('a .cts spec', () => {
  it('runs', (): void => {
    if (Stage.Run !== 2) throw new Error('Stage.Run');
  });
});
