describe('A', () => {
  it('logs slowly', async () => {
    for (let i = 1; i <= 3; i++) {
      console.log('A step ' + i);
      await api.get('/delay/200');
    }
  });
});
