// mocha-args: --bail
describe('s', () => {
  afterEach(() => { console.log('afterEach ran'); });
  after(() => { throw new Error('after hook runs on bail and fails'); });
  it('t1', () => { throw new Error('x'); });
});
