describe('B', () => {
  it('logs slowly and fails', async () => {
    await api.get('/delay/50');
    for (let i = 1; i <= 3; i++) {
      console.log('B step ' + i);
      await api.get('/delay/200');
    }
    throw new Error('B fails after its steps');
  });
});
