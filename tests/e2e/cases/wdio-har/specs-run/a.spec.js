it('makes two requests, recorded without asking', async () => {
  if (!api.isRecording()) throw new Error('apiRunner.har records from the start');
  await api.get('/users/1');
  await api.post('/echo/a', { a: 1 });
});
