describe('slow body', () => {
  it('times out while the body arrives', () => api.get('/slow-body?chunks=20&interval=100', { timeout: 300 }));
});
