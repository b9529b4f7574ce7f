it('makes one request in a fresh recording', async () => {
  await api.get('/health');
  if (api.getHar().log.entries.length !== 1) throw new Error('one entry: ' + JSON.stringify(api.getHar()));
});
