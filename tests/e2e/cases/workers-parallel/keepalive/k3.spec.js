describe('keep-alive 3', () => {
  it('makes 5 requests', async () => {
    for (let n = 0; n < 5; n++) {
      const res = await api.get('/users/' + ((n % 3) + 1));
      if (res.status !== 200) throw new Error('status ' + res.status);
    }
  });
});
