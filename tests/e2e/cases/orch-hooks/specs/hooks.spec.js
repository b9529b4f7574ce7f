let flakyRuns = 0;

describe('Hooked', () => {
  before(() => console.log('T before all'));
  it('passes', async () => {
    const res = await api.get('/health');
    console.log('T passes ' + res.status);
  });
  it('is flaky', function () {
    this.retries(1);
    flakyRuns++;
    console.log('T flaky run ' + flakyRuns);
    if (flakyRuns === 1) throw new Error('first run fails');
  });
  it('fails', () => {
    console.log('T fails');
    throw new Error('planned failure');
  });
  after(() => console.log('T after all'));
});
