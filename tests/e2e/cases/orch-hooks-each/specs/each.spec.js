describe('Each', () => {
  beforeEach(() => console.log('T beforeEach'));
  afterEach(() => console.log('T afterEach'));
  it('one', async () => {
    const res = await api.get('/health');
    console.log('T one ' + res.status);
  });
});
