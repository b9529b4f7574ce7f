describe('apiRunner.clientFactory', () => {
  it('made the global client once, asynchronously, from the config', async () => {
    const res = await api.delete('/x');
    const d = res.data;
    if (d.method !== 'DELETE' || d.made !== 1 || d.base !== process.env.API_BASE_URL)
      throw new Error(JSON.stringify(d));
  });
});
