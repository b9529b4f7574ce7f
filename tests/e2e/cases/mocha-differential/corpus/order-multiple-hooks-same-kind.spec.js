const log = [];
describe('s', () => {
  beforeEach(() => log.push('be1'));
  beforeEach(() => log.push('be2'));
  afterEach(() => log.push('ae1'));
  afterEach(() => log.push('ae2'));
  it('t', () => { if (log.join() !== 'be1,be2') throw new Error(log.join()); });
  after(() => { if (log.join() !== 'be1,be2,ae1,ae2') throw new Error(log.join()); });
});
